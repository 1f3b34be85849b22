import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { posts } from '../posts/posts.table';

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
