import type { Db } from '../../db';
import { eq } from 'drizzle-orm';
import { postTags, tags } from './posts-tags.table';
import type { Tag } from './posts-tags.schema';

// A story's tags (SPEC §3 Tag, §5), written on the transaction of the story's own write (the posts
// repository opens it and hands it here), so a story and its tags land together or not at all.

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
