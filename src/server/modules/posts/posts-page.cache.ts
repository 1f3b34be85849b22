import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { safeDecode } from '../../../lib/url';
import { documentPolicy, securityHeaders } from '../../lib/security-headers';
import { probeStoryPage } from './posts-page.service';

// The response cache in front of the story page (docs/decisions/006-story-page.md). A public story's
// page is the same for every reader, so its rendered HTML is kept (gzipped, in a byte-bounded LRU)
// and served again only while the story's fingerprint — one prepared, indexed lookup made on EVERY
// request — is unchanged: a publish, edit, unpublish, delete, ban, or byline change shows at once,
// whichever process or job made it. Non-public stories and unknown ids are never cached: they go
// to the page, which checks the viewer. The runtime (src/server/runtime.ts) owns the process's one
// cache; the HTTP side is scripts/server.mjs.

/** Memory the cache may hold (gzipped pages: ~8 KB for a 1,200-word story). */
export const STORY_PAGE_CACHE_BYTES = 48 * 1024 * 1024;

type HeaderValue = string | string[];
type Entry = {
  fingerprint: string;
  etag: string;
  headers: Record<string, HeaderValue>;
  gzip: Buffer;
};

export type CacheToken = { id: string; fingerprint: string };

export type CacheDecision =
  | { action: 'serve'; status: 200 | 304; headers: Record<string, HeaderValue>; body: Buffer | null }
  | { action: 'redirect'; status: 301; headers: Record<string, HeaderValue> }
  | { action: 'render'; token: CacheToken }
  | { action: 'pass' };

export type LookupRequest = { pathname: string; acceptsGzip: boolean; ifNoneMatch?: string };

// Headers of a rendered page that belong to that one response, not to the page.
const DROPPED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'etag',
  'set-cookie',
]);

export function createStoryPageCache(options: { maxBytes: number; probe: typeof probeStoryPage }) {
  const entries = new Map<string, Entry>(); // insertion order = LRU order
  const filling = new Set<string>();
  let bytes = 0;
  const stats = { hits: 0, misses: 0, stores: 0, evictions: 0 };

  const drop = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    bytes -= entry.gzip.length;
  };

  const redirectHeaders = (location: string): Record<string, HeaderValue> => ({
    ...Object.fromEntries(securityHeaders.map((h) => [h.key.toLowerCase(), h.value])),
    location,
    'cache-control': 'public, max-age=0, must-revalidate',
    'content-length': '0',
  });

  async function lookup(request: LookupRequest): Promise<CacheDecision> {
    const slug = safeDecode(request.pathname.slice('/stories/'.length));
    const probe = await options.probe(slug);
    // Unknown or not public: the page decides (404, or a preview for those who may see it).
    if (probe.kind === 'none' || !probe.isPublic) {
      if (probe.kind === 'story') drop(probe.id);
      return { action: 'pass' };
    }
    if (`/stories/${slug}` !== probe.path) {
      // An outdated slug of a public story (DESIGN §2): 301 to the current address.
      return { action: 'redirect', status: 301, headers: redirectHeaders(encodeURI(probe.path)) };
    }
    const entry = entries.get(probe.id);
    if (entry && entry.fingerprint === probe.fingerprint) {
      entries.delete(probe.id); // most recently used goes last
      entries.set(probe.id, entry);
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
    stats.misses += 1;
    if (entry) drop(probe.id);
    // One render per story fills the cache; concurrent misses render without storing.
    if (filling.has(probe.id)) return { action: 'pass' };
    filling.add(probe.id);
    return { action: 'render', token: { id: probe.id, fingerprint: probe.fingerprint } };
  }

  /**
   * The page as rendered for a 'render' decision; stored when it is a plain 200 HTML page. Answers
   * what the renderer may send with it too — its policy and its gzip — or null when not stored.
   */
  function store(
    token: CacheToken,
    response: {
      status: number;
      headers: Record<string, HeaderValue | number | undefined>;
      body: Buffer | null;
    },
  ): { policy: string; gzip: Buffer } | null {
    filling.delete(token.id);
    const contentType = String(response.headers['content-type'] ?? '');
    if (response.status !== 200 || !response.body || !contentType.startsWith('text/html')) return null;
    if (response.headers['set-cookie'] !== undefined) return null;
    const headers: Record<string, HeaderValue> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || DROPPED.has(name.toLowerCase())) continue;
      headers[name.toLowerCase()] = typeof value === 'number' ? String(value) : value;
    }
    // Every reader gets the same page, and it may be revalidated (ETag) but is checked each time.
    headers['cache-control'] = 'public, max-age=0, must-revalidate';
    // Its inline scripts' hashes, made once here and served with every copy (security-headers.ts).
    const policy = documentPolicy(response.body);
    headers['content-security-policy'] = policy;
    const vary = String(headers.vary ?? '');
    if (!/accept-encoding/i.test(vary)) headers.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
    const gzip = gzipSync(response.body, { level: 6 });
    if (gzip.length > options.maxBytes / 8) return null;
    const etag = `"${createHash('sha1').update(response.body).digest('base64url')}"`;
    drop(token.id);
    entries.set(token.id, { fingerprint: token.fingerprint, etag, headers, gzip });
    bytes += gzip.length;
    stats.stores += 1;
    for (const [id] of entries) {
      if (bytes <= options.maxBytes) break;
      drop(id);
      stats.evictions += 1;
    }
    return { policy, gzip };
  }

  /** A render that ended without a storable page (error, aborted request). */
  function abandon(token: CacheToken) {
    filling.delete(token.id);
  }

  return {
    lookup,
    store,
    abandon,
    stats: () => ({ ...stats, entries: entries.size, bytes }),
    clear: () => {
      entries.clear();
      filling.clear();
      bytes = 0;
    },
  };
}

export type StoryPageCache = ReturnType<typeof createStoryPageCache>;
