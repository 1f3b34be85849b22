import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { namedPreparedQuery, queryBuilder, rowBoolean, textArrayParameter } from '../../db/prepared';
import { getDb } from '../../db';
import { users } from '../users/users.table';
import { HIT_END, HIT_START } from './posts-search.highlight';
import { posts, postSearch } from '../posts/posts.table';

// Full-text search over published stories (DESIGN §1, decision 022): the weighted search_vector of
// posts.table.ts, copied for published stories into the narrow post_search rows, queried with
// websearch_to_tsquery('simple', …), which never fails on syntax.

// The same spacing of CJK ideographs as the search vector's (posts.table.ts), so ts_headline finds
// the single-character tokens a Chinese query is made of; the service takes the spaces out again.
const CJK_CLASS = '[\\u3400-\\u9fff\\uf900-\\ufaff]';
const CJK_IN_QUERY = new RegExp(CJK_CLASS, 'u');
/**
 * The text ts_headline reads: the hit marks' private-use characters taken out of what the writer
 * typed, and for a query with Chinese in it the ideographs spaced out as in the vector (a query
 * without any leaves the text as it is: the spacing would find nothing and costs a regex per body).
 */
const headlineText = (text: SQL, cjk: boolean): SQL => {
  const unmarked = sql`translate(${text}, ${sql.raw(`'${HIT_START}${HIT_END}'`)}, '')`;
  return cjk ? sql`regexp_replace(${unmarked}, ${sql.raw(`'(${CJK_CLASS})'`)}, ' \\1 ', 'g')` : unmarked;
};

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
export const SEARCH_CANDIDATES = 100;
export const SEARCH_TITLE_CANDIDATES = 50;

/** A reader's query as websearch_to_tsquery texts: toSearchQueryText's and toCandidateQueryText's. */
export type SearchQueryTexts = { text: string; candidates: string };

/**
 * One page of the published stories of active writers matching `query.text`, among the candidates
 * above: stories whose title holds the whole query first, then by rank, newest first. Asks for one
 * row more than `limit` so the caller knows whether another page follows.
 */
export async function findSearchHitRows(query: SearchQueryTexts, offset: number, limit: number) {
  const candidates = await findCandidateIds(query);
  if (candidates.length === 0) return [];
  const rows = await rankedCandidatesQuery({
    q: query.text,
    ids: textArrayParameter(candidates),
    offset: String(offset),
    fetch: String(limit + 1),
  });
  return rows.map((row) => ({ id: row.id, titleHit: rowBoolean(row.titleHit) }));
}

/**
 * The candidates' ids, planned for this very query (not a prepared statement): whether to walk the
 * published-time index or take the GIN index's matches depends on how many stories match, and
 * migration 0007 tells the planner what testing a story costs.
 */
async function findCandidateIds(texts: SearchQueryTexts): Promise<string[]> {
  const db = await getDb();
  const query = sql`websearch_to_tsquery('simple', ${texts.text})`;
  // Chinese as bigrams, not phrases (toCandidateQueryText): checked in the index, not story by story.
  const byTerms = sql`websearch_to_tsquery('simple', ${texts.candidates})`;
  const newest = [desc(postSearch.publishedAt), desc(postSearch.postId)];
  const anywhere = db
    .select({ id: postSearch.postId })
    .from(postSearch)
    .where(sql`${postSearch.searchVector} @@ ${byTerms}`)
    .orderBy(...newest)
    .limit(SEARCH_CANDIDATES);
  const inTitle = db
    .select({ id: postSearch.postId })
    .from(postSearch)
    .where(sql`${postSearch.titleVector} @@ ${query}`)
    .orderBy(...newest)
    .limit(SEARCH_TITLE_CANDIDATES);
  const rows = await unionAll(anywhere, inTitle);
  return [...new Set(rows.map((row) => row.id))];
}

// Ranking the candidates is the same statement for every query (the ids come as one array): prepared
// once, so PGlite does not plan a four-table join on every search (~5 ms of its WebAssembly).
const rankedCandidatesQuery = (() => {
  const query = sql`websearch_to_tsquery('simple', ${sql.placeholder('q')}::text)`;
  // The title's lexemes alone: "the title matches" outranks any body count.
  const titleHit = sql`${postSearch.titleVector} @@ ${query}`;
  return namedPreparedQuery<{ id: string; titleHit: boolean | string }>(
    'posts_search_ranked_candidates',
    queryBuilder
      .select({ id: sql`${postSearch.postId}`.as('id'), titleHit: titleHit.as('titleHit') })
      .from(postSearch)
      .innerJoin(posts, eq(posts.id, postSearch.postId))
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(
        and(
          sql`${postSearch.postId} = any(${sql.placeholder('ids')}::text[])`,
          // A candidate found by the bigrams of a longer Chinese word may not hold the word itself.
          sql`${postSearch.searchVector} @@ ${query}`,
          // Literals, not parameters: a prepared statement's parameters are its placeholders alone.
          sql`${posts.status} = 'published'`,
          sql`${users.status} = 'active'`,
        ),
      )
      .orderBy(
        desc(titleHit),
        desc(sql`ts_rank(${postSearch.searchVector}, ${query})`),
        desc(postSearch.publishedAt),
        desc(postSearch.postId),
      )
      .offset(sql`${sql.placeholder('offset')}::integer` as unknown as number)
      .limit(sql`${sql.placeholder('fetch')}::integer` as unknown as number),
  );
})();

export type SearchHeadlineRow = { id: string; title: string; snippet: string };

// The same two statements (with and without Chinese) for every page of hits: prepared once each
// (see rankedCandidatesQuery).
const headlinesQuery = (cjk: boolean) => {
  const query = sql`websearch_to_tsquery('simple', ${sql.placeholder('q')}::text)`;
  const body = sql`case when ${posts.bodyText} = '' then ${posts.excerpt} else ${posts.bodyText} end`;
  const headline = (text: SQL, options: string) =>
    sql`ts_headline('simple', ${headlineText(text, cjk)}, ${query}, ${sql.raw(`'${options}'`)})`;
  return namedPreparedQuery<SearchHeadlineRow>(
    cjk ? 'posts_search_headlines_cjk' : 'posts_search_headlines',
    queryBuilder
      .select({
        id: sql`${posts.id}`.as('id'),
        title: headline(sql`${posts.title}`, HEADLINE_OPTIONS).as('title'),
        snippet: headline(body, SNIPPET_OPTIONS).as('snippet'),
      })
      .from(posts)
      .where(sql`${posts.id} = any(${sql.placeholder('ids')}::text[])`),
  );
};
const headlinesQueries = { plain: headlinesQuery(false), cjk: headlinesQuery(true) };

/** The title and a body snippet of these stories with the query's words between HIT_START/HIT_END. */
export async function findSearchHeadlines(
  queryText: string,
  ids: readonly string[],
): Promise<SearchHeadlineRow[]> {
  if (ids.length === 0) return [];
  const run = CJK_IN_QUERY.test(queryText) ? headlinesQueries.cjk : headlinesQueries.plain;
  return run({ q: queryText, ids: textArrayParameter(ids) });
}
