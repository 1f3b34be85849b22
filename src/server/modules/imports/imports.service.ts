import type { Actor } from '../../auth/actor';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/rate-limits.service';
import { splitImportedTags } from '../posts/posts-import.service';
import { detectExportSource, openExport } from './sources';
import type { ImportSource, OpenedExport } from './sources/import-entries';
import { findImport, findImportedExternalIds, insertImport, markImportRunning } from './imports.repository';
import { assertMayUseImport, importKeyOf, resolveImportTarget, type ImportTarget } from './imports-target';
import {
  importFieldsSchema,
  PREVIEW_ITEMS_MAX,
  type ImportPreview,
  type ImportStatusAnswer,
} from './imports.schema';
import type { ImportPreviewItem } from './imports.table';
import { enqueueImportRun } from './imports.queue';
import { removeFile, type ReceivedUpload } from './imports.upload';

// Imports from other platforms (issue 23 item 1; docs/decisions/042-imports.md): the upload's dry
// run, the confirmation that starts the job (imports-run.service.ts does the work) and its status.

/** A 400 naming the fields, as the routers' validation answers it (DESIGN §8). */
export function validationError(error: { issues: { path: PropertyKey[]; message: string }[] }): AppError {
  const detail = error.issues
    .map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : 'body'}: ${issue.message}`)
    .join('; ');
  return new AppError('validation_failed', 'Invalid input', detail);
}

/**
 * Any failure reading an export becomes a 422 that says so: the readers' refusals (an unreadable,
 * damaged or dangerous file) keep their words; a 413 (an image, a zip entry too large) stays a 413.
 */
export function asReadFailure(error: unknown, source: ImportSource | null): AppError {
  if (error instanceof AppError) {
    if (
      error.code === 'validation_failed' ||
      error.code === 'bad_request' ||
      error.code === 'unsupported_media_type'
    ) {
      return new AppError('unprocessable', error.message, error.detail);
    }
    return error;
  }
  const what = source ? `${source} export` : 'export';
  return new AppError(
    'unprocessable',
    `The file could not be read as a ${what}`,
    error instanceof Error ? error.message.slice(0, 300) : undefined,
  );
}

/** DESIGN §9 rate limits on uploads: an export is tens of megabytes read twice; a writer needs a few. */
export const IMPORT_UPLOAD_RATE_LIMIT: RateLimitRule = {
  name: 'import-upload',
  limit: 30,
  windowSeconds: 60 * 60,
  message: 'Too many imports',
};

/** Counted before the upload is read (the route calls it first): 429 past the limit, nothing read. */
export async function admitImportUpload(actor: Actor): Promise<NonNullable<Actor>> {
  if (!actor) throw unauthorized();
  await consumeRateLimit(IMPORT_UPLOAD_RATE_LIMIT, actor.id);
  return actor;
}

type DryRun = { counts: { create: number; skip: number }; items: ImportPreviewItem[]; total: number };

/** Reads the export once: what each entry will become, and why when it will not. */
async function dryRun(opened: OpenedExport, imported: Set<string>): Promise<DryRun> {
  const counts = { create: 0, skip: 0 };
  const items: ImportPreviewItem[] = [];
  const seen = new Set<string>();
  let total = 0;
  for await (const entry of opened.entries()) {
    total++;
    let item: ImportPreviewItem;
    if (entry.kind === 'skip') {
      item = {
        externalId: entry.externalId,
        title: entry.title,
        action: 'skip',
        reason: entry.reason,
        publishedAt: null,
        tags: [],
      };
    } else {
      const { kept, dropped } = splitImportedTags(entry.tags);
      const reason = imported.has(entry.externalId)
        ? 'already imported'
        : seen.has(entry.externalId)
          ? 'appears twice in the export'
          : undefined;
      seen.add(entry.externalId);
      item = {
        externalId: entry.externalId,
        title: entry.title,
        action: reason ? 'skip' : 'create',
        ...(reason && { reason }),
        publishedAt: entry.publishedAt ? entry.publishedAt.toISOString() : null,
        tags: kept.map((tag) => tag.name),
        ...(dropped.length > 0 && { tagsDropped: dropped }),
        ...(entry.notes?.length && { notes: entry.notes.slice(0, 10) }),
      };
    }
    counts[item.action]++;
    if (items.length < PREVIEW_ITEMS_MAX) items.push(item);
  }
  return { counts, items, total };
}

/**
 * POST /api/imports: the uploaded export (already on disk) read once as a dry run, stored and
 * answered. Whatever goes wrong, the file is removed and nothing is kept.
 */
export async function createImport(actor: Actor, upload: ReceivedUpload): Promise<ImportPreview> {
  let source: ImportSource | null = null;
  try {
    if (!actor) throw unauthorized();
    const parsed = importFieldsSchema.safeParse(upload.fields);
    if (!parsed.success) throw validationError(parsed.error);
    const fields = parsed.data;
    const target = await resolveImportTarget(actor, fields);
    let detected: ImportSource;
    let result: DryRun;
    try {
      detected = fields.source ?? (await detectExportSource(upload.filePath));
      source = detected;
      const opened = await openExport(upload.filePath, detected, {
        siteUrl: fields.siteUrl,
        paidPosts: fields.paidPosts ?? 'skip',
      });
      try {
        const imported = await findImportedExternalIds({
          targetKind: target.kind,
          targetId: target.id,
          source: detected,
        });
        result = await dryRun(opened, imported);
      } finally {
        await opened.close().catch(() => undefined);
      }
    } catch (error) {
      throw asReadFailure(error, source);
    }
    if (result.total === 0) {
      throw new AppError('unprocessable', 'The export holds no posts', `file: an empty ${source} export`);
    }
    const row = await insertImport({
      id: newUuid(),
      createdBy: actor.id,
      targetKind: target.kind,
      targetUserId: target.kind === 'user' ? target.id : null,
      targetPublicationId: target.kind === 'publication' ? target.id : null,
      source: detected,
      filePath: upload.filePath,
      fileName: upload.fileName,
      useOriginalUrlAsCanonical: fields.useOriginalUrlAsCanonical ?? false,
      siteUrl: fields.siteUrl ?? null,
      paidPosts: fields.paidPosts ?? 'skip',
      status: 'previewed',
      total: result.total,
      createCount: result.counts.create,
      skipCount: result.counts.skip,
      preview: result.items,
    });
    return { id: row.id, status: 'previewed', source: detected, counts: result.counts, items: result.items };
  } catch (error) {
    await removeFile(upload.filePath);
    throw error;
  }
}

async function loadImport(actor: Actor, id: string) {
  if (!actor) throw unauthorized();
  const row = await findImport(id);
  if (!row) throw notFound('Import');
  const target = await assertMayUseImport(actor, row);
  return { row, target };
}

function statusAnswer(
  row: NonNullable<Awaited<ReturnType<typeof findImport>>>,
  target: ImportTarget,
): ImportStatusAnswer {
  return {
    id: row.id,
    status: row.status,
    source: row.source as ImportSource,
    target: { kind: target.kind, id: target.id, name: target.name, homePath: target.homePath },
    progress: { done: row.done, total: row.total },
    counts: { create: row.createCount, skip: row.skipCount },
    report: row.report ?? null,
    error: row.error,
  };
}

/** GET /api/imports/{id}: status, progress and, once done, the report. */
export async function getImportStatus(actor: Actor, id: string): Promise<ImportStatusAnswer> {
  const { row, target } = await loadImport(actor, id);
  return statusAnswer(row, target);
}

/**
 * POST /api/imports/{id}/confirm: the dry run becomes a job (a failed run is resumed the same
 * way: it continues where it stopped). 409 when it is already running or done.
 */
export async function confirmImport(actor: Actor, id: string): Promise<ImportStatusAnswer> {
  const { row } = await loadImport(actor, id);
  if (!row.filePath) throw conflict('This import has no file any more: upload the export again');
  if (!(await markImportRunning(row.id))) {
    throw conflict(
      row.status === 'done' ? 'This import is already done' : 'This import is already running',
      `status: ${row.status}`,
    );
  }
  await enqueueImportRun(row.id);
  return getImportStatus(actor, id);
}

export { importKeyOf };
