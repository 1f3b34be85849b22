import { z } from 'zod';
import { defineQueue } from '../../jobs/registry';
import { enqueueFollowUp } from '../../jobs/runner';

// The export builder's queue (its handler and sweep are in exports.jobs.ts). The service enqueues
// through this file, which imports no service back.

export const buildExportQueue = defineQueue({
  name: 'exports.build',
  payload: z.object({ exportId: z.string().uuid() }),
});

/**
 * Enqueues the build of an export asked for just now (after its row committed). A process that runs
 * no jobs (tests, scripts) skips it: the upkeep sweep enqueues exports left pending.
 */
export async function enqueueBuildExport(exportId: string): Promise<void> {
  await enqueueFollowUp(
    buildExportQueue,
    { exportId },
    { singletonKey: exportId },
    'the exports sweep will build it',
  );
}
