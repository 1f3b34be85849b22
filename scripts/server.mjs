// The production HTTP server: what `next start` does, plus what it puts in front of it.
//  - The page response caches: full-page GET/HEADs of /stories/{slug} ask the story page cache
//    first (docs/decisions/006-story-page.md), those of a publication's page (/{subdomain},
//    /publications/{id}) the publication page cache (021), those of the site's listings (/,
//    /tags/{slug}, /@{subdomain}, /publications) the listing page cache (026) and /search?q= the
//    search page cache — by any reader, signed in or not (031): serve the stored page (its
//    fingerprint was just checked), redirect an outdated story slug (301), or let Next render and
//    keep the page for the next reader. Any failure in that path falls back to Next.
//  - The API's fast path (docs/decisions/009-api-fast-path-and-memory.md): /api/* (next-auth's
//    /api/auth/* aside) goes straight to the Hono app; Next.js's router costs ~6 ms a call here.
//    Anonymous reads of a publication's stories, and of the site's listings, are answered from
//    their response caches while their fingerprints are unchanged (021, 026).
//  - A method Next.js and the Fetch API cannot carry (TRACE, a made-up one) on /api/* is answered
//    405 with Allow here, before either is asked (src/server/api/methods.ts).
//  - GET /healthz and /readyz are answered first of all, before the page caches, the API and Next.js
//    (src/server/health.ts); on SIGTERM or SIGINT the server drains its requests, then stops the
//    runtime (scripts/graceful-shutdown.mjs, docs/decisions/033-health-and-shutdown.md).
//  - GET /metrics (Prometheus) is answered beside them to a known scraper only — an address on
//    METRICS_ALLOW (the loopback by default) or METRICS_TOKEN's bearer — and every request gets an
//    id (X-Request-Id) and is counted and timed by its kind; API requests get an access log line
//    (src/server/observability/, docs/decisions/036-metrics-and-logs.md). Logs are JSON lines.
//  - The build's scripts and styles (/_next/static/…) are sent from the Brotli or gzip copies the
//    build wrote (scripts/compress-static.mjs, docs/decisions/060-precompressed-static-files.md).
//  - Every HTML page Next.js renders is held back until it is complete, so that its
//    Content-Security-Policy can name the SHA-256 hash of each of its inline scripts
//    (src/server/lib/security-headers.ts): no 'unsafe-inline' for scripts.
// The cache, the API app and the policy belong to the process's runtime (src/server/runtime.ts),
// which Next.js's instrumentation starts; this file finds it in the one process-wide slot the
// runtime registry documents (docs/decisions/017-runtime-and-csp.md).
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import sirv from 'sirv';
import { drainOnSignals } from './graceful-shutdown.mjs';

process.env.NODE_ENV = 'production';
process.title = 'next-server (lamplight)';
const { default: next } = await import('next');

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT || 3000);

// Listens on every interface, like `next start` without -H.
const app = next({ dev: false, dir: root, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

// The build's scripts, styles and fonts (/_next/static/…): named by their content, so kept by
// browsers for a year, and served with the Brotli or gzip copy the build wrote beside each
// (scripts/compress-static.mjs) instead of Next.js compressing them again for every request
// (docs/decisions/060-precompressed-static-files.md). Only files of that folder are known to it; any
// other path goes on to Next.js as before.
const STATIC_PREFIX = '/_next/static';
const staticFiles = sirv(path.join(root, process.env.NEXT_DIST_DIR ?? '.next', 'static'), {
  brotli: true,
  gzip: true,
  immutable: true,
  maxAge: 31_536_000,
  etag: true,
  setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
});
function serveStaticFile(req, res) {
  const url = req.url;
  req.url = url.slice(STATIC_PREFIX.length);
  staticFiles(req, res, () => {
    req.url = url;
    void handle(req, res);
  });
}

/**
 * The runtime, once src/instrumentation.ts has started it. Next.js runs instrumentation from its
 * server's constructor without handing a custom server anything to await (its own request handler
 * awaits it on the first request), so wait for the runtime to appear in its slot:
 * Symbol.for('lamplight.runtime') → { database, runtime } (src/server/runtime-registry.ts).
 */
async function startedRuntime(timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const slot = globalThis[Symbol.for('lamplight.runtime')];
    if (slot) return slot.runtime;
    if (Date.now() > deadline) throw new Error('The runtime did not start: is src/instrumentation.ts built?');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const runtime = await startedRuntime();

const gzip = promisify(zlib.gzip);
const STORY_PATH = /^\/stories\/([^/?#]+)$/;
// Client-side navigations and prefetches ask for the RSC payload, not the page: Next answers those.
const ROUTER_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
];
const isRouterRequest = (req) => ROUTER_HEADERS.some((name) => req.headers[name] !== undefined);

function isStoryDocument(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const match = STORY_PATH.exec(req.url ?? '');
  if (!match || match[1] === 'new-story') return false;
  return !isRouterRequest(req);
}

const DECODE = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync, deflate: zlib.inflateSync };

/**
 * Lets Next.js answer, holding back an HTML page until it is complete; then the page gets its own
 * Content-Security-Policy, `keep(page)` may store it, and it is sent (gzipped for a client that
 * takes gzip). A response that is not HTML passes through as Next.js writes it.
 */
function renderDocument(req, res, keep) {
  const acceptsGzip = /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
  // The hashes are of the page's text: a browser asking for a page gets it compressed here instead.
  if (String(req.headers.accept ?? '').includes('text/html')) delete req.headers['accept-encoding'];
  const chunks = [];
  let held; // decided on the first write: an HTML page is held (a 304 has no page to hash)
  const isHeld = () =>
    (held ??=
      res.statusCode !== 304 &&
      /^text\/html/i.test(String(res.getHeader('content-type') ?? '')) &&
      !isRouterRequest(req));
  const original = {
    writeHead: res.writeHead,
    write: res.write,
    end: res.end,
    flushHeaders: res.flushHeaders,
  };
  // A 304 must not carry the site's bare policy: the browser would put it on the page it kept,
  // whose inline scripts the policy it came with names.
  const pass = (method, args) => {
    if (res.statusCode === 304 && !res.headersSent) res.removeHeader('content-security-policy');
    return original[method].apply(res, args);
  };
  const collect = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
        : Buffer.from(chunk),
    );
  };
  res.writeHead = function (status, ...rest) {
    const headers = typeof rest[0] === 'string' ? rest[1] : rest[0];
    res.statusCode = status;
    if (headers && !Array.isArray(headers)) {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      if (!isHeld()) return pass('writeHead', [status]);
    }
    return isHeld() ? res : pass('writeHead', [status, ...rest]);
  };
  res.flushHeaders = function () {
    if (!isHeld()) pass('flushHeaders', []);
  };
  res.write = function (chunk, encoding, callback) {
    if (!isHeld()) return pass('write', [chunk, encoding, callback]);
    collect(chunk, encoding);
    (typeof encoding === 'function' ? encoding : callback)?.();
    return true;
  };
  res.end = function (chunk, encoding, callback) {
    if (!isHeld()) return pass('end', [chunk, encoding, callback]);
    collect(chunk, encoding);
    Object.assign(res, original);
    sendPage(req, res, Buffer.concat(chunks), acceptsGzip, keep).catch((error) => {
      runtime.log('server').error({ err: error }, 'could not send the page');
      res.destroy();
    });
    return res;
  };
  return handle(req, res);
}

const UNKEPT_GZIP_LEVEL = 3;

async function sendPage(req, res, rendered, acceptsGzip, keep) {
  let body = rendered;
  const encoding = String(res.getHeader('content-encoding') ?? '');
  if (DECODE[encoding]) {
    body = DECODE[encoding](body);
    res.removeHeader('content-encoding');
  }
  // A page a page cache keeps comes back with its policy and gzip, made once for every reader.
  const kept = keep?.({ status: res.statusCode, headers: res.getHeaders(), body });
  res.setHeader('content-security-policy', kept?.policy ?? runtime.documentPolicy(body));
  res.removeHeader('transfer-encoding');
  if (req.method === 'HEAD') return void res.end();
  if (acceptsGzip && body.length > 1024) {
    // A page sent once (a render nobody keeps: a query string, a preview) is gzipped at level 3:
    // about a third of level 6's CPU for a page some 8 % larger (a kept page has its own gzip).
    body = kept?.gzip ?? (await gzip(body, { level: UNKEPT_GZIP_LEVEL }));
    res.setHeader('content-encoding', 'gzip');
    const vary = String(res.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary))
      res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  res.setHeader('content-length', body.length);
  res.end(body);
}

/** Answers from a page cache (story or publication: the same decisions), else lets Next.js render. */
async function serveCached(cache, req, res) {
  const decision = await cache.lookup({
    pathname: req.url, // path and query: ?collection=, ?subtopic=, ?languageCode= are pages of their own
    headers: req.headers, // the home page's language and country come from them
    acceptsGzip: /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? '')),
    ifNoneMatch: req.headers['if-none-match'],
  });
  runtime.countCacheLookup(cache, decision.action);
  if (decision.action === 'serve' || decision.action === 'redirect') {
    res.writeHead(decision.status, decision.headers);
    res.end(req.method === 'HEAD' || !decision.body ? undefined : decision.body);
    return;
  }
  if (decision.action === 'render' && req.method === 'GET') {
    const { token } = decision;
    // This render is kept for every reader: made as a guest's, whoever asked (decision 031).
    runtime.forgetSession(req);
    // A page that shows one reader's moment (too many searches) refuses, through this id, to be kept.
    const renderId = runtime.markKeptRender(req);
    let kept = false;
    // No page to keep (the client left, or the answer was no HTML page): let another render fill it.
    res.on('close', () => {
      runtime.renderRefused(renderId);
      if (!kept) cache.abandon(token);
    });
    return renderDocument(req, res, (page) => {
      kept = true;
      if (!runtime.renderRefused(renderId)) return cache.store(token, page);
      cache.abandon(token);
      return null;
    });
  }
  if (decision.action === 'render') cache.abandon(decision.token);
  return renderDocument(req, res);
}

/**
 * An anonymous read that an API response cache holds a current copy of — a publication's stories,
 * or one of the site's listings — is answered here (no Request/Response objects made); everything
 * else goes to the API, whose fast path keeps a new answer in the same caches (decisions 021, 026).
 */
async function serveApiOrCached(req, res) {
  const asked = {
    method: req.method,
    url: req.url,
    headers: req.headers,
    acceptsGzip: /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? '')),
    ifNoneMatch: req.headers['if-none-match'],
  };
  for (const cache of runtime.apiCaches) {
    const hit = await cache.lookup(asked);
    if (!hit) continue;
    res.writeHead(hit.status, hit.headers);
    return void res.end(hit.body ?? undefined);
  }
  return serveApi(req, res);
}

function serveApi(req, res) {
  return runtime.apiListener(req, res);
}

// Rate limits key on the real client (src/server/lib/client-address.ts): Next's route handlers and
// the API cannot see the socket, so its address travels in this header — never a value a client
// sent under the same name. Next reads req.headers; @hono/node-server builds its Request from
// req.rawHeaders: both get it.
const SOCKET_ADDRESS_HEADER = 'x-lamplight-socket-address';
function stampSocketAddress(req) {
  if (req.headers[SOCKET_ADDRESS_HEADER] !== undefined) {
    const raw = req.rawHeaders;
    req.rawHeaders = raw.filter((_, i) => raw[i - (i % 2)].toLowerCase() !== SOCKET_ADDRESS_HEADER);
  }
  const address = req.socket.remoteAddress ?? '';
  req.headers[SOCKET_ADDRESS_HEADER] = address;
  req.rawHeaders.push(SOCKET_ADDRESS_HEADER, address);
}

/**
 * Answers a request the runtime serves by itself — a health probe or GET /metrics — with what
 * `answer` resolves to; its body, if any, is read and dropped so the connection stays usable.
 */
function answerFromRuntime(name, answer, req, res) {
  req.resume();
  answer().then(
    (reply) => {
      res.writeHead(reply.status, reply.headers);
      res.end(reply.body);
    },
    (error) => {
      runtime.log(name).error({ err: error }, 'could not answer');
      res.destroy();
    },
  );
}

const server = http.createServer((req, res) => {
  // Its id (X-Request-Id) and, once answered, its count and time (src/server/observability/front-requests.ts).
  runtime.observeRequest(req, res);
  // Probes first: no rate limit, no cache, and a hung render or a full page cache cannot delay them.
  const probe = runtime.health.match(req);
  if (probe) {
    const answer = () => runtime.health.answer(probe, req, { draining: shutdown.draining });
    return void answerFromRuntime('health', answer, req, res);
  }
  // GET /metrics for a scraper the runtime knows (src/server/observability/metrics-endpoint.ts);
  // anyone else goes on as for any other path (Next.js's 404): nothing to learn here.
  if (runtime.metrics.accepts(req)) {
    return void answerFromRuntime('metrics', () => runtime.metrics.answer(req), req, res);
  }
  stampSocketAddress(req);
  // TRACE, PROPFIND, a made-up method on /api/*: neither the Fetch API nor Next.js's route handlers
  // take it (an empty 500 or 400 otherwise), so the 405 is answered here (src/server/api/methods.ts).
  const refusal = runtime.api.refuseMethod(req);
  if (refusal) {
    req.resume(); // a body, if any, is read and dropped so the connection stays usable
    res.writeHead(refusal.status, refusal.headers);
    return void res.end(refusal.body);
  }
  if (runtime.api.accepts(req)) {
    return void serveApiOrCached(req, res).catch((error) => {
      runtime.log('page-cache').error({ err: error }, 'falling back to the API');
      if (!res.headersSent) void serveApi(req, res);
      else res.destroy();
    });
  }
  if (req.url?.startsWith(`${STATIC_PREFIX}/`)) return void serveStaticFile(req, res);
  // Next.js's other files (its image optimiser…) are no pages: straight through.
  if (req.url?.startsWith('/_next/')) return void handle(req, res);
  // A page's inline script reads the member hint before the first paint: it comes with the page
  // when it is out of step with the session (never kept in a cache: page-store.ts drops Set-Cookie).
  if (!isRouterRequest(req)) {
    const hint = runtime.memberHintUpdate(req.headers);
    if (hint) res.setHeader('set-cookie', hint);
  }
  const cache = isStoryDocument(req)
    ? runtime.storyPageCache
    : (runtime.pageCaches.find((pages) => pages.accepts(req)) ?? null);
  if (!cache) return void renderDocument(req, res);
  serveCached(cache, req, res).catch((error) => {
    runtime.log('page-cache').error({ err: error }, 'falling back to Next.js');
    if (!res.headersSent) void renderDocument(req, res);
    else res.destroy();
  });
});

// An idle keep-alive connection stays open 65 s, not Node's 5: a client that sends on it at the very
// moment the server closes it (a browser, an API client's pool) gets ECONNRESET, and the longer the
// idle time the rarer that moment (seen once in the browser tests, after a 13 s pause). Above the
// 60 s idle time of common load balancers; headersTimeout must exceed it (Node's rule). Draining
// closes idle connections at once (graceful-shutdown.mjs), so a restart does not wait for them.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

// Before listening, so every request is followed: SIGTERM/SIGINT stop new connections, let requests
// in flight finish (up to DRAIN_TIMEOUT_SECONDS), then stop the runtime (jobs get up to 20 s, the
// database closes) and exit 0. /readyz answers 503 meanwhile.
// Its lines go to the process's log (graceful-shutdown.mjs takes a console-shaped one).
const shutdownLog = {
  log: (text) => runtime.log('server').info(text),
  warn: (text) => runtime.log('server').warn(text),
  error: (text, error) => runtime.log('server').error({ err: error }, text),
};
const shutdown = drainOnSignals(server, {
  timeoutMs: runtime.drainTimeoutMs,
  stop: () => runtime.stop(),
  log: shutdownLog,
});

server.listen(port, () => runtime.log('server').info(`ready on http://localhost:${port}`));
