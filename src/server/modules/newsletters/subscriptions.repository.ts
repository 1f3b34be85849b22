import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { newUuid } from '../../lib/ids';
import { publications } from '../publications/publications.table';
import {
  newsletterDeliveries,
  subscriptions,
  topics,
  type SubscriptionRow,
  type TopicRow,
} from './newsletters.table';

// Topics and subscriptions: every query of the newsletters module's audience tables (DESIGN §6).

const nonce = (): string => randomBytes(24).toString('base64url');

export type TopicWithPublication = TopicRow & {
  publication: {
    id: string;
    name: string;
    hasNewsletters: boolean;
    newsletterDescription: string | null;
  } | null;
};

export async function findTopic(
  where: { slug: string } | { publicationId: string } | { id: string },
): Promise<TopicWithPublication | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      topic: topics,
      publication: {
        id: publications.id,
        name: publications.name,
        hasNewsletters: publications.hasNewsletters,
        newsletterDescription: publications.newsletterDescription,
      },
    })
    .from(topics)
    .leftJoin(publications, eq(publications.id, topics.publicationId))
    .where(
      'slug' in where
        ? eq(topics.slug, where.slug)
        : 'id' in where
          ? eq(topics.id, where.id)
          : eq(topics.publicationId, where.publicationId),
    )
    .limit(1);
  return row && { ...row.topic, publication: row.publication?.id ? row.publication : null };
}

/** The publication's topic, made on first use (its newsletter turned on); answers the existing one. */
export async function ensurePublicationTopic(
  publicationId: string,
  slug: string,
  name: string,
): Promise<void> {
  const db = await getDb();
  await db
    .insert(topics)
    .values({ id: newUuid(), slug, name, publicationId })
    .onConflictDoNothing({ target: topics.publicationId });
}

export async function renameTopic(publicationId: string, name: string): Promise<void> {
  const db = await getDb();
  await db.update(topics).set({ name }).where(eq(topics.publicationId, publicationId));
}

/** The subscription of (email, topic), made pending when there is none yet. */
export async function findOrCreateSubscription(
  email: string,
  topicId: string,
  timezone: string,
): Promise<SubscriptionRow> {
  const db = await getDb();
  await db
    .insert(subscriptions)
    .values({
      id: newUuid(),
      email,
      topicId,
      timezone,
      status: 'pending',
      confirmToken: nonce(),
      unsubscribeToken: nonce(),
    })
    .onConflictDoNothing({ target: [subscriptions.email, subscriptions.topicId] });
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.email, email), eq(subscriptions.topicId, topicId)));
  return row!;
}

/**
 * Asks for a confirmation mail for a subscription that is not active (or whose address bounced): it
 * becomes pending until the link is clicked. At most one request per `minIntervalSeconds`, so nobody can mail-bomb an address through us:
 * false when one was asked for more recently (nothing changes then but the time zone).
 */
export async function requestConfirmation(
  id: string,
  timezone: string,
  minIntervalSeconds: number,
): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(subscriptions)
    .set({
      status: 'pending',
      timezone,
      confirmRequestedAt: sql`now()`,
      unsubscribedAt: null,
    })
    .where(
      and(
        eq(subscriptions.id, id),
        sql`(${subscriptions.status} <> 'active' or ${subscriptions.bouncedAt} is not null)`,
        sql`(${subscriptions.confirmRequestedAt} is null or ${subscriptions.confirmRequestedAt} < now() - make_interval(secs => ${minIntervalSeconds}))`,
      ),
    )
    .returning({ id: subscriptions.id });
  if (rows.length > 0) return true;
  await db
    .update(subscriptions)
    .set({
      timezone,
      status: sql`case when ${subscriptions.status} = 'unsubscribed' then 'pending' else ${subscriptions.status} end`,
    })
    .where(eq(subscriptions.id, id));
  return false;
}

export type ConfirmationMail = { id: string; email: string; confirmToken: string; topicName: string };

/**
 * Claims up to `limit` confirmation mails that were asked for and not sent since (SKIP LOCKED: two
 * workers never take the same one). The claim marks them sent; releaseConfirmation undoes it on failure.
 */
export async function claimConfirmationMails(limit: number, id?: string): Promise<ConfirmationMail[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    update ${subscriptions} s set confirm_sent_at = now()
    where s.id in (
      select id from ${subscriptions}
      where status = 'pending' and confirm_requested_at is not null
        and (confirm_sent_at is null or confirm_sent_at < confirm_requested_at)
        ${id ? sql`and id = ${id}` : sql``}
      order by confirm_requested_at
      limit ${limit}
      for update skip locked)
    returning s.id, s.email, s.confirm_token as "confirmToken",
      (select t.name from ${topics} t where t.id = s.topic_id) as "topicName"`);
  return (result as unknown as { rows: ConfirmationMail[] }).rows;
}

export async function releaseConfirmation(id: string): Promise<void> {
  const db = await getDb();
  await db.update(subscriptions).set({ confirmSentAt: null }).where(eq(subscriptions.id, id));
}

export async function findSubscription(id: string): Promise<SubscriptionRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** Activates a pending subscription whose confirm nonce (signed into its link) is `currentNonce`. */
export async function activateSubscription(id: string, currentNonce: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(subscriptions)
    .set({ status: 'active', confirmedAt: sql`now()`, bouncedAt: null })
    .where(
      and(
        eq(subscriptions.id, id),
        eq(subscriptions.confirmToken, currentNonce),
        eq(subscriptions.status, 'pending'),
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/**
 * Leaves the topic; the delivery of `entryId` (the mail whose link was used) counts it. Idempotent:
 * answers whether the subscription's status changed (false when it had already left).
 */
export async function markUnsubscribed(id: string, entryId: string | null): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(subscriptions)
      .set({ status: 'unsubscribed', unsubscribedAt: sql`now()` })
      .where(and(eq(subscriptions.id, id), sql`${subscriptions.status} <> 'unsubscribed'`))
      .returning({ id: subscriptions.id });
    if (entryId) {
      await tx
        .update(newsletterDeliveries)
        .set({ unsubscribedAt: sql`now()` })
        .where(
          and(
            eq(newsletterDeliveries.entryId, entryId),
            eq(newsletterDeliveries.subscriptionId, id),
            isNull(newsletterDeliveries.unsubscribedAt),
          ),
        );
    }
    return changed.length > 0;
  });
}

export type AddressSubscription = {
  id: string;
  topic: string;
  name: string;
  status: SubscriptionRow['status'];
};

/** Every topic the address subscribed to (the subscriber's own page). */
export async function findSubscriptionsOfAddress(email: string): Promise<AddressSubscription[]> {
  const db = await getDb();
  return db
    .select({ id: subscriptions.id, topic: topics.slug, name: topics.name, status: subscriptions.status })
    .from(subscriptions)
    .innerJoin(topics, eq(topics.id, subscriptions.topicId))
    .where(eq(subscriptions.email, email))
    .orderBy(asc(topics.name));
}

/** A 5xx refusal: no more mail to this address, in any topic (until it confirms again). */
export async function markAddressBounced(subscriptionIds: readonly string[]): Promise<void> {
  if (subscriptionIds.length === 0) return;
  const db = await getDb();
  const emails = db
    .select({ email: subscriptions.email })
    .from(subscriptions)
    .where(inArray(subscriptions.id, [...subscriptionIds]));
  await db
    .update(subscriptions)
    .set({ bouncedAt: sql`now()` })
    .where(and(inArray(subscriptions.email, emails), isNull(subscriptions.bouncedAt)));
}
