import { z } from 'zod';
import { cursorSchema, uuidCursorParamSchema } from '../../lib/cursor';
import { safeString } from '../../lib/safe-string';
import {
  REPORT_DETAILS_MAX,
  REPORT_KINDS,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_RESOLUTIONS,
  REPORT_STATUSES,
} from './reports.limits';

// Reports (issue 25, docs/decisions/054-reports.md): a reader reports a response or a story; site staff
// work the queue in /admin. Shared by the routes, the OpenAPI document and the report dialog.

export const reportIdSchema = z.string().uuid('Not a report id');

// POST /api/reports {kind, id, reason, details?}
export const createReportSchema = z.object({
  kind: z.enum(REPORT_KINDS).describe('What is reported: a response, or a story'),
  id: z
    .string()
    .max(64)
    .regex(/^[0-9A-Za-z_-]+$/, 'Not an id')
    .describe("The response's id (a UUID) or the story's (21 characters)"),
  reason: z.enum(REPORT_REASONS).describe('Why: one of the listed reasons'),
  details: safeString()
    .trim()
    .max(REPORT_DETAILS_MAX, `At most ${REPORT_DETAILS_MAX} characters`)
    .optional()
    .describe(
      `Optional, at most ${REPORT_DETAILS_MAX} characters of plain text; line breaks are kept, other control characters refused`,
    ),
});
export type CreateReportInput = z.infer<typeof createReportSchema>;

/** What the reporter gets back. */
export const reportSchema = z
  .object({
    id: z.string(),
    kind: z.enum(REPORT_KINDS),
    subjectId: z.string(),
    reason: z.enum(REPORT_REASONS),
    details: z.string(),
    status: z.enum(REPORT_STATUSES),
    /** Epoch ms. */
    createdAt: z.number(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;

// GET /api/reports?status&lastKey
export const REPORT_QUEUE_FILTERS = ['open', 'resolved', 'dismissed', 'actioned'] as const;
export const reportQueueQuerySchema = z.object({
  status: z
    .enum(REPORT_QUEUE_FILTERS)
    .default('open')
    .describe(
      'open (the default): the subjects waiting, oldest report first, one row per subject; resolved (dismissed or actioned), dismissed, actioned: every report, newest first',
    ),
  lastKey: uuidCursorParamSchema,
});
export type ReportQueueQuery = z.infer<typeof reportQueueQuerySchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

export const reportQueueItemSchema = z
  .object({
    id: z.string(),
    kind: z.enum(REPORT_KINDS),
    reason: z.enum(REPORT_REASONS),
    details: z.string(),
    status: z.enum(REPORT_STATUSES),
    /** Epoch ms. */
    createdAt: z.number(),
    reporter: personSchema,
    /** Reports of the same subject: open ones in the open queue, all of them otherwise. */
    reportCount: z.number().int(),
    subject: z.object({
      /** The response's or the story's id. */
      id: z.string(),
      /** The story: reported, or the reported response's. */
      postId: z.string(),
      storyTitle: z.string(),
      /** The story's address (/stories/{slug}-{id}). */
      storyPath: z.string(),
      /** The response's text, or the story's excerpt. */
      text: z.string(),
      author: z.object({ id: z.string(), name: z.string(), status: z.enum(['active', 'banned']) }),
      /**
       * visible: readers see it; hidden: hidden by the story's writer or a publication editor;
       * removed: removed by site staff; unpublished: the story is not published.
       */
      state: z.enum(['visible', 'hidden', 'removed', 'unpublished']),
    }),
    resolution: z
      .object({
        action: z.enum(REPORT_RESOLUTIONS),
        note: z.string(),
        /** Epoch ms. */
        at: z.number(),
        by: personSchema.nullable(),
      })
      .nullable(),
    /** What the reader of the queue may do with this report (the policy's answers). */
    can: z.object({ dismiss: z.boolean(), hide: z.boolean(), ban: z.boolean() }),
  })
  .meta({ id: 'ReportQueueItem' });
export type ReportQueueItem = z.infer<typeof reportQueueItemSchema>;

export const reportQueuePageSchema = z.object({
  reports: z.array(reportQueueItemSchema),
  /** Send back as ?lastKey (URL-encoded JSON) for the next page; null on the last page. */
  lastKey: cursorSchema.nullable(),
});
export type ReportQueuePage = z.infer<typeof reportQueuePageSchema>;

// PATCH /api/reports/{id} {action, note?}
export const resolveReportSchema = z.object({
  action: z
    .enum(REPORT_RESOLUTIONS)
    .describe(
      "dismiss: nothing wrong; hide: remove the response (site staff) or unpublish the story (site admins); ban: ban the subject's author (site admins)",
    ),
  note: safeString()
    .trim()
    .max(REPORT_NOTE_MAX, `At most ${REPORT_NOTE_MAX} characters`)
    .optional()
    .describe(
      `Optional, at most ${REPORT_NOTE_MAX} characters: kept with the report and in the moderation log`,
    ),
});
export type ResolveReportInput = z.infer<typeof resolveReportSchema>;

export const resolvedReportSchema = z.object({
  id: z.string(),
  status: z.enum(REPORT_STATUSES),
  resolution: z.enum(REPORT_RESOLUTIONS),
  /** How many open reports of the same subject were resolved with it (this one included). */
  resolvedCount: z.number().int(),
});
export type ResolvedReport = z.infer<typeof resolvedReportSchema>;
