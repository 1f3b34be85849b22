import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { posts } from './posts.table';

// A tag is known by its slug (SPEC §3 Tag: name, slug); the name keeps the first spelling used.
export const tags = pgTable('tags', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});

export const postTags = pgTable(
  'post_tags',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tagSlug: text('tag_slug')
      .notNull()
      .references(() => tags.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** Order the author gave the tags, 0-based. */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tagSlug] }),
    index('post_tags_tag_post_idx').on(t.tagSlug, t.postId),
    check('post_tags_position_range', sql`${t.position} >= 0 and ${t.position} < 5`),
  ],
);

export type TagRow = typeof tags.$inferSelect;
export type NewTagRow = typeof tags.$inferInsert;
export type PostTagRow = typeof postTags.$inferSelect;
export type NewPostTagRow = typeof postTags.$inferInsert;
