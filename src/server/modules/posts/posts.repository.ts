import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db';
import { posts, type NewPostRow, type PostStatus } from './posts.table';

// Writes of stories. Every change bumps `version` (optimistic concurrency) and `updated_at`; state
// changes are conditional UPDATEs on the state they leave, so two racing requests cannot both win.

export type PostChanges = Partial<
  Omit<NewPostRow, 'id' | 'authorId' | 'version' | 'createdAt' | 'searchVector'>
>;

const bumped = () => ({ version: sql`${posts.version} + 1`, updatedAt: sql`now()` });

/**
 * Another module's part of a story write, run on the story's transaction: the tags service writes
 * the story's tags this way (a repository never writes another module's table itself).
 */
export type StoryWritePart = (tx: Db) => Promise<void>;

/** Inserts a story and runs `alsoWrite` (its tags) in the same transaction. */
export async function insertPost(row: NewPostRow, alsoWrite: StoryWritePart): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(posts).values(row);
    await alsoWrite(tx);
  });
}

/**
 * Applies content changes (and `alsoWrite`, the tags, when given) if the story is still at
 * `expectedVersion`. false: someone saved in between (or the story is gone); nothing was written.
 */
export async function updatePostIfVersion(
  id: string,
  expectedVersion: number,
  changes: PostChanges,
  alsoWrite?: StoryWritePart,
): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(posts)
      .set({ ...changes, ...bumped() })
      .where(and(eq(posts.id, id), eq(posts.version, expectedVersion)))
      .returning({ id: posts.id });
    if (!updated) return false;
    if (alsoWrite) await alsoWrite(tx);
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

/**
 * The scheduler's one effect (docs/decisions/003-jobs.md): every due scheduled story — or just
 * `postId`, if due — becomes published at its scheduled time. Idempotent: run again, it matches
 * nothing. Returns the ids it published.
 */
export async function publishDuePosts(postId?: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .update(posts)
    .set({
      status: 'published',
      publishedAt: sql`${posts.scheduledTime}`,
      scheduledTime: null,
      ...bumped(),
    })
    .where(
      and(
        postId === undefined ? undefined : eq(posts.id, postId),
        eq(posts.status, 'scheduled'),
        sql`${posts.scheduledTime} <= now()`,
      ),
    )
    .returning({ id: posts.id });
  return rows.map((row) => row.id);
}

/** Deletes a story; its tags, list entries, pins, newsletter entries and stats go with it (cascade). */
export async function deletePostRow(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  return rows.length > 0;
}
