import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { users } from '../users/users.table';
import { posts } from './posts.table';
import { publishedStory } from './posts-published.selection';

// The home page's story queries: keys only (id, publishedAt); the service hydrates them with
// listVisibleStorySummaries. Both walk posts_language_published_at_id_idx
// (language_code, published_at, id) backward, so page 1 and page 5,000 cost the same.

export type LatestPostKey = { id: string; publishedAt: Date };

export type LatestPostsQuery = {
  languageCode: string;
  cursor: Cursor | null;
  /** Rows to fetch: the page size plus one (see toPage). */
  fetch: number;
  includeBannedWriters: boolean;
};

/** One keyset page of the language's published stories, newest published first. */
export async function findLatestPostKeys(query: LatestPostsQuery): Promise<LatestPostKey[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: posts.id, publishedAt: posts.publishedAt })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        eq(posts.languageCode, query.languageCode),
        publishedStory,
        query.includeBannedWriters ? undefined : eq(users.status, 'active'),
        query.cursor
          ? sql`(${posts.publishedAt}, ${posts.id}) < (${cursorTime(query.cursor).toISOString()}::timestamptz, ${query.cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(posts.languageCode), desc(posts.publishedAt), desc(posts.id))
    .limit(query.fetch);
  // A published story always has publishedAt (check posts_published_has_time).
  return rows.map((row) => ({ id: row.id, publishedAt: row.publishedAt! }));
}
