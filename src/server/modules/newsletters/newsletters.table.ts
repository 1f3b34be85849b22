import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { posts } from '../posts/posts.table';
import { collections, publications } from '../publications/publications.table';

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'unsubscribed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
// DESIGN §6: unscheduled → scheduled → sending → sent (or failed); cancel returns to unscheduled.
export const NEWSLETTER_STATUSES = ['unscheduled', 'scheduled', 'sending', 'sent', 'failed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

// A mailing audience (DESIGN §6): site topics ('anxiety', 'daily-devotional', …) have no
// publication; a publication with newsletters has exactly one topic of its own (find it by
// publication_id; its slug is publicationTopicSlug(subdomain) when made, so it never meets a site topic).
export const publicationTopicSlug = (subdomain: string): string => `publication-${subdomain}`;
export const topics = pgTable(
  'topics',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    publicationId: uuid('publication_id').references(() => publications.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('topics_slug_key').on(t.slug),
    uniqueIndex('topics_publication_key').on(t.publicationId),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    /** Stored lower-cased and trimmed by the service. */
    email: text('email').notNull(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    timezone: text('timezone').notNull().default('UTC'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    confirmToken: text('confirm_token').notNull(),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { precision: 3, withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { precision: 3, withTimezone: true }),
    /** When a confirmation mail was last asked for; the mailer sends it when this passes confirmSentAt. */
    confirmRequestedAt: timestamp('confirm_requested_at', { precision: 3, withTimezone: true }),
    confirmSentAt: timestamp('confirm_sent_at', { precision: 3, withTimezone: true }),
    /** A permanent (5xx) SMTP refusal: no more mail to this subscription (docs/decisions/024). */
    bouncedAt: timestamp('bounced_at', { precision: 3, withTimezone: true }),
    /** Where the address came from when not the subscribe form: 'import:substack', 'import:ghost'. */
    source: text('source'),
  },
  (t) => [
    unique('subscriptions_email_topic_key').on(t.email, t.topicId),
    uniqueIndex('subscriptions_confirm_token_key').on(t.confirmToken),
    uniqueIndex('subscriptions_unsubscribe_token_key').on(t.unsubscribeToken),
    // The sender walks a topic's active subscribers in id order (keyset batches).
    index('subscriptions_topic_status_id_idx').on(t.topicId, t.status, t.id),
    check('subscriptions_status_check', sql`${t.status} in ('pending', 'active', 'unsubscribed')`),
  ],
);

// One story in a publication's newsletter (SPEC §3 Newsletter entry).
export const newsletterEntries = pgTable(
  'newsletter_entries',
  {
    newsletterId: uuid('newsletter_id').primaryKey(),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    collectionId: uuid('collection_id').references(() => collections.id, { onDelete: 'set null' }),
    /** Null once the story is deleted: a sent entry stays for the stats (migration 0004's triggers). */
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    /** The story's title when the entry was made or last sent: the stats still name a deleted story. */
    postTitle: text('post_title').notNull().default(''),
    status: text('status', { enum: NEWSLETTER_STATUSES }).notNull().default('unscheduled'),
    scheduledTime: timestamp('scheduled_time', { precision: 3, withTimezone: true }),
    timezone: text('timezone').notNull().default('UTC'),
    /** Send at scheduledTime's wall-clock time in each subscriber's own time zone (DESIGN §6 option). */
    inSubscriberTimezone: boolean('in_subscriber_timezone').notNull().default(false),
    /** Why the entry failed (its story was unpublished or deleted while it was being sent). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { precision: 3, withTimezone: true }),
  },
  (t) => [
    unique('newsletter_entries_publication_post_key').on(t.publicationId, t.postId),
    index('newsletter_entries_publication_created_at_id_idx').on(
      t.publicationId,
      t.createdAt,
      t.newsletterId,
    ),
    // The sender's sweep: status = 'scheduled' and scheduled_time <= now().
    index('newsletter_entries_status_scheduled_time_idx').on(t.status, t.scheduledTime),
    // isInNewsletter on story answers, and the cascade from posts.
    index('newsletter_entries_post_idx').on(t.postId),
    index('newsletter_entries_collection_idx').on(t.collectionId),
    check(
      'newsletter_entries_status_check',
      sql`${t.status} in ('unscheduled', 'scheduled', 'sending', 'sent', 'failed')`,
    ),
    check(
      'newsletter_entries_scheduled_has_time',
      sql`${t.status} <> 'scheduled' or ${t.scheduledTime} is not null`,
    ),
  ],
);

// One row per (entry, subscriber): the send is exactly-once across crashes and workers (DESIGN §6).
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => newsletterEntries.newsletterId, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    /** When this recipient's mail is due (later than the entry's time in "each subscriber's time zone"). */
    dueAt: timestamp('due_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    /** After a transient SMTP failure: not before this time (backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { precision: 3, withTimezone: true }),
    /** The lease of the worker sending it: a claim expires, so a dead worker's rows are taken over. */
    claimId: uuid('claim_id'),
    claimedUntil: timestamp('claimed_until', { precision: 3, withTimezone: true }),
    sentAt: timestamp('sent_at', { precision: 3, withTimezone: true }),
    openedAt: timestamp('opened_at', { precision: 3, withTimezone: true }),
    clickedAt: timestamp('clicked_at', { precision: 3, withTimezone: true }),
    /** The recipient left through this mail's unsubscribe link (the entry's "unsubscribed" figure). */
    unsubscribedAt: timestamp('unsubscribed_at', { precision: 3, withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.subscriptionId] }),
    index('newsletter_deliveries_entry_status_idx').on(t.entryId, t.status),
    index('newsletter_deliveries_subscription_idx').on(t.subscriptionId),
    check('newsletter_deliveries_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

// A site topic's edition of a day (docs/decisions/051-daily-devotional-mail.md): the daily
// devotional's mail to its subscribers, sent as a newsletter entry like any other — same queue,
// batches, leases, retries and bounces — whose recipients are this topic's subscribers instead of a
// publication's. The entry's own post_id stays null (a story mailed to a site topic is not "in its
// publication's newsletter", and the same story comes round again in the rotation); the story is
// here. One row per (topic, day): the day's sweep makes it once, whatever the number of workers.
export const newsletterTopicEditions = pgTable(
  'newsletter_topic_editions',
  {
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    /** The site's day (UTC, 'YYYY-MM-DD') the edition is for. */
    day: date('day', { mode: 'string' }).notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => newsletterEntries.newsletterId, { onDelete: 'cascade' }),
    /** The story the mail introduces; null once it is deleted (the entry then fails). */
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.topicId, t.day] }),
    uniqueIndex('newsletter_topic_editions_entry_key').on(t.entryId),
    index('newsletter_topic_editions_post_idx').on(t.postId),
  ],
);

export type TopicRow = typeof topics.$inferSelect;
export type NewTopicRow = typeof topics.$inferInsert;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type NewsletterEntryRow = typeof newsletterEntries.$inferSelect;
export type NewNewsletterEntryRow = typeof newsletterEntries.$inferInsert;
export type NewsletterDeliveryRow = typeof newsletterDeliveries.$inferSelect;
export type NewNewsletterDeliveryRow = typeof newsletterDeliveries.$inferInsert;
export type NewsletterTopicEditionRow = typeof newsletterTopicEditions.$inferSelect;
