import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { POST_STATUSES, posts, type ProseMirrorNode } from '../posts/posts.table';
import { users } from '../users/users.table';

// A story's history (issue 23 item 4, docs/decisions/039-story-revisions.md): one row per kept
// version of its content, written after each save by the listeners in revisions.listeners.ts.

export const REVISION_KINDS = ['edit', 'publish', 'restore'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

export const postRevisions = pgTable(
  'post_revisions',
  {
    id: uuid('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Who saved it; null when the scheduler published it, or when nobody can be named. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: REVISION_KINDS }).notNull(),
    /** A 'restore': the revision it brought back (null once that one has been pruned). */
    restoredFromId: uuid('restored_from_id').references((): AnyPgColumn => postRevisions.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    bodyJson: jsonb('body_json').$type<ProseMirrorNode>().notNull(),
    bodyHtml: text('body_html').notNull(),
    /** The story's tag names at the time, in the author's order. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    featureImageUrl: text('feature_image_url'),
    languageCode: text('language_code').notNull(),
    /** The story's state when this version was kept. */
    status: text('status', { enum: POST_STATUSES }).notNull(),
    wordCount: integer('word_count').notNull().default(0),
    /** When this version was first kept; the history's order. */
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    /** The last save folded into it (autosaves within the coalescing window update it in place). */
    updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The history, newest first, a page at a time: a plain ascending (post_id, created_at, id)
    // index scanned backward for ORDER BY created_at DESC, id DESC (STACK-NOTES on keyset indexes).
    index('post_revisions_post_created_at_id_idx').on(t.postId, t.createdAt, t.id),
    index('post_revisions_restored_from_idx').on(t.restoredFromId),
    index('post_revisions_actor_idx').on(t.actorId),
    check('post_revisions_kind_check', sql`${t.kind} in ('edit', 'publish', 'restore')`),
    check(
      'post_revisions_status_check',
      sql`${t.status} in ('draft', 'pending', 'rejected', 'scheduled', 'published')`,
    ),
  ],
);

export type PostRevisionRow = typeof postRevisions.$inferSelect;
export type NewPostRevisionRow = typeof postRevisions.$inferInsert;
