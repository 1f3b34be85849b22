import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { posts } from '../posts/posts.table';
import { users } from '../users/users.table';
import { subtopicPosts, subtopics, type SubtopicRow } from './subtopics.table';

// Reads of subtopics. A subtopic has no tag of its own: it belongs to the tags its published
// stories carry (the demo's "Peace in Anxiety" gathers stories tagged anxiety), so a tag page shows
// every subtopic that holds at least one of the tag's stories.

export type SubtopicWithCount = SubtopicRow & { storyCount: number };

/**
 * A story a reader may see through a subtopic: published, by an active writer unless told otherwise.
 * Columns are written out with their tables: Drizzle leaves them off in a one-table select, where
 * they would be ambiguous inside these subqueries.
 */
const publishedBy = (includeBannedWriters: boolean): SQL =>
  sql.raw(
    includeBannedWriters
      ? `"posts"."status" = 'published'`
      : `"posts"."status" = 'published' and "users"."status" = 'active'`,
  );

/** Published stories in the subtopic, as a correlated count. */
const storyCount = (includeBannedWriters: boolean) => sql<number>`(
  select count(*)::int from "subtopic_posts"
    join "posts" on "posts"."id" = "subtopic_posts"."post_id"
    join "users" on "users"."id" = "posts"."author_id"
   where "subtopic_posts"."subtopic_id" = "subtopics"."id" and ${publishedBy(includeBannedWriters)})`;

/** The subtopics holding a published story with this tag, oldest first, each with its story count. */
export async function findSubtopicsOfTag(
  tagSlug: string,
  includeBannedWriters: boolean,
): Promise<SubtopicWithCount[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: subtopics.id,
      slug: subtopics.slug,
      subtopicName: subtopics.subtopicName,
      description: subtopics.description,
      createdAt: subtopics.createdAt,
      storyCount: storyCount(includeBannedWriters),
    })
    .from(subtopics)
    .where(
      sql`exists (
        select 1 from "subtopic_posts"
          join "post_tags" on "post_tags"."post_id" = "subtopic_posts"."post_id"
          join "posts" on "posts"."id" = "subtopic_posts"."post_id"
          join "users" on "users"."id" = "posts"."author_id"
         where "subtopic_posts"."subtopic_id" = "subtopics"."id"
           and "post_tags"."tag_slug" = ${tagSlug}
           and ${publishedBy(includeBannedWriters)})`,
    )
    .orderBy(asc(subtopics.createdAt), asc(subtopics.id));
  return rows.map((row) => ({ ...row, storyCount: Number(row.storyCount) }));
}

/** The subtopic with this id, with its published story count, or undefined. */
export async function findSubtopicById(
  id: string,
  includeBannedWriters: boolean,
): Promise<SubtopicWithCount | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: subtopics.id,
      slug: subtopics.slug,
      subtopicName: subtopics.subtopicName,
      description: subtopics.description,
      createdAt: subtopics.createdAt,
      storyCount: storyCount(includeBannedWriters),
    })
    .from(subtopics)
    .where(eq(subtopics.id, id));
  return row && { ...row, storyCount: Number(row.storyCount) };
}

/**
 * The ids of the subtopic's published stories (by active writers unless `includeBannedWriters`) in
 * the order staff gave them, at most `limit`.
 */
export async function findSubtopicPostIds(
  subtopicId: string,
  includeBannedWriters: boolean,
  limit: number,
): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ postId: subtopicPosts.postId })
    .from(subtopicPosts)
    .innerJoin(posts, eq(posts.id, subtopicPosts.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(subtopicPosts.subtopicId, subtopicId), publishedBy(includeBannedWriters)))
    .orderBy(asc(subtopicPosts.position), asc(subtopicPosts.postId))
    .limit(limit);
  return rows.map((row) => row.postId);
}
