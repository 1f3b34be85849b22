import { defineJob, defineSweep } from '../../jobs/registry';
import { cleanUpImportFiles, resumeLapsedImports, runImport } from './imports-run.service';
import { importRunQueue } from './imports.queue';

// Imports run as jobs (docs/decisions/042-imports.md). The run is resumable: it holds a lease it
// renews with every story, and commits a mapping row per story, so when the process dies the
// sweep finds the lapsed lease, enqueues the run again, and it continues where it stopped.

export const importRunJob = defineJob({
  ...importRunQueue,
  handler: async ({ importId }) => {
    await runImport(importId);
  },
  // A 2,000-story export with images takes minutes; a dead worker's run is resumed by the sweep.
  expireInSeconds: 3 * 60 * 60,
  retryLimit: 2,
});

export const importResumeSweep = defineSweep({
  name: 'imports.resume',
  everySeconds: 30,
  run: async (_db, ctx) => {
    const lapsed = await resumeLapsedImports((importId) =>
      ctx.enqueue(importRunQueue, { importId }, { singletonKey: importId }).then(() => undefined),
    );
    return lapsed + (await cleanUpImportFiles());
  },
});
