import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { lists } from '../lists/lists.table';
import { posts } from '../posts/posts.table';
import { users } from '../users/users.table';

// Pinned stories, on the profile (listId null) or inside one list.
export const pins = pgTable(
  'pins',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    listId: uuid('list_id').references(() => lists.id, { onDelete: 'cascade' }),
    pinnedAt: timestamp('pinned_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT (PostgreSQL 15+) so a profile pin (list_id null) is unique too.
    unique('pins_user_post_list_key').on(t.userId, t.postId, t.listId).nullsNotDistinct(),
    index('pins_post_idx').on(t.postId),
    index('pins_list_idx').on(t.listId),
  ],
);

export type PinRow = typeof pins.$inferSelect;
export type NewPinRow = typeof pins.$inferInsert;
