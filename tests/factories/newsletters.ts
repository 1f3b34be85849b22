import { randomBytes } from 'node:crypto';
import type { Db } from '@/server/db/client';
import {
  newsletterDeliveries,
  newsletterEntries,
  subscriptions,
  topics,
  type DeliveryStatus,
  type NewsletterDeliveryRow,
  type NewsletterEntryRow,
  type NewsletterStatus,
  type SubscriptionRow,
  type SubscriptionStatus,
  type TopicRow,
} from '@/server/db/schema';
import { newUuid } from '@/server/lib/ids';
import { uniqueSuffix } from './users';

type Ref = { id: string };
const token = (): string => randomBytes(24).toString('base64url');

/** A site topic, or the topic of `publication` when given. */
export async function createTopic(
  db: Db,
  input: { slug?: string; name?: string; publication?: Ref } = {},
): Promise<TopicRow> {
  const suffix = uniqueSuffix();
  const [row] = await db
    .insert(topics)
    .values({
      id: newUuid(),
      slug: input.slug ?? `topic-${suffix}`,
      name: input.name ?? `Topic ${suffix.slice(0, 4)}`,
      publicationId: input.publication?.id ?? null,
    })
    .returning();
  return row;
}

export async function createSubscription(
  db: Db,
  input: { topic: Ref; email?: string; status?: SubscriptionStatus; timezone?: string },
): Promise<SubscriptionRow> {
  const status = input.status ?? 'active';
  const [row] = await db
    .insert(subscriptions)
    .values({
      id: newUuid(),
      email: input.email ?? `reader-${uniqueSuffix()}@example.test`,
      topicId: input.topic.id,
      timezone: input.timezone ?? 'UTC',
      status,
      confirmToken: token(),
      unsubscribeToken: token(),
      confirmedAt: status === 'pending' ? null : new Date(),
    })
    .returning();
  return row;
}

/** Puts a story into its publication's newsletter (unscheduled unless told otherwise). */
export async function createNewsletterEntry(
  db: Db,
  input: {
    publication: Ref;
    post: Ref;
    collection?: Ref | null;
    status?: NewsletterStatus;
    scheduledTime?: Date | null;
    timezone?: string;
    createdAt?: Date;
  },
): Promise<NewsletterEntryRow> {
  const status = input.status ?? 'unscheduled';
  const [row] = await db
    .insert(newsletterEntries)
    .values({
      newsletterId: newUuid(),
      publicationId: input.publication.id,
      postId: input.post.id,
      collectionId: input.collection?.id ?? null,
      status,
      scheduledTime:
        input.scheduledTime !== undefined
          ? input.scheduledTime
          : status === 'unscheduled'
            ? null
            : new Date(Date.now() + 3_600_000),
      timezone: input.timezone ?? 'UTC',
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
    })
    .returning();
  return row;
}

export async function createDelivery(
  db: Db,
  input: { entry: { newsletterId: string }; subscription: Ref; status?: DeliveryStatus },
): Promise<NewsletterDeliveryRow> {
  const status = input.status ?? 'queued';
  const [row] = await db
    .insert(newsletterDeliveries)
    .values({
      entryId: input.entry.newsletterId,
      subscriptionId: input.subscription.id,
      status,
      attempts: status === 'queued' ? 0 : 1,
      sentAt: status === 'sent' ? new Date() : null,
    })
    .returning();
  return row;
}
