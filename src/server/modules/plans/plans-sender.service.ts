import { storyPath } from '../../../lib/slug';
import { newUuid } from '../../lib/ids';
import { MailError, MailNotCommitted, mailTransport } from '../../lib/mail';
import { log } from '../../observability/logger';
import { BATCH_SIZE, leaseSeconds, MAX_ATTEMPTS } from '../newsletters/newsletters-sender.service';
import { markSubscriptionsBounced } from '../newsletters/subscriptions-topics.service';
import { isPublicStory, storyResource } from '../posts/posts-access.service';
import { getStoryAfterWrite } from '../posts/posts-read.service';
import { passageText, translationFor } from '../scripture/texts/scripture-texts';
import {
  anyDueDelivery,
  claimPlanDeliveries,
  failPlanDelivery,
  openPlanSentMarker,
  releasePlanDelivery,
  scheduleDueDays,
  type ClaimedPlanDelivery,
  type PlanSentMarker,
} from './plan-deliveries.repository';
import { planDayMail, type PlanMailDay } from './plans-mail';
import { activatePendingReaders, findPlan, findPlanDays } from './plans.repository';
import { planLanguage, toPassage } from './plans.service';

// The reading plans' sender (docs/decisions/050-reading-plans.md), through the newsletter machinery:
// the same mail transport and its commit step, the same batch size, lease, retries with backoff and
// bounce handling as newsletters-sender.service.ts, one delivery row per (reader, day). Runs in the
// job and the sweep of plans.jobs.ts; idempotent and safe in any number of processes.

/** Readers moved on per statement when days fall due (the scheduler loops until none is left). */
const SCHEDULE_BATCH = 500;
/** Verses of a passage quoted in the mail; the passage page has the rest. */
const VERSES_IN_MAIL = 8;
/** Mails in flight at once per worker (the newsletter sender's lanes). */
const LANES = 4;
const backoffSeconds = (attempts: number) => Math.min(3600, 15 * 2 ** Math.max(0, attempts - 1));

/**
 * Starts readers whose address was confirmed, writes the delivery of every day now due, and sends
 * every delivery this worker can take. Answers the mails sent.
 */
export async function sendDuePlanDays(signal?: AbortSignal): Promise<number> {
  await activatePendingReaders();
  while ((await scheduleDueDays(SCHEDULE_BATCH)) > 0) {
    if (signal?.aborted) return 0;
  }
  if (!(await anyDueDelivery())) return 0;
  const claimId = newUuid();
  const days = new Map<string, Promise<PlanMailDay | null>>();
  const dayOf = (delivery: ClaimedPlanDelivery) => {
    const key = `${delivery.planId}:${delivery.day}`;
    if (!days.has(key)) days.set(key, prepareDay(delivery.planId, delivery.day));
    return days.get(key)!;
  };
  let sent = 0;
  for (;;) {
    if (signal?.aborted) break;
    const batch = await claimPlanDeliveries(claimId, BATCH_SIZE, leaseSeconds());
    if (batch.length === 0) break;
    let next = 0;
    const lane = async () => {
      const marker = await openPlanSentMarker();
      try {
        while (next < batch.length) {
          const delivery = batch[next++]!;
          if (await deliver(await dayOf(delivery), delivery, claimId, marker)) sent++;
        }
      } finally {
        marker.release();
      }
    };
    await Promise.all(Array.from({ length: Math.min(LANES, batch.length) }, lane));
  }
  return sent;
}

/** A day as its mail shows it, or null when there is nothing to send (the plan or the day is gone). */
async function prepareDay(planId: string, day: number): Promise<PlanMailDay | null> {
  const plan = await findPlan(planId);
  if (!plan) return null;
  const days = await findPlanDays(planId);
  const row = days.find((d) => d.day === day);
  if (!row) return null;
  const language = planLanguage(plan.languageCode);
  // No read check: the worker acts for the publication; only a public story is mailed.
  const story = row.postId ? await getStoryAfterWrite(null, row.postId).catch(() => null) : null;
  const publicStory =
    story && isPublicStory(storyResource({ ...story, authorId: story.author.id })) ? story : null;
  const passages = await Promise.all(
    row.passages.map(async (osis) => {
      const text = await passageText(translationFor(language), osis, { limit: VERSES_IN_MAIL }).catch(
        () => null,
      );
      return {
        ...toPassage(osis, language),
        verses: text?.verses.map(({ number, text: words }) => ({ number, text: words })) ?? [],
        more: text?.more ?? false,
      };
    }),
  );
  if (!publicStory && passages.length === 0) return null;
  return {
    plan: { id: plan.id, title: plan.title, publicationName: plan.publication.name, totalDays: days.length },
    day,
    story: publicStory && {
      title: publicStory.title,
      authorName: publicStory.author.name,
      path: storyPath(publicStory),
      bodyHtml: publicStory.bodyHtml,
    },
    passages,
  };
}

/** One reader's day: true when the mail went out. Every failure is recorded on the row, never thrown. */
async function deliver(
  day: PlanMailDay | null,
  delivery: ClaimedPlanDelivery,
  claimId: string,
  marker: PlanSentMarker,
): Promise<boolean> {
  const { readerId, day: number, subscriptionId } = delivery;
  if (!subscriptionId || delivery.subscriptionStatus !== 'active' || delivery.bounced) {
    await failPlanDelivery(readerId, number, claimId, 'The reader left the mails before it was sent');
    return false;
  }
  if (!day) {
    await failPlanDelivery(readerId, number, claimId, "The day's story is not published any more");
    return false;
  }
  try {
    await mailTransport().send(planDayMail(day, { readerId, subscriptionId, email: delivery.email }), {
      commit: () => marker.mark(readerId, number, claimId),
    });
    return true;
  } catch (error) {
    if (error instanceof MailNotCommitted) {
      // Only after this worker stalled past its lease and another took the row over.
      log('plans').warn({ readerId, day: number }, 'sent after its lease ran out');
      return true;
    }
    const failure = error instanceof MailError ? error : new MailError(String(error), false);
    if (failure.unknownOutcome) {
      log('plans').warn({ readerId, day: number }, 'connection lost after the message; kept as sent');
      return true;
    }
    if (failure.permanent) {
      await failPlanDelivery(readerId, number, claimId, failure.message);
      await markSubscriptionsBounced([subscriptionId]);
      return false;
    }
    await releasePlanDelivery(readerId, number, claimId, failure.message, {
      giveUp: delivery.attempts >= MAX_ATTEMPTS,
      retryInSeconds: backoffSeconds(delivery.attempts),
    });
    return false;
  }
}
