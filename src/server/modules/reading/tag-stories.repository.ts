import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { postTags } from '../posts/posts-tags.table';
import { users } from '../users/users.table';
import { posts } from '../posts/posts.table';
import { publishedStory } from '../posts/posts-published.selection';

// A tag's published stories, newest first, as keyset pages (src/server/lib/cursor.ts): only ids and
// sort times here; posts-read.service hydrates them like every other list. For a common tag
// PostgreSQL walks posts_published_at_id_idx backward from the cursor and checks each story in
// post_tags_tag_post_idx (tag_slug, post_id), stopping at the page's end; for a rare one it takes the
// tag's few entries from that index and keeps the newest. Neither sorts every story of a big tag
// (tests/api/tags.api.test.ts asserts the plans).

export type TagStoriesQuery = {
  tagSlug: string;
  /** Include stories of banned writers (site admins only). */
  includeBannedWriters: boolean;
  cursor: Cursor | null;
  /** Rows to fetch: the page size plus one (see toPage). */
  fetch: number;
};

export type TagStoryKey = { id: string; publishedAt: Date };

/** One keyset page of the tag's published stories, ordered by (published_at, id) descending. */
export async function findTagStoryKeys(query: TagStoriesQuery): Promise<TagStoryKey[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: posts.id, publishedAt: posts.publishedAt })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        eq(postTags.tagSlug, query.tagSlug),
        publishedStory,
        query.includeBannedWriters ? undefined : eq(users.status, 'active'),
        query.cursor
          ? sql`(${posts.publishedAt}, ${posts.id}) < (${cursorTime(query.cursor).toISOString()}::timestamptz, ${query.cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(query.fetch);
  // The status guarantees a publication time (posts_published_has_time).
  return rows.map((row) => ({ id: row.id, publishedAt: row.publishedAt! }));
}
