import { env } from '../../lib/env';
import { newUuid } from '../../lib/ids';
import { MailError, MailNotCommitted, mailTransport } from '../../lib/mail';
import { log } from '../../observability/logger';
import { isPublicStory, storyResource } from '../posts/posts-access.service';
import { getStoryAfterWrite } from '../posts/posts-read.service';
import { getPublicationOrThrow } from '../publications/publications.service';
import { failEditionEntry, findEditionOfEntry } from './newsletters-editions.repository';
import {
  personalize,
  renderNewsletter,
  renderTopicEdition,
  type NewsletterTemplate,
} from './newsletters-mail';
import { newsletterComposing, type NewsletterComposing } from './newsletters.events';
import {
  claimDeliveries,
  failDelivery,
  findEntriesWithDueDeliveries,
  findEntry,
  finishEntryIfDone,
  openSentMarker,
  releaseDelivery,
  startDueEntries,
  type ClaimedDelivery,
  type SentMarker,
} from './newsletters.repository';
import { markAddressBounced } from './subscriptions.repository';

// The sending worker (DESIGN §6, docs/decisions/024-newsletters.md). Due entries move to 'sending'
// with one delivery row per recipient; workers lease batches of rows (SKIP LOCKED) and mark each
// row sent in the transport's commit step, in the same instant the message becomes final. So a
// second worker never takes a row another holds, a dead worker's lease runs out and its rows are
// taken over, and no row is mailed twice or skipped.

/** Rows leased at a time; a lease (MAIL_LEASE_SECONDS, 30 by default) outlives the slowest batch by far. */
export const BATCH_SIZE = 50;
/** How long a batch is this worker's: after that, a worker that died holding it has its rows taken over. */
export const leaseSeconds = (): number => env.MAIL_LEASE_SECONDS;
/** Transient failures (4xx, connection) are retried with backoff this many times, then recorded as failed. */
export const MAX_ATTEMPTS = 8;
const backoffSeconds = (attempts: number) => Math.min(3600, 15 * 2 ** Math.max(0, attempts - 1));
/** Mails in flight at once per worker: the SMTP transport keeps this many connections. */
const LANES = 4;

/**
 * Starts what is due (or `newsletterId` if due) and sends every delivery this worker can take now.
 * The job's and the sweep's effect: idempotent, safe in any number of processes. Answers mails sent.
 */
export async function sendDueNewsletters(newsletterId?: string, signal?: AbortSignal): Promise<number> {
  await startDueEntries(newsletterId);
  const ids = newsletterId ? [newsletterId] : await findEntriesWithDueDeliveries();
  let sent = 0;
  for (const id of ids) {
    if (signal?.aborted) break;
    sent += await sendEntry(id, signal);
  }
  return sent;
}

/** The story as a mail, or null when the entry cannot be sent now (not sending, or its story not out yet). */
async function prepare(entryId: string): Promise<NewsletterTemplate | null> {
  const entry = await findEntry(entryId);
  if (!entry || entry.status !== 'sending') return null;
  // A site topic's edition (the daily devotional's mail: docs/decisions/051-daily-devotional-mail.md)
  // keeps its story on the edition, not on the entry.
  const edition = entry.postId ? null : await findEditionOfEntry(entryId);
  const postId = entry.postId ?? edition?.postId;
  if (!postId) {
    if (edition) await failEditionEntry(entryId, 'The story was deleted before the mail was sent');
    return null;
  }
  // No read check: the worker acts for the publication (an unpublish or delete stops the entry first).
  const story = await getStoryAfterWrite(null, postId).catch(() => null);
  // Only a public story is mailed. One scheduled to go out after its newsletter's time: the deliveries
  // wait for it (the next sweep after it is published). An edition's story was public when the day's
  // edition was made: no longer public, it was taken back, and the edition fails (the posts triggers
  // that stop a publication's entries look at the entry's own post_id, which an edition leaves null).
  if (!story || !isPublicStory(storyResource({ ...story, authorId: story.author.id }))) {
    if (edition) await failEditionEntry(entryId, 'The story was unpublished before the mail was sent');
    return null;
  }
  const publication = await getPublicationOrThrow(null, entry.publicationId);
  // The modules above may open the mail with a part of their own (the daily devotional's verse of
  // the day: docs/decisions/049-verse-of-the-day.md). An edition is for its own day, however late a
  // pass over it runs.
  const composing: NewsletterComposing = {
    entryId,
    publicationId: entry.publicationId,
    topicSlug: edition?.topicSlug ?? null,
    languageCode: story.languageCode,
    at: (edition && entry.scheduledTime) || new Date(),
    preface: [],
  };
  await newsletterComposing.emit(composing);
  const mailStory = {
    id: story.id,
    slug: story.slug,
    title: story.title,
    excerpt: story.excerpt,
    featureImageUrl: story.featureImageUrl,
    bodyHtml: story.bodyHtml,
    authorName: story.author.name,
  };
  const from = { name: publication.name, image: publication.image };
  return edition
    ? renderTopicEdition(entryId, mailStory, from, edition.topicName, composing.preface)
    : renderNewsletter(entryId, mailStory, from, composing.preface);
}

async function sendEntry(entryId: string, signal?: AbortSignal): Promise<number> {
  const template = await prepare(entryId);
  if (!template) return 0;
  const claimId = newUuid();
  let sent = 0;
  for (;;) {
    if (signal?.aborted) break;
    const batch = await claimDeliveries(entryId, claimId, BATCH_SIZE, leaseSeconds());
    if (batch.length === 0) break;
    let next = 0;
    const lane = async () => {
      const marker = await openSentMarker();
      try {
        while (next < batch.length) {
          const delivery = batch[next++]!;
          if (await deliver(template, delivery, claimId, marker)) sent++;
        }
      } finally {
        marker.release();
      }
    };
    await Promise.all(Array.from({ length: Math.min(LANES, batch.length) }, lane));
  }
  await finishEntryIfDone(entryId);
  return sent;
}

/** One recipient: true when the mail went out. Every failure is recorded on the row, never thrown. */
async function deliver(
  template: NewsletterTemplate,
  delivery: ClaimedDelivery,
  claimId: string,
  marker: SentMarker,
): Promise<boolean> {
  const { entryId } = template;
  const { subscriptionId } = delivery;
  if (delivery.subscriptionStatus !== 'active' || delivery.bounced) {
    await failDelivery(entryId, subscriptionId, claimId, 'The subscriber left before it was sent');
    return false;
  }
  try {
    await mailTransport().send(personalize(template, { subscriptionId, email: delivery.email }), {
      commit: () => marker.mark(entryId, subscriptionId, claimId),
    });
    return true;
  } catch (error) {
    if (error instanceof MailNotCommitted) {
      // Only after this worker stalled past its lease and another took the row over.
      log('newsletters').warn({ entryId, subscriptionId }, 'sent after its lease ran out');
      return true;
    }
    const failure = error instanceof MailError ? error : new MailError(String(error), false);
    if (failure.unknownOutcome) {
      log('newsletters').warn({ entryId, subscriptionId }, 'connection lost after the message; kept as sent');
      return true;
    }
    if (failure.permanent) {
      await failDelivery(entryId, subscriptionId, claimId, failure.message);
      await markAddressBounced([subscriptionId]);
      return false;
    }
    await releaseDelivery(entryId, subscriptionId, claimId, failure.message, {
      giveUp: delivery.attempts >= MAX_ATTEMPTS,
      retryInSeconds: backoffSeconds(delivery.attempts),
    });
    return false;
  }
}
