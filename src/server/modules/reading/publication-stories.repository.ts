import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { preparedQuery, typedPlaceholder } from '../../db/prepared';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { publications } from '../publications/publications.table';
import { users } from '../users/users.table';
import {
  settle,
  selectStorySummaries,
  storySummarySelection,
  type StorySummaryRow,
} from '../posts/posts-summary.selection';
import { posts } from '../posts/posts.table';
import { publishedStory } from '../posts/posts-published.selection';

// Reads of one publication's stories: its public list (newest published first, all or one
// collection), the studio's queues (pending, scheduled, published), the review desk's list of every
// story but drafts, and the published story counts of publications and collections. Keyset pages
// (src/server/lib/cursor.ts) ordered by (sort time, id) descending, each walking one of the
// posts_publication_status_*_id indexes (or posts_collection_published_at_id_idx) backward.

/** Which of a publication's stories, each with its sort time. */
export type PublicationStoryList = 'published' | 'pending' | 'scheduled' | 'desk';

const SORT = {
  published: posts.publishedAt,
  pending: posts.createdAt,
  scheduled: posts.scheduledTime,
  desk: posts.createdAt,
} as const;

export type PublicationStoriesQuery = {
  publicationId: string;
  list: PublicationStoryList;
  /** Only the stories of this collection (which must be the publication's: the service checks). */
  collectionId?: string;
  /** Only this writer's stories. */
  authorId?: string;
  /** Include stories of banned writers (site admins only). */
  includeBannedWriters: boolean;
  cursor: Cursor | null;
  /** Rows to fetch: the page size plus one (see toPage). */
  fetch: number;
};

/** The sort time of a row of `list`, for its cursor (never null: the status guarantees it). */
export function sortTimeOf(list: PublicationStoryList, row: StorySummaryRow): Date {
  const time = {
    published: row.publishedAt,
    pending: row.createdAt,
    scheduled: row.scheduledTime,
    desk: row.createdAt,
  }[list];
  return time ?? row.createdAt;
}

const statusOf = (list: PublicationStoryList): SQL =>
  list === 'desk' ? ne(posts.status, 'draft') : eq(posts.status, list);

/** One keyset page of a publication's stories (see PublicationStoriesQuery), whatever the caller. */
export async function findPublicationStoryRows(query: PublicationStoriesQuery): Promise<StorySummaryRow[]> {
  if (query.list === 'published' && query.authorId === undefined) return findPublishedRows(query);
  const sortColumn = SORT[query.list];
  const db = await getDb();
  const rows = await db
    .select(storySummarySelection)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(publications, eq(publications.id, posts.publicationId))
    .where(
      and(
        eq(posts.publicationId, query.publicationId),
        statusOf(query.list),
        query.collectionId ? eq(posts.collectionId, query.collectionId) : undefined,
        query.authorId ? eq(posts.authorId, query.authorId) : undefined,
        query.includeBannedWriters ? undefined : eq(users.status, 'active'),
        query.cursor
          ? sql`(${sortColumn}, ${posts.id}) < (${cursorTime(query.cursor).toISOString()}::timestamptz, ${query.cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(sortColumn), desc(posts.id))
    .limit(query.fetch);
  return rows.map(settle);
}

// The public list is what anonymous readers and the publication page ask for most (the bench's
// ≥1,000 req/s): prepared statements (src/server/db/prepared.ts), one per shape so each keeps its
// index plan, with text parameters cast to their columns' types.
const param = typedPlaceholder;

function publishedListQuery(name: string, shape: { collection: boolean; after: boolean }) {
  return preparedQuery<StorySummaryRow>(
    name,
    selectStorySummaries()
      .where(
        and(
          sql`${posts.publicationId} = ${param('publicationId', 'uuid')}`,
          publishedStory,
          shape.collection ? sql`${posts.collectionId} = ${param('collectionId', 'uuid')}` : undefined,
          sql`(${users.status} = 'active' or ${param('includeBanned', 'boolean')})`,
          shape.after
            ? sql`(${posts.publishedAt}, ${posts.id}) < (${param('t', 'timestamptz')}, ${param('id', 'text')})`
            : undefined,
        ),
      )
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(sql`${param('fetch', 'integer')}` as unknown as number),
  );
}

const publishedLists = {
  first: publishedListQuery('posts_publication_published', { collection: false, after: false }),
  after: publishedListQuery('posts_publication_published_after', { collection: false, after: true }),
  collectionFirst: publishedListQuery('posts_collection_published', { collection: true, after: false }),
  collectionAfter: publishedListQuery('posts_collection_published_after', { collection: true, after: true }),
};

async function findPublishedRows(query: PublicationStoriesQuery): Promise<StorySummaryRow[]> {
  const { publicationId, collectionId, cursor } = query;
  const banned = String(query.includeBannedWriters);
  const fetch = String(query.fetch);
  // Parameters in the order they appear in the statement's text.
  const after = cursor ? [cursorTime(cursor).toISOString(), cursor.id] : [];
  const rows = collectionId
    ? await (cursor ? publishedLists.collectionAfter : publishedLists.collectionFirst)(
        publicationId,
        collectionId,
        banned,
        ...after,
        fetch,
      )
    : await (cursor ? publishedLists.after : publishedLists.first)(publicationId, banned, ...after, fetch);
  return rows.map(settle);
}

/** Published stories by active writers, counted per publication (absent ids: none). */
export async function countPublishedPerPublication(ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: posts.publicationId, count: count() })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(inArray(posts.publicationId, [...ids]), eq(posts.status, 'published'), eq(users.status, 'active')),
    )
    .groupBy(posts.publicationId);
  return new Map(rows.map((row) => [row.id!, Number(row.count)]));
}

/** Published stories by active writers, counted per collection (absent ids: none). */
export async function countPublishedPerCollection(ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: posts.collectionId, count: count() })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(inArray(posts.collectionId, [...ids]), eq(posts.status, 'published'), eq(users.status, 'active')),
    )
    .groupBy(posts.collectionId);
  return new Map(rows.map((row) => [row.id!, Number(row.count)]));
}
