import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { securityHeaderFields, securityHeaders } from '../lib/security-headers';
import type { App } from './app';
import { encodeJsonAnswer, gzipJson, headerFieldsOf, headerListOf, type HeaderFields } from './gzip-json';
import { takeWholeJson, type WholeJsonEnv } from './whole-json';
import { methodTable, refuseMethod } from './methods';
import { routePatterns } from './route-pattern';

// The API without Next.js's router in front (docs/decisions/009-api-fast-path-and-memory.md): the
// runtime (src/server/runtime.ts) makes the one API app and this around it; scripts/server.mjs
// hands it every /api/* request except next-auth's, and Next.js's route handler serves `app` for
// the rest (`next dev`, uploads). What Next.js would add on the way out is added here: the security
// headers of next.config.ts and gzip.

export type ApiFastPath = {
  /** The API app itself, as Next.js's route handler serves it. */
  app: App;
  /** Whether this request goes the fast way (else Next.js serves it, as it always could). */
  accepts: (request: {
    method?: string;
    url?: string;
    headers: Record<string, string | string[] | undefined>;
  }) => boolean;
  fetch: (request: Request) => Response | Promise<Response>;
  /**
   * The same answer, as a WholeAnswer where its bytes were made whole (the JSON answers of c.json:
   * ./whole-json.ts), for the Node server to write as they are; else the Response.
   */
  answer: (request: Request) => Promise<Response | WholeAnswer>;
  /**
   * The whole answer to an /api/* request whose method Next.js and the Fetch API cannot carry
   * (TRACE, PROPFIND, a made-up one): 405 with Allow, made before any Request object is. Null for
   * every other request. scripts/server.mjs asks this first.
   */
  refuseMethod: (request: { method?: string; url?: string }) => RawAnswer | null;
  /** The pattern of the route that takes a method and a path (`/api/posts/:id`), or null (./route-pattern.ts). */
  routePattern: (method: string, url: string) => string | null;
};

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** A JSON answer made whole (./whole-json.ts): its bytes and header fields as they are to be sent. */
export type WholeAnswer = { status: number; headers: HeaderFields; body: Buffer };

/** The methods Next.js's route handlers take (next/dist/server/web/http.js); the rest never reach us. */
const ROUTABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH']);

function rawRefusal(methodsAt: (path: string) => string[]): ApiFastPath['refuseMethod'] {
  return ({ method = 'GET', url = '' }) => {
    if (
      ROUTABLE_METHODS.has(method) ||
      !(url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'))
    )
      return null;
    let path: string;
    try {
      path = decodeURI(new URL(url, 'http://localhost').pathname);
    } catch {
      path = url;
    }
    const refusal = refuseMethod(methodsAt, method, path)!;
    const body = JSON.stringify(refusal.body);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      allow: refusal.allow.join(', '),
      ...securityHeaderFields,
    };
    return { status: 405, headers, body };
  };
}

/** Bodies up to the API's JSON limit; uploads and streamed (chunked) bodies stay with Next.js. */
const FAST_BODY_BYTES = 1024 * 1024;

const accepts: ApiFastPath['accepts'] = ({ url = '', headers }) => {
  if (!url.startsWith('/api/') || url.startsWith('/api/auth/')) return false;
  // Bodies are read whole before the app runs (standardRequest): only small ones, then. Uploads
  // stream through their own 10 MB check, and a streamed body has no size to judge by.
  if (headers['transfer-encoding'] !== undefined) return false;
  const length = Number(headers['content-length'] ?? 0);
  return Number.isFinite(length) && length <= FAST_BODY_BYTES;
};

/**
 * @hono/node-server hands over a lazy stand-in for a Request, whose body Hono's bodyLimit cannot
 * re-wrap; and a body left half-read by an early answer (401, 403, 404) would stall the
 * connection. The bodies taken here are small (see accepts), so read each one whole first.
 */
async function standardRequest(request: Request): Promise<Request> {
  // A read has no body: the stand-in goes through as it is. Making a real Request (and its abort
  // signal) was a fifth of a small GET's cost, the personal call's included.
  if (request.method === 'GET' || request.method === 'HEAD') return request;
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    body: await request.arrayBuffer(),
  });
}

export function createApiFastPath(app: App): ApiFastPath {
  // What is not a whole JSON answer (feeds, exports, redirects, a Response made by hand) is finished
  // by this app around the API's answer (its env's `answered`): Hono's streaming compress, the JSON
  // gzip of ./gzip-json.ts, and the security headers.
  const outer = new Hono<{ Bindings: { answered: Response } }>();
  outer.use('*', compress());
  outer.use('*', gzipJson());
  outer.use('*', async (c, next) => {
    await next();
    const add = (headers: Headers) => {
      for (const { key, value } of securityHeaders) if (!headers.has(key)) headers.set(key, value);
    };
    try {
      add(c.res.headers);
    } catch {
      // A Response built with immutable headers (Response.redirect, fetch): a copy takes them.
      const response = new Response(c.res.body, c.res);
      add(response.headers);
      c.res = undefined;
      c.res = response;
    }
  });
  outer.all('*', (c) => c.env.answered);

  const answer = async (asked: Request): Promise<Response | WholeAnswer> => {
    const request = await standardRequest(asked);
    const env: WholeJsonEnv = { wholeJsonTexts: [] };
    const response = await app.fetch(request, env);
    const text = takeWholeJson(response, env);
    if (text === undefined || request.method === 'HEAD') return outer.fetch(request, { answered: response });
    const fields = headerFieldsOf(response.headers);
    for (const [name, value] of Object.entries(securityHeaderFields)) fields[name] ??= value;
    const sent = await encodeJsonAnswer(
      Buffer.from(text),
      fields,
      request.headers.get('accept-encoding') ?? undefined,
    );
    return { status: response.status, headers: sent.fields, body: sent.bytes };
  };

  return {
    app,
    accepts,
    answer,
    fetch: async (request) => {
      const answered = await answer(request);
      if (answered instanceof Response) return answered;
      return new Response(answered.body as Uint8Array<ArrayBuffer>, {
        status: answered.status,
        headers: headerListOf(answered.headers),
      });
    },
    refuseMethod: rawRefusal(methodTable(app.routes)),
    routePattern: routePatterns(app.routes),
  };
}

/** A Node.js request listener (what scripts/server.mjs hands an /api/* request to). */
export type NodeListener = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * The API as a Node.js request listener: a whole JSON answer's bytes are written as they are, every
 * other answer goes through @hono/node-server (streamed when it streams). `overrideGlobalObjects`
 * is off: Next.js has its own Request and Response in place in the same process.
 */
export function nodeListenerOf(api: Pick<ApiFastPath, 'answer'>): NodeListener {
  return getRequestListener(
    async (request, { outgoing }) => {
      const answered = await api.answer(request);
      if (answered instanceof Response) return answered;
      outgoing.writeHead(answered.status, answered.headers);
      outgoing.end(answered.body);
      return RESPONSE_ALREADY_SENT;
    },
    { overrideGlobalObjects: false },
  );
}
