import { newUuid } from '../../lib/ids';
import { findTopicEdition, insertTopicEdition } from './newsletters-editions.repository';
import { enqueueNewsletterSend } from './newsletters.queue';

// A site topic's edition of a day (docs/decisions/051-daily-devotional-mail.md): the modules above
// the newsletters (curation, for the daily devotional) decide what a topic's subscribers receive on a
// day and hand it over here; from then on it is a newsletter entry like any other, sent by
// newsletters-sender.service.ts — the same job, sweep, batches, leases, retries and bounces.

/** Whether the topic's edition of `day` ('YYYY-MM-DD', UTC) was made already. */
export async function hasTopicEdition(topicSlug: string, day: string): Promise<boolean> {
  return (await findTopicEdition(topicSlug, day)) !== null;
}

export type TopicEditionInput = {
  topicSlug: string;
  /** The site's day (UTC) it is for: one edition per topic and day. */
  day: string;
  /** The story it introduces: a public story of a publication. */
  story: { id: string; title: string; publicationId: string };
  /** When it falls due (the newsletter sender starts it then, or at once when it is past). */
  at: Date;
};

/**
 * Makes the topic's edition of the day, due at `at`, and asks the sender to send it then. Idempotent
 * by (topic, day), in any number of processes at once: answers the new entry's id, or null when the
 * day's edition exists already (or the topic does not).
 */
export async function startTopicEdition(input: TopicEditionInput): Promise<string | null> {
  const entryId = newUuid();
  const made = await insertTopicEdition({
    entryId,
    topicSlug: input.topicSlug,
    day: input.day,
    postId: input.story.id,
    postTitle: input.story.title,
    publicationId: input.story.publicationId,
    scheduledTime: input.at,
  });
  if (!made) return null;
  // After the commit (never inside it); the newsletters' sweep sends it anyway if the job is lost.
  await enqueueNewsletterSend(entryId, input.at);
  return entryId;
}
