import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { getDb } from '../../db';
import { posts } from '../posts/posts.table';
import { users } from '../users/users.table';
import { postTags, tags } from './tags.table';
import type { Tag } from './tags.schema';

/**
 * Makes the story's tags exactly `wanted` (in that order), creating missing tags by slug. A tag
 * keeps the first spelling anyone used. Runs on the caller's transaction.
 */
export async function replacePostTags(tx: Db, postId: string, wanted: readonly Tag[]): Promise<void> {
  await tx.delete(postTags).where(eq(postTags.postId, postId));
  await addPostTags(tx, postId, wanted);
}

/** Links tags to a story that has none yet (a new story), creating missing tags by slug. */
export async function addPostTags(tx: Db, postId: string, wanted: readonly Tag[]): Promise<void> {
  if (wanted.length === 0) return;
  await tx
    .insert(tags)
    .values(wanted.map((t) => ({ slug: t.slug, name: t.name })))
    .onConflictDoNothing();
  await tx.insert(postTags).values(wanted.map((t, position) => ({ postId, tagSlug: t.slug, position })));
}

/** The tag with this slug, or undefined. */
export async function findTagBySlug(slug: string): Promise<Tag | undefined> {
  const db = await getDb();
  const [row] = await db.select({ name: tags.name, slug: tags.slug }).from(tags).where(eq(tags.slug, slug));
  return row;
}

/** How many published stories carry the tag (by active writers unless `includeBannedWriters`). */
export async function countPublishedStoriesOfTag(
  slug: string,
  includeBannedWriters: boolean,
): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: count() })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        eq(postTags.tagSlug, slug),
        eq(posts.status, 'published'),
        includeBannedWriters ? undefined : eq(users.status, 'active'),
      ),
    );
  return Number(row?.count ?? 0);
}
