// Issue 22: `npm run backup` while the cluster is under load, then `npm run restore` of that archive
// into a fresh database and upload folder. The restore itself checks every table's row count and a
// checksum of its rows against what the archive's manifest recorded at the backup's snapshot
// (docs/decisions/035-backup-and-restore.md), so "restored" here means "identical to the instant
// backed up"; this adds that every story the load had created before the backup began is in it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createScratchDatabase } from '../../tests/helpers/scratch-database';

const root = path.resolve(import.meta.dirname, '../..');

type Cli = { code: number; stdout: string; stderr: string; ms: number };

function runCli(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Cli> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/server/${command}-main.ts`, ...args],
      { cwd: root, env: { ...process.env, ...env }, timeout: 300_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? ((error as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr,
          ms: Date.now() - started,
        }),
    );
  });
}

export type BackupUnderLoad = { archive: string; ms: number; storiesBefore: Set<string> };

/** `npm run backup` of the cluster's database and uploads, while the load goes on. */
export async function backupDuringLoad(options: {
  databaseUrl: string;
  dataDir: string;
  dir: string;
  /** Stories the load had created (answered 2xx) before the backup began. */
  storiesBefore: Iterable<string>;
}): Promise<BackupUnderLoad> {
  const storiesBefore = new Set(options.storiesBefore);
  mkdirSync(options.dir, { recursive: true });
  const cli = await runCli('backup', [options.dir], {
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
  });
  if (cli.code !== 0) throw new Error(`npm run backup failed (${cli.code}): ${cli.stderr.trim()}`);
  return { archive: cli.stdout.trim().split('\n').at(-1)!, ms: cli.ms, storiesBefore };
}

export type RestoreCheck = { ms: number; summary: string; missingStories: number };

/**
 * `npm run restore` of the archive into a fresh database on `serverUrl` and a fresh data folder
 * (both removed afterwards). Throws when the restore refuses (counts or checksums differ).
 */
export async function restoreAndCheck(
  backup: BackupUnderLoad,
  serverUrl: string,
  scratchRoot: string,
): Promise<RestoreCheck> {
  const target = await createScratchDatabase(serverUrl, 'lamplight_restored');
  mkdirSync(scratchRoot, { recursive: true });
  const dataDir = mkdtempSync(path.join(scratchRoot, 'restore-'));
  try {
    const cli = await runCli('restore', [backup.archive], { DATABASE_URL: target.url, DATA_DIR: dataDir });
    if (cli.code !== 0) throw new Error(`npm run restore failed (${cli.code}): ${cli.stderr.trim()}`);
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const ids = [...backup.storiesBefore];
      const { rows } = await client.query<{ found: number }>(
        'select count(*)::int as found from posts where id = any($1::text[])',
        [ids],
      );
      return { ms: cli.ms, summary: cli.stdout.trim(), missingStories: ids.length - rows[0].found };
    } finally {
      await client.end();
    }
  } finally {
    await target.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
