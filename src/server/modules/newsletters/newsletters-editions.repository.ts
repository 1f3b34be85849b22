import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { getDb } from '../../db';
import { newsletterEntries, newsletterTopicEditions, topics } from './newsletters.table';

// A site topic's edition of a day (docs/decisions/051-daily-devotional-mail.md): a newsletter entry
// whose recipients are the topic's subscribers, made once per (topic, day). The sender's own
// statements (newsletters.repository.ts) send it; these make it and read what it introduces.

export type TopicEdition = {
  entryId: string;
  topicId: string;
  topicSlug: string;
  topicName: string;
  day: string;
  /** Null once the story was deleted. */
  postId: string | null;
};

const editionColumns = {
  entryId: newsletterTopicEditions.entryId,
  topicId: newsletterTopicEditions.topicId,
  topicSlug: topics.slug,
  topicName: topics.name,
  day: newsletterTopicEditions.day,
  postId: newsletterTopicEditions.postId,
};

/** The edition the entry sends, or null for a publication's own entry. */
export async function findEditionOfEntry(entryId: string): Promise<TopicEdition | null> {
  const db = await getDb();
  const [row] = await db
    .select(editionColumns)
    .from(newsletterTopicEditions)
    .innerJoin(topics, eq(topics.id, newsletterTopicEditions.topicId))
    .where(eq(newsletterTopicEditions.entryId, entryId));
  return row ?? null;
}

/** The topic's edition of `day` ('YYYY-MM-DD'), if it was made. */
export async function findTopicEdition(topicSlug: string, day: string): Promise<TopicEdition | null> {
  const db = await getDb();
  const [row] = await db
    .select(editionColumns)
    .from(newsletterTopicEditions)
    .innerJoin(topics, eq(topics.id, newsletterTopicEditions.topicId))
    .where(and(eq(topics.slug, topicSlug), eq(newsletterTopicEditions.day, day)));
  return row ?? null;
}

export type NewTopicEdition = {
  entryId: string;
  topicSlug: string;
  day: string;
  postId: string;
  postTitle: string;
  publicationId: string;
  scheduledTime: Date;
};

/**
 * Makes the topic's edition of the day: a scheduled entry (due at `scheduledTime`) and its edition
 * row, in one transaction. Answers false, and writes nothing, when the topic has that day's edition
 * already or no such topic exists: a second worker's INSERT waits on the (topic, day) key until the
 * first commits, then conflicts, and its entry is rolled back with it.
 */
export async function insertTopicEdition(edition: NewTopicEdition): Promise<boolean> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [topic] = await tx
        .select({ id: topics.id })
        .from(topics)
        .where(eq(topics.slug, edition.topicSlug));
      if (!topic) return false;
      await tx.insert(newsletterEntries).values({
        newsletterId: edition.entryId,
        publicationId: edition.publicationId,
        postId: null,
        postTitle: edition.postTitle,
        status: 'scheduled',
        scheduledTime: edition.scheduledTime,
      });
      const made = await tx
        .insert(newsletterTopicEditions)
        .values({ topicId: topic.id, day: edition.day, entryId: edition.entryId, postId: edition.postId })
        .onConflictDoNothing()
        .returning({ entryId: newsletterTopicEditions.entryId });
      if (made.length === 0) tx.rollback();
      return true;
    });
  } catch (error) {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  }
}

/** A 'sending' edition whose story is gone or no longer public: failed, with the reason. */
export async function failEditionEntry(entryId: string, reason: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(newsletterEntries)
    .set({ status: 'failed', lastError: reason, updatedAt: sql`now()` })
    .where(and(eq(newsletterEntries.newsletterId, entryId), eq(newsletterEntries.status, 'sending')))
    .returning({ id: newsletterEntries.newsletterId });
  return rows.length > 0;
}
