import { defineJob, defineSweep } from '../../jobs/registry';
import { nightlyBackupDue, runNightlyBackup, serveBackupRequestsFor } from './backups-backup.service';
import { nightlyBackupQueue } from './backups.queue';

// Backups as jobs (docs/decisions/035-backup-and-restore.md).
//
// The nightly backup: a sweep looks every 5 minutes (and at start) whether BACKUP_DIR holds the
// archive of the last due time (BACKUP_HOUR, UTC); when not, it enqueues the job for that time, one
// waiting job per time (singletonKey). So a night the site was down is caught up when it starts.
// The job writes the archive and applies BACKUP_RETENTION; run twice, it writes one (see
// runNightlyBackup).
//
// The request sweep: in the process that holds the embedded database, the archives `npm run backup`
// asks for (backups.requests.ts); every 2 s, a directory listing when idle.

export const nightlyBackupJob = defineJob({
  ...nightlyBackupQueue,
  handler: async ({ due }, ctx) => {
    const { backup, removed, skipped } = await runNightlyBackup(ctx.database, new Date(due));
    if (backup) ctx.log.info('nightly backup written', { archive: backup.path, removed });
    else ctx.log.info(`nightly backup skipped: ${skipped}`, { due });
  },
  // A large database takes a while to dump and pack; a retry waits for the disk to be freed.
  expireInSeconds: 3 * 60 * 60,
  retryLimit: 3,
  retryDelaySeconds: 300,
});

export const nightlyBackupSweep = defineSweep({
  name: 'backups.nightly',
  everySeconds: 300,
  run: async (_db, ctx) => {
    const due = await nightlyBackupDue();
    if (!due) return 0;
    const stamp = due.toISOString();
    await ctx.enqueue(nightlyBackupQueue, { due: stamp }, { singletonKey: `nightly-${stamp}` });
    return 0; // the job reports the archive it writes
  },
});

export const backupRequestsSweep = defineSweep({
  name: 'backups.requests',
  everySeconds: 2,
  run: async (_db, ctx) => {
    for (const backup of await serveBackupRequestsFor(ctx.database)) {
      ctx.log.info('backup written for npm run backup', { archive: backup.path });
    }
    return 0;
  },
});
