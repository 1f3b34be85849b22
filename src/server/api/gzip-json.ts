import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';

// The API's JSON answers, gzipped whole (docs/decisions/057-gzip-json-answers.md). Hono's compress
// pipes every body through a web CompressionStream: a stream, a chunked answer and several event-loop
// turns for a page of cards that is already one string in memory. A JSON answer is always built
// whole, so here it is compressed in one zlib call and sent with its Content-Length; other types
// (feeds, exports) keep Hono's streaming compress around this.

/** Below this gzip saves less than its own cost (Hono's compress draws the same line). */
export const GZIP_MIN_BYTES = 1024;
/** Up to this, one gzipSync on the event loop (a fraction of a millisecond); above, zlib's threads. */
export const GZIP_SYNC_MAX_BYTES = 64 * 1024;

const gzipAsync = promisify(gzip);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Whether an Accept-Encoding header takes gzip (by name or by `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const named = accepts.find((accept) => accept.type.toLowerCase() === 'gzip');
  if (named) return named.q > 0;
  return (accepts.find((accept) => accept.type === '*')?.q ?? 0) > 0;
}

/** A response's header fields as a record of lowercase names; Set-Cookie keeps each value apart. */
export type HeaderFields = Record<string, string | string[]>;

export function headerFieldsOf(headers: Headers): HeaderFields {
  const fields: HeaderFields = {};
  headers.forEach((value, name) => {
    fields[name] = value;
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) fields['set-cookie'] = cookies;
  return fields;
}

/** The fields as a HeadersInit (a record cannot carry two Set-Cookie fields). */
export const headerListOf = (fields: HeaderFields): [string, string][] =>
  Object.entries(fields).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((one): [string, string] => [name, one]) : [[name, value]],
  );

const field = (fields: HeaderFields, name: string): string | undefined => {
  const value = fields[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/**
 * A whole JSON answer's bytes and fields as sent: gzipped when it is worth it and the client takes
 * it (and nothing forbids it), with its Content-Length, and Vary naming Accept-Encoding either way.
 */
export async function encodeJsonAnswer(
  body: Buffer,
  fields: HeaderFields,
  acceptEncoding: string | undefined,
): Promise<{ bytes: Buffer; fields: HeaderFields }> {
  const out = { ...fields };
  const vary = field(out, 'vary');
  if (vary !== '*' && !(vary && VARIES_BY_ENCODING.test(vary))) {
    out.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  }
  const encode =
    body.length >= GZIP_MIN_BYTES &&
    acceptsGzip(acceptEncoding) &&
    out['content-encoding'] === undefined &&
    !NO_TRANSFORM.test(field(out, 'cache-control') ?? '');
  const bytes = !encode ? body : body.length <= GZIP_SYNC_MAX_BYTES ? gzipSync(body) : await gzipAsync(body);
  out['content-length'] = String(bytes.length);
  if (encode) {
    out['content-encoding'] = 'gzip';
    const etag = field(out, 'etag');
    // The bytes differ from the plain answer's: the same validator, weak (RFC 9110 §8.8.1).
    if (etag && !etag.startsWith('W/')) out.etag = `W/${etag}`;
  }
  return { bytes, fields: out };
}

/** JSON answers whose body is a web stream (a Response made by hand): read whole, then encoded. */
export function gzipJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { res } = c;
    const headers = res.headers;
    if (
      c.req.method === 'HEAD' ||
      res.status === 206 ||
      !res.body ||
      !JSON_TYPE.test(headers.get('content-type') ?? '') ||
      headers.has('content-encoding') ||
      headers.has('transfer-encoding') ||
      NO_TRANSFORM.test(headers.get('cache-control') ?? '')
    )
      return;
    const body = Buffer.from(await res.arrayBuffer());
    const sent = await encodeJsonAnswer(body, headerFieldsOf(headers), c.req.header('accept-encoding'));
    c.res = undefined;
    c.res = new Response(sent.bytes as Uint8Array<ArrayBuffer>, {
      status: res.status,
      statusText: res.statusText,
      headers: headerListOf(sent.fields),
    });
  };
}
