import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { env } from '../../lib/env';
import { isProcessAlive } from '../../db/data-dir-lock';

// What the backup side (backups-backup.service.ts) and the restore side
// (backups-restore.service.ts) both use: the one-line error, where the data lives, the staging
// folders both leave behind, and the migration journal the manifest is measured against
// (docs/decisions/035-backup-and-restore.md).

export type Log = (message: string) => void;
export const quiet: Log = () => {};

/** A refusal or failure the commands print as one line, without a stack. */
export class BackupError extends Error {}

// ---------------------------------------------------------------------------------------------
// Paths

/** A path the operator typed: relative to where `npm run` was started (npm's INIT_CWD). */
export const fromCaller = (value: string) => path.resolve(env.INIT_CWD ?? process.cwd(), value);
export const dataDir = () => path.resolve(env.DATA_DIR);
export const embeddedDbDir = () => path.join(dataDir(), 'db');

/** Staging folders of this process's or a dead process's unfinished backup or restore. */
export async function removeStaleStaging(root: string): Promise<void> {
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    const match = /^\.(?:backup|restore)-staging-(\d+)-/.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || !isProcessAlive(pid)) {
      await rm(path.join(root, name), { recursive: true, force: true });
    }
  }
}

// The committed migrations, as the readiness probe reads them (src/server/db/migration-status.ts).
export { committedMigrations } from '../../db/migration-status';
