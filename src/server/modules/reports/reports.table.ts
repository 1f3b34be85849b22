import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { posts } from '../posts/posts.table';
import { responses } from '../responses/responses.table';
import { users } from '../users/users.table';
import { REPORT_KINDS, REPORT_REASONS, REPORT_RESOLUTIONS, REPORT_STATUSES } from './reports.limits';

export {
  REPORT_KINDS,
  REPORT_REASONS,
  REPORT_RESOLUTIONS,
  REPORT_STATUSES,
  type ReportKind,
  type ReportReason,
  type ReportResolution,
  type ReportStatus,
} from './reports.limits';

// Readers' reports of a response or a story (issue 25, docs/decisions/054-reports.md). A report is
// never deleted by moderation: staff resolve it (dismissed, or actioned: the subject hidden or its
// author banned) and the moderation log records who did what. A response report also names the
// response's story (post_id), so the queue shows where it was said.
const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    /** The response reported (kind 'response'); null for a story. */
    responseId: uuid('response_id').references(() => responses.id, { onDelete: 'cascade' }),
    /** The story reported, or the reported response's story. */
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** The subject's id as text: the response's id, or the story's (one key for both kinds). */
    subjectId: text('subject_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { precision: 3, withTimezone: true }),
    resolution: text('resolution', { enum: REPORT_RESOLUTIONS }),
    /** Staff's note on the resolution (the ban's reason, say); '' when none. */
    resolutionNote: text('resolution_note').notNull().default(''),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open report per reporter per subject: a second click answers the first report.
    uniqueIndex('reports_open_reporter_subject_key')
      .on(t.reporterId, t.kind, t.subjectId)
      .where(sql`${t.status} = 'open'`),
    // The queue: by status, oldest first (open) or newest first (resolved), keyset on (created_at, id).
    index('reports_status_created_idx').on(t.status, t.createdAt, t.id),
    // The other reports of one subject (counted in the queue, resolved together).
    index('reports_subject_idx').on(t.kind, t.subjectId, t.status),
    index('reports_response_idx').on(t.responseId),
    index('reports_post_idx').on(t.postId),
    index('reports_reporter_idx').on(t.reporterId),
    check('reports_kind_check', sql`${t.kind} in (${list(REPORT_KINDS)})`),
    check('reports_reason_check', sql`${t.reason} in (${list(REPORT_REASONS)})`),
    check('reports_status_check', sql`${t.status} in (${list(REPORT_STATUSES)})`),
    check(
      'reports_resolution_check',
      sql`${t.resolution} is null or ${t.resolution} in (${list(REPORT_RESOLUTIONS)})`,
    ),
    check(
      'reports_subject_check',
      sql`(${t.kind} = 'response' and ${t.responseId} is not null and ${t.subjectId} = ${t.responseId}::text) or (${t.kind} = 'story' and ${t.responseId} is null and ${t.subjectId} = ${t.postId})`,
    ),
    check(
      'reports_resolved_check',
      sql`(${t.status} = 'open') = (${t.resolvedAt} is null and ${t.resolution} is null)`,
    ),
    check('reports_details_length_check', sql`char_length(${t.details}) <= 1000`),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
export type NewReportRow = typeof reports.$inferInsert;
