import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { posts } from '../posts/posts.table';
import type { StaffSearchQuery } from './posts-search.schema';

// The staff area's search of every story (issue 13): any status, any writer (banned ones too), by
// words (the same search vector as the public search), status, language and writer; newest created
// first by the (created_at, id) keyset.

/** One page of story ids and creation times; `fetch` rows (one more than the page). */
export async function findStaffSearchKeys(
  filters: Pick<StaffSearchQuery, 'status' | 'languageCode' | 'authorId'> & { queryText: string },
  cursor: Cursor | null,
  fetch: number,
): Promise<{ id: string; createdAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(
      and(
        filters.status ? eq(posts.status, filters.status) : undefined,
        filters.languageCode ? eq(posts.languageCode, filters.languageCode) : undefined,
        filters.authorId ? eq(posts.authorId, filters.authorId) : undefined,
        filters.queryText
          ? sql`${posts.searchVector} @@ websearch_to_tsquery('simple', ${filters.queryText})`
          : undefined,
        cursor
          ? sql`(${posts.createdAt}, ${posts.id}) < (${cursorTime(cursor).toISOString()}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(fetch);
}
