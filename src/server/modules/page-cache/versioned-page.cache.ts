import {
  createPageStore,
  type CacheToken,
  type LookupRequest,
  type PageStore,
  type RenderedResponse,
  type ServeDecision,
} from './page-store';
import { isRouterRequest, type CacheRequest } from './cache-request';

// A response cache in front of pages whose freshness one database read decides
// (docs/decisions/021-publication-page-cache.md, 026-listing-page-caches.md): the publication page
// (its publication's version) and the site's listings (the site's version). Only anonymous
// full-page reads use it — a signed-in visitor's page shows them their own links and is always
// rendered afresh. Every lookup resolves the address to a key and a fingerprint read from the
// database now; a copy is served only while that fingerprint is the one it was rendered for.

/** An address's entry and the fingerprint it must have now. */
export type Resolved = { key: string; fingerprint: string };

export type VersionedPageDecision =
  ServeDecision | { action: 'render'; token: CacheToken } | { action: 'pass' };

export type VersionedPageCacheOptions = {
  maxBytes: number;
  /** Whether a request's target (path and query) is an address of this cache: no database read. */
  takes: (url: string) => boolean;
  /**
   * The request's key and current fingerprint, or null when Next.js must answer and nothing be kept
   * (no such page: its 404). `store` lets it drop what was kept for an address that is gone.
   */
  resolve: (request: CacheRequest & { url: string }, store: PageStore) => Promise<Resolved | null>;
};

export function createVersionedPageCache(options: VersionedPageCacheOptions) {
  // 'private': the browser keeps its copy; a shared cache between (a CDN) is not told it may. The copy
  // itself is every reader's (decision 031), signed in or not.
  const store = createPageStore({
    maxBytes: options.maxBytes,
    cacheControl: 'private, max-age=0, must-revalidate',
    contentType: 'text/html',
  });

  /**
   * A full-page GET/HEAD of one of the cache's addresses, by any reader: these pages are one HTML for
   * everyone (decision 031), and the render that fills the cache is made without the session
   * (scripts/server.mjs drops it), so no reader's own part can be kept.
   */
  function accepts(request: CacheRequest): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (!request.url || !options.takes(request.url)) return false;
    return !isRouterRequest(request.headers);
  }

  /** `pathname`: the request's target as it came (req.url: path and query). */
  async function lookup(
    request: LookupRequest & { pathname: string; headers?: CacheRequest['headers'] },
  ): Promise<VersionedPageDecision> {
    if (!options.takes(request.pathname)) return { action: 'pass' };
    const found = await options.resolve({ url: request.pathname, headers: request.headers ?? {} }, store);
    if (found === null) return { action: 'pass' };
    // One render per address fills the cache; concurrent misses wait for it (the page store's claim).
    const claimed = await store.claim(found.key, found.fingerprint, request);
    if (claimed === null) return { action: 'pass' };
    return 'hit' in claimed ? claimed.hit : { action: 'render', token: claimed.token };
  }

  return {
    accepts,
    lookup,
    /** The page as rendered for a 'render' decision (see the page store's store()). */
    store: (token: CacheToken, response: RenderedResponse) => store.store(token, response),
    abandon: store.abandon,
    stats: store.stats,
    clear: store.clear,
  };
}

export type VersionedPageCache = ReturnType<typeof createVersionedPageCache>;
