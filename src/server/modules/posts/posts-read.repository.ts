import { eq, sql } from 'drizzle-orm';
import { namedColumns, preparedQuery, queryBuilder, textArrayParameter } from '../../db/prepared';
import { publications } from '../publications/publications.table';
import { users } from '../users/users.table';
import {
  namedJoined,
  postColumns,
  settle,
  storySummaryNamedColumns,
  type StoryRow,
  type StorySummaryRow,
} from './posts-summary.selection';
import { posts } from './posts.table';

// Reads of one story, and of summaries by id: what every ranked or curated list is hydrated with.

// A story by id, asked on every read and write of one: a prepared statement
// (src/server/db/prepared.ts), its columns named as StoryRow's fields.
const storyByIdQuery = preparedQuery<StoryRow>(
  'posts_story_by_id',
  queryBuilder
    .select(namedColumns({ ...postColumns, ...namedJoined() }))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(publications, eq(publications.id, posts.publicationId))
    .where(eq(posts.id, sql.placeholder('id'))),
);

/** A story with its body, whatever its state (the service decides who may see it). */
export async function findStoryRowById(id: string): Promise<StoryRow | undefined> {
  const [row] = await storyByIdQuery(id);
  return row && settle(row);
}

// Summaries by id hydrate every ranked or curated list (search, home sets, lists): one prepared
// statement whatever the number of ids, so PGlite plans it once rather than per page.
const storySummariesByIdsQuery = preparedQuery<StorySummaryRow>(
  'posts_story_summaries_by_ids',
  queryBuilder
    .select(storySummaryNamedColumns())
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(publications, eq(publications.id, posts.publicationId))
    .where(sql`${posts.id} = any(${sql.placeholder('ids')}::text[])`),
);

/** Summaries of these stories (no bodies), whatever their state, in one query; missing ids are absent. */
export async function findStorySummaryRowsByIds(ids: readonly string[]): Promise<StorySummaryRow[]> {
  if (ids.length === 0) return [];
  return (await storySummariesByIdsQuery(textArrayParameter(ids))).map(settle);
}
