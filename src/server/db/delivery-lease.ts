import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { getDatabase } from './index';

// The parts every leased mail delivery shares (docs/decisions/024-newsletters.md): newsletter
// entries, reading-plan days and notification digests each keep one row per mail with the same
// columns (status, claim_id, claimed_until, next_attempt_at, sent_at, last_error), leased by a worker
// and marked sent in the instant the mail becomes final. Each table keeps its own key and queries;
// this file holds what does not depend on them.

/**
 * One sender lane's way to mark a delivery sent in the instant its mail becomes final (lib/mail.ts):
 * on PostgreSQL a pooled connection held by the lane, on which `mark` writes its UPDATE synchronously
 * (node-postgres sends a query at once on an idle client), so no await lies between that write and
 * the mail's closing "."; on PGlite, in-process, the ordinary UPDATE (`markInProcess`).
 */
export type SentMarker<Key extends unknown[]> = {
  mark(...key: Key): Promise<boolean>;
  release(): void;
};

/**
 * `markSql`: the UPDATE, its key as $1…$n in the order of `Key`, answering one row when it marked
 * the delivery (status still 'queued' and the lane's claim).
 */
export async function openSentMarker<Key extends unknown[]>(
  markSql: string,
  markInProcess: (...key: Key) => Promise<boolean>,
): Promise<SentMarker<Key>> {
  const database = await getDatabase();
  if (database.kind !== 'postgres') return { mark: markInProcess, release: () => {} };
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  return {
    mark: (...key) => client.query(markSql, key as unknown[]).then((result) => result.rowCount === 1),
    release: () => client.release(),
  };
}

/** How a transient failure is retried: after `retryInSeconds`, or never again once `giveUp`. */
export type DeliveryRetry = { giveUp: boolean; retryInSeconds: number };

/** The columns a transient failure sets: back to the queue after the wait, or failed. */
export function releasedDeliveryColumns(error: string, retry: DeliveryRetry) {
  return retry.giveUp
    ? failedDeliveryColumns(error)
    : {
        status: 'queued' as const,
        sentAt: null,
        lastError: error,
        claimId: null,
        claimedUntil: null,
        nextAttemptAt: sql`now() + make_interval(secs => ${retry.retryInSeconds})`,
      };
}

/** The columns a permanent failure sets: recorded, never retried. */
export function failedDeliveryColumns(error: string) {
  return { status: 'failed' as const, lastError: error, claimedUntil: null, sentAt: null };
}
