import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { posts } from '../posts/posts.table';
import { users } from '../users/users.table';
import { subtopicPosts, subtopics, type NewSubtopicRow, type SubtopicRow } from './subtopics.table';

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

/** A subtopic's columns and its published story count: the shape of every subtopic list. */
const withStoryCount = (includeBannedWriters: boolean) => ({
  id: subtopics.id,
  slug: subtopics.slug,
  subtopicName: subtopics.subtopicName,
  description: subtopics.description,
  createdAt: subtopics.createdAt,
  storyCount: storyCount(includeBannedWriters),
});

/** The subtopics holding a published story with this tag, oldest first, each with its story count. */
export async function findSubtopicsOfTag(
  tagSlug: string,
  includeBannedWriters: boolean,
): Promise<SubtopicWithCount[]> {
  const db = await getDb();
  const rows = await db
    .select(withStoryCount(includeBannedWriters))
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
    .select(withStoryCount(includeBannedWriters))
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

// ---- Staff's writes (issue 13) ------------------------------------------------------------------

/** Every subtopic, oldest first, with its published story count (the staff area's list). */
export async function findAllSubtopics(includeBannedWriters: boolean): Promise<SubtopicWithCount[]> {
  const db = await getDb();
  const rows = await db
    .select(withStoryCount(includeBannedWriters))
    .from(subtopics)
    .orderBy(asc(subtopics.createdAt), asc(subtopics.id));
  return rows.map((row) => ({ ...row, storyCount: Number(row.storyCount) }));
}

/** Inserts a subtopic; undefined when its slug is taken. */
export async function insertSubtopic(row: NewSubtopicRow): Promise<SubtopicRow | undefined> {
  const db = await getDb();
  const [created] = await db.insert(subtopics).values(row).onConflictDoNothing().returning();
  return created;
}

/** Changes a subtopic's name or description; undefined when there is no such subtopic. */
export async function updateSubtopicRow(
  id: string,
  changes: Partial<Pick<SubtopicRow, 'subtopicName' | 'description'>>,
): Promise<SubtopicRow | undefined> {
  const db = await getDb();
  if (Object.keys(changes).length === 0) {
    const [row] = await db.select().from(subtopics).where(eq(subtopics.id, id));
    return row;
  }
  const [row] = await db.update(subtopics).set(changes).where(eq(subtopics.id, id)).returning();
  return row;
}

/** Deletes a subtopic (its story links go with it); false when there was none. */
export async function deleteSubtopicRow(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(subtopics).where(eq(subtopics.id, id)).returning({ id: subtopics.id });
  return rows.length > 0;
}

/** Which of these story ids exist. */
export async function findExistingPostIds(ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(inArray(posts.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** Replaces the subtopic's stories with these, in this order, in one transaction. */
export async function replaceSubtopicPosts(subtopicId: string, postIds: readonly string[]): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(subtopicPosts).where(eq(subtopicPosts.subtopicId, subtopicId));
    if (postIds.length > 0) {
      await tx
        .insert(subtopicPosts)
        .values(postIds.map((postId, position) => ({ subtopicId, postId, position })));
    }
  });
}

/** All story ids of the subtopic in order, whatever their state (the staff area's assignment list). */
export async function findAllSubtopicPostIds(subtopicId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ postId: subtopicPosts.postId })
    .from(subtopicPosts)
    .where(eq(subtopicPosts.subtopicId, subtopicId))
    .orderBy(asc(subtopicPosts.position), asc(subtopicPosts.postId));
  return rows.map((row) => row.postId);
}
