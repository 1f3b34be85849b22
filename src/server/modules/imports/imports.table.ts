import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';
import { publications } from '../publications/publications.table';

// Imports from other platforms (issue 23; docs/decisions/042-imports.md): one row per uploaded
// export (its dry run, progress and report), and one row per story it brought in — the mapping that
// makes a re-run continue where it stopped and a second import of the same file create nothing.

export const IMPORT_STATUSES = ['previewed', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_TARGET_KINDS = ['user', 'publication'] as const;
export type ImportTargetKind = (typeof IMPORT_TARGET_KINDS)[number];

/** One line of the dry run: what an entry of the export will become. */
export type ImportPreviewItem = {
  externalId: string;
  title: string;
  action: 'create' | 'skip';
  reason?: string;
  publishedAt: string | null;
  tags: string[];
  tagsDropped?: string[];
  notes?: string[];
};

/** What the run did beyond creating stories: what it could not do, and what it changed. */
export type ImportReport = {
  created: number;
  skipped: number;
  failedImages: { story: string; url: string; reason: string }[];
  tagsDropped: { story: string; tags: string[] }[];
  /** Source authors of a publication import with no member of that address: filed under the owner. */
  authorsNotFound: { author: string; stories: number }[];
};

export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind', { enum: IMPORT_TARGET_KINDS }).notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    targetPublicationId: uuid('target_publication_id').references(() => publications.id, {
      onDelete: 'cascade',
    }),
    source: text('source').notNull(),
    /** The uploaded export under DATA_DIR/imports; null once it is deleted (done, failed, expired). */
    filePath: text('file_path'),
    fileName: text('file_name').notNull().default(''),
    useOriginalUrlAsCanonical: boolean('use_original_url_as_canonical').notNull().default(false),
    /** The old site's address (Ghost and Substack exports do not hold it): links and originals made absolute. */
    siteUrl: text('site_url'),
    /** Paid-only posts: left out ('skip', the default) or brought in as drafts. */
    paidPosts: text('paid_posts', { enum: ['skip', 'draft'] })
      .notNull()
      .default('skip'),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('previewed'),
    /** Entries of the export (stories and skipped ones): the progress bar's whole. */
    total: integer('total').notNull().default(0),
    /** Entries handled so far, committed as the run goes. */
    done: integer('done').notNull().default(0),
    createCount: integer('create_count').notNull().default(0),
    skipCount: integer('skip_count').notNull().default(0),
    /** The dry run's first items (the answer's list; counts above are exact). */
    preview: jsonb('preview')
      .$type<ImportPreviewItem[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    report: jsonb('report').$type<ImportReport | null>(),
    error: text('error'),
    /** A running import is worked on by whoever holds this lease; a lapsed one is resumed (the sweep). */
    leaseUntil: timestamp('lease_until', { precision: 3, withTimezone: true }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { precision: 3, withTimezone: true }),
  },
  (t) => [
    index('imports_status_lease_idx').on(t.status, t.leaseUntil),
    index('imports_created_by_idx').on(t.createdBy, t.createdAt),
    check('imports_status_check', sql`${t.status} in ('previewed', 'running', 'done', 'failed')`),
    check(
      'imports_target_check',
      sql`(${t.targetKind} = 'user' and ${t.targetUserId} is not null and ${t.targetPublicationId} is null)
        or (${t.targetKind} = 'publication' and ${t.targetPublicationId} is not null)`,
    ),
  ],
);

/**
 * A story brought in: (target, source, external id) → the story. Written 'planned' with the story's
 * id before the story is inserted, 'created' after; a run that dies between the two finds the row
 * and looks the story up, so an entry is never imported twice. A story deleted since frees its key.
 */
export const importItems = pgTable(
  'import_items',
  {
    targetKind: text('target_kind', { enum: IMPORT_TARGET_KINDS }).notNull(),
    targetId: uuid('target_id').notNull(),
    source: text('source').notNull(),
    externalId: text('external_id').notNull(),
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    postId: text('post_id').notNull(),
    state: text('state', { enum: ['planned', 'created'] })
      .notNull()
      .default('planned'),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('import_items_target_source_external_key').on(t.targetKind, t.targetId, t.source, t.externalId),
    index('import_items_import_idx').on(t.importId),
    index('import_items_post_idx').on(t.postId),
    check('import_items_state_check', sql`${t.state} in ('planned', 'created')`),
  ],
);

export type ImportRow = typeof imports.$inferSelect;
export type ImportItemRow = typeof importItems.$inferSelect;
