import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { posts } from '../posts/posts.table';

// The scripture references of every story (issue 24 item 1, docs/decisions/046-stored-references.md):
// one row per story and passage, found in its title and body by ./references (decision 044) and
// kept in step with every save by the listeners of scripture.listeners.ts; plus, per story, which
// version of it was read and by which scanner, so a backfill knows what is left to read.

export const postScriptureRefs = pgTable(
  'post_scripture_refs',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Normalised OSIS as the parser writes it: 'John.3.16', 'Ps.23', 'John.3.16-John.3.18'. */
    osis: text('osis').notNull(),
    /** Verse keys (book order × 1,000,000 + chapter × 1,000 + verse) of the first and last verse. */
    startKey: integer('start_key').notNull(),
    endKey: integer('end_key').notNull(),
    /** Order of first appearance in the story (title first, then the body), from 0. */
    position: smallint('position').notNull(),
  },
  (t) => [
    // One row per story and passage; the story's rows are read and replaced by this prefix.
    primaryKey({ name: 'post_scripture_refs_pkey', columns: [t.postId, t.osis] }),
    // "Which stories cite a passage overlapping [a, b]": a range overlap, which no B-tree bounds
    // from both sides; GiST over the closed range answers && by descending only into the subtrees
    // whose ranges overlap (decision 046).
    index('post_scripture_refs_range_idx').using('gist', sql`int4range(${t.startKey}, ${t.endKey}, '[]')`),
    check('post_scripture_refs_keys_check', sql`${t.startKey} >= 1001001 and ${t.startKey} <= ${t.endKey}`),
    check('post_scripture_refs_position_check', sql`${t.position} >= 0`),
  ],
);

export const postScriptureScans = pgTable('post_scripture_scans', {
  postId: text('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  /** posts.version when its text was read: a newer save is read again, an older read never wins. */
  postVersion: integer('post_version').notNull(),
  /** SCANNER_VERSION of the reading: raised when recognition changes, so every story is read again. */
  scannerVersion: integer('scanner_version').notNull(),
  /** References found before the per-story cap (a story over it keeps its first MAX_REFS_PER_STORY). */
  found: integer('found').notNull().default(0),
  scannedAt: timestamp('scanned_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});

export type PostScriptureRefRow = typeof postScriptureRefs.$inferSelect;
export type NewPostScriptureRefRow = typeof postScriptureRefs.$inferInsert;
