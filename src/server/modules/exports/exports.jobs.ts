import { defineJob, defineSweep } from '../../jobs/registry';
import { buildExport, sweepExports } from './exports.service';
import { buildExportQueue } from './exports.queue';

// Exports are built by a job (docs/decisions/043-exports.md): POST /api/exports enqueues
// `exports.build`; the handler's effect is idempotent (it claims the row, builds into a fresh
// temporary file and renames it into place; a finished export is left alone). The sweep removes
// archives older than EXPORT_KEEP_DAYS, fails builds stuck past their time and re-enqueues exports
// whose job was lost.

export const buildExportJob = defineJob({
  ...buildExportQueue,
  handler: async ({ exportId }, { log }) => {
    await buildExport(exportId, log);
  },
  // A big archive (thousands of stories, every image) takes minutes; a dead worker's run is retried.
  expireInSeconds: 1800,
  retryLimit: 2,
  retryDelaySeconds: 30,
});

export const exportsSweep = defineSweep({
  name: 'exports.upkeep',
  everySeconds: 300,
  run: async (_db, { enqueue }) =>
    sweepExports((exportId) => enqueue(buildExportQueue, { exportId }, { singletonKey: exportId })),
});
