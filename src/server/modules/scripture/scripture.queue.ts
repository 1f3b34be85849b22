import { z } from 'zod';
import { defineQueue } from '../../jobs/registry';

// The backfill's queue (its handler and sweep are in scripture.jobs.ts): reading the references of
// the stories no save has read yet, a bounded stretch per run, each run going on after the last
// story the one before it read (docs/decisions/046-stored-references.md).

export const readStoryReferencesQueue = defineQueue({
  name: 'scripture.read-stories',
  payload: z.object({ afterId: z.string().min(1).max(64).nullable() }),
});

/** One waiting run at most: a second enqueue moves the waiting one instead of adding another. */
export const READ_STORIES_SINGLETON = 'scripture.read-stories';
