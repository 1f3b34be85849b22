import { UUID_RE } from '../../lib/ids';
import { subdomainFormProblem } from '../subdomains/reserved-subdomains';
import { findPublicationPageFingerprint, type PublicationRef } from './publication-page.repository';
import { createVersionedPageCache } from './versioned-page.cache';

// The response cache in front of a publication's page, /{subdomain} and /publications/{id}
// (optionally ?collection={id}): docs/decisions/021-publication-page-cache.md. Every lookup reads
// the publication's fingerprint (its id and the version the database's triggers bump on any change
// the page shows), so a copy is served only while nothing on it changed, whichever process or job
// wrote. An unknown publication is Next.js's 404, never kept.

/** Memory the cache may hold (gzipped pages, a collection's tab each). */
export const PUBLICATION_PAGE_CACHE_BYTES = 16 * 1024 * 1024;

export type PublicationPageAddress = PublicationRef & {
  /** The cache key: the path, and the collection asked for. */
  key: string;
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

export type PublicationPageCacheOptions = {
  maxBytes: number;
  /** The fingerprint's source; the database's (one indexed lookup) unless a test says otherwise. */
  probe?: typeof findPublicationPageFingerprint;
};

export function createPublicationPageCache(options: PublicationPageCacheOptions) {
  const probe = options.probe ?? findPublicationPageFingerprint;
  return createVersionedPageCache({
    maxBytes: options.maxBytes,
    takes: (url) => publicationPageAddress(url) !== null,
    async resolve({ url }, store) {
      const address = publicationPageAddress(url)!;
      const fingerprint = await probe(address);
      // No such publication (deleted, renamed away): its 404, and nothing stays kept.
      if (fingerprint === null) store.drop(address.key);
      return fingerprint === null ? null : { key: address.key, fingerprint };
    },
  });
}

export type PublicationPageCache = ReturnType<typeof createPublicationPageCache>;
