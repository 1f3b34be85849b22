import { log } from '../../observability/logger';
import { AppError } from '../../lib/errors';
import { newStoryId } from '../../lib/ids';
import { safeHref } from '../posts/posts-body-normalize';
import { importedStoryExists, insertImportedStory, splitImportedTags } from '../posts/posts-import.service';
import { openExport } from './sources';
import type { ImportSource, ImportedStory, OpenedExport } from './sources/import-entries';
import {
  claimImportLease,
  findImport,
  findImportItems,
  findLapsedImports,
  findMemberIdsByEmail,
  finishImport,
  markImportItemCreated,
  planImportItem,
  saveImportProgress,
  takeExpiredPreviewFiles,
  type ImportItemState,
  type ImportKey,
} from './imports.repository';
import { createImageImporter } from './imports-images';
import { importKeyOf, storedImportTarget, type ImportTarget } from './imports-target';
import type { ImportReport, ImportRow } from './imports.table';
import { removeFile } from './imports.upload';

// The import job's work (docs/decisions/042-imports.md): the export read again, entry by entry;
// each story planned (a mapping row with the story's id, committed), its images brought in, then
// inserted with its tags in one statement and marked created. Progress is committed with every
// entry; a run that dies resumes from the mapping rows and never creates a story twice.

/** A run holds the import for this long, renewed with every entry. */
const LEASE_MS = 2 * 60 * 1000;
/** Progress is committed after this many entries, or this long after the last commit. */
const PROGRESS_EVERY = 10;
const PROGRESS_MS = 500;
/** Files of dry runs nobody confirmed, and of failed runs, are kept this long. */
const KEEP_UNCONFIRMED_HOURS = 24;

const emptyReport = (): ImportReport => ({
  created: 0,
  skipped: 0,
  failedImages: [],
  tagsDropped: [],
  authorsNotFound: [],
});

/** Imports being run by this process: one run per import at a time, whatever the lease says. */
const runningHere = new Set<string>();

export type RunOptions = {
  /** Stop (as if the process died) after handling this many entries: tests and benchmarks. */
  limit?: number;
  /** Called before each story is inserted: tests make a run fail in the middle with it. */
  beforeInsert?: (story: ImportedStory) => void | Promise<void>;
};

export type RunOutcome = 'done' | 'failed' | 'stopped' | 'busy' | 'not-running';

type RunContext = {
  row: ImportRow;
  /** The key's mapping rows when the run started (one query, not one per entry). */
  items: Map<string, ImportItemState>;
  key: ImportKey;
  target: ImportTarget;
  report: ImportReport;
  members: Map<string, string> | null;
  images: ReturnType<typeof createImageImporter>;
};

/** Who writes the story: the target writer, or the publication's member with the source author's address. */
function authorOf(ctx: RunContext, story: ImportedStory): string {
  if (ctx.target.kind === 'user') return ctx.target.id;
  const email = story.author?.email?.trim().toLowerCase();
  const member = email ? ctx.members?.get(email) : undefined;
  if (member) return member;
  if (story.author) {
    const name = story.author.name || story.author.email || story.author.key;
    const known = ctx.report.authorsNotFound.find((entry) => entry.author === name);
    if (known) known.stories++;
    else ctx.report.authorsNotFound.push({ author: name, stories: 1 });
  }
  return ctx.target.publication!.ownerId;
}

/** One story: 'created', or 'skipped' when another import (or an earlier copy in this one) brought it in. */
async function importStory(
  ctx: RunContext,
  story: ImportedStory,
  options: RunOptions,
): Promise<'created' | 'skipped'> {
  const existing = ctx.items.get(story.externalId);
  let planned: string | null;
  if (existing) {
    if (await importedStoryExists(existing.postId)) {
      if (existing.state !== 'created') await markImportItemCreated(ctx.key, story.externalId);
      return existing.importId === ctx.row.id ? 'created' : 'skipped';
    }
    // Planned by a run that died before the insert (the same id again), or deleted since (a new one).
    const reuse = existing.importId === ctx.row.id && existing.state === 'planned';
    planned = await planImportItem(
      ctx.key,
      story.externalId,
      ctx.row.id,
      reuse ? existing.postId : newStoryId(),
      existing,
    );
  } else {
    planned = await planImportItem(ctx.key, story.externalId, ctx.row.id, newStoryId());
  }
  // Another import of the same file into the same place got there first.
  if (!planned) return 'skipped';
  const postId = planned;

  const { html, featureImageUrl, failed } = await ctx.images.rewriteStoryImages(
    story.html,
    story.featureImageUrl,
  );
  const title = story.title || story.externalId;
  for (const image of failed) ctx.report.failedImages.push({ story: title, ...image });
  const { dropped } = splitImportedTags(story.tags);
  if (dropped.length > 0) ctx.report.tagsDropped.push({ story: title, tags: dropped });

  await options.beforeInsert?.(story);
  await insertImportedStory({
    id: postId,
    authorId: authorOf(ctx, story),
    publicationId: ctx.target.kind === 'publication' ? ctx.target.id : null,
    title: story.title,
    html,
    excerpt: story.excerpt,
    slug: story.slug,
    status: story.status,
    publishedAt: story.publishedAt,
    tags: story.tags,
    featureImageUrl,
    canonicalUrl: ctx.row.useOriginalUrlAsCanonical ? safeHref(story.originalUrl) : null,
  });
  await markImportItemCreated(ctx.key, story.externalId);
  return 'created';
}

async function runEntries(
  ctx: RunContext,
  opened: OpenedExport,
  options: RunOptions,
): Promise<number | 'stopped'> {
  let index = 0;
  let handled = 0;
  let lastSaved = Date.now();
  const seen = new Set<string>();
  for await (const entry of opened.entries()) {
    index++;
    // Entries a previous run handled (and committed) are passed over without a query.
    if (index <= ctx.row.done) {
      if (entry.kind === 'story') seen.add(entry.externalId);
      continue;
    }
    if (options.limit !== undefined && handled >= options.limit) {
      await saveImportProgress(ctx.row.id, { done: index - 1, report: ctx.report }, 0);
      return 'stopped';
    }
    if (entry.kind === 'skip' || seen.has(entry.externalId)) {
      ctx.report.skipped++;
    } else {
      seen.add(entry.externalId);
      const outcome = await importStory(ctx, entry, options);
      ctx.report[outcome === 'created' ? 'created' : 'skipped']++;
    }
    handled++;
    // Committed every few entries (a resumed run re-checks the mapping rows past this point anyway).
    if (handled % PROGRESS_EVERY === 0 || Date.now() - lastSaved > PROGRESS_MS) {
      await saveImportProgress(ctx.row.id, { done: index, report: ctx.report }, LEASE_MS);
      lastSaved = Date.now();
    }
  }
  return index;
}

/**
 * Runs (or resumes) a confirmed import to its end: the job's effect, idempotent. Answers what
 * happened; a run already held elsewhere is left alone ('busy').
 */
export async function runImport(importId: string, options: RunOptions = {}): Promise<RunOutcome> {
  if (runningHere.has(importId)) return 'busy';
  runningHere.add(importId);
  try {
    const row = await findImport(importId);
    if (!row || row.status !== 'running') return 'not-running';
    if (!(await claimImportLease(importId, LEASE_MS))) return 'busy';
    if (!row.filePath) {
      await finishImport(importId, 'failed', { error: 'The uploaded file is gone: upload the export again' });
      return 'failed';
    }
    let opened: OpenedExport | null = null;
    try {
      const target = await storedImportTarget(row);
      const reading = await openExport(row.filePath, row.source as ImportSource, {
        siteUrl: row.siteUrl ?? undefined,
        paidPosts: row.paidPosts,
      });
      opened = reading;
      const ctx: RunContext = {
        row,
        key: importKeyOf(row),
        items: await findImportItems(importKeyOf(row)),
        target,
        report: { ...emptyReport(), ...row.report },
        members: target.publication ? await findMemberIdsByEmail(target.publication) : null,
        images: createImageImporter(reading),
      };
      const result = await runEntries(ctx, reading, options);
      if (result === 'stopped') return 'stopped';
      await reading.close().catch(() => undefined);
      opened = null;
      await finishImport(importId, 'done', { done: result, report: ctx.report });
      await removeFile(row.filePath);
      return 'done';
    } catch (error) {
      const message =
        error instanceof AppError
          ? error.detail
            ? `${error.message}: ${error.detail}`
            : error.message
          : 'The import stopped on an unexpected error: confirm it again to continue where it stopped';
      if (!(error instanceof AppError)) log('imports').error({ err: error, importId }, 'import run failed');
      // The file stays (for a retry) until the clean-up sweep removes it.
      await finishImport(importId, 'failed', { error: message, keepFile: true });
      return 'failed';
    } finally {
      await opened?.close().catch(() => undefined);
    }
  } finally {
    runningHere.delete(importId);
  }
}

/** The sweep: running imports nobody holds (their process died) are run again; answers how many. */
export async function resumeLapsedImports(enqueue: (importId: string) => Promise<void>): Promise<number> {
  const lapsed = (await findLapsedImports(10)).filter((id) => !runningHere.has(id));
  for (const id of lapsed) await enqueue(id);
  return lapsed.length;
}

/** Deletes the files of dry runs nobody confirmed in a day; answers how many. */
export async function cleanUpImportFiles(): Promise<number> {
  const files = await takeExpiredPreviewFiles(KEEP_UNCONFIRMED_HOURS);
  for (const file of files) await removeFile(file);
  return files.length;
}
