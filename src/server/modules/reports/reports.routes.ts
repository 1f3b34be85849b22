import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { errors, json, jsonBody, signedIn } from '../../api/openapi';
import {
  createReportSchema,
  reportIdSchema,
  reportQueuePageSchema,
  reportQueueQuerySchema,
  reportSchema,
  resolvedReportSchema,
  resolveReportSchema,
} from './reports.schema';
import { createReport, listReports, REPORTS_PER_USER, resolveReport } from './reports.service';

// /api/reports (issue 25, docs/decisions/054-reports.md): readers report a response or a story; site
// staff work the queue.
const tags = ['reports'];

export const reportsRoutes = createRouter()
  // POST /api/reports {kind, id, reason, details?} — report a response or a story (201; 200: already reported)
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      security: signedIn,
      tags,
      summary: 'Report a response or a story to site staff',
      description: `Any signed-in reader who is not banned. The subject must be one the reader can see — a published story, or a response that is neither hidden nor removed, by an active author, under one — otherwise 404. Reporting your own story or response is 403. One open report per reader per subject: reporting it again while that report is open answers it (200) and changes nothing. \`details\`: optional, at most 1,000 characters, line breaks kept, other control characters refused (400). At most ${REPORTS_PER_USER.limit} new reports per reader per hour (429 with Retry-After).`,
      request: jsonBody(createReportSchema),
      responses: {
        201: json(reportSchema, 'Reported'),
        200: json(reportSchema, 'Already reported: the open report'),
        ...errors(404, 429),
      },
    }),
    async (c) => {
      const { report, created } = await createReport(c.get('actor'), c.req.valid('json'));
      return created ? c.json(report, 201) : c.json(report, 200);
    },
  )
  // GET /api/reports?status&lastKey — the queue (site staff)
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      security: signedIn,
      tags,
      summary: 'The reports queue (site editors and site admins)',
      description:
        "Site staff only (403 for anyone else, 401 signed out). `status=open` (the default): one row per reported subject — its oldest open report, with the subject's open reports counted — oldest first. `resolved`, `dismissed`, `actioned`: every such report, newest first. 20 a page, keyset on `lastKey`. Each row carries the subject's text (the response, or the story's excerpt), its story, its author, the reporter, the reason and what the reader may do with it (`can`).",
      request: { query: reportQueueQuerySchema },
      responses: { 200: json(reportQueuePageSchema) },
    }),
    async (c) => c.json(await listReports(c.get('actor'), c.req.valid('query')), 200),
  )
  // PATCH /api/reports/{id} {action, note?} — dismiss, hide or ban (site staff)
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: 'Act on a report: dismiss it, hide its subject, or ban its author',
      description:
        "Site staff. `dismiss`: the report is dismissed (site editors and admins). `hide`: a response is removed by staff (site editors and admins); a story is unpublished (site admins only, as story unpublishing is). `ban`: the subject's author is banned (site admins only; 409 when banned already). Each is written to the moderation log (dismiss_report, remove_response, unpublish_story, ban) with `note` as its reason (optional, at most 500 characters, control characters other than line breaks refused). Every open report of the same subject is resolved with it. 409 when the report was resolved already; 404 for an unknown report.",
      request: {
        params: z.object({ id: reportIdSchema }),
        ...jsonBody(resolveReportSchema),
      },
      responses: { 200: json(resolvedReportSchema), ...errors(404, 409) },
    }),
    async (c) =>
      c.json(await resolveReport(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  );
