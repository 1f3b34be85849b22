import { z } from 'zod';
import { defineQueue } from '../../jobs/registry';

// The nightly backup's queue (its handler and sweeps are in backups.jobs.ts). Registered only when
// BACKUP_DIR is set (src/server/jobs/all-jobs.ts).

export const nightlyBackupQueue = defineQueue({
  name: 'backups.nightly',
  /** The night's due time (BACKUP_HOUR, UTC): one archive per due time. */
  payload: z.object({ due: z.iso.datetime() }),
});
