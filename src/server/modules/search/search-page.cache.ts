import { currentSiteVersion } from '../page-cache/site-version.service';
import { createVersionedPageCache } from '../page-cache/versioned-page.cache';
import { SEARCH_QUERY_MAX, cleanSearchText } from './posts-search.schema';

// The response cache in front of the search page, /search?q= (issue 21, decision 031): a query's
// page is the same for every reader — stories, writers and tags matching the words, as a guest sees
// them — and changes only when the site's version does, so it is kept under the query's words until
// then. A render that shows one reader's moment ("Too many searches" for their address) refuses to
// be kept (page-cache/render-refusal.ts). A kept page is served without counting a search against
// the reader's limit: the limit guards the database, and a kept page costs it one version read.

/** Memory the cache may hold: its own budget, so many distinct queries cannot evict the listings. */
export const SEARCH_PAGE_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * The words a search page's target (path and query) asks for, cleaned as the page cleans them, or
 * null when it is no page this cache keeps: another path, another parameter, a range other than the
 * header box's `blogs` (the page writes it back into its form), a query the page refuses.
 */
export function searchPageWords(url: string): string | null {
  const mark = url.indexOf('?');
  if ((mark < 0 ? url : url.slice(0, mark)) !== '/search') return null;
  const query = mark < 0 ? '' : url.slice(mark + 1);
  // A malformed escape is decoded by guesswork: let Next.js answer it, keep nothing.
  try {
    decodeURIComponent(query.replace(/\+/g, ' '));
  } catch {
    return null;
  }
  const params = new URLSearchParams(query);
  for (const name of params.keys()) if (name !== 'q' && name !== 'range') return null;
  if (params.getAll('q').length > 1 || params.getAll('range').length > 1) return null;
  const range = params.get('range');
  if (range !== null && range !== 'blogs') return null;
  const words = cleanSearchText(params.get('q') ?? '');
  return words.length > SEARCH_QUERY_MAX ? null : words;
}

export function createSearchPageCache(options: { maxBytes: number; probe?: () => Promise<string> }) {
  const probe = options.probe ?? currentSiteVersion;
  return createVersionedPageCache({
    maxBytes: options.maxBytes,
    takes: (url) => searchPageWords(url) !== null,
    async resolve(request) {
      const words = searchPageWords(request.url);
      if (words === null) return null;
      return { key: `search ${words}`, fingerprint: await probe() };
    },
  });
}

export type SearchPageCache = ReturnType<typeof createSearchPageCache>;
