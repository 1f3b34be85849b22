import { sql, type SQL } from 'drizzle-orm';
import { posts } from '../posts/posts.table';
import { postScriptureRefs } from './scripture.table';

// "This story cites a passage overlapping [startKey, endKey]" as a condition on posts, written two
// ways (docs/decisions/046-stored-references.md): every module that lists such stories — this one,
// the feeds — selects them the same way; the queries stay in each module's repository. Expressions
// only, never a query (decision 030 on *.selection.ts).

export type KeyRange = { startKey: number; endKey: number };

/**
 * Citing rows at or above which a passage counts as common: its stories are found by walking the
 * newest stories and probing each one's rows, which stops at the page's end; below it, by taking
 * its few rows from the range index. Measured on PGlite: a row from the index costs about 0.1 ms
 * (its story read), a story walked about 0.01 ms — the two ways meet near here at 100,000 stories.
 */
export const DENSE_CITATIONS = 300;

/** The overlap written as the range index's own expression (post_scripture_refs_range_idx). */
export const overlapsRange = ({ startKey, endKey }: KeyRange): SQL =>
  sql`int4range(${postScriptureRefs.startKey}, ${postScriptureRefs.endKey}, '[]') && int4range(${startKey}::integer, ${endKey}::integer, '[]')`;

/** How many rows cite the range, counted up to DENSE_CITATIONS (a bounded read of the index). */
export const citationCount = (range: KeyRange): SQL<number> =>
  sql<number>`(select count(*)::integer from (select 1 from ${postScriptureRefs} where ${overlapsRange(range)} limit ${DENSE_CITATIONS}) as citing)`;

/**
 * The condition on posts. Rare (`dense` false): the story's id is among the index's rows, gathered
 * first (an InitPlan the planner cannot turn into a walk of every story). Common: a plain
 * comparison per story through the primary key (post_id, osis), which no range index serves, so
 * the planner walks the newest stories and stops at the page's end — left to itself, it misjudges
 * how many rows the index gives (139 estimated for 1,912 in the bench) and reads them all.
 */
export function citesRange(range: KeyRange, dense: boolean): SQL {
  return dense
    ? sql`exists (select 1 from ${postScriptureRefs} where ${postScriptureRefs.postId} = ${posts.id} and ${postScriptureRefs.startKey} <= ${range.endKey}::integer and ${postScriptureRefs.endKey} >= ${range.startKey}::integer)`
    : sql`${posts.id} = any(array(select ${postScriptureRefs.postId} from ${postScriptureRefs} where ${overlapsRange(range)}))`;
}
