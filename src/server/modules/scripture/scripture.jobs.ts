import { defineJob, defineSweep } from '../../jobs/registry';
import { hasUnreadStoryReferences, readUnreadStoryReferences } from './scripture-refs.service';
import { READ_STORIES_SINGLETON, readStoryReferencesQueue } from './scripture.queue';

// The backfill of stored references (docs/decisions/046-stored-references.md). Saves read their
// story as they happen (scripture.listeners.ts); what no save has read — stories of a site that
// upgraded, the demo seed, a save whose process died before its listener ran, every story after
// SCANNER_VERSION is raised — is read here: the sweep looks once when each worker process starts
// (and hourly after), and enqueues one run; a run reads for at most RUN_BUDGET_MS, a page of
// stories at a time, then hands the rest to the next run. Reading a story twice stores the same rows.

/** How long one run reads before it enqueues the next (well under the job's expiry). */
export const RUN_BUDGET_MS = 20_000;

export const readStoryReferencesJob = defineJob({
  ...readStoryReferencesQueue,
  handler: async ({ afterId }, ctx) => {
    const progress = await readUnreadStoryReferences({ afterId, budgetMs: RUN_BUDGET_MS });
    if (progress.read > 0) {
      ctx.log.info(`scripture: read ${progress.read} stories, ${progress.changed} with new passages`);
    }
    if (!progress.done) {
      await ctx.enqueue(
        readStoryReferencesQueue,
        { afterId: progress.lastId },
        { singletonKey: READ_STORIES_SINGLETON },
      );
    }
  },
  expireInSeconds: 300,
  retryLimit: 3,
});

export const readStoryReferencesSweep = defineSweep({
  name: 'scripture.read-stories',
  everySeconds: 3600,
  run: async (_db, ctx) => {
    if (!(await hasUnreadStoryReferences())) return 0;
    await ctx.enqueue(readStoryReferencesQueue, { afterId: null }, { singletonKey: READ_STORIES_SINGLETON });
    return 1;
  },
});
