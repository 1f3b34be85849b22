import { listingFingerprint, listingPageAddress, takesListingPage } from './listing-addresses';
import { findSiteVersion } from './site-version.repository';
import { createVersionedPageCache } from './versioned-page.cache';

// The response cache in front of the site's listing pages for anonymous readers
// (docs/decisions/026-listing-page-caches.md): the home page (per language and country), a tag's
// page, a writer's home /@{subdomain} and the publications listing. Each copy is served only while
// the site's version — bumped by the database's triggers on any change a listing shows — is the
// one it was rendered for (and, for the home page's rankings by views, within the minute).

/** Memory the cache may hold (gzipped pages of a few tens of KB). */
export const LISTING_PAGE_CACHE_BYTES = 24 * 1024 * 1024;

export function createListingPageCache(options: { maxBytes: number; probe?: () => Promise<string> }) {
  const probe = options.probe ?? findSiteVersion;
  return createVersionedPageCache({
    maxBytes: options.maxBytes,
    takes: takesListingPage,
    async resolve(request) {
      const address = listingPageAddress(request);
      return { key: address.key, fingerprint: listingFingerprint(address, await probe()) };
    },
  });
}

export type ListingPageCache = ReturnType<typeof createListingPageCache>;
