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

// In-app notifications (issue 25; docs/decisions/055-notifications.md): one row per line a reader
// sees — a new follower, a response to their story, a reply to their response, their story approved
// or rejected in a publication, a mention by handle; followers, responses and replies grouped while
// unread ("Ruth and 4 others started following you", written so at insert: one row is one entry of
// the list, the unread count and the digest). Written by the listeners of the events of the modules
// below (follows, responses, posts), never inside their transactions. The row names what it is about
// (the actor, the story, the response, the publication) by foreign key: a deleted story takes its
// notifications with it; a deleted actor leaves them, nameless. A banned actor's notifications stay
// and are filtered at read time, so an unban brings them back.
export const NOTIFICATION_KINDS = [
  'follower',
  'response',
  'reply',
  'story_approved',
  'story_rejected',
  'mention',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds told as groups ("Ruth and 4 others started following you"): while a row of one of these
 * is unread, the next notification of the same kind about the same subject joins it instead of
 * adding a row. The subject (`group_subject`): the recipient for a follower, the story for a
 * response, the parent response for a reply. Mentions and reviews are each news of their own.
 */
export const GROUPED_NOTIFICATION_KINDS = ['follower', 'response', 'reply'] as const;

/** The actors a group keeps by id, newest first (`actor_ids`); `actor_count` counts on past them. */
export const GROUP_ACTORS_KEPT = 10;

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
    /**
     * The response it is about — for a group, the newest (the link lands on it). A deleted one leaves
     * the row (set null): a group tells of others too; a row about that one response alone is hidden
     * when read and deleted by the responseDeleted listener.
     */
    responseId: uuid('response_id').references(() => responses.id, { onDelete: 'set null' }),
    /** A reply's parent response: the subject of a group of replies, which goes with it. */
    parentResponseId: uuid('parent_response_id').references(() => responses.id, { onDelete: 'cascade' }),
    publicationId: uuid('publication_id').references(() => publications.id, { onDelete: 'cascade' }),
    /**
     * What makes a notification one of its kind for its recipient, so a repeated event writes nothing:
     * `response:{id}` for the three response kinds (one notification per person per response,
     * whichever kind won), `follow:{follower}:{day}` for a follow (unfollow and follow again the same
     * day: one notification), `review:{event id}` for a review. The key of the row's first event;
     * every key seen, a group's later ones too, is in notification_dedupe_keys, which decides.
     */
    dedupeKey: text('dedupe_key').notNull(),
    /**
     * What a group is about (GROUPED_NOTIFICATION_KINDS): the recipient's id for a follower, the
     * story's for a response, the parent response's for a reply; null for a kind never grouped (and
     * for rows written by hand). At most one unread row per (recipient, kind, subject): the index
     * notifications_unread_group_key, the insert's ON CONFLICT target.
     */
    groupSubject: text('group_subject'),
    /**
     * The actors, newest first, each once, at most GROUP_ACTORS_KEPT (no foreign key: a deleted one
     * stays, nameless).
     */
    actorIds: uuid('actor_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The distinct actors the row tells of, counting on past those kept in actor_ids. */
    actorCount: integer('actor_count').notNull().default(1),
    /** The events the row stands for (1 unless others joined its group). */
    eventCount: integer('event_count').notNull().default(1),
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
    // One unread group per (recipient, kind, subject): where the next notification of it goes.
    uniqueIndex('notifications_unread_group_key')
      .on(t.userId, t.kind, t.groupSubject)
      .where(sql`${t.readAt} is null and ${t.groupSubject} is not null`),
    index('notifications_actor_idx').on(t.actorId),
    index('notifications_post_idx').on(t.postId),
    index('notifications_response_idx').on(t.responseId),
    index('notifications_publication_idx').on(t.publicationId),
    index('notifications_parent_response_idx')
      .on(t.parentResponseId)
      .where(sql`${t.parentResponseId} is not null`),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('follower', 'response', 'reply', 'story_approved', 'story_rejected', 'mention')`,
    ),
    check(
      'notifications_group_kind_check',
      sql`${t.groupSubject} is null or ${t.kind} in ('follower', 'response', 'reply')`,
    ),
  ],
);

// Every dedupe key a recipient's notifications were written under, kept apart from the rows because
// a group absorbs events: a repeated event (the same response, the same follower the same day) finds
// its key here and adds nothing — neither a row nor a bump of its group. The insert writes here and
// into notifications in one statement (notifications.repository.ts).
export const notificationDedupeKeys = pgTable(
  'notification_dedupe_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dedupeKey] })],
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
