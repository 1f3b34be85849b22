import { UUID_RE } from '../../lib/ids';
import { subdomainFormProblem } from '../subdomains/reserved-subdomains';
import type { CacheToken, LookupRequest, RenderedResponse, ServeDecision } from './page-store';
import type { PublicationRef } from './publication-page.repository';
import { createPublicationStore, type PublicationStoreOptions } from './publication-store';

// The response cache in front of a publication's page, /{subdomain} and /publications/{id}
// (optionally ?collection={id}): docs/decisions/021-publication-page-cache.md. Only anonymous
// full-page reads use it — a signed-in visitor's page shows them their own links and is always
// rendered afresh. Every lookup reads the publication's fingerprint (its id and the version the
// database's triggers bump on any change the page shows), so a copy is served only while nothing
// on it changed, whichever process or job wrote. An unknown publication is Next.js's 404, never kept.

/** Memory the cache may hold (gzipped pages, a collection's tab each). */
export const PUBLICATION_PAGE_CACHE_BYTES = 16 * 1024 * 1024;

export type PublicationPageAddress = PublicationRef & {
  /** The cache key: the path, and the collection asked for. */
  key: string;
};

export type PublicationPageDecision =
  ServeDecision | { action: 'render'; token: CacheToken } | { action: 'pass' };

export type PublicationPageRequest = {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
};

const BY_ID = /^\/publications\/([0-9a-f-]{36})$/;
const BY_SUBDOMAIN = /^\/([a-z0-9-]+)$/;
const COLLECTION = /^collection=([0-9a-f-]{36})$/;

/**
 * The publication page an address names, or null when it is not one in the form the cache takes:
 * lower-case, and no query but ?collection={uuid} (a tracking link's query is rendered by Next.js).
 */
export function publicationPageAddress(url: string): PublicationPageAddress | null {
  const mark = url.indexOf('?');
  const pathname = mark < 0 ? url : url.slice(0, mark);
  const query = mark < 0 ? '' : url.slice(mark + 1);
  if (query && !(COLLECTION.test(query) && UUID_RE.test(query.slice('collection='.length)))) return null;
  const key = query ? `${pathname}?${query}` : pathname;
  const id = BY_ID.exec(pathname)?.[1];
  if (id) return UUID_RE.test(id) ? { by: 'id', value: id, key } : null;
  const subdomain = BY_SUBDOMAIN.exec(pathname)?.[1];
  // Reserved names are routes of their own (DESIGN §2): never a publication.
  if (subdomain && subdomainFormProblem(subdomain) === null)
    return { by: 'subdomain', value: subdomain, key };
  return null;
}

// next-auth's session cookie (chunked as .0, .1… when large; __Secure- on https), or a bearer token
// (next-auth's getToken reads one too): either makes the visitor possibly signed in.
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?next-auth\.session-token(?:\.\d+)?=/;

/** No session the page could see: the visitor gets the page everyone gets. */
export function isAnonymous(headers: PublicationPageRequest['headers']): boolean {
  if (headers.authorization !== undefined) return false;
  const cookie = headers.cookie;
  const cookies = Array.isArray(cookie) ? cookie.join(';') : (cookie ?? '');
  return !SESSION_COOKIE.test(cookies);
}

// Client-side navigations and prefetches ask for the RSC payload, not the page: Next.js answers those.
const ROUTER_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
];

export function createPublicationPageCache(options: Omit<PublicationStoreOptions, 'contentType'>) {
  const { store, fingerprint: currentFingerprint } = createPublicationStore({
    ...options,
    contentType: 'text/html',
  });

  /** An anonymous full-page GET/HEAD of a publication page's address: the cache's to answer. */
  function accepts(request: PublicationPageRequest): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (!request.url || !publicationPageAddress(request.url)) return false;
    if (ROUTER_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
    return isAnonymous(request.headers);
  }

  /** `pathname`: the request's target as it came (req.url: path and query). */
  async function lookup(request: LookupRequest & { pathname: string }): Promise<PublicationPageDecision> {
    const address = publicationPageAddress(request.pathname);
    if (!address) return { action: 'pass' };
    const fingerprint = await currentFingerprint(address, address.key);
    // No such publication: the page answers 404, and nothing is kept.
    if (fingerprint === null) return { action: 'pass' };
    const hit = store.serve(address.key, fingerprint, request);
    if (hit) return hit;
    // One render per address fills the cache; concurrent misses render without storing.
    const token = store.begin(address.key, fingerprint);
    return token ? { action: 'render', token } : { action: 'pass' };
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

export type PublicationPageCache = ReturnType<typeof createPublicationPageCache>;
