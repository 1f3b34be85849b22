import type { Db } from '@/server/db/client';
import { listPosts, lists, pins, type ListPrivacy, type ListRow, type PinRow } from '@/server/db/schema';
import { newUuid } from '@/server/lib/ids';
import { createUser, uniqueSuffix } from './users';

type Ref = { id: string };

export async function createList(
  db: Db,
  input: {
    owner?: Ref;
    listName?: string;
    privacyStatus?: ListPrivacy;
    posts?: Ref[];
    createdAt?: Date;
  } = {},
): Promise<ListRow> {
  const owner = input.owner ?? (await createUser(db));
  const [row] = await db
    .insert(lists)
    .values({
      id: newUuid(),
      ownerId: owner.id,
      listName: input.listName ?? `Reading list ${uniqueSuffix().slice(0, 4)}`,
      privacyStatus: input.privacyStatus ?? 'public',
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
    })
    .returning();
  for (const post of input.posts ?? []) await addPostToList(db, { list: row, post });
  return row;
}

export async function addPostToList(db: Db, input: { list: Ref; post: Ref; addedAt?: Date }): Promise<void> {
  await db.insert(listPosts).values({ listId: input.list.id, postId: input.post.id, addedAt: input.addedAt });
}

/** Pins a story on the user's profile, or inside one of their lists. */
export async function createPin(db: Db, input: { user: Ref; post: Ref; list?: Ref | null }): Promise<PinRow> {
  const [row] = await db
    .insert(pins)
    .values({ id: newUuid(), userId: input.user.id, postId: input.post.id, listId: input.list?.id ?? null })
    .returning();
  return row;
}
