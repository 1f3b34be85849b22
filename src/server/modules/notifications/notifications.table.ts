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
import { posts } from '../posts/posts.table';
import { publications } from '../publications/publications.table';
import { responses } from '../responses/responses.table';
import { users } from '../users/users.table';

// In-app notifications (issue 25; docs/decisions/055-notifications.md): one row per thing a reader
// should hear of — a new follower, a response to their story, a reply to their response, their story
// approved or rejected in a publication, a mention by handle. Written by the listeners of the events
// of the modules below (follows, responses, posts), never inside their transactions. The row names
// what it is about (the actor, the story, the response, the publication) by foreign key: a deleted
// story or response takes its notifications with it; a deleted actor leaves them, nameless. A banned
// actor's notifications stay and are filtered at read time, so an unban brings them back.
export const NOTIFICATION_KINDS = [
  'follower',
  'response',
  'reply',
  'story_approved',
  'story_rejected',
  'mention',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    /** The recipient. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    postId: text('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id').references(() => responses.id, { onDelete: 'cascade' }),
    publicationId: uuid('publication_id').references(() => publications.id, { onDelete: 'cascade' }),
    /**
     * What makes a notification one of its kind for its recipient, so a repeated event writes nothing
     * (ON CONFLICT DO NOTHING): `response:{id}` for the three response kinds (one notification per
     * person per response, whichever kind won), `follow:{follower}:{day}` for a follow (unfollow and
     * follow again the same day: one notification), `review:{event id}` for a review.
     */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { precision: 3, withTimezone: true }),
  },
  (t) => [
    // The reader's list, newest first (keyset on (created_at, id)).
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The unread count and the digest's unread since its last mail.
    index('notifications_user_unread_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
    index('notifications_actor_idx').on(t.actorId),
    index('notifications_post_idx').on(t.postId),
    index('notifications_response_idx').on(t.responseId),
    index('notifications_publication_idx').on(t.publicationId),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('follower', 'response', 'reply', 'story_approved', 'story_rejected', 'mention')`,
    ),
  ],
);

export const DIGEST_STATUSES = ['queued', 'sent', 'skipped', 'failed'] as const;
export type DigestStatus = (typeof DIGEST_STATUSES)[number];

// The daily e-mail digest (off by default; users.notification_digest): one row per (reader, site
// day) once the day's digest is due, written ON CONFLICT DO NOTHING by whichever worker gets there
// first, covering the unread notifications created in (since, until]. Workers lease rows (claim_id,
// claimed_until; FOR UPDATE SKIP LOCKED) and mark one sent in the mail transport's commit step, as
// the newsletters' and the reading plans' deliveries (docs/decisions/024-newsletters.md): each
// digest is mailed at most once, across workers and crashes. The last row's `until` is where the
// next digest starts.
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    since: timestamp('since', { precision: 3, withTimezone: true }).notNull(),
    until: timestamp('until', { precision: 3, withTimezone: true }).notNull(),
    status: text('status', { enum: DIGEST_STATUSES }).notNull().default('queued'),
    claimId: uuid('claim_id'),
    claimedUntil: timestamp('claimed_until', { precision: 3, withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { precision: 3, withTimezone: true }),
    /** How many notifications the mail listed (0 when skipped). */
    itemCount: integer('item_count').notNull().default(0),
    sentAt: timestamp('sent_at', { precision: 3, withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    index('notification_digests_queued_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'queued'`),
    check('notification_digests_status_check', sql`${t.status} in ('queued', 'sent', 'skipped', 'failed')`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
export type NotificationDigestRow = typeof notificationDigests.$inferSelect;
