import { safeDecode } from '../../../lib/url';
import { securityHeaderFields } from '../../lib/security-headers';
import {
  createPageStore,
  type CacheToken,
  type HeaderValue,
  type LookupRequest as StoreLookupRequest,
  type RenderedResponse,
  type ServeDecision,
} from '../page-cache/page-store';
import { probeStoryPage } from './posts-page.service';

// The response cache in front of the story page (docs/decisions/006-story-page.md). A public story's
// page is the same for every reader, so its rendered HTML is kept (gzipped, in a byte-bounded LRU:
// the page-cache module's store) and served again only while the story's fingerprint — one
// prepared, indexed lookup made on EVERY request — is unchanged: a publish, edit, unpublish, delete,
// ban, or byline change shows at once, whichever process or job made it. Non-public stories and
// unknown ids are never cached: they go to the page, which checks the viewer. The runtime
// (src/server/runtime.ts) owns the process's one cache; the HTTP side is scripts/server.mjs.

/** Memory the cache may hold (gzipped pages: ~8 KB for a 1,200-word story). */
export const STORY_PAGE_CACHE_BYTES = 48 * 1024 * 1024;

export type { CacheToken };

export type CacheDecision =
  | ServeDecision
  | { action: 'redirect'; status: 301; headers: Record<string, HeaderValue> }
  | { action: 'render'; token: CacheToken }
  | { action: 'pass' };

export type LookupRequest = StoreLookupRequest & { pathname: string };

export function createStoryPageCache(options: { maxBytes: number; probe: typeof probeStoryPage }) {
  // Every reader gets the same page; it may be revalidated (ETag) but is checked each time.
  const store = createPageStore({
    maxBytes: options.maxBytes,
    cacheControl: 'public, max-age=0, must-revalidate',
    contentType: 'text/html',
  });

  const redirectHeaders = (location: string): Record<string, HeaderValue> => ({
    ...securityHeaderFields,
    location,
    'cache-control': 'public, max-age=0, must-revalidate',
    'content-length': '0',
  });

  async function lookup(request: LookupRequest): Promise<CacheDecision> {
    const slug = safeDecode(request.pathname.slice('/stories/'.length));
    const probe = await options.probe(slug);
    // Unknown or not public: the page decides (404, or a preview for those who may see it).
    if (probe.kind === 'none' || !probe.isPublic) {
      if (probe.kind === 'story') store.drop(probe.id);
      return { action: 'pass' };
    }
    if (`/stories/${slug}` !== probe.path) {
      // An outdated slug of a public story (DESIGN §2): 301 to the current address.
      return { action: 'redirect', status: 301, headers: redirectHeaders(encodeURI(probe.path)) };
    }
    // One render per story fills the cache; concurrent misses wait for it (the page store's claim).
    const claimed = await store.claim(probe.id, probe.fingerprint, request);
    if (claimed === null) return { action: 'pass' };
    return 'hit' in claimed ? claimed.hit : { action: 'render', token: claimed.token };
  }

  return {
    lookup,
    /**
     * The page as rendered for a 'render' decision; stored when it is a plain 200 HTML page. Answers
     * what the renderer may send with it too — its policy and its gzip — or null when not stored.
     */
    store: (token: CacheToken, response: RenderedResponse) => store.store(token, response),
    /** A render that ended without a storable page (error, aborted request). */
    abandon: store.abandon,
    stats: store.stats,
    clear: store.clear,
  };
}

export type StoryPageCache = ReturnType<typeof createStoryPageCache>;
