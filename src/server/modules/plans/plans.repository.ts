import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '../../db';
import { localDateAt, localInstant, nextLocalDate } from '../../db/local-time';
import { subscriptions } from '../newsletters/newsletters.table';
import { publications } from '../publications/publications.table';
import { PLAN_ACTIVE_WITHIN_DAYS } from './plans.limits';
import {
  planDays,
  planReaders,
  planReads,
  plans,
  type NewPlanReaderRow,
  type NewPlanRow,
  type PlanReaderRow,
  type PlanRow,
} from './plans.table';

// Reading plans, their days, readers and reads: every query but the sending side's
// (plan-deliveries.repository.ts). docs/decisions/050-reading-plans.md.

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type PlanDayValues = { day: number; postId: string; passages: string[] };

/** Run on a plan's writing transaction: moves its publication's page version (the page lists its plans). */
export type PlanWriteTouch = (tx: Db) => Promise<void>;

/**
 * The local date of a reader's first mail: today in their zone while their send time is still ahead,
 * else tomorrow. `r` is the readers' alias in the statement. Local times are db/local-time.ts's, shared
 * with the notifications' digest.
 */
const FIRST_SEND_DATE = nextLocalDate(sql`r.send_at`, sql`r.time_zone`);

/** When day `day` is due: the send time on local date start_date + day - 1, in the reader's zone. */
export const dueAtSql = (startDate: SQL, day: SQL): SQL =>
  localInstant(sql`(${startDate})::date + ((${day}) - 1)`, sql`r.send_at`, sql`r.time_zone`);

// ---------------------------------------------------------------------------------------------------
// Plans and days
// ---------------------------------------------------------------------------------------------------

export async function insertPlan(
  row: NewPlanRow & { id: string },
  days: PlanDayValues[],
  touch: PlanWriteTouch,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(plans).values(row);
    await tx.insert(planDays).values(days.map((day) => ({ planId: row.id, ...day })));
    await touch(tx);
  });
}

/**
 * Changes the plan; `days`, when given, replace its days, and every active reader's schedule follows
 * the new length (a reader whose mails had ended gets the days added; one past the end gets no more).
 */
export async function updatePlanRow(
  id: string,
  changes: Partial<Pick<PlanRow, 'title' | 'description'>>,
  days: PlanDayValues[] | undefined,
  touch: PlanWriteTouch,
): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(plans)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(plans.id, id))
      .returning({ id: plans.id });
    if (updated.length === 0) return false;
    if (days) {
      await tx.delete(planDays).where(eq(planDays.planId, id));
      await tx.insert(planDays).values(days.map((day) => ({ planId: id, ...day })));
      await tx.execute(sql`
        update plan_readers r set next_due_at = case when r.next_day <= ${days.length}
          then ${dueAtSql(sql`r.start_date`, sql`r.next_day`)} else null end
        where r.plan_id = ${id} and r.status = 'active' and r.start_date is not null`);
    }
    await touch(tx);
    return true;
  });
}

/** Deletes the plan (its days, readers, reads and deliveries cascade); answers its topic, or null. */
export async function deletePlanRow(id: string, touch: PlanWriteTouch): Promise<string | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(plans).where(eq(plans.id, id)).returning({ topicId: plans.topicId });
    if (!row) return null;
    await touch(tx);
    return row.topicId;
  });
}

export type PlanWithPublication = PlanRow & {
  publication: { id: string; name: string; subdomain: string };
};

export async function findPlan(id: string): Promise<PlanWithPublication | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      plan: plans,
      publication: { id: publications.id, name: publications.name, subdomain: publications.subdomain },
    })
    .from(plans)
    .innerJoin(publications, eq(publications.id, plans.publicationId))
    .where(eq(plans.id, id));
  return row && { ...row.plan, publication: row.publication };
}

/** The page cache's fingerprint of a plan: its last change, or null when there is no such plan. */
export async function findPlanVersion(id: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ v: sql<string>`(extract(epoch from ${plans.updatedAt}) * 1000)::bigint::text` })
    .from(plans)
    .where(eq(plans.id, id));
  return row?.v ?? null;
}

export async function findPlanDays(planId: string) {
  const db = await getDb();
  return db
    .select({ day: planDays.day, postId: planDays.postId, passages: planDays.passages })
    .from(planDays)
    .where(eq(planDays.planId, planId))
    .orderBy(asc(planDays.day));
}

export async function findPlansOfPublication(publicationId: string): Promise<PlanRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(plans)
    .where(eq(plans.publicationId, publicationId))
    .orderBy(desc(plans.createdAt), desc(plans.id));
}

/** The publication page's list of its plans: each with its number of days, newest first. */
export async function findPlanListOfPublication(
  publicationId: string,
): Promise<{ id: string; title: string; totalDays: number }[]> {
  const db = await getDb();
  return db
    .select({
      id: plans.id,
      title: plans.title,
      totalDays: sql<number>`(select count(*)::int from ${planDays} where ${planDays.planId} = ${plans.id})`,
    })
    .from(plans)
    .where(eq(plans.publicationId, publicationId))
    .orderBy(desc(plans.createdAt), desc(plans.id));
}

export async function countPlansOfPublication(publicationId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(plans)
    .where(eq(plans.publicationId, publicationId));
  return row?.n ?? 0;
}

/** Days per plan; every id given is in the map. */
export async function countPlanDays(planIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(planIds.map((id) => [id, 0]));
  if (planIds.length === 0) return counts;
  const db = await getDb();
  const rows = await db
    .select({ planId: planDays.planId, n: sql<number>`count(*)::int` })
    .from(planDays)
    .where(inArray(planDays.planId, [...planIds]))
    .groupBy(planDays.planId);
  for (const row of rows) counts.set(row.planId, row.n);
  return counts;
}

export type PlanReaderCounts = { unconfirmed: number; started: number; active: number; finished: number };

/** The owner's figures per plan (docs/decisions/050: "active" is a day read or mailed within a week). */
export async function countPlanReaders(planIds: readonly string[]): Promise<Map<string, PlanReaderCounts>> {
  const counts = new Map(planIds.map((id) => [id, { unconfirmed: 0, started: 0, active: 0, finished: 0 }]));
  if (planIds.length === 0) return counts;
  const db = await getDb();
  const rows = await db
    .select({
      planId: planReaders.planId,
      unconfirmed: sql<number>`(count(*) filter (where ${planReaders.status} = 'unconfirmed'))::int`,
      started: sql<number>`(count(*) filter (where ${planReaders.status} <> 'unconfirmed'))::int`,
      active: sql<number>`(count(*) filter (where ${planReaders.status} = 'active'
        and ${planReaders.lastActiveAt} >= now() - make_interval(days => ${PLAN_ACTIVE_WITHIN_DAYS})))::int`,
      finished: sql<number>`(count(*) filter (where ${planReaders.status} = 'finished'))::int`,
    })
    .from(planReaders)
    .where(inArray(planReaders.planId, [...planIds]))
    .groupBy(planReaders.planId);
  for (const { planId, ...row } of rows) counts.set(planId, row);
  return counts;
}

// ---------------------------------------------------------------------------------------------------
// Readers
// ---------------------------------------------------------------------------------------------------

export type ReaderState = PlanReaderRow & {
  totalDays: number;
  /** The subscription's status; null when it is gone. */
  subscriptionStatus: 'pending' | 'active' | 'unsubscribed' | null;
  bounced: boolean;
};

const readerColumns = {
  reader: planReaders,
  totalDays: sql<number>`(select count(*)::int from ${planDays} d where d.plan_id = ${planReaders.planId})`,
  subscriptionStatus: subscriptions.status,
  bounced: sql<boolean>`(${subscriptions.bouncedAt} is not null)`,
};

async function selectReaders(where: SQL | undefined): Promise<ReaderState[]> {
  const db = await getDb();
  const rows = await db
    .select(readerColumns)
    .from(planReaders)
    .leftJoin(subscriptions, eq(subscriptions.id, planReaders.subscriptionId))
    .where(where)
    .orderBy(desc(planReaders.createdAt), desc(planReaders.id));
  return rows.map(({ reader, totalDays, subscriptionStatus, bounced }) => ({
    ...reader,
    totalDays,
    subscriptionStatus,
    bounced: bounced === true || (bounced as unknown) === 't',
  }));
}

export const findReader = async (id: string) => (await selectReaders(eq(planReaders.id, id)))[0];

export const findReaderOfUser = async (planId: string, userId: string) =>
  (await selectReaders(and(eq(planReaders.planId, planId), eq(planReaders.userId, userId))))[0];

export const findReaderOfSubscription = async (subscriptionId: string) =>
  (await selectReaders(eq(planReaders.subscriptionId, subscriptionId)))[0];

/** Every plan the user started, newest first. */
export const findReadersOfUser = (userId: string) => selectReaders(eq(planReaders.userId, userId));

/** Inserts the reader; undefined when one exists already for the user or the subscription. */
export async function insertReader(row: NewPlanReaderRow & { id: string }): Promise<string | undefined> {
  const db = await getDb();
  const [inserted] = await db
    .insert(planReaders)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: planReaders.id });
  return inserted?.id;
}

/**
 * A reader's new address, zone or time. An active reader's next day is then due at the new time on
 * its own local date (a time already past today is mailed at once).
 */
export async function updateReaderPreferences(
  id: string,
  changes: Pick<PlanReaderRow, 'timeZone' | 'sendAt' | 'email' | 'subscriptionId'> & { userId?: string },
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(planReaders).set(changes).where(eq(planReaders.id, id));
    await tx.execute(sql`
      update plan_readers r set next_due_at = ${dueAtSql(sql`r.start_date`, sql`r.next_day`)}
      where r.id = ${id} and r.status = 'active' and r.next_due_at is not null and r.start_date is not null`);
  });
}

/**
 * Unconfirmed readers whose subscription is now active (confirmed, or the signed-in reader's own
 * address) become active: day 1 is due at their send time, today if it is still ahead, else
 * tomorrow. Idempotent (only 'unconfirmed' rows move). Answers the readers started.
 */
export async function activatePendingReaders(
  subscriptionId?: string,
): Promise<{ id: string; nextDueAt: Date }[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    update plan_readers r set status = 'active', started_at = now(), start_date = ${FIRST_SEND_DATE},
      next_day = 1, next_due_at = ${dueAtSql(FIRST_SEND_DATE, sql`1`)}, last_active_at = now()
    from subscriptions s
    where r.status = 'unconfirmed' and s.id = r.subscription_id and s.status = 'active' and s.bounced_at is null
      ${subscriptionId ? sql`and r.subscription_id = ${subscriptionId}` : sql``}
    returning r.id, r.next_due_at as "nextDueAt"`);
  return rowsOf<{ id: string; nextDueAt: Date | string }>(result).map((row) => ({
    id: row.id,
    nextDueAt: new Date(row.nextDueAt),
  }));
}

/**
 * Marks a day read, on the reader's local date; the reader is finished once every day is read (their
 * mails stop). Idempotent: a day read twice keeps its first date. Answers whether it was new.
 */
export async function markDayRead(readerId: string, day: number): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const inserted = rowsOf<{ day: number }>(
      await tx.execute(sql`
        insert into plan_reads (reader_id, day, read_on)
        select r.id, ${day}, ${localDateAt(sql`r.time_zone`)} from plan_readers r where r.id = ${readerId}
        on conflict do nothing
        returning day`),
    );
    await tx.execute(sql`
      update plan_readers r set last_active_at = now(),
        status = case when done.n >= done.total and done.total > 0 then 'finished' else r.status end,
        finished_at = case when done.n >= done.total and done.total > 0 then coalesce(r.finished_at, now()) else r.finished_at end,
        next_due_at = case when done.n >= done.total and done.total > 0 then null else r.next_due_at end
      from (select
          (select count(*) from plan_reads pr join plan_days d on d.day = pr.day
            where pr.reader_id = ${readerId} and d.plan_id = x.plan_id) as n,
          (select count(*) from plan_days d where d.plan_id = x.plan_id) as total
        from plan_readers x where x.id = ${readerId}) done
      where r.id = ${readerId} and r.status <> 'unconfirmed'`);
    return inserted.length > 0;
  });
}

export type ReadDay = { readerId: string; day: number; readOn: string };

export async function findReads(readerIds: readonly string[]): Promise<ReadDay[]> {
  if (readerIds.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      readerId: planReads.readerId,
      day: planReads.day,
      readOn: sql<string>`${planReads.readOn}::text`,
    })
    .from(planReads)
    .where(inArray(planReads.readerId, [...readerIds]))
    .orderBy(asc(planReads.readerId), asc(planReads.day));
}

/** The titles and publications of these plans, for a reader's own list. */
export async function findPlanTitles(
  planIds: readonly string[],
): Promise<Map<string, { title: string; publicationName: string }>> {
  if (planIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: plans.id, title: plans.title, publicationName: publications.name })
    .from(plans)
    .innerJoin(publications, eq(publications.id, plans.publicationId))
    .where(inArray(plans.id, [...planIds]));
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}
