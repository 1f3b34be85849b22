import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { env } from '../env';
import { forbiddenRange } from './address-policy';
import { assertOutboundUrl, OutboundRefused, safeFetch, type OutboundRefusalReason } from './safe-fetch';

// The tests' stand-ins for the public internet: 127.0.0.1 (where the test server listens) counts as
// a public address while `publicStandIns` holds it, and two names resolve without a DNS server:
// public.test → 127.0.0.1 and internal.test → 127.0.0.2 (still loopback, so still refused).
const seams = vi.hoisted(() => ({
  publicStandIns: new Set<string>(),
  names: new Map<string, string>([
    ['public.test', '127.0.0.1'],
    ['internal.test', '127.0.0.2'],
  ]),
}));

vi.mock('./address-policy', async (importOriginal) => {
  const real = await importOriginal<typeof import('./address-policy')>();
  return {
    ...real,
    forbiddenRange: (address: string) =>
      seams.publicStandIns.has(address) ? null : real.forbiddenRange(address),
  };
});

vi.mock('node:dns', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns')>();
  const lookup = (hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    const address = seams.names.get(hostname);
    if (!address) return real.lookup(hostname, options as never, callback as never);
    setImmediate(() => callback(null, [{ address, family: 4 }]));
  };
  return { ...real, default: { ...real, lookup }, lookup };
});

let server: Server;
let port: number;
const hits: string[] = [];

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  hits.push(url.pathname);
  switch (url.pathname) {
    case '/hello':
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('hello');
      return;
    case '/echo': {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            method: req.method,
            body: Buffer.concat(chunks).toString(),
            sig: req.headers['x-sig'],
          }),
        );
      });
      return;
    }
    case '/redirect':
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/hello' });
      res.end();
      return;
    case '/loop':
      res.writeHead(302, { location: '/loop' });
      res.end();
      return;
    case '/big-declared':
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': '5000' });
      res.end(Buffer.alloc(5000));
      return;
    case '/big-streamed':
      // No Content-Length: chunked, so only counting the bytes read catches it.
      res.writeHead(200, { 'content-type': 'image/png' });
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1000));
      res.end();
      return;
    case '/slow':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a');
      setTimeout(() => res.end('b'), 1500);
      return;
    default:
      res.writeHead(404);
      res.end();
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  env.OUTBOUND_ALLOW_PRIVATE = false;
  seams.publicStandIns.clear();
  hits.length = 0;
});

const base = () => `http://127.0.0.1:${port}`;
const limits = { timeoutMs: 3000, maxBytes: 1_000_000 };

async function refusal(promise: Promise<unknown>): Promise<OutboundRefusalReason> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundRefused);
    return (error as OutboundRefused).reason;
  }
  throw new Error('expected the request to be refused');
}

describe('forbiddenRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00::1', 'uniqueLocal'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['2002:7f00:1::', 'loopback'],
  ])('refuses %s (%s)', (address, range) => {
    expect(forbiddenRange(address)).toBe(range);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(forbiddenRange(address)).toBeNull();
  });
});

describe('assertOutboundUrl', () => {
  it.each([
    'http://127.0.0.1/',
    'https://127.0.0.1:8443/hook',
    'https://[::1]/',
    'https://[::ffff:7f00:1]/',
    'https://169.254.169.254/latest/meta-data',
    'https://2130706433/',
    'https://0x7f.1/',
    'https://10.0.0.1/',
    'https://localhost/',
  ])('refuses %s as a private address', async (url) => {
    expect(await refusal(assertOutboundUrl(url, { httpsOnly: false }))).toBe('private-address');
  });

  it('refuses other schemes, credentials, and http when https is required', async () => {
    expect(await refusal(assertOutboundUrl('ftp://example.com/', { httpsOnly: false }))).toBe('scheme');
    expect(await refusal(assertOutboundUrl('file:///etc/passwd', { httpsOnly: false }))).toBe('scheme');
    expect(await refusal(assertOutboundUrl('not a url', { httpsOnly: false }))).toBe('scheme');
    expect(await refusal(assertOutboundUrl('https://u:p@example.com/', { httpsOnly: false }))).toBe('scheme');
    expect(await refusal(assertOutboundUrl('http://93.184.215.14/', { httpsOnly: true }))).toBe('scheme');
  });

  it('accepts a public address, and a private one only when OUTBOUND_ALLOW_PRIVATE is on', async () => {
    await expect(
      assertOutboundUrl('https://93.184.215.14/hook', { httpsOnly: true }),
    ).resolves.toBeInstanceOf(URL);
    env.OUTBOUND_ALLOW_PRIVATE = true;
    await expect(assertOutboundUrl('http://127.0.0.1:9/hook', { httpsOnly: true })).resolves.toBeInstanceOf(
      URL,
    );
  });
});

describe('safeFetch', () => {
  it('refuses the local server while private addresses are not allowed, without connecting', async () => {
    expect(await refusal(safeFetch(`${base()}/hello`, limits))).toBe('private-address');
    expect(await refusal(safeFetch(`http://localhost:${port}/hello`, limits))).toBe('private-address');
    expect(hits).toEqual([]);
  });

  it('fetches from the local server when OUTBOUND_ALLOW_PRIVATE is on', async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const result = await safeFetch(`${base()}/hello`, limits);
    expect(result.status).toBe(200);
    expect(result.body.toString()).toBe('hello');
    expect(result.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(result.finalUrl).toBe(`${base()}/hello`);
  });

  it('posts a body with the given headers', async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const result = await safeFetch(`${base()}/echo`, {
      ...limits,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sig': 'abc' },
      body: '{"a":1}',
    });
    expect(result.status).toBe(201);
    expect(JSON.parse(result.body.toString())).toEqual({ method: 'POST', body: '{"a":1}', sig: 'abc' });
  });

  it('follows redirects, and refuses past maxRedirects', async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const result = await safeFetch(`${base()}/redirect?to=/hello`, limits);
    expect(result.body.toString()).toBe('hello');
    expect(result.finalUrl).toBe(`${base()}/hello`);
    expect(await refusal(safeFetch(`${base()}/loop`, { ...limits, maxRedirects: 3 }))).toBe('redirects');
    expect(hits.filter((path) => path === '/loop')).toHaveLength(4);
    expect(await refusal(safeFetch(`${base()}/redirect`, { ...limits, maxRedirects: 0 }))).toBe('redirects');
  });

  it('refuses a redirect from a public host to a private address', async () => {
    seams.publicStandIns.add('127.0.0.1');
    // To a written-out private address: refused before connecting.
    const toLiteral = `${base()}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data')}`;
    expect(await refusal(safeFetch(toLiteral, limits))).toBe('private-address');
    // To a name that resolves to a private address: refused by the connection's own lookup.
    const toName = `http://public.test:${port}/redirect?to=${encodeURIComponent(`http://internal.test:${port}/hello`)}`;
    expect(await refusal(safeFetch(toName, limits))).toBe('private-address');
    expect(hits).toEqual(['/redirect', '/redirect']);
    // The same public name is fetched when it redirects to itself.
    const fine = await safeFetch(`http://public.test:${port}/redirect?to=/hello`, limits);
    expect(fine.body.toString()).toBe('hello');
  });

  it('refuses a name that resolves to a private address at connection time', async () => {
    expect(await refusal(safeFetch(`http://internal.test:${port}/hello`, limits))).toBe('private-address');
    expect(hits).toEqual([]);
  });

  it('refuses a body over maxBytes, declared or streamed', async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    expect(await refusal(safeFetch(`${base()}/big-declared`, { ...limits, maxBytes: 4000 }))).toBe(
      'too-large',
    );
    expect(await refusal(safeFetch(`${base()}/big-streamed`, { ...limits, maxBytes: 4000 }))).toBe(
      'too-large',
    );
    const fits = await safeFetch(`${base()}/big-streamed`, { ...limits, maxBytes: 10_000 });
    expect(fits.body.length).toBe(10_000);
  });

  it('refuses a content type the caller does not accept', async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const images = (type: string) => type.startsWith('image/');
    expect(await refusal(safeFetch(`${base()}/hello`, { ...limits, allowedTypes: images }))).toBe('type');
    const png = await safeFetch(`${base()}/big-declared`, { ...limits, allowedTypes: images });
    expect(png.body.length).toBe(5000);
  });

  it('gives up after the whole-request timeout', async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const started = Date.now();
    expect(await refusal(safeFetch(`${base()}/slow`, { ...limits, timeoutMs: 400 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('reports a closed port as a network failure', async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await refusal(safeFetch(`http://127.0.0.1:${closedPort}/`, limits))).toBe('network');
  });
});
