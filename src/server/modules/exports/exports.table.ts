import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { publications } from '../publications/publications.table';
import { users } from '../users/users.table';

// Exports (issue 23 item 2; docs/decisions/043-exports.md): one row per archive asked for, built by
// the `exports.build` job into ${DATA_DIR}/exports/{id}.zip and removed with its file after
// EXPORT_KEEP_DAYS by the `exports.upkeep` sweep.

export const EXPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const dataExports = pgTable(
  'exports',
  {
    id: uuid('id').primaryKey(),
    /** Who asked; the archive is served to whoever may export its target, not only to them. */
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A writer's export: every story they wrote. Exactly one of userId / publicationId is set. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A publication's export: every story in it (and its subscribers, when allowed). */
    publicationId: uuid('publication_id').references(() => publications.id, { onDelete: 'cascade' }),
    /** Decided when asked (policy `export.subscribers`), so the job does not judge anyone. */
    withSubscribers: boolean('with_subscribers').notNull().default(false),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('pending'),
    /** Relative to DATA_DIR: 'exports/{id}.zip'; set when the archive is done. */
    filePath: text('file_path'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { precision: 3, withTimezone: true }),
    finishedAt: timestamp('finished_at', { precision: 3, withTimezone: true }),
  },
  (t) => [
    index('exports_requested_by_created_at_idx').on(t.requestedBy, t.createdAt),
    // The upkeep sweep: old archives, and jobs lost or stuck.
    index('exports_status_created_at_idx').on(t.status, t.createdAt),
    check('exports_one_target', sql`(${t.userId} is null) <> (${t.publicationId} is null)`),
    check('exports_status_check', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
  ],
);

export type ExportRow = typeof dataExports.$inferSelect;
export type NewExportRow = typeof dataExports.$inferInsert;
