// The API as scripts/server.mjs serves it in production: the runtime's Hono app behind
// @hono/node-server's listener on a real socket (src/server/api/fast-path.ts, docs/decisions/009-…). Requests here are
// raw HTTP, shaped like a browser's, including the bodiless PATCH a browser sends without a
// Content-Length.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRuntime } from '../../src/server/runtime';
import { createUser } from '../factories';
import { sessionCookie } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; raw: Buffer };

describe('the API fast path (production server)', () => {
  let server: http.Server;
  let port: number;
  let userId: string;

  beforeAll(async () => {
    const { db } = await useTestDatabase();
    userId = (await createUser(db, { name: 'Fast Path' })).id;
    const { api, apiListener: listener } = await getRuntime();
    // As scripts/server.mjs: a method neither Next.js nor the Fetch API carries is answered first.
    server = http.createServer((req, res) => {
      const refusal = api.refuseMethod(req);
      if (!refusal) return void listener(req, res);
      req.resume();
      res.writeHead(refusal.status, refusal.headers);
      res.end(refusal.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** One raw HTTP request; `body` undefined sends no body and no Content-Length at all. */
  function send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
            raw: Buffer.concat(chunks),
          }),
        );
      });
      request.on('error', reject);
      if (body === undefined) request.end();
      else request.end(body);
    });
  }

  const origin = () => `http://127.0.0.1:${port}`;

  it('a bodiless PATCH without Content-Length reaches the handler (a list rename by query string)', async () => {
    const cookie = await sessionCookie(userId);
    const created = await send(
      'POST',
      '/api/lists/create',
      { origin: origin(), cookie, 'content-type': 'application/json' },
      JSON.stringify({ listName: 'Before', privacyStatus: 'public' }),
    );
    expect(created.status, created.body).toBe(201);
    const list = JSON.parse(created.body);
    const renamed = await send('PATCH', `/api/lists/${list.id}?listName=After`, { origin: origin(), cookie });
    expect(renamed.status, renamed.body).toBe(200);
    expect(JSON.parse(renamed.body).listName).toBe('After');
  });

  it('takes small and bodiless calls; leaves uploads, streamed bodies and next-auth to Next.js', async () => {
    const { api } = await getRuntime();
    expect(api.accepts({ method: 'GET', url: '/api/users/x', headers: {} })).toBe(true);
    expect(api.accepts({ method: 'PATCH', url: '/api/lists/x?listName=y', headers: {} })).toBe(true);
    expect(
      api.accepts({ method: 'POST', url: '/api/posts/new/publish', headers: { 'content-length': '5000' } }),
    ).toBe(true);
    expect(
      api.accepts({ method: 'PUT', url: '/api/images/upload/x', headers: { 'content-length': '20971520' } }),
    ).toBe(false);
    expect(
      api.accepts({ method: 'POST', url: '/api/lists/create', headers: { 'transfer-encoding': 'chunked' } }),
    ).toBe(false);
    expect(api.accepts({ method: 'GET', url: '/api/auth/session', headers: {} })).toBe(false);
    expect(api.accepts({ method: 'GET', url: '/stories/x', headers: {} })).toBe(false);
  });

  it('an early refusal of a sizeable body answers cleanly and the connection stays usable', async () => {
    // 900 KB (under the fast path's 1 MB) refused before anything would read it: another origin.
    const big = JSON.stringify({ title: 'x'.repeat(900 * 1024) });
    const refused = await send(
      'POST',
      '/api/posts/new/draft',
      { origin: 'https://evil.example', 'content-type': 'application/json' },
      big,
    );
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).error.code).toBe('forbidden');
    // The keep-alive socket that carried it serves the next call.
    expect((await send('GET', '/api/nope', {})).status).toBe(404);
  });

  it('adds the security headers and gzips large answers, like Next.js would', async () => {
    const notFound = await send('GET', '/api/nope', {});
    expect(notFound.status).toBe(404);
    expect(JSON.parse(notFound.body).error.code).toBe('route_not_found');
    expect(notFound.headers['x-content-type-options']).toBe('nosniff');
    expect(notFound.headers['x-frame-options']).toBe('DENY');
    expect(notFound.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const document = await send('GET', '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(document.status).toBe(200);
    expect(document.headers['content-encoding']).toBe('gzip');
    expect(document.headers['x-content-type-options']).toBe('nosniff');
    // Whole, with its length (src/server/api/gzip-json.ts): the same document as the plain answer.
    expect(document.headers['transfer-encoding']).toBeUndefined();
    expect(document.headers['content-length']).toBe(String(document.raw.length));
    const plain = await send('GET', '/api/openapi.json', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(document.raw).toString())).toEqual(JSON.parse(plain.body));
  });

  it('sends a JSON answer whole, with its length, and a HEAD the same fields without the body', async () => {
    const cookie = await sessionCookie(userId);
    const path = `/api/me/page-state?writer=${userId}`;
    const get = await send('GET', path, { cookie, 'accept-encoding': 'gzip' });
    expect(get.status).toBe(200);
    expect(JSON.parse(get.body).writer).toEqual({ id: userId, canEditProfile: true });
    expect(get.headers['content-length']).toBe(String(get.raw.length));
    expect(get.headers['transfer-encoding']).toBeUndefined();
    expect(get.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    // The mark src/server/api/whole-json.ts puts on an answer for the fast path never leaves it.
    const own = (headers: http.IncomingHttpHeaders) =>
      Object.keys(headers).filter((name) => name.startsWith('x-lamplight'));
    expect(own(get.headers)).toEqual([]);
    const head = await send('HEAD', path, { cookie, 'accept-encoding': 'gzip' });
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['x-content-type-options']).toBe('nosniff');
    expect(own(head.headers)).toEqual([]);
  });

  it('still refuses a cross-origin mutation', async () => {
    const cookie = await sessionCookie(userId);
    const refused = await send(
      'PATCH',
      `/api/users/${userId}`,
      { origin: 'https://evil.example', cookie, 'content-type': 'application/json' },
      JSON.stringify({ name: 'Pwned' }),
    );
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).error.code).toBe('forbidden');
  });

  it('TRACE, PROPFIND and a made-up method answer 405 with Allow, in the error shape', async () => {
    const cases: [string, string, string][] = [
      ['TRACE', `/api/users/${userId}`, 'GET, HEAD, PATCH'],
      // Every route the router would hand the path to: /lists/create is also /lists/{id}'s shape.
      ['PROPFIND', '/api/lists/create', 'GET, HEAD, POST, PATCH, DELETE'],
      // Node's parser takes only the methods it knows (a token it does not is its own bare 400).
      ['PURGE', '/api/subtopics', 'GET, HEAD'],
      // A path no route takes: the API's own methods.
      ['TRACE', '/api/no-such-thing', 'GET, HEAD, POST, PUT, PATCH, DELETE'],
      ['TRACE', '/api/auth/session', 'GET, HEAD, POST'],
    ];
    for (const [method, path, allow] of cases) {
      const answer = await send(
        method,
        path,
        { origin: origin() },
        method === 'PROPFIND' ? '<x/>' : undefined,
      );
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow, `${method} ${path}`).toBe(allow);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(JSON.parse(answer.body)).toEqual({
        error: {
          code: 'method_not_allowed',
          message: 'Method not allowed',
          detail: `${method}: use ${allow}`,
        },
      });
    }
    // The connection is still good for the next call.
    expect((await send('GET', `/api/users/${userId}`, {})).status).toBe(200);
  });

  it('a method the API uses, on a path that does not take it, answers 405; on no path at all, 404', async () => {
    const wrong = await send('DELETE', '/api/subtopics', { origin: origin() });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(wrong.body).error.code).toBe('method_not_allowed');
    const propfind = await send('PROPFIND', '/api/subtopics', { origin: origin() });
    expect(propfind.status).toBe(405);
    expect((await send('GET', '/api/no-such-thing', {})).status).toBe(404);
  });

  it('the app itself answers a made-up method 405 (as Next.js hands it any method it routes)', async () => {
    const { api } = await getRuntime();
    const answer = await api.app.request('http://localhost/api/subtopics', { method: 'BREW' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD');
    expect((await answer.json()).error.code).toBe('method_not_allowed');
  });
});
