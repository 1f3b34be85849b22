import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { posts } from '../posts/posts.table';
import { publications } from '../publications/publications.table';
import { users } from '../users/users.table';

// Readers' responses under a published story (issue 25): plain text, one level of replies
// (a reply's parent is a top-level response; the service enforces it). A response is never
// rewritten by moderation: hiding (the story's writer, the publication's editors) and removing
// (site staff) set a stamp, so a mistaken action can be undone and the reports keep their subject.
// A banned author's responses are left alone and filtered at read time, so an unban restores them.
export const responses = pgTable(
  'responses',
  {
    id: uuid('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => responses.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { precision: 3, withTimezone: true }),
    /** Hidden by the story's writer or the publication's editors. */
    hiddenAt: timestamp('hidden_at', { precision: 3, withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    /** Removed by site staff. */
    removedAt: timestamp('removed_at', { precision: 3, withTimezone: true }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // A story's responses, newest first, keyset on (created_at, id); replies under their parent.
    index('responses_post_created_idx').on(t.postId, t.createdAt, t.id),
    index('responses_parent_created_idx').on(t.parentId, t.createdAt, t.id),
    index('responses_author_idx').on(t.authorId),
    check('responses_not_own_parent_check', sql`${t.parentId} is distinct from ${t.id}`),
  ],
);

// Responses turned off: a row per story its writer closed, a row per publication whose editors
// closed them for every story in it. No row: responses are open.
export const storyResponsesClosed = pgTable('story_responses_closed', {
  postId: text('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  closedAt: timestamp('closed_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});

export const publicationResponsesClosed = pgTable('publication_responses_closed', {
  publicationId: uuid('publication_id')
    .primaryKey()
    .references(() => publications.id, { onDelete: 'cascade' }),
  closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  closedAt: timestamp('closed_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});

// A story's responses' version (docs/decisions/053-responses.md): bumped by triggers (migration 0017)
// whenever a response of the story is written, hidden, removed or deleted, and whenever one of its
// responders is banned, unbanned or renamed. The story page's fingerprint reads it, so its cached HTML
// (which carries the newest responses as JSON-LD comments) is rendered again once after a change.
export const storyResponseVersions = pgTable('story_response_versions', {
  postId: text('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
});

export type ResponseRow = typeof responses.$inferSelect;
export type NewResponseRow = typeof responses.$inferInsert;
