import type { ApiFastPath } from '../../api/fast-path';
import { acceptsGzip } from '../../api/gzip-json';
import type { CacheRequest } from './cache-request';
import { createPageStore, type LookupRequest, type PageStore, type ServeDecision } from './page-store';
import type { Resolved } from './versioned-page.cache';

// A response cache in front of API reads that are the same for every anonymous reader and whose
// freshness one database read decides (docs/decisions/021-publication-page-cache.md,
// 026-listing-page-caches.md): a publication's stories, the site's listings. Signed-in readers,
// other parameters and anything but a plain 200 always reach the API.
//
// Two doors: scripts/server.mjs asks lookup() first with the bare Node request (a current copy is
// written straight back: no Request or Response objects on the hot path), and every other request
// goes through the API's fast path, which wrap() puts the cache in front of — where a miss is
// answered by the API and kept.

export type ApiResponseCacheOptions = {
  maxBytes: number;
  /**
   * The request's key and current fingerprint when it is one this cache answers (an anonymous GET
   * of one of its addresses), else null: the API answers and nothing is kept.
   */
  resolve: (request: CacheRequest & { url: string }, store: PageStore) => Promise<Resolved | null>;
  /**
   * Told once per request this cache could answer: from its copy (`hit`, at either door) or not
   * (`miss`: the API answered). The metrics (docs/decisions/036-metrics-and-logs.md).
   */
  onLookup?: (outcome: 'hit' | 'miss') => void;
  /**
   * The Cache-Control its copies are sent with. Default 'private, max-age=0, must-revalidate': a
   * shared cache must not hand the anonymous copy to a signed-in reader. An answer that is the same
   * for everyone and never changes (a scripture passage's text) may say 'public'.
   */
  cacheControl?: string;
};

// Node's Buffers are Uint8Arrays over an ArrayBuffer (never a shared one here): a body as they are.
const bytes = (buffer: Buffer | null) => buffer as Uint8Array<ArrayBuffer> | null;

const toResponse = (decision: ServeDecision) =>
  new Response(bytes(decision.body), { status: decision.status, headers: decision.headers as HeadersInit });

const header = (request: Request, name: string) => request.headers.get(name) ?? undefined;

export function createApiResponseCache(options: ApiResponseCacheOptions) {
  const store = createPageStore({
    maxBytes: options.maxBytes,
    cacheControl: options.cacheControl ?? 'private, max-age=0, must-revalidate',
    contentType: 'application/json',
  });

  const current = (request: CacheRequest) =>
    request.method === 'GET' && request.url
      ? options.resolve({ ...request, url: request.url }, store)
      : Promise.resolve(null);

  /**
   * The front server's door (`url`: req.url, path and query): the current stored answer, or null
   * when the API must answer (through wrap(), which keeps a new answer).
   */
  async function lookup(
    request: CacheRequest & LookupRequest & { url: string },
  ): Promise<ServeDecision | null> {
    const found = await current(request);
    const hit = found && store.serve(found.key, found.fingerprint, request);
    // A miss here is asked again through wrap(), which counts it.
    if (hit) options.onLookup?.('hit');
    return hit;
  }

  /** The API's fast path with this cache in front of its addresses. */
  function wrap(api: ApiFastPath): ApiFastPath {
    // `passOn` answers what this cache does not: the API's fetch, or its answer (raw when it can be).
    const through = async <T>(
      request: Request,
      passOn: (request: Request) => T | Promise<T>,
    ): Promise<T | Response> => {
      const url = new URL(request.url);
      const found = await current({
        method: request.method,
        url: `${url.pathname}${url.search}`,
        headers: {
          cookie: header(request, 'cookie'),
          authorization: header(request, 'authorization'),
        },
      });
      if (!found) return passOn(request);
      const asked = {
        acceptsGzip: acceptsGzip(header(request, 'accept-encoding')),
        ifNoneMatch: header(request, 'if-none-match'),
      };
      // One answer per address fills the cache; concurrent misses wait for it (the store's claim).
      const claimed = await store.claim(found.key, found.fingerprint, asked);
      options.onLookup?.(claimed !== null && 'hit' in claimed ? 'hit' : 'miss');
      if (claimed === null) return passOn(request);
      if ('hit' in claimed) return toResponse(claimed.hit);
      const { token } = claimed;
      let rendered: Response;
      let body: Buffer;
      try {
        // Asked for plain JSON: the store gzips what it keeps itself.
        const headers = new Headers(request.headers);
        headers.delete('accept-encoding');
        headers.delete('if-none-match');
        rendered = await api.fetch(
          new Request(request.url, { method: 'GET', headers, signal: request.signal }),
        );
        body = Buffer.from(await rendered.arrayBuffer());
      } catch (error) {
        store.abandon(token);
        throw error;
      }
      const kept = store.store(token, {
        status: rendered.status,
        headers: Object.fromEntries(rendered.headers),
        body,
      });
      const stored = kept && store.serve(found.key, found.fingerprint, asked);
      return stored ? toResponse(stored) : new Response(bytes(body), rendered);
    };
    return {
      ...api,
      fetch: (request) => through(request, api.fetch),
      answer: (request) => through(request, api.answer),
    };
  }

  return { lookup, wrap, stats: store.stats, clear: store.clear };
}

export type ApiResponseCache = ReturnType<typeof createApiResponseCache>;
