import { newUuid } from '../../lib/ids';
import { MailError, MailNotCommitted, mailTransport } from '../../lib/mail';
import { log } from '../../observability/logger';
import { BATCH_SIZE, leaseSeconds, MAX_ATTEMPTS } from '../newsletters/newsletters-sender.service';
import {
  anyDigestDue,
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
import { DIGEST_MAX_ITEMS, DIGEST_MAX_LOOKBACK_HOURS } from './notifications.limits';
import { digestMail } from './notifications-mail';
import { toNotification } from './notifications.service';

// The daily e-mail digest (issue 25 item 4; docs/decisions/055-notifications.md), through the
// newsletter machinery: the same mail transport and commit step, batch size, lease, retries with
// backoff. Each local day, at the hour they chose in their own time zone (07:00 UTC unless they did),
// every reader with the digest on and something unread since their last digest gets one mail listing
// it; nothing unread, no mail. Runs in the job and the sweep of notifications.jobs.ts; idempotent and
// safe in any number of processes.

const LANES = 4;
const backoffSeconds = (attempts: number) => Math.min(3600, 15 * 2 ** Math.max(0, attempts - 1));

/**
 * Writes the digest rows of every reader whose hour has come by `now` — one set-based statement, run
 * only when the cheap look (an index probe) finds someone due. Answers the rows written; idempotent by
 * (reader, day).
 */
export async function scheduleDueDigests(now = new Date()): Promise<number> {
  if (!(await anyDigestDue(now))) return 0;
  const written = await scheduleDigests(now, DIGEST_MAX_LOOKBACK_HOURS);
  if (written > 0) log('notifications').info({ digests: written }, 'daily digests due');
  return written;
}

/** Schedules the digests due and sends every queued one this worker can take. Answers the mails sent. */
export async function sendDueDigests(now = new Date(), signal?: AbortSignal): Promise<number> {
  await scheduleDueDigests(now);
  if (!(await anyQueuedDigest())) return 0;
  const claimId = newUuid();
  let sent = 0;
  for (;;) {
    if (signal?.aborted) break;
    const batch = await claimDigests(claimId, BATCH_SIZE, leaseSeconds());
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
