import type { Actor } from '../../auth/actor';
import { clientBucket } from '../../lib/client-address';
import { consumeRateLimit, RATE_LIMITS } from '../rate-limits/rate-limits.service';
import { untilSiteChanges } from '../page-cache/site-version.service';
import { listVisibleStorySummaries } from '../posts/posts-read.service';
import { cjkWordsOf, headlineToHtml } from './posts-search.highlight';
import { findSearchHeadlines, findSearchHitRows } from './posts-search.repository';
import { SEARCH_OFFSET_MAX, SEARCH_PAGE_SIZE, type SearchPage } from './posts-search.schema';
import { toCandidateQueryText, toSearchQueryText } from '../posts/posts.table';

/**
 * The ranked hits of one page and their highlights: the same for every reader, and kept until the
 * site changes (decision 022) — a query many readers ask is ranked once per change, not per reader.
 */
const rankedPage = untilSiteChanges(async (text: string, candidates: string, offset: number) => {
  const hits = await findSearchHitRows({ text, candidates }, offset, SEARCH_PAGE_SIZE);
  const headlines = await findSearchHeadlines(
    text,
    hits.slice(0, SEARCH_PAGE_SIZE).map((hit) => hit.id),
  );
  return { hits, headlines };
});

/**
 * An anonymous reader's whole page (hits, hydration and highlights) is the same for every anonymous
 * reader: kept as it is until the site changes, so a query asked again costs one version read.
 */
const anonymousPage = untilSiteChanges((q: string, offset: number) => buildPage(null, q, offset));

/**
 * GET /posts/search: a page of published stories matching `q` (already cleaned by searchTextSchema),
 * best first, each with its title and a snippet highlighted. No words, no stories.
 */
export async function searchStories(actor: Actor, q: string, offset: number): Promise<SearchPage> {
  return actor ? buildPage(actor, q, offset) : anonymousPage(q, offset);
}

async function buildPage(actor: Actor, q: string, offset: number): Promise<SearchPage> {
  const text = toSearchQueryText(q);
  if (!text) return { posts: [], nextOffset: null };
  const { hits, headlines } = await rankedPage(text, toCandidateQueryText(q), offset);
  const pageIds = hits.slice(0, SEARCH_PAGE_SIZE).map((hit) => hit.id);
  // The same hydration and read rule as every other list (banned writers' stories left out).
  const stories = await listVisibleStorySummaries(actor, pageIds);
  const byId = new Map(headlines.map((row) => [row.id, row]));
  const cjkWords = cjkWordsOf(q);
  return {
    posts: stories.map((story) => {
      const headline = byId.get(story.id);
      return {
        ...story,
        highlight: {
          title: headlineToHtml(headline?.title ?? story.title, cjkWords),
          snippet: headlineToHtml(headline?.snippet ?? story.excerpt, cjkWords),
        },
      };
    }),
    nextOffset:
      hits.length > SEARCH_PAGE_SIZE && offset + SEARCH_PAGE_SIZE <= SEARCH_OFFSET_MAX
        ? offset + SEARCH_PAGE_SIZE
        : null,
  };
}

/** Counts one search from this client address (clientAddress()); 429 past the per-address ceiling. */
export function countSearch(address: string): Promise<void> {
  return consumeRateLimit(RATE_LIMITS.searchPerIp, clientBucket(address));
}
