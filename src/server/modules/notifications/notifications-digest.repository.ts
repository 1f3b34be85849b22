import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import {
  failedDeliveryColumns,
  openSentMarker,
  releasedDeliveryColumns,
  type DeliveryRetry,
  type SentMarker,
} from '../../db/delivery-lease';
import { users } from '../users/users.table';
import { digestInstantOn, nextDigestDate, nextDigestDueAt } from '../users/users-digest.selection';
import { notificationDigests } from './notifications.table';

// The sending side of the daily digest (docs/decisions/055-notifications.md), on the newsletter
// sender's pattern (docs/decisions/024-newsletters.md) as the reading plans' deliveries are: a
// reader's hour come on their local day becomes one digest row, if something is unread, inserted ON
// CONFLICT DO NOTHING; workers lease batches of queued rows (FOR UPDATE SKIP LOCKED) and mark each
// sent in the mail transport's commit step, under their own lease. So no digest is mailed twice, with
// any number of workers.

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A user's due time, none yet counting as due: the expression of the partial index users_digest_due_idx. */
const dueTime = sql`coalesce(${users.digestDueAt}, '-infinity'::timestamptz)`;

/** Users whose digest is due at `at`: on, and their due time come. */
const digestDue = (at: SQL): SQL => sql`${users.notificationDigest} and ${dueTime} <= ${at}`;

/**
 * Whether any reader's digest is due at `at` — the scheduler's cheap look, so the statement below
 * runs only when someone's hour has come. Ordered by the index's expression, so it is read from the
 * index (the earliest due time, a few microseconds) however the planner estimates the rows — without
 * the order, PostgreSQL read the whole table of 100,000 users to find none due.
 */
export async function anyDigestDue(at: Date): Promise<boolean> {
  const db = await getDb();
  const result = await db.execute(
    sql`select 1 from users where ${digestDue(sql`${at.toISOString()}::timestamptz`)} order by ${dueTime} limit 1`,
  );
  return rowsOf(result).length > 0;
}

/**
 * One statement for every reader whose digest is due at `at`: each is moved on to their next due
 * time (their hour on their next local date), and — active ones only — gets the row of their last
 * local day whose hour has come, covering (since, until]: `until` that hour's instant, `since` where
 * their last digest ended, at most `lookbackHours` before `until`. A row is written only when
 * something is unread in that window, once per (reader, day) (the key; ON CONFLICT DO NOTHING). Rows
 * another scheduler holds are skipped (SKIP LOCKED): it moves them on itself. Answers the rows written.
 */
export async function scheduleDigests(at: Date, lookbackHours: number): Promise<number> {
  const db = await getDb();
  const now = sql`${at.toISOString()}::timestamptz`;
  // The last local date whose hour has come: the day before the next one.
  const day = sql`(${nextDigestDate(now)} - 1)`;
  const result = await db.execute(sql`
    with due as (
      select users.id as user_id, users.status = 'active' as active, ${day} as day,
        ${digestInstantOn(day)} as until
      from users
      where ${digestDue(now)}
      for no key update of users skip locked),
    moved as (
      update users set digest_due_at = ${nextDigestDueAt(now)}
      from due where users.id = due.user_id
      returning users.id),
    windows as (
      select due.user_id, due.day, due.until,
        greatest(
          coalesce((select max(d.until) from notification_digests d where d.user_id = due.user_id),
            due.until - make_interval(hours => ${lookbackHours})),
          due.until - make_interval(hours => ${lookbackHours})) as since
      from due
      where due.active and due.until <= ${now}
        and not exists (select 1 from notification_digests d where d.user_id = due.user_id and d.day = due.day))
    insert into notification_digests (user_id, day, since, until)
    select w.user_id, w.day, w.since, w.until from windows w
    where w.since < w.until
      and exists (
        select 1 from notifications n
        where n.user_id = w.user_id and n.read_at is null
          and n.created_at > w.since and n.created_at <= w.until)
    on conflict do nothing
    returning user_id`);
  return rowsOf(result).length;
}

export type ClaimedDigest = {
  userId: string;
  day: string;
  since: Date;
  until: Date;
  email: string;
  /** The reader still wants it and may still have it (digest on, account active). */
  wanted: boolean;
  attempts: number;
};

/** Whether any digest is queued that no live lease holds (the sweep's cheap first look). */
export async function anyQueuedDigest(): Promise<boolean> {
  const db = await getDb();
  const result = await db.execute(sql`
    select 1 from notification_digests d
    where d.status = 'queued'
      and (d.next_attempt_at is null or d.next_attempt_at <= now())
      and (d.claimed_until is null or d.claimed_until < now())
    limit 1`);
  return rowsOf(result).length > 0;
}

/** Leases up to `limit` queued digests to `claimId` (SKIP LOCKED: two workers never take one row). */
export async function claimDigests(
  claimId: string,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDigest[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    with picked as (
      select d.user_id, d.day from notification_digests d
      where d.status = 'queued'
        and (d.next_attempt_at is null or d.next_attempt_at <= now())
        and (d.claimed_until is null or d.claimed_until < now())
      order by d.created_at, d.user_id
      limit ${limit}
      for update of d skip locked)
    update notification_digests d
    set claim_id = ${claimId}, claimed_until = now() + make_interval(secs => ${leaseSeconds}),
      attempts = d.attempts + 1
    from picked, users u
    where d.user_id = picked.user_id and d.day = picked.day and u.id = d.user_id
    returning d.user_id as "userId", to_char(d.day, 'YYYY-MM-DD') as day, d.since, d.until, u.email,
      (u.notification_digest and u.status = 'active') as wanted, d.attempts`);
  return rowsOf<ClaimedDigest & { since: Date | string; until: Date | string }>(result).map((row) => ({
    ...row,
    since: new Date(row.since),
    until: new Date(row.until),
    wanted: row.wanted === true || (row.wanted as unknown) === 't',
  }));
}

// A row this worker leased: still queued, or marked sent by its own commit step and then refused by
// the server (the closing "." answered with an error), which takes it back.
const mine = (userId: string, day: string, claimId: string) =>
  and(
    eq(notificationDigests.userId, userId),
    sql`${notificationDigests.day} = ${day}::date`,
    eq(notificationDigests.claimId, claimId),
    inArray(notificationDigests.status, ['queued', 'sent']),
  );

/** One sender lane's marker (db/delivery-lease.ts): marks a digest sent as its mail becomes final. */
export type DigestSentMarker = SentMarker<[userId: string, day: string, claimId: string, items: number]>;

const MARK_SENT = `update notification_digests
  set status = 'sent', sent_at = now(), claimed_until = null, last_error = null, item_count = $4
  where user_id = $1 and day = $2::date and claim_id = $3 and status = 'queued'`;

async function markDigestSent(userId: string, day: string, claimId: string, items: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(notificationDigests)
    .set({ status: 'sent', sentAt: sql`now()`, claimedUntil: null, lastError: null, itemCount: items })
    .where(and(mine(userId, day, claimId), eq(notificationDigests.status, 'queued')))
    .returning({ id: notificationDigests.userId });
  return rows.length > 0;
}

export function openDigestSentMarker(): Promise<DigestSentMarker> {
  return openSentMarker(MARK_SENT, markDigestSent);
}

/** Nothing to mail (the reader read everything meanwhile, or turned the digest off): no mail, done. */
export async function skipDigest(
  userId: string,
  day: string,
  claimId: string,
  reason: string,
): Promise<void> {
  const db = await getDb();
  await db
    .update(notificationDigests)
    .set({ status: 'skipped', lastError: reason, claimedUntil: null })
    .where(and(mine(userId, day, claimId), eq(notificationDigests.status, 'queued')));
}

/** A transient failure: back to the queue after `retryInSeconds`, or failed once `giveUp`. */
export async function releaseDigest(
  userId: string,
  day: string,
  claimId: string,
  error: string,
  retry: DeliveryRetry,
): Promise<void> {
  const db = await getDb();
  await db
    .update(notificationDigests)
    .set(releasedDeliveryColumns(error, retry))
    .where(mine(userId, day, claimId));
}

/** A permanent failure (5xx): recorded, never retried. */
export async function failDigest(userId: string, day: string, claimId: string, error: string): Promise<void> {
  const db = await getDb();
  await db
    .update(notificationDigests)
    .set(failedDeliveryColumns(error))
    .where(mine(userId, day, claimId));
}
