import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { dailyVerses, type DailyVerseRow, type NewDailyVerseRow } from './daily-verses.table';

// The verse of the day's staff list (docs/decisions/049-verse-of-the-day.md): the only SQL of
// daily_verses. The list is small (DAILY_VERSES_MAX rows at most): it is read whole by the staff
// area, and the day's choice reads the verses scheduled for that day plus the rotation.

const rotationOrder = [asc(dailyVerses.position), asc(dailyVerses.createdAt), asc(dailyVerses.id)];

/** Every verse: the scheduled ones by day (then as added), then the rotation in order. */
export async function findAllDailyVerses(): Promise<DailyVerseRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(dailyVerses)
    .orderBy(sql`${dailyVerses.scheduledFor} asc nulls last`, ...rotationOrder);
}

/** The verses a day's choice looks at: those scheduled for `date`, and the rotation. */
export async function findDailyVerseCandidates(date: string): Promise<DailyVerseRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(dailyVerses)
    .where(or(eq(dailyVerses.scheduledFor, date), isNull(dailyVerses.scheduledFor)));
}

export async function findDailyVerse(id: string): Promise<DailyVerseRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(dailyVerses).where(eq(dailyVerses.id, id));
  return row;
}

export async function countDailyVerses(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(dailyVerses);
  return Number(row?.n ?? 0);
}

/** The verses scheduled for `date`, other than `exceptId`. */
export async function findVersesScheduledFor(date: string, exceptId?: string): Promise<DailyVerseRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(dailyVerses)
    .where(
      and(eq(dailyVerses.scheduledFor, date), exceptId ? sql`${dailyVerses.id} <> ${exceptId}` : undefined),
    );
}

/** The position after every verse's: where a new verse joins the rotation. */
const nextPosition = sql<number>`(select coalesce(max(${dailyVerses.position}), 0) + 1 from ${dailyVerses})`;

/** Adds a verse at the end of the rotation's order. */
export async function insertDailyVerse(row: Omit<NewDailyVerseRow, 'position'>): Promise<DailyVerseRow> {
  const db = await getDb();
  const [created] = await db
    .insert(dailyVerses)
    .values({ ...row, position: nextPosition })
    .returning();
  return created!;
}

/**
 * Changes a verse's day or language. A verse that comes back into the rotation (its day set to
 * null) joins it at the end. Undefined when there is no such verse.
 */
export async function updateDailyVerseRow(
  id: string,
  changes: Partial<Pick<DailyVerseRow, 'scheduledFor' | 'language'>>,
  rejoinsRotation: boolean,
): Promise<DailyVerseRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(dailyVerses)
    .set({ ...changes, ...(rejoinsRotation && { position: nextPosition }), updatedAt: sql`now()` })
    .where(eq(dailyVerses.id, id))
    .returning();
  return row;
}

/**
 * Moves the verse one place earlier ('up') or later ('down') in the rotation, in one transaction
 * that holds the rotation's rows. Positions are renumbered 1…n in the rotation's order as it goes,
 * so two verses that were added at the same instant (the same position) are told apart too.
 * Answers the verse as it is now; undefined when there is no such verse; null when it is scheduled
 * (not in the rotation). At either end it stays where it is.
 */
export async function moveDailyVerse(
  id: string,
  direction: 'up' | 'down',
): Promise<DailyVerseRow | null | undefined> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [verse] = await tx.select().from(dailyVerses).where(eq(dailyVerses.id, id)).for('update');
    if (!verse) return undefined;
    if (verse.scheduledFor !== null) return null;
    const rotation = await tx
      .select({ id: dailyVerses.id, position: dailyVerses.position })
      .from(dailyVerses)
      .where(isNull(dailyVerses.scheduledFor))
      .orderBy(...rotationOrder)
      .for('update');
    const from = rotation.findIndex((row) => row.id === id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= rotation.length) return verse;
    [rotation[from], rotation[to]] = [rotation[to]!, rotation[from]!];
    let moved = verse;
    for (const [index, row] of rotation.entries()) {
      if (row.position === index + 1 && row.id !== id) continue;
      const [updated] = await tx
        .update(dailyVerses)
        .set({ position: index + 1, updatedAt: sql`now()` })
        .where(eq(dailyVerses.id, row.id))
        .returning();
      if (updated && updated.id === id) moved = updated;
    }
    return moved;
  });
}

/** Removes a verse; false when there was none. */
export async function deleteDailyVerseRow(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(dailyVerses).where(eq(dailyVerses.id, id)).returning({ id: dailyVerses.id });
  return rows.length > 0;
}
