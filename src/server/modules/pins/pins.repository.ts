import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { pins, type NewPinRow, type PinRow } from './pins.table';

// The only place pins touch Drizzle. A pin is on the profile (list_id null) or inside one list;
// (user, post, list) is unique, nulls not distinct.

const place = (userId: string, listId: string | null): SQL =>
  and(eq(pins.userId, userId), listId === null ? isNull(pins.listId) : eq(pins.listId, listId))!;

export async function findPin(
  userId: string,
  postId: string,
  listId: string | null,
): Promise<PinRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(pins)
    .where(and(place(userId, listId), eq(pins.postId, postId)))
    .limit(1);
  return row;
}

/** Inserts the pin; undefined when the same pin exists already (two clicks racing: one row). */
export async function insertPin(row: NewPinRow): Promise<PinRow | undefined> {
  const db = await getDb();
  const [inserted] = await db.insert(pins).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function deletePin(userId: string, postId: string, listId: string | null): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(pins)
    .where(and(place(userId, listId), eq(pins.postId, postId)))
    .returning({ id: pins.id });
  return rows.length > 0;
}

export async function countPins(userId: string, listId: string | null): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(pins).where(place(userId, listId));
  return Number(row?.n ?? 0);
}

/** Ids of the pinned stories of one place, latest pin first. */
export async function findPinnedPostIds(
  userId: string,
  listId: string | null,
  limit: number,
): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ postId: pins.postId })
    .from(pins)
    .where(place(userId, listId))
    .orderBy(desc(pins.pinnedAt), desc(pins.id))
    .limit(limit);
  return rows.map((row) => row.postId);
}
