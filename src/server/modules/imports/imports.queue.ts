import { z } from 'zod';
import { defineQueue } from '../../jobs/registry';
import { enqueueFollowUp } from '../../jobs/runner';

// The import job's queue (its handler and sweep are in imports.jobs.ts). The services enqueue
// through this file, which imports no service back.

export const importRunQueue = defineQueue({
  name: 'imports.run',
  payload: z.object({ importId: z.string().uuid() }),
});

/**
 * Enqueues the run of a confirmed import. A process that runs no jobs (tests, scripts) skips it:
 * the sweep picks up a running import nobody holds.
 */
export async function enqueueImportRun(importId: string): Promise<void> {
  await enqueueFollowUp(importRunQueue, { importId }, { singletonKey: importId }, 'the sweep will run it');
}
