import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { collections, publicationMembers, publications } from '../publications/publications.table';
import { addPostTags, replacePostTags } from '../tags/tags.repository';
import type { Tag } from '../tags/tags.schema';
import { posts, type NewPostRow, type PostStatus } from './posts.table';

// Writes of stories. Every change bumps `version` (optimistic concurrency) and `updated_at`; state
// changes are conditional UPDATEs on the state they leave, so two racing requests cannot both win.

export type PostChanges = Partial<
  Omit<NewPostRow, 'id' | 'authorId' | 'version' | 'createdAt' | 'searchVector'>
>;

const bumped = () => ({ version: sql`${posts.version} + 1`, updatedAt: sql`now()` });

/** Inserts a story and its tags in one transaction. */
export async function insertPostWithTags(row: NewPostRow, tagList: readonly Tag[]): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(posts).values(row);
    await addPostTags(tx, row.id, tagList);
  });
}

/**
 * Applies content changes (and the tags, when given) if the story is still at `expectedVersion`.
 * false: someone saved in between (or the story is gone); nothing was written.
 */
export async function updatePostIfVersion(
  id: string,
  expectedVersion: number,
  changes: PostChanges,
  tagList?: readonly Tag[],
): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(posts)
      .set({ ...changes, ...bumped() })
      .where(and(eq(posts.id, id), eq(posts.version, expectedVersion)))
      .returning({ id: posts.id });
    if (!updated) return false;
    if (tagList) await replacePostTags(tx, id, tagList);
    return true;
  });
}

/** Moves a story from one of `from` to the state in `changes`; false when it was no longer in `from`. */
export async function transitionPost(
  id: string,
  from: readonly PostStatus[],
  changes: PostChanges & { status: PostStatus },
): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(posts)
    .set({ ...changes, ...bumped() })
    .where(and(eq(posts.id, id), inArray(posts.status, [...from])))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** Deletes a story; its tags, list entries, pins, newsletter entries and stats go with it (cascade). */
export async function deletePostRow(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  return rows.length > 0;
}

export type MemberRole = 'publication_owner' | 'publication_editor' | 'publication_author';

/**
 * How a user stands to a publication: undefined when the publication does not exist; role null
 * when they are not a member. The creator counts as owner even without a member row.
 */
export async function findPublicationMembership(
  publicationId: string,
  userId: string,
): Promise<{ role: MemberRole | null } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ ownerId: publications.ownerId, role: publicationMembers.role })
    .from(publications)
    .leftJoin(
      publicationMembers,
      and(eq(publicationMembers.publicationId, publications.id), eq(publicationMembers.userId, userId)),
    )
    .where(eq(publications.id, publicationId))
    .limit(1);
  if (!row) return undefined;
  return { role: row.ownerId === userId ? 'publication_owner' : row.role };
}

/** The publication a collection belongs to, or undefined when there is no such collection. */
export async function findCollectionPublicationId(collectionId: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ publicationId: collections.publicationId })
    .from(collections)
    .where(eq(collections.id, collectionId))
    .limit(1);
  return row?.publicationId;
}
