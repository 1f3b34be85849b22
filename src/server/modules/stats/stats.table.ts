import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { posts } from '../posts/posts.table';
import { users } from '../users/users.table';

// Page-view counters, one row per story and UTC day, bumped with an upsert
// (insert … on conflict (post_id, day) do update set views = views + 1).
export const postViewsDaily = pgTable(
  'post_views_daily',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD' in UTC. */
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.day] }),
    // "Most viewed in 7 days" (DESIGN §7): a range scan over recent days.
    index('post_views_daily_day_post_idx').on(t.day, t.postId),
  ],
);

export type PostViewsDailyRow = typeof postViewsDaily.$inferSelect;
export type NewPostViewsDailyRow = typeof postViewsDaily.$inferInsert;

// One row per reader, story and UTC day: what makes "a reader counted once per story per day"
// hold across processes and restarts (insert … on conflict do nothing; only new rows bump
// post_views_daily). It is also the page-view event SPEC §9 asks for: userType, user id, ssoId.
// A guest is `reader` = 'g:' + sha256(daily salt, IP, user agent, day): the IP is never stored, and
// once the day's salt is deleted the hash cannot be tied to an address by trying them all.
export const postViewReaders = pgTable(
  'post_view_readers',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** 'u:' + user id, or 'g:' + the guest's salted hash. */
    reader: text('reader').notNull(),
    userType: text('user_type', { enum: ['guest', 'user'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ssoId: text('sso_id'),
    viewedAt: timestamp('viewed_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.day, t.reader] }),
    // Deleting an account cascades here: find its rows without a scan.
    index('post_view_readers_user_id_idx').on(t.userId),
    check('post_view_readers_user_type_check', sql`${t.userType} in ('guest', 'user')`),
    check('post_view_readers_user_has_id', sql`(${t.userType} = 'user') = (${t.userId} is not null)`),
  ],
);

// The salt of each UTC day's guest hashes, shared by every web process. Only today's is kept.
export const statsDailySalts = pgTable('stats_daily_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

export type PostViewReaderRow = typeof postViewReaders.$inferSelect;
export type NewPostViewReaderRow = typeof postViewReaders.$inferInsert;
