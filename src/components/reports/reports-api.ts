// The reports' calls (issue 25, docs/decisions/054-reports.md), through the one typed client. Every
// call throws ApiError, whose message reads 'ERROR: …' (SPEC §8).
import { abortable, api, call } from '@/lib/api-client';
import type { Cursor } from '@/server/lib/cursor';
import type { ReportReason, ReportResolution } from '@/server/modules/reports/reports.limits';
import type { ReportQueueItem } from '@/server/modules/reports/reports.schema';

export type { ReportQueueItem };
export type ReportQueueFilter = 'open' | 'resolved';

/** POST /api/reports — 201 a new report, 200 the reader's open report of it. */
export const fileReport = (kind: 'response' | 'story', id: string, reason: ReportReason, details: string) =>
  call(api.reports.$post({ json: { kind, id, reason, ...(details && { details }) } }));

/** GET /api/reports?status&lastKey — the queue (site staff). */
export const listReportQueue = (status: ReportQueueFilter, lastKey: Cursor | null, signal?: AbortSignal) =>
  call(
    api.reports.$get(
      { query: { status, ...(lastKey && { lastKey: JSON.stringify(lastKey) }) } },
      abortable(signal),
    ),
  );

/** PATCH /api/reports/{id} — dismiss, hide or ban. */
export const resolveReport = (id: string, action: ReportResolution, note: string) =>
  call(api.reports[':id'].$patch({ param: { id }, json: { action, ...(note && { note }) } }));
