import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { posts } from '../posts/posts.table';
import { publicationMembers, publications } from '../publications/publications.table';
import { users } from '../users/users.table';
import { listPosts, lists, type ListPrivacy, type ListRow, type NewListRow } from './lists.table';

// Reading lists and their entries (SPEC §3 List, §7 Lists). The only place lists touch Drizzle.

export type ListOwnerRow = {
  id: string;
  name: string;
  image: string | null;
  subdomain: string | null;
  status: 'active' | 'banned';
};
export type ListWithOwnerRow = ListRow & { owner: ListOwnerRow };

/**
 * Who looks at a list's stories, for the SQL filter that mirrors the policy's `story.read`
 * (DESIGN §5): published stories of active authors to everyone; the author, the story's
 * publication owner/editors too; everything to site admins. The service re-checks every row
 * with the policy itself; this filter keeps pages full.
 */
export type StoryViewer = { id: string; isSiteAdmin: boolean } | null;

function storyVisibleTo(viewer: StoryViewer): SQL | undefined {
  if (viewer?.isSiteAdmin) return undefined;
  const published = eq(posts.status, 'published');
  const active = eq(users.status, 'active');
  if (!viewer) return and(active, published);
  const onDesk = sql`exists (
    select 1 from ${publications}
    where ${publications.id} = ${posts.publicationId}
      and (${publications.ownerId} = ${viewer.id}
        or exists (select 1 from ${publicationMembers}
          where ${publicationMembers.publicationId} = ${publications.id}
            and ${publicationMembers.userId} = ${viewer.id}
            and ${publicationMembers.role} in ('publication_owner', 'publication_editor'))))`;
  return and(active, or(published, eq(posts.authorId, viewer.id), onDesk));
}

const ownerColumns = {
  id: users.id,
  name: users.name,
  image: users.image,
  subdomain: users.subdomain,
  status: users.status,
};

export async function insertList(row: NewListRow): Promise<ListRow> {
  const db = await getDb();
  const [inserted] = await db.insert(lists).values(row).returning();
  return inserted;
}

/** The list with its owner, or undefined. */
export async function findListById(id: string): Promise<ListWithOwnerRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ list: lists, owner: ownerColumns })
    .from(lists)
    .innerJoin(users, eq(users.id, lists.ownerId))
    .where(eq(lists.id, id))
    .limit(1);
  return row ? { ...row.list, owner: row.owner } : undefined;
}

/** A user's lists, newest first. */
export async function findListsByOwner(ownerId: string): Promise<ListWithOwnerRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ list: lists, owner: ownerColumns })
    .from(lists)
    .innerJoin(users, eq(users.id, lists.ownerId))
    .where(eq(lists.ownerId, ownerId))
    .orderBy(desc(lists.createdAt), desc(lists.id));
  return rows.map((row) => ({ ...row.list, owner: row.owner }));
}

export type ListChanges = { listName?: string; privacyStatus?: ListPrivacy };

/** Applies the changes; undefined when the list is gone. */
export async function updateListRow(id: string, changes: ListChanges): Promise<ListRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(lists)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(lists.id, id))
    .returning();
  return row;
}

/** Deletes the list; its entries and pins go with it (cascade). */
export async function deleteListRow(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(lists).where(eq(lists.id, id)).returning({ id: lists.id });
  return rows.length > 0;
}

export type ListStats = { postCount: number; coverImages: string[] };

/** How many stories each list holds that the viewer may see, and the latest few feature images. */
export async function findListStats(
  listIds: readonly string[],
  viewer: StoryViewer,
  coverCount: number,
): Promise<Map<string, ListStats>> {
  const stats = new Map<string, ListStats>(listIds.map((id) => [id, { postCount: 0, coverImages: [] }]));
  if (listIds.length === 0) return stats;
  const db = await getDb();
  const visible = storyVisibleTo(viewer);
  const counts = await db
    .select({ listId: listPosts.listId, count: sql<number>`count(*)::int` })
    .from(listPosts)
    .innerJoin(posts, eq(posts.id, listPosts.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(inArray(listPosts.listId, [...listIds]), visible))
    .groupBy(listPosts.listId);
  for (const row of counts) stats.get(row.listId)!.postCount = Number(row.count);

  const ranked = db
    .select({
      listId: sql<string>`${listPosts.listId}`.as('list_id'),
      image: sql<string>`${posts.featureImageUrl}`.as('image'),
      rank: sql<number>`row_number() over (partition by ${listPosts.listId} order by ${listPosts.addedAt} desc, ${listPosts.postId} desc)`.as(
        'rank',
      ),
    })
    .from(listPosts)
    .innerJoin(posts, eq(posts.id, listPosts.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(inArray(listPosts.listId, [...listIds]), sql`${posts.featureImageUrl} is not null`, visible))
    .as('ranked');
  const covers = await db
    .select({ listId: ranked.listId, image: ranked.image })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${coverCount}`)
    .orderBy(asc(ranked.listId), asc(ranked.rank));
  for (const row of covers) stats.get(row.listId)!.coverImages.push(row.image);
  return stats;
}

/** Ids of the owner's lists that hold the story. */
export async function findOwnerListIdsHoldingPost(ownerId: string, postId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: lists.id })
    .from(listPosts)
    .innerJoin(lists, eq(lists.id, listPosts.listId))
    .where(and(eq(lists.ownerId, ownerId), eq(listPosts.postId, postId)))
    .orderBy(desc(lists.createdAt), desc(lists.id));
  return rows.map((row) => row.id);
}

// PostgreSQL's foreign-key violation: the list or the story went away during the call.
const FOREIGN_KEY_VIOLATION = '23503';
function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
  }
  return false;
}

/**
 * Puts the story into the list (nothing changes when it is already there).
 * 'gone': the list or the story was deleted meanwhile.
 */
export async function insertListPost(listId: string, postId: string): Promise<'added' | 'already' | 'gone'> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(listPosts)
        .values({ listId, postId })
        .onConflictDoNothing()
        .returning({ postId: listPosts.postId });
      if (inserted.length === 0) return 'already' as const;
      await tx
        .update(lists)
        .set({ updatedAt: sql`now()` })
        .where(eq(lists.id, listId));
      return 'added' as const;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return 'gone';
    throw error;
  }
}

/** Takes the story out of the list; false when it was not there. */
export async function deleteListPost(listId: string, postId: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(listPosts)
      .where(and(eq(listPosts.listId, listId), eq(listPosts.postId, postId)))
      .returning({ postId: listPosts.postId });
    if (deleted.length === 0) return false;
    await tx
      .update(lists)
      .set({ updatedAt: sql`now()` })
      .where(eq(lists.id, listId));
    return true;
  });
}

export type ListPostKey = { postId: string; addedAt: Date };

/** One keyset page of a list's entries the viewer may see, most recently added first. */
export async function findListPostPage(query: {
  listId: string;
  viewer: StoryViewer;
  cursor: Cursor | null;
  fetch: number;
}): Promise<ListPostKey[]> {
  const db = await getDb();
  const conditions: (SQL | undefined)[] = [
    eq(listPosts.listId, query.listId),
    storyVisibleTo(query.viewer),
    query.cursor
      ? sql`(${listPosts.addedAt}, ${listPosts.postId}) < (${cursorTime(query.cursor).toISOString()}::timestamptz, ${query.cursor.id})`
      : undefined,
  ];
  return db
    .select({ postId: listPosts.postId, addedAt: listPosts.addedAt })
    .from(listPosts)
    .innerJoin(posts, eq(posts.id, listPosts.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(...conditions))
    .orderBy(desc(listPosts.addedAt), desc(listPosts.postId))
    .limit(query.fetch);
}
