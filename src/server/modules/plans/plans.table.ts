import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { subscriptions, topics } from '../newsletters/newsletters.table';
import { posts } from '../posts/posts.table';
import { collections, publications } from '../publications/publications.table';
import { users } from '../users/users.table';
import { PLAN_READER_STATES } from './plans.limits';

// Reading plans (issue 24 item 5; docs/decisions/050-reading-plans.md): a publication's owner turns a
// collection into an ordered list of days; readers start it, get each day by mail at their own local
// time through the newsletter machinery (a topic per plan, its subscriptions and their double opt-in,
// one delivery row per reader and day), and mark days read.

/** unconfirmed: waiting for the mail address to be confirmed; active: mailed and read; finished: every day read. */
export const PLAN_READER_STATUSES = PLAN_READER_STATES;
export type PlanReaderStatus = (typeof PLAN_READER_STATUSES)[number];
export const PLAN_DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type PlanDeliveryStatus = (typeof PLAN_DELIVERY_STATUSES)[number];

export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey(),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    /** The collection it was made from; the days are the plan's own (a deleted collection leaves them). */
    collectionId: uuid('collection_id').references(() => collections.id, { onDelete: 'set null' }),
    /** The plan's mailing audience: a site topic `plan-<id>` (deleting the topic deletes the plan). */
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The publication's language when made: how its passages are written. */
    languageCode: text('language_code').notNull().default('en'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plans_publication_created_at_id_idx').on(t.publicationId, t.createdAt, t.id),
    uniqueIndex('plans_topic_key').on(t.topicId),
  ],
);

/** One day of a plan: a story (null once it is deleted) and the passages to read with it (OSIS). */
export const planDays = pgTable(
  'plan_days',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    passages: text('passages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.day] }),
    index('plan_days_post_idx').on(t.postId),
    check('plan_days_day_check', sql`${t.day} >= 1`),
  ],
);

/**
 * A reader of a plan: signed in (userId) or by mail alone. Their mail goes through `subscriptionId`
 * (the plan topic's subscription of their address): unconfirmed until it is, no mail once it
 * is left. The schedule: day `nextDay` is due at `nextDueAt`, the reader's `sendAt` on local date
 * `startDate + nextDay - 1` in `timeZone` (null when every day has been mailed).
 */
export const planReaders = pgTable(
  'plan_readers',
  {
    id: uuid('id').primaryKey(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    timeZone: text('time_zone').notNull(),
    /** Local send time, 'HH:MM' (24-hour). */
    sendAt: text('send_at').notNull(),
    status: text('status', { enum: PLAN_READER_STATUSES }).notNull().default('unconfirmed'),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { precision: 3, withTimezone: true }),
    /** The local date of day 1's mail. */
    startDate: date('start_date'),
    nextDay: integer('next_day').notNull().default(1),
    nextDueAt: timestamp('next_due_at', { precision: 3, withTimezone: true }),
    /** The last time a day was read or mailed: "active" in the owner's figures is within a week. */
    lastActiveAt: timestamp('last_active_at', { precision: 3, withTimezone: true }),
    finishedAt: timestamp('finished_at', { precision: 3, withTimezone: true }),
  },
  (t) => [
    uniqueIndex('plan_readers_plan_user_key').on(t.planId, t.userId),
    uniqueIndex('plan_readers_subscription_key').on(t.subscriptionId),
    // The scheduler: active readers whose next day is due.
    index('plan_readers_status_next_due_idx').on(t.status, t.nextDueAt),
    index('plan_readers_user_idx').on(t.userId),
    check('plan_readers_status_check', sql`${t.status} in ('unconfirmed', 'active', 'finished')`),
    check('plan_readers_send_at_check', sql`${t.sendAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/** A day marked read, with the reader's local date then (the streak counts those dates). */
export const planReads = pgTable(
  'plan_reads',
  {
    readerId: uuid('reader_id')
      .notNull()
      .references(() => planReaders.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    readAt: timestamp('read_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    readOn: date('read_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.readerId, t.day] })],
);

/**
 * One row per (reader, day) mailed: the newsletter sender's exactly-once, for plans — inserted when
 * the day is due (ON CONFLICT DO NOTHING), leased in batches (SKIP LOCKED), marked sent in the mail
 * transport's commit step under the lease (docs/decisions/024-newsletters.md).
 */
export const planDeliveries = pgTable(
  'plan_deliveries',
  {
    readerId: uuid('reader_id')
      .notNull()
      .references(() => planReaders.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    status: text('status', { enum: PLAN_DELIVERY_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    dueAt: timestamp('due_at', { precision: 3, withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { precision: 3, withTimezone: true }),
    claimId: uuid('claim_id'),
    claimedUntil: timestamp('claimed_until', { precision: 3, withTimezone: true }),
    sentAt: timestamp('sent_at', { precision: 3, withTimezone: true }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.readerId, t.day] }),
    index('plan_deliveries_status_due_idx').on(t.status, t.dueAt),
    check('plan_deliveries_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = typeof plans.$inferInsert;
export type PlanDayRow = typeof planDays.$inferSelect;
export type PlanReaderRow = typeof planReaders.$inferSelect;
export type NewPlanReaderRow = typeof planReaders.$inferInsert;
export type PlanReadRow = typeof planReads.$inferSelect;
export type PlanDeliveryRow = typeof planDeliveries.$inferSelect;
