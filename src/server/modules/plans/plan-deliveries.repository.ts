import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import {
  failedDeliveryColumns,
  openSentMarker,
  releasedDeliveryColumns,
  type DeliveryRetry,
  type SentMarker,
} from '../../db/delivery-lease';
import { dueAtSql } from './plans.repository';
import { planDeliveries } from './plans.table';

// The sending side of reading plans (docs/decisions/050-reading-plans.md), on the newsletter sender's
// pattern (docs/decisions/024-newsletters.md): a due day becomes one delivery row per (reader, day),
// inserted ON CONFLICT DO NOTHING in the same transaction that moves the reader's schedule on; workers
// lease batches of due rows (FOR UPDATE SKIP LOCKED) and mark each sent in the mail transport's commit
// step, under their own lease. So no day is mailed twice or skipped, with any number of workers.

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Readers whose next day is due (up to `limit`, SKIP LOCKED): the day's delivery row is written
 * (only while their mail subscription is active), and their schedule moves to the next day — due at
 * their send time on the next local date, null after the last day. Answers the readers moved on.
 */
export async function scheduleDueDays(limit: number): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select r.id from plan_readers r
        where r.status = 'active' and r.next_due_at <= now()
        order by r.next_due_at
        limit ${limit}
        for update of r skip locked`),
    );
    if (due.length === 0) return 0;
    const ids = due.map((row) => row.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    await tx.execute(sql`
      insert into plan_deliveries (reader_id, day, due_at)
      select r.id, r.next_day, r.next_due_at from plan_readers r
      join subscriptions s on s.id = r.subscription_id and s.status = 'active' and s.bounced_at is null
      join plan_days d on d.plan_id = r.plan_id and d.day = r.next_day
      where r.id in (${idList})
      on conflict do nothing`);
    await tx.execute(sql`
      update plan_readers r set next_day = r.next_day + 1, last_active_at = now(),
        next_due_at = case
          when r.next_day + 1 <= (select count(*) from plan_days d where d.plan_id = r.plan_id)
          then ${dueAtSql(sql`r.start_date`, sql`r.next_day + 1`)} else null end
      where r.id in (${idList})`);
    return ids.length;
  });
}

export type ClaimedPlanDelivery = {
  readerId: string;
  day: number;
  planId: string;
  email: string;
  subscriptionId: string | null;
  subscriptionStatus: string | null;
  bounced: boolean;
  readerStatus: string;
  attempts: number;
};

/** Whether any delivery is due now that no live lease holds (the sweep's cheap first look). */
export async function anyDueDelivery(): Promise<boolean> {
  const db = await getDb();
  const result = await db.execute(sql`
    select 1 from plan_deliveries d
    where d.status = 'queued' and d.due_at <= now()
      and (d.next_attempt_at is null or d.next_attempt_at <= now())
      and (d.claimed_until is null or d.claimed_until < now())
    limit 1`);
  return rowsOf(result).length > 0;
}

/**
 * Leases up to `limit` due, queued deliveries to `claimId` for `leaseSeconds`, oldest due first.
 * SKIP LOCKED: two workers never take the same row; an expired lease (its worker died) is taken over.
 */
export async function claimPlanDeliveries(
  claimId: string,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedPlanDelivery[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    with picked as (
      select d.reader_id, d.day from plan_deliveries d
      where d.status = 'queued' and d.due_at <= now()
        and (d.next_attempt_at is null or d.next_attempt_at <= now())
        and (d.claimed_until is null or d.claimed_until < now())
      order by d.due_at, d.reader_id
      limit ${limit}
      for update of d skip locked)
    update plan_deliveries d
    set claim_id = ${claimId}, claimed_until = now() + make_interval(secs => ${leaseSeconds}),
      attempts = d.attempts + 1
    from picked, plan_readers r left join subscriptions s on s.id = r.subscription_id
    where d.reader_id = picked.reader_id and d.day = picked.day and r.id = d.reader_id
    returning d.reader_id as "readerId", d.day, r.plan_id as "planId", coalesce(s.email, r.email) as email,
      r.subscription_id as "subscriptionId", s.status as "subscriptionStatus",
      (s.bounced_at is not null) as bounced, r.status as "readerStatus", d.attempts`);
  return rowsOf<ClaimedPlanDelivery>(result).map((row) => ({
    ...row,
    bounced: row.bounced === true || (row.bounced as unknown) === 't',
  }));
}

// A row this worker leased: still queued, or marked sent by its own commit step and then refused by
// the server (the closing "." answered with an error), which takes it back.
const mine = (readerId: string, day: number, claimId: string) =>
  and(
    eq(planDeliveries.readerId, readerId),
    eq(planDeliveries.day, day),
    eq(planDeliveries.claimId, claimId),
    inArray(planDeliveries.status, ['queued', 'sent']),
  );

/** Marks the delivery sent — only while `claimId` still holds it (else another worker has it: false). */
export async function markPlanDeliverySent(readerId: string, day: number, claimId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(planDeliveries)
    .set({ status: 'sent', sentAt: sql`now()`, claimedUntil: null, lastError: null })
    .where(and(mine(readerId, day, claimId), eq(planDeliveries.status, 'queued')))
    .returning({ id: planDeliveries.readerId });
  return rows.length > 0;
}

/** One sender lane's marker (db/delivery-lease.ts): marks a delivery sent as its mail becomes final. */
export type PlanSentMarker = SentMarker<[readerId: string, day: number, claimId: string]>;

const MARK_SENT = `update plan_deliveries
  set status = 'sent', sent_at = now(), claimed_until = null, last_error = null
  where reader_id = $1 and day = $2 and claim_id = $3 and status = 'queued'`;

export function openPlanSentMarker(): Promise<PlanSentMarker> {
  return openSentMarker(MARK_SENT, markPlanDeliverySent);
}

/** A transient failure: back to the queue after `retryInSeconds`, or failed once `giveUp`. */
export async function releasePlanDelivery(
  readerId: string,
  day: number,
  claimId: string,
  error: string,
  retry: DeliveryRetry,
): Promise<void> {
  const db = await getDb();
  await db
    .update(planDeliveries)
    .set(releasedDeliveryColumns(error, retry))
    .where(mine(readerId, day, claimId));
}

/** A permanent failure (5xx, the reader left, the story is gone): recorded, never retried. */
export async function failPlanDelivery(
  readerId: string,
  day: number,
  claimId: string,
  error: string,
): Promise<void> {
  const db = await getDb();
  await db
    .update(planDeliveries)
    .set(failedDeliveryColumns(error))
    .where(mine(readerId, day, claimId));
}
