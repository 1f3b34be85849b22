import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { MEMBER_COOKIE } from '../../../lib/member-hint';
import { documentPolicy } from '../../lib/security-headers';

// What every response cache in front of a page shares (docs/decisions/006-story-page.md and
// 021-publication-page-cache.md): rendered responses kept gzipped in a byte-bounded LRU, each under
// the fingerprint it was rendered for. A caller asks with the fingerprint it has just read from the
// database; a different one is a miss, so nothing is ever invalidated by hand. A hit is served with
// its ETag (304 for a copy the client kept) and gzip or plain as the client takes it. An HTML page
// keeps its own Content-Security-Policy, made once from its inline scripts when it is stored.

export type HeaderValue = string | string[];

/** A request's part in a lookup: how it takes the body, and what copy it kept. */
export type LookupRequest = { acceptsGzip: boolean; ifNoneMatch?: string };

export type ServeDecision = {
  action: 'serve';
  status: 200 | 304;
  headers: Record<string, HeaderValue>;
  body: Buffer | null;
};

/** Permission to store one render under a key and the fingerprint read before it began. */
export type CacheToken = { id: string; fingerprint: string };

/** A rendered response as the renderer has it (headers as Node's res.getHeaders() gives them). */
export type RenderedResponse = {
  status: number;
  headers: Record<string, HeaderValue | number | undefined>;
  body: Buffer | null;
};

export type PageStoreOptions = {
  /** Memory the store may hold: the sum of its gzipped bodies. */
  maxBytes: number;
  /** The Cache-Control every stored copy is sent with (each is checked on every request anyway). */
  cacheControl: string;
  /** The content type stored (a prefix of Content-Type): 'text/html' for pages. */
  contentType: string;
};

type Entry = {
  fingerprint: string;
  etag: string;
  headers: Record<string, HeaderValue>;
  gzip: Buffer;
};

// Headers of a rendered response that belong to that one response, not to what is kept.
const DROPPED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'etag',
  'set-cookie',
  // Each request's own id (docs/decisions/036-metrics-and-logs.md): the front server sets it anew.
  'x-request-id',
]);

/**
 * Whether a response's Set-Cookie is only the member hint, which the front server adds to a page
 * out of step with the reader's session (decision 031): no part of the page, so the page is kept —
 * without it. Any other cookie is the page's own answer to one reader: never kept.
 */
function setsOnlyMemberHint(value: HeaderValue | number): boolean {
  const cookies = Array.isArray(value) ? value : [String(value)];
  return cookies.every((cookie) => cookie.startsWith(`${MEMBER_COOKIE}=`));
}

/** How long a reader waits for another reader's render of the same page before rendering it too. */
export const FILL_WAIT_MS = 5_000;

export function createPageStore(options: PageStoreOptions) {
  const entries = new Map<string, Entry>(); // insertion order = LRU order
  // Renders under way, by key: the fingerprint each is for, and a promise settled when it ends.
  const filling = new Map<string, { fingerprint: string; done: Promise<void>; end: () => void }>();
  let bytes = 0;
  const stats = { hits: 0, misses: 0, stores: 0, evictions: 0 };
  const isDocument = options.contentType === 'text/html';

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.gzip.length;
  };

  /** The stored copy when its fingerprint is this one (a stale copy is dropped), else null. */
  function serve(key: string, fingerprint: string, request: LookupRequest): ServeDecision | null {
    const entry = entries.get(key);
    if (!entry || entry.fingerprint !== fingerprint) {
      if (entry) drop(key);
      stats.misses += 1;
      return null;
    }
    entries.delete(key); // most recently used goes last
    entries.set(key, entry);
    stats.hits += 1;
    if (request.ifNoneMatch && request.ifNoneMatch.split(/\s*,\s*/).includes(entry.etag)) {
      return { action: 'serve', status: 304, headers: { etag: entry.etag }, body: null };
    }
    const headers: Record<string, HeaderValue> = { ...entry.headers, etag: entry.etag };
    if (request.acceptsGzip) {
      headers['content-encoding'] = 'gzip';
      headers['content-length'] = String(entry.gzip.length);
      return { action: 'serve', status: 200, headers, body: entry.gzip };
    }
    const body = gunzipSync(entry.gzip);
    headers['content-length'] = String(body.length);
    return { action: 'serve', status: 200, headers, body };
  }

  /**
   * A token to store the render about to be made, or null when another render of the same key is
   * filling it already (then render without storing: one render per key fills the store).
   */
  function begin(key: string, fingerprint: string): CacheToken | null {
    if (filling.has(key)) return null;
    let end = () => {};
    const done = new Promise<void>((resolve) => (end = resolve));
    filling.set(key, { fingerprint, done, end });
    return { id: key, fingerprint };
  }

  /** The render of `key` under way ends (stored or not): its waiting readers go on. */
  const settle = (key: string) => {
    filling.get(key)?.end();
    filling.delete(key);
  };

  /**
   * The stored copy; else a token to render and store it; else — another render of the same key
   * and fingerprint is under way — that render's copy once it is stored, waiting up to `waitMs`.
   * After a change, the readers who arrive while its one render is made wait for it instead of
   * rendering the same page fifty times over (each render costs the whole database, on PGlite, for
   * the others too). null: render without storing (the render failed, was not storable, or took
   * longer than the wait).
   */
  async function claim(
    key: string,
    fingerprint: string,
    request: LookupRequest,
    waitMs = FILL_WAIT_MS,
  ): Promise<{ hit: ServeDecision } | { token: CacheToken } | null> {
    const hit = serve(key, fingerprint, request);
    if (hit) return { hit };
    const token = begin(key, fingerprint);
    if (token) return { token };
    const fill = filling.get(key);
    if (!fill || fill.fingerprint !== fingerprint) return null;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([fill.done, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    const after = serve(key, fingerprint, request);
    return after ? { hit: after } : null;
  }

  /**
   * The response as rendered for a token; stored when it is a plain 200 of the stored content type
   * that sets no cookie. Answers what the renderer may send with it too — an HTML page's policy
   * and the gzip — or null when not stored.
   */
  function store(token: CacheToken, response: RenderedResponse): { policy: string; gzip: Buffer } | null {
    const kept = keep(token, response);
    settle(token.id);
    return kept;
  }

  function keep(token: CacheToken, response: RenderedResponse): { policy: string; gzip: Buffer } | null {
    const contentType = String(response.headers['content-type'] ?? '');
    if (response.status !== 200 || !response.body || !contentType.startsWith(options.contentType))
      return null;
    const setCookie = response.headers['set-cookie'];
    if (setCookie !== undefined && !setsOnlyMemberHint(setCookie)) return null;
    const headers: Record<string, HeaderValue> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || DROPPED.has(name.toLowerCase())) continue;
      headers[name.toLowerCase()] = typeof value === 'number' ? String(value) : value;
    }
    headers['cache-control'] = options.cacheControl;
    // A page's inline scripts' hashes, made once here and served with every copy (security-headers.ts).
    const policy = isDocument ? documentPolicy(response.body) : '';
    if (isDocument) headers['content-security-policy'] = policy;
    const vary = String(headers.vary ?? '');
    if (!/accept-encoding/i.test(vary)) headers.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
    const gzip = gzipSync(response.body, { level: 6 });
    if (gzip.length > options.maxBytes / 8) return null;
    const etag = `"${createHash('sha1').update(response.body).digest('base64url')}"`;
    drop(token.id);
    entries.set(token.id, { fingerprint: token.fingerprint, etag, headers, gzip });
    bytes += gzip.length;
    stats.stores += 1;
    for (const [key] of entries) {
      if (bytes <= options.maxBytes) break;
      drop(key);
      stats.evictions += 1;
    }
    return { policy, gzip };
  }

  /** A render that ended without a storable response (error, aborted request). */
  function abandon(token: CacheToken) {
    settle(token.id);
  }

  return {
    serve,
    begin,
    claim,
    store,
    abandon,
    drop,
    stats: () => ({ ...stats, entries: entries.size, bytes }),
    clear: () => {
      entries.clear();
      for (const key of [...filling.keys()]) settle(key);
      bytes = 0;
    },
  };
}

export type PageStore = ReturnType<typeof createPageStore>;
