// The API's JSON answers gzipped whole (./gzip-json.ts): what a client gets for each size, each
// Accept-Encoding and each kind of answer the middleware must leave alone.
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, GZIP_MIN_BYTES, GZIP_SYNC_MAX_BYTES, gzipJson } from './gzip-json';

/** A JSON document of about `bytes` bytes. */
const documentOf = (bytes: number) => ({ text: 'x'.repeat(Math.max(0, bytes - 11)) });

const app = new Hono();
app.use('*', gzipJson());
app.get('/json/:bytes', (c) => {
  c.header('etag', '"v1"');
  return c.json(documentOf(Number(c.req.param('bytes'))));
});
app.get('/problem', (c) =>
  c.body(JSON.stringify(documentOf(4000)), 400, { 'content-type': 'application/problem+json' }),
);
app.get('/csv', (c) => c.body('a,b\n'.repeat(2000), 200, { 'content-type': 'text/csv' }));
app.get('/no-transform', (c) => {
  c.header('cache-control', 'private, no-transform');
  return c.json(documentOf(4000));
});
app.get('/varies', (c) => {
  c.header('vary', 'Cookie');
  return c.json(documentOf(4000));
});

const get = (path: string, encoding?: string, method = 'GET') =>
  app.request(path, { method, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('gzipJson', () => {
  it.each([
    ['a medium answer, gzipped in one call', 10_000],
    ['a large answer, gzipped off the event loop', GZIP_SYNC_MAX_BYTES * 3],
  ])('%s: the same JSON, with its Content-Length and a weak ETag', async (_, bytes) => {
    const answer = await get(`/json/${bytes}`, 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(answer.headers.get('vary')).toBe('Accept-Encoding');
    expect(answer.headers.get('etag')).toBe('W/"v1"');
    const raw = Buffer.from(await answer.arrayBuffer());
    expect(answer.headers.get('content-length')).toBe(String(raw.length));
    expect(raw.length).toBeLessThan(bytes / 10);
    expect(JSON.parse(gunzipSync(raw).toString())).toEqual(documentOf(bytes));
  });

  it('sends a small answer as it is, with its length: gzip would not pay for itself', async () => {
    const answer = await get(`/json/${GZIP_MIN_BYTES - 100}`, 'gzip');
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(answer.headers.get('etag')).toBe('"v1"');
    const text = await answer.text();
    expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toEqual(documentOf(GZIP_MIN_BYTES - 100));
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['gzip refused (q=0)', 'gzip;q=0, deflate'],
    ['only Brotli', 'br'],
  ])('answers plain JSON to a client with %s', async (_, encoding) => {
    const answer = await get('/json/8000', encoding);
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(answer.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(await answer.text())).toEqual(documentOf(8000));
  });

  it('gzips an error answer (application/problem+json) too, keeping its status', async () => {
    const answer = await get('/problem', 'gzip');
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(
      JSON.stringify(documentOf(4000)),
    );
  });

  it('adds Accept-Encoding to a Vary that names something else', async () => {
    const answer = await get('/varies', 'gzip');
    expect(answer.headers.get('vary')).toBe('Cookie, Accept-Encoding');
  });

  it('leaves alone what is not JSON, what says no-transform, and HEAD', async () => {
    const csv = await get('/csv', 'gzip');
    expect(csv.headers.get('content-encoding')).toBeNull();
    expect(await csv.text()).toBe('a,b\n'.repeat(2000));
    const kept = await get('/no-transform', 'gzip');
    expect(kept.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await kept.text())).toEqual(documentOf(4000));
    const head = await get('/json/8000', 'gzip', 'HEAD');
    expect(head.headers.get('content-encoding')).toBeNull();
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['GZIP', true],
    ['*', true],
    ['br;q=1, *;q=0.1', true],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['identity', false],
    ['', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
