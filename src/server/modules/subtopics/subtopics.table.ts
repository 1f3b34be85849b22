import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { posts } from '../posts/posts.table';

export const subtopics = pgTable(
  'subtopics',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    subtopicName: text('subtopic_name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subtopics_slug_key').on(t.slug),
    index('subtopics_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

export const subtopicPosts = pgTable(
  'subtopic_posts',
  {
    subtopicId: uuid('subtopic_id')
      .notNull()
      .references(() => subtopics.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subtopicId, t.postId] }), index('subtopic_posts_post_idx').on(t.postId)],
);

export type SubtopicRow = typeof subtopics.$inferSelect;
export type NewSubtopicRow = typeof subtopics.$inferInsert;
export type SubtopicPostRow = typeof subtopicPosts.$inferSelect;
export type NewSubtopicPostRow = typeof subtopicPosts.$inferInsert;
