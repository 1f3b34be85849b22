import { createApiResponseCache } from './api-response.cache';
import { isAnonymous } from './cache-request';
import { listingApiAddress, listingFingerprint } from './listing-addresses';
import { findSiteVersion } from './site-version.repository';

// The response cache of the API's listings for anonymous readers
// (docs/decisions/026-listing-page-caches.md): the home feed page by page, the editor's picks, a
// tag's stories, a writer's latest stories, the curated sets, tags, subtopics and the publications
// listing. The same site version as the listing pages decides; signed-in readers reach the API.

/** Memory the cache may hold (gzipped JSON pages of a few KB). */
export const LISTING_API_CACHE_BYTES = 16 * 1024 * 1024;

export function createListingApiCache(options: {
  maxBytes: number;
  probe?: () => Promise<string>;
  onLookup?: (outcome: 'hit' | 'miss') => void;
}) {
  const probe = options.probe ?? findSiteVersion;
  return createApiResponseCache({
    maxBytes: options.maxBytes,
    onLookup: options.onLookup,
    async resolve(request) {
      const address = listingApiAddress(request);
      if (!address || !isAnonymous(request.headers)) return null;
      return { key: address.key, fingerprint: listingFingerprint(address, await probe()) };
    },
  });
}

export type ListingApiCache = ReturnType<typeof createListingApiCache>;
