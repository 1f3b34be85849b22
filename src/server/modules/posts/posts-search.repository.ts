import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { getDb } from '../../db';
import { users } from '../users/users.table';
import { HIT_END, HIT_START } from './posts-search.highlight';
import { posts, postSearch } from './posts.table';

// Full-text search over published stories (DESIGN §1, decision 022): the weighted search_vector of
// posts.table.ts, copied for published stories into the narrow post_search rows, queried with
// websearch_to_tsquery('simple', …), which never fails on syntax.

// The same spacing of CJK ideographs as the search vector's (posts.table.ts), so ts_headline finds
// the single-character tokens a Chinese query is made of; the service takes the spaces out again.
const CJK_CLASS = '[\\u3400-\\u9fff\\uf900-\\ufaff]';
const spacedForHeadline = (text: SQL): SQL =>
  sql`regexp_replace(regexp_replace(${text}, '[\uE000\uE001]', '', 'g'), ${`(${CJK_CLASS})`}, ' \\1 ', 'g')`;

const HEADLINE_OPTIONS = `StartSel=${HIT_START}, StopSel=${HIT_END}, HighlightAll=true`;
const SNIPPET_OPTIONS =
  `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=30, MinWords=12, ShortWord=0, ` +
  'MaxFragments=2, FragmentDelimiter=" … "';

export type SearchHitRow = { id: string; titleHit: boolean };

/**
 * How many matches are ranked (decision 022): the newest SEARCH_CANDIDATES published stories matching
 * anywhere and the newest SEARCH_TITLE_CANDIDATES matching in the title. A common word matches most
 * of 100,000 stories, and ranking every one reads every vector; the candidates come from post_search
 * (narrow rows: its GIN indexes and its published-time index) and only they are ranked.
 */
export const SEARCH_CANDIDATES = 200;
export const SEARCH_TITLE_CANDIDATES = 100;

/**
 * One page of the published stories of active writers matching `queryText` (already passed through
 * toSearchQueryText), among the candidates above: stories whose title holds the whole query first,
 * then by rank, newest first. Asks for one row more than `limit` so the caller knows whether another
 * page follows.
 */
export async function findSearchHitRows(queryText: string, offset: number, limit: number) {
  const db = await getDb();
  const query = sql`websearch_to_tsquery('simple', ${queryText})`;
  const newest = [desc(postSearch.publishedAt), desc(postSearch.postId)];
  const anywhere = db
    .select({ id: postSearch.postId })
    .from(postSearch)
    .where(sql`${postSearch.searchVector} @@ ${query}`)
    .orderBy(...newest)
    .limit(SEARCH_CANDIDATES);
  const inTitle = db
    .select({ id: postSearch.postId })
    .from(postSearch)
    .where(sql`${postSearch.titleVector} @@ ${query}`)
    .orderBy(...newest)
    .limit(SEARCH_TITLE_CANDIDATES);
  const candidates = union(anywhere, inTitle).as('candidates');
  // The title's lexemes alone: "the title matches" outranks any body count.
  const titleHit = sql<boolean>`${postSearch.titleVector} @@ ${query}`;
  return db
    .select({ id: postSearch.postId, titleHit })
    .from(candidates)
    .innerJoin(postSearch, eq(postSearch.postId, candidates.id))
    .innerJoin(posts, eq(posts.id, postSearch.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(posts.status, 'published'), eq(users.status, 'active')))
    .orderBy(
      desc(titleHit),
      desc(sql`ts_rank(${postSearch.searchVector}, ${query})`),
      desc(postSearch.publishedAt),
      desc(postSearch.postId),
    )
    .offset(offset)
    .limit(limit + 1);
}

export type SearchHeadlineRow = { id: string; title: string; snippet: string };

/** The title and a body snippet of these stories with the query's words between HIT_START/HIT_END. */
export async function findSearchHeadlines(
  queryText: string,
  ids: readonly string[],
): Promise<SearchHeadlineRow[]> {
  if (ids.length === 0) return [];
  const query = sql`websearch_to_tsquery('simple', ${queryText})`;
  const body = sql`case when ${posts.bodyText} = '' then ${posts.excerpt} else ${posts.bodyText} end`;
  return (await getDb())
    .select({
      id: posts.id,
      title: sql<string>`ts_headline('simple', ${spacedForHeadline(sql`${posts.title}`)}, ${query}, ${HEADLINE_OPTIONS})`,
      snippet: sql<string>`ts_headline('simple', ${spacedForHeadline(body)}, ${query}, ${SNIPPET_OPTIONS})`,
    })
    .from(posts)
    .where(inArray(posts.id, [...ids]));
}
