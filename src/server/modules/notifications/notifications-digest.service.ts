import { newUuid } from '../../lib/ids';
import { MailError, MailNotCommitted, mailTransport } from '../../lib/mail';
import { log } from '../../observability/logger';
import { BATCH_SIZE, LEASE_SECONDS, MAX_ATTEMPTS } from '../newsletters/newsletters-sender.service';
import { siteDayOf } from '../scripture/daily-verses.choice';
import {
  anyQueuedDigest,
  claimDigests,
  failDigest,
  openDigestSentMarker,
  releaseDigest,
  scheduleDigests,
  skipDigest,
  type ClaimedDigest,
  type DigestSentMarker,
} from './notifications-digest.repository';
import { findUnreadBetween } from './notifications.repository';
import { DIGEST_HOUR_UTC, DIGEST_MAX_ITEMS, DIGEST_MAX_LOOKBACK_HOURS } from './notifications.limits';
import { digestMail } from './notifications-mail';
import { toNotification } from './notifications.service';

// The daily e-mail digest (issue 25 item 4; docs/decisions/055-notifications.md), through the
// newsletter machinery: the same mail transport and commit step, batch size, lease, retries with
// backoff. Each site day from DIGEST_HOUR_UTC every reader with the digest on and something unread
// since their last digest gets one mail listing it; nothing unread, no mail. Runs in the job and the
// sweep of notifications.jobs.ts; idempotent and safe in any number of processes.

const LANES = 4;
const backoffSeconds = (attempts: number) => Math.min(3600, 15 * 2 ** Math.max(0, attempts - 1));

/** When the digest of `now`'s site day (UTC) falls due: that day at DIGEST_HOUR_UTC:00. */
export function digestDueAt(now: Date, hour = DIGEST_HOUR_UTC): Date {
  return new Date(`${siteDayOf(now).date}T${String(hour).padStart(2, '0')}:00:00.000Z`);
}

/** The last day this process wrote every digest row of (the scheduling query runs once a day then). */
let scheduledDay: string | null = null;

/**
 * Writes the digest rows of `now`'s day once it is due (covering notifications up to the due hour;
 * later ones go into the next day's). Answers the rows written; idempotent by (reader, day).
 */
export async function scheduleDueDigests(now = new Date()): Promise<number> {
  const until = digestDueAt(now);
  if (now.getTime() < until.getTime()) return 0;
  const day = siteDayOf(now).date;
  if (scheduledDay === day) return 0;
  const written = await scheduleDigests(day, until, DIGEST_MAX_LOOKBACK_HOURS);
  scheduledDay = day;
  if (written > 0) log('notifications').info({ day, digests: written }, 'daily digests due');
  return written;
}

/** Forgets the day scheduled (tests move the clock about). */
export function forgetScheduledDigestDay(): void {
  scheduledDay = null;
}

/** Schedules the day's digests when due and sends every queued one this worker can take. Answers the mails sent. */
export async function sendDueDigests(now = new Date(), signal?: AbortSignal): Promise<number> {
  await scheduleDueDigests(now);
  if (!(await anyQueuedDigest())) return 0;
  const claimId = newUuid();
  let sent = 0;
  for (;;) {
    if (signal?.aborted) break;
    const batch = await claimDigests(claimId, BATCH_SIZE, LEASE_SECONDS);
    if (batch.length === 0) break;
    let next = 0;
    const lane = async () => {
      const marker = await openDigestSentMarker();
      try {
        while (next < batch.length) {
          if (await deliver(batch[next++]!, claimId, marker)) sent++;
        }
      } finally {
        marker.release();
      }
    };
    await Promise.all(Array.from({ length: Math.min(LANES, batch.length) }, lane));
  }
  return sent;
}

/** One reader's digest: true when the mail went out. Every failure is recorded on the row, never thrown. */
async function deliver(digest: ClaimedDigest, claimId: string, marker: DigestSentMarker): Promise<boolean> {
  const { userId, day } = digest;
  if (!digest.wanted) {
    await skipDigest(userId, day, claimId, 'The digest was turned off before it was sent');
    return false;
  }
  // What is unread now, as the reader's list shows it (read meanwhile, or a banned actor's: left out).
  const { rows, total } = await findUnreadBetween(userId, digest.since, digest.until, DIGEST_MAX_ITEMS);
  if (total === 0) {
    await skipDigest(userId, day, claimId, 'Nothing unread');
    return false;
  }
  const items = rows.map(toNotification);
  try {
    await mailTransport().send(digestMail({ userId, email: digest.email, day, items, total }), {
      commit: () => marker.mark(userId, day, claimId, total),
    });
    return true;
  } catch (error) {
    if (error instanceof MailNotCommitted) {
      log('notifications').warn({ userId, day }, 'digest sent after its lease ran out');
      return true;
    }
    const failure = error instanceof MailError ? error : new MailError(String(error), false);
    if (failure.unknownOutcome) {
      log('notifications').warn({ userId, day }, 'connection lost after the digest; kept as sent');
      return true;
    }
    if (failure.permanent) {
      await failDigest(userId, day, claimId, failure.message);
      return false;
    }
    await releaseDigest(userId, day, claimId, failure.message, {
      giveUp: digest.attempts >= MAX_ATTEMPTS,
      retryInSeconds: backoffSeconds(digest.attempts),
    });
    return false;
  }
}
