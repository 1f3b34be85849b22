import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';
import { posts } from '../posts/posts.table';
import { LIST_NAME_MAX, LIST_PRIVACY } from './lists.limits';

export type { ListPrivacy } from './lists.limits';

export const lists = pgTable(
  'lists',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listName: varchar('list_name', { length: LIST_NAME_MAX }).notNull(),
    privacyStatus: text('privacy_status', { enum: LIST_PRIVACY }).notNull().default('private'),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lists_owner_created_at_id_idx').on(t.ownerId, t.createdAt, t.id),
    // The API enforces the limit with a clear message; the database refuses anything that slips by.
    check('lists_list_name_length', sql`char_length(${t.listName}) between 1 and 60`),
    check('lists_privacy_status_check', sql`${t.privacyStatus} in ('public', 'private')`),
  ],
);

export const listPosts = pgTable(
  'list_posts',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.postId] }),
    // GET /lists/posts?postId — which of my lists hold this story; also serves the cascade.
    index('list_posts_post_idx').on(t.postId),
    index('list_posts_list_added_at_idx').on(t.listId, t.addedAt, t.postId),
  ],
);

export type ListRow = typeof lists.$inferSelect;
export type NewListRow = typeof lists.$inferInsert;
export type ListPostRow = typeof listPosts.$inferSelect;
export type NewListPostRow = typeof listPosts.$inferInsert;
