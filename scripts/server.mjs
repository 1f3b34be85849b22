// The production HTTP server: what `next start` does, plus the story-page response cache in front of
// it (docs/decisions/006-story-page.md). Every request goes to Next.js except full-page GET/HEADs of
// /stories/{slug}, which ask the cache (src/server/modules/posts/posts-page.cache.ts, found on
// globalThis once the story page module has loaded): serve the stored page (its fingerprint was
// just checked against the database), redirect an outdated slug (301), or let Next render — and
// keep a public story's page for the next reader. Any failure in that path falls back to Next.
// Calls to the API (/api/*, next-auth's /api/auth/* aside) go straight to its Hono app once the API
// route module has loaded and put it on globalThis (src/server/api/fast-path.ts,
// docs/decisions/009-api-fast-path-and-memory.md): Next.js's router costs ~6 ms a call on this machine.
import http from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';

process.env.NODE_ENV = 'production';
process.title = 'next-server (lamplight)';
const { default: next } = await import('next');

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT || 3000);

// Listens on every interface, like `next start` without -H.
const app = next({ dev: false, dir: root, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

const STORY_PATH = /^\/stories\/([^/?#]+)$/;
// Client-side navigations and prefetches ask for the RSC payload, not the page: Next answers those.
const ROUTER_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
];

function isStoryDocument(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const match = STORY_PATH.exec(req.url ?? '');
  if (!match || match[1] === 'new-story') return false;
  return !ROUTER_HEADERS.some((name) => req.headers[name] !== undefined);
}

function renderAndStore(cache, token, req, res) {
  // Capture the page uncompressed (Next would gzip it for this client); the cache gzips it once.
  delete req.headers['accept-encoding'];
  const chunks = [];
  const collect = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
        : Buffer.from(chunk),
    );
  };
  const write = res.write;
  const end = res.end;
  res.write = function (chunk, encoding, callback) {
    collect(chunk, encoding);
    return write.call(this, chunk, encoding, callback);
  };
  res.end = function (chunk, encoding, callback) {
    collect(chunk, encoding);
    return end.call(this, chunk, encoding, callback);
  };
  res.on('close', () => {
    if (!res.writableFinished) return cache.abandon(token);
    cache.store(token, { status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) });
  });
  return handle(req, res);
}

async function serveStory(cache, req, res) {
  const decision = await cache.lookup({
    pathname: req.url,
    acceptsGzip: /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? '')),
    ifNoneMatch: req.headers['if-none-match'],
  });
  if (decision.action === 'serve' || decision.action === 'redirect') {
    res.writeHead(decision.status, decision.headers);
    res.end(req.method === 'HEAD' || !decision.body ? undefined : decision.body);
    return;
  }
  if (decision.action === 'render') {
    if (req.method === 'GET') return renderAndStore(cache, decision.token, req, res);
    cache.abandon(decision.token);
  }
  return handle(req, res);
}

let apiListener;
function serveApi(api, req, res) {
  // overrideGlobalObjects false: Next.js has its own Request/Response in place; leave them be.
  apiListener ??= getRequestListener((request) => api.fetch(request), { overrideGlobalObjects: false });
  return apiListener(req, res);
}

const server = http.createServer((req, res) => {
  const api = globalThis.__lamplightApi;
  if (api?.accepts(req)) return void serveApi(api, req, res);
  const cache = globalThis.__lamplightStoryPageCache;
  if (!cache || !isStoryDocument(req)) return void handle(req, res);
  serveStory(cache, req, res).catch((error) => {
    console.error('[story-cache] falling back to Next.js:', error);
    if (!res.headersSent) void handle(req, res);
    else res.destroy();
  });
});

server.listen(port, () => {
  console.log(`[lamplight] ready on http://localhost:${port}`);
  // Load the story page and the API once so the cache and the fast path are in place before the
  // first visitor arrives.
  for (const warm of ['/stories/000000000000000000000', '/api/nope']) {
    http.get({ host: '127.0.0.1', port, path: warm }, (res) => res.resume()).on('error', () => {});
  }
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
