import type { Actor } from '../../auth/actor';
import { clientBucket } from '../../lib/client-address';
import { consumeRateLimit, RATE_LIMITS } from '../rate-limits/rate-limits.service';
import { untilSiteChanges } from '../page-cache/site-version.service';
import { listVisibleStorySummaries } from '../posts/posts-read.service';
import { cjkWordsOf, headlineToHtml } from './posts-search.highlight';
import { findSearchHeadlines, findSearchHitRows } from './posts-search.repository';
import { SEARCH_OFFSET_MAX, SEARCH_PAGE_SIZE, type SearchPage } from './posts-search.schema';
import { toCandidateQueryText, toSearchQueryText } from '../posts/posts.table';
import { parseScriptureQuery } from '../scripture/references/scripture-references';
import { citingStoryIds } from '../scripture/scripture-refs.service';

/**
 * A query that is one scripture reference ("John 3:16", "jn 3:16", "约3:16") also finds the stories
 * citing that passage or one overlapping it (docs/decisions/046-stored-references.md): the newest
 * CITING_CANDIDATES of them, ranked above every story that only holds the words.
 */
export const CITING_CANDIDATES = 100;

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

/** The passage a query names, read in Chinese when it holds Chinese characters, else in English. */
export function queryPassage(q: string): { startKey: number; endKey: number } | null {
  // Every reference has a chapter number: a query of words alone costs no parsing.
  if (!/[0-9０-９]/.test(q)) return null;
  const first = HAN.test(q) ? 'zh' : 'en';
  const found = parseScriptureQuery(q, first) ?? parseScriptureQuery(q, first === 'zh' ? 'en' : 'zh');
  return found && { startKey: found.startKey, endKey: found.endKey };
}

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
 * The same for a query naming a passage (startKey, endKey): the stories citing it first, newest
 * first, then the stories holding the words that do not cite it, in their rank. Every word match
 * is asked for at once (there are at most SEARCH_CANDIDATES + SEARCH_TITLE_CANDIDATES), so the
 * merged list pages by offset like any other.
 */
const rankedPassagePage = untilSiteChanges(
  async (text: string, candidates: string, startKey: number, endKey: number, offset: number) => {
    const citing = await citingStoryIds({ startKey, endKey }, CITING_CANDIDATES);
    const cited = new Set(citing);
    const words = await findSearchHitRows({ text, candidates }, 0, SEARCH_OFFSET_MAX + SEARCH_PAGE_SIZE);
    const merged = [
      ...citing.map((id) => ({ id, titleHit: false })),
      ...words.filter((hit) => !cited.has(hit.id)),
    ];
    const hits = merged.slice(offset, offset + SEARCH_PAGE_SIZE + 1);
    const headlines = await findSearchHeadlines(
      text,
      hits.slice(0, SEARCH_PAGE_SIZE).map((hit) => hit.id),
    );
    return { hits, headlines };
  },
);

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
  const passage = queryPassage(q);
  const { hits, headlines } = passage
    ? await rankedPassagePage(text, toCandidateQueryText(q), passage.startKey, passage.endKey, offset)
    : await rankedPage(text, toCandidateQueryText(q), offset);
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
