import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Actor } from '../../auth/actor';
import { assertCan, can } from '../../auth/policy';
import type { JobsLogger } from '../../jobs/registry';
import { env } from '../../lib/env';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import { storyPath } from '../../../lib/slug';
import { publicationRoleOf } from '../publications/publications-access.service';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/rate-limits.service';
import { writeExportArchive } from './exports.archive';
import { enqueueBuildExport } from './exports.queue';
import {
  claimExport,
  deleteExports,
  failExport,
  findExport,
  findExportPublication,
  findExportUser,
  findUnfinishedExport,
  finishExport,
  insertExport,
  listExpiredExports,
  listStalledExports,
  type ExportTarget,
} from './exports.repository';
import type { CreateExportInput, ExportView } from './exports.schema';
import type { ExportRow } from './exports.table';

// A writer's or a publication's everything as one zip (issue 23 item 2; docs/decisions/043-exports.md):
// asked for here, built by the `exports.build` job, served from ${DATA_DIR}/exports to whoever may
// export its target, and removed after EXPORT_KEEP_DAYS.

/** DESIGN §9: an archive reads every story and image; a few an hour is plenty for a person. */
export const EXPORT_RATE_LIMIT: RateLimitRule = {
  name: 'export',
  limit: 5,
  windowSeconds: 60 * 60,
  message: 'Too many exports',
};
export const EXPORT_KEEP_DAYS = 7;
/** A build still running after this long died with its worker beyond pg-boss's retries. */
const STUCK_AFTER_MS = 2 * 60 * 60 * 1000;
/** A pending export whose job never ran (the process died between the insert and the enqueue). */
const LOST_AFTER_MS = 2 * 60 * 1000;
const BUILD_FAILED = 'The archive could not be made. Please try again later.';

const exportsDir = () => path.resolve(env.DATA_DIR, 'exports');
const archiveFile = (relative: string) => path.resolve(env.DATA_DIR, relative);
const targetOf = (row: ExportRow): ExportTarget =>
  row.userId ? { userId: row.userId } : { publicationId: row.publicationId! };

/**
 * Whether the actor may export the target (404 when there is no such writer or publication, 403 when
 * they may not), and whether the archive may hold the subscribers' addresses.
 */
async function authorise(
  actor: Actor,
  target: ExportTarget,
): Promise<{ withSubscribers: boolean; name: string }> {
  if ('userId' in target) {
    const user = await findExportUser(target.userId);
    if (!user) throw notFound('User');
    assertCan(actor, 'export.account', { id: user.id });
    return { withSubscribers: false, name: user.name };
  }
  const publication = await findExportPublication(target.publicationId);
  if (!publication) throw notFound('Publication');
  const context = { publicationRole: await publicationRoleOf(actor, publication.id) };
  assertCan(actor, 'export.publication', { id: publication.id }, context);
  return {
    withSubscribers: can(actor, 'export.subscribers', { id: publication.id }, context),
    name: publication.name,
  };
}

/** Whether the publication admin shows the actor the export section (the same rule as POST /api/exports). */
export async function mayExportPublication(actor: Actor, publicationId: string): Promise<boolean> {
  if (!actor) return false;
  const context = { publicationRole: await publicationRoleOf(actor, publicationId) };
  return can(actor, 'export.publication', { id: publicationId }, context);
}

/** The export, if the actor may have it: 404 when there is none, 403 when it is not theirs to take. */
async function getAllowedExport(actor: Actor, id: string): Promise<ExportRow> {
  if (!actor) throw unauthorized();
  const row = await findExport(id);
  if (!row) throw notFound('Export');
  const allowed = await authorise(actor, targetOf(row));
  // An archive with subscribers only to those who may still see them.
  if (row.withSubscribers && !allowed.withSubscribers) throw forbidden();
  return row;
}

function viewOf(row: ExportRow): ExportView {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    size: row.status === 'done' ? row.size : null,
    error: row.status === 'failed' ? row.error : null,
  };
}

/**
 * POST /api/exports: asks for an archive of the target. Asking again while one is still waiting
 * or being built answers that one instead of starting another.
 */
export async function requestExport(actor: Actor, input: CreateExportInput): Promise<{ id: string }> {
  if (!actor) throw unauthorized();
  const target: ExportTarget =
    'userId' in input ? { userId: input.userId } : { publicationId: input.publicationId };
  const { withSubscribers } = await authorise(actor, target);
  const unfinished = await findUnfinishedExport(actor.id, target);
  if (unfinished) return { id: unfinished.id };
  await consumeRateLimit(EXPORT_RATE_LIMIT, actor.id);
  const row = await insertExport({
    id: newUuid(),
    requestedBy: actor.id,
    ...('userId' in target ? { userId: target.userId } : { publicationId: target.publicationId }),
    withSubscribers,
  });
  await enqueueBuildExport(row.id);
  return { id: row.id };
}

/** GET /api/exports/{id} */
export async function getExportStatus(actor: Actor, id: string): Promise<ExportView> {
  return viewOf(await getAllowedExport(actor, id));
}

export type ExportDownload = { stream: ReadStream; size: number; fileName: string };

/** GET /api/exports/{id}/download: the finished archive, streamed from disk. */
export async function openExportDownload(actor: Actor, id: string): Promise<ExportDownload> {
  const row = await getAllowedExport(actor, id);
  if (row.status !== 'done' || !row.filePath) {
    throw conflict('The export is not ready yet', `status: ${row.status}`);
  }
  const file = archiveFile(row.filePath);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw notFound('Export');
  const { name } = await describeTarget(targetOf(row));
  const day = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10);
  return {
    stream: createReadStream(file),
    size: info.size,
    fileName: `lamplight-export-${name}-${day}.zip`,
  };
}

/** The target's name as an ASCII file-name part ('daily-bread'), and its words for README.txt. */
async function describeTarget(target: ExportTarget): Promise<{ name: string; description: string }> {
  const ascii = (text: string, fallback: string) =>
    text
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 40) || fallback;
  if ('userId' in target) {
    const user = await findExportUser(target.userId);
    return {
      name: ascii(user?.name ?? '', 'writer'),
      description: `the writer ${user?.name ?? target.userId}`,
    };
  }
  const publication = await findExportPublication(target.publicationId);
  return {
    name: publication?.subdomain || ascii(publication?.name ?? '', 'publication'),
    description: `the publication ${publication?.name ?? target.publicationId}`,
  };
}

/**
 * The job's effect: builds the archive of a pending (or interrupted) export into a fresh temporary
 * file, renames it into place and marks the export done; a failure marks it failed with a plain
 * message (the cause goes to the log). An export already done, failed or removed is left alone.
 */
export async function buildExport(id: string, log?: JobsLogger): Promise<void> {
  const row = await claimExport(id);
  if (!row) return;
  const target = targetOf(row);
  await mkdir(exportsDir(), { recursive: true });
  const relative = path.join('exports', `${id}.zip`);
  const temporary = path.join(exportsDir(), `${id}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const { description } = await describeTarget(target);
    const summary = await writeExportArchive({
      target,
      revealEmailOf: 'userId' in target && target.userId === row.requestedBy ? target.userId : null,
      withSubscribers: row.withSubscribers && 'publicationId' in target,
      storyUrl: (story) => `${env.PUBLIC_URL.replace(/\/+$/, '')}${storyPath(story)}`,
      description,
      file: temporary,
    });
    await rename(temporary, archiveFile(relative));
    await finishExport(id, relative, summary.size);
    log?.info('export built', { exportId: id, ...summary, missingImages: summary.missingImages.length });
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    log?.error('export failed', { exportId: id, err: error });
    await failExport(id, BUILD_FAILED);
  }
}

/**
 * The upkeep sweep: removes exports (and their archives) older than EXPORT_KEEP_DAYS, fails builds
 * stuck for hours, and re-enqueues exports whose job was lost. Returns how many it touched.
 */
export async function sweepExports(enqueue: (exportId: string) => Promise<unknown>): Promise<number> {
  const now = Date.now();
  let touched = 0;
  const expired = await listExpiredExports(new Date(now - EXPORT_KEEP_DAYS * 86_400_000), 200);
  for (const row of expired) {
    if (row.filePath) await unlink(archiveFile(row.filePath)).catch(() => undefined);
  }
  await deleteExports(expired.map((row) => row.id));
  touched += expired.length;
  for (const row of await listStalledExports('running', new Date(now - STUCK_AFTER_MS), 50)) {
    await failExport(row.id, BUILD_FAILED);
    touched += 1;
  }
  for (const row of await listStalledExports('pending', new Date(now - LOST_AFTER_MS), 50)) {
    await enqueue(row.id);
    touched += 1;
  }
  return touched;
}
