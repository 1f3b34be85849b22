// The export calls the export panel makes (docs/decisions/043-exports.md). Every call throws
// ApiError, whose message already reads 'ERROR: …' (SPEC §8).
import { abortable, api, call } from '@/lib/api-client';
import type { ExportView } from '@/server/modules/exports/exports.schema';

export type { ExportView };
export type ExportTarget = { userId: string } | { publicationId: string };

/** POST /api/exports: the export being made of the target (a new one, or the one still under way). */
export const requestExport = (target: ExportTarget): Promise<{ id: string }> =>
  call(api.exports.$post({ json: target }));

/** GET /api/exports/{id} */
export const getExport = (id: string, signal?: AbortSignal): Promise<ExportView> =>
  call(api.exports[':id'].$get({ param: { id } }, abortable(signal)));

/** Where the finished archive is downloaded from (an attachment: the browser saves it). */
export const exportDownloadHref = (id: string): string => `/api/exports/${encodeURIComponent(id)}/download`;

/** '12.3 MB', '840 KB', '512 bytes' */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
