import { constants, existsSync } from 'node:fs';
import { copyFile, cp, link, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, type Database } from '../../db/client';
import { DataDirLockedError, dataDirLockHolder } from '../../db/data-dir-lock';
import { env } from '../../lib/env';
import { uploadsDir } from '../images/images.storage';
import { parseArchiveName, writeArchive } from './backups.archive';
import { pgToolVersion, runPgTool } from './backups.pg-tools';
import { postRestoreSql } from './backups.post-restore';
import {
  tryPostgresBackupLock,
  withPgliteHeldStill,
  readPgliteFolderFacts,
  withPostgresSnapshot,
  type DatabaseFacts,
  type RowDigests,
} from './backups.repository';
import { askDatabaseOwner, serveBackupRequests } from './backups.requests';
import {
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  PGLITE_DATA_ENTRY,
  POST_RESTORE_ENTRY,
  POSTGRES_DUMP_ENTRY,
  UPLOADS_ENTRY,
  type BackupManifest,
  type BackupResult,
} from './backups.schema';
import {
  BackupError,
  committedMigrations,
  dataDir,
  embeddedDbDir,
  fromCaller,
  quiet,
  removeStaleStaging,
  type Log,
} from './backups.shared';

// Backup of the whole site: the database and the uploads in one archive
// (docs/decisions/035-backup-and-restore.md). `npm run backup` (src/server/backup-main.ts), the
// nightly job and the request sweep (backups.jobs.ts) all come here; `npm run restore` goes to
// backups-restore.service.ts.

export type { BackupResult };
export { BackupError };

function migrationLevel(applied: number[]): BackupManifest['migrations'] {
  const latestWhen = applied.length > 0 ? Math.max(...applied) : null;
  const latestTag = committedMigrations().find((entry) => entry.when === latestWhen)?.tag ?? null;
  return { applied: applied.length, latestTag, latestWhen };
}

// ---------------------------------------------------------------------------------------------
// Backup

// One backup at a time in a process (a command's request and the nightly job may meet).
let backupChain: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = backupChain.then(work, work);
  backupChain = next.catch(() => undefined);
  return next;
}

/**
 * Hard-links (copies, across file systems) every upload into `target`. Uploads are written once
 * under a new name and never changed or removed, so a link is the file as it is for good; files
 * still being written (`*.tmp`) are left out.
 */
async function gatherUploads(source: string, target: string): Promise<{ files: number; bytes: number }> {
  await mkdir(target, { recursive: true });
  let files = 0;
  let bytes = 0;
  const entries = await readdir(source, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) {
      const inner = await gatherUploads(from, to);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      await link(from, to).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return; // cannot happen to an upload; skip rather than fail
        await copyFile(from, to);
      });
      const info = await lstat(to).catch(() => null);
      if (!info) continue;
      files += 1;
      bytes += info.size;
    }
  }
  return { files, bytes };
}

/**
 * Copies the embedded database's data folder, without the lock file of the running engine. On a
 * file system with copy-on-write clones (btrfs, XFS, APFS) each file is a clone, made at once.
 */
async function copyDataFolder(from: string, to: string): Promise<void> {
  await cp(from, to, {
    recursive: true,
    mode: constants.COPYFILE_FICLONE,
    filter: (source) => path.basename(source) !== 'postmaster.pid',
  });
}

export type CreateBackupOptions = {
  /** The folder the archive goes into (created if missing). */
  dir: string;
  /** `backup` (the command) or `nightly` (the job; only these are pruned). */
  label?: 'backup' | 'nightly';
  log?: Log;
};

/**
 * Writes one archive of `database` and the uploads into `dir`. The database part is one instant:
 * PGlite's folder is copied while the engine is held still (a second or so per 100 MB; requests
 * that need the database wait meanwhile), PostgreSQL is dumped from an exported snapshot (writes go
 * on). The uploads are gathered after that instant, so every file the database names is in.
 */
export function createBackup(database: Database, options: CreateBackupOptions): Promise<BackupResult> {
  return oneAtATime(() => writeBackup(database, options));
}

async function writeBackup(database: Database, options: CreateBackupOptions): Promise<BackupResult> {
  const log = options.log ?? quiet;
  const dir = path.resolve(options.dir);
  const createdAt = new Date();
  await mkdir(dir, { recursive: true });
  const root = dataDir();
  await mkdir(root, { recursive: true });
  await removeStaleStaging(root);
  const staging = await mkdtemp(path.join(root, `.backup-staging-${process.pid}-`));
  try {
    let facts: DatabaseFacts & { rowDigests: RowDigests };
    let pgDumpVersion: string | undefined;
    if (database.kind === 'pglite') {
      const started = Date.now();
      await mkdir(path.join(staging, 'database'), { recursive: true });
      const copy = path.join(staging, PGLITE_DATA_ENTRY);
      const held = await withPgliteHeldStill(database, (read, folder) =>
        copyDataFolder(folder, copy).then(() => read),
      );
      log(`database copied in ${Date.now() - started} ms`);
      // The rows' checksums come from the copy, after the site is let go: reading every row while
      // it was held would keep readers waiting. The copy's counts must be the held instant's.
      const copied = await readPgliteFolderFacts(copy, { lock: false });
      const differs = Object.keys(held.rowCounts).find(
        (table) => copied.rowCounts[table] !== held.rowCounts[table],
      );
      if (differs) throw new BackupError(`the copied database differs from the one held still (${differs})`);
      facts = { ...held, rowDigests: copied.rowDigests };
    } else {
      if (!database.url) throw new BackupError('A PostgreSQL database without its URL cannot be dumped');
      const url = database.url;
      const tool = await pgToolVersion('pg_dump');
      pgDumpVersion = tool.line;
      await mkdir(path.join(staging, 'database'), { recursive: true });
      facts = await withPostgresSnapshot(url, async ({ snapshot, facts: read, undumped }) => {
        if (tool.major < read.serverMajor) {
          throw new BackupError(
            `pg_dump ${tool.major} cannot dump a PostgreSQL ${read.serverMajor} server: install the client tools of version ${read.serverMajor} or newer (or set PG_BIN_DIR)`,
          );
        }
        await runPgTool('pg_dump', url, [
          '--format=custom',
          '--compress=0', // the archive is gzipped as a whole
          `--snapshot=${snapshot}`,
          `--file=${path.join(staging, POSTGRES_DUMP_ENTRY)}`,
        ]);
        await writeFile(path.join(staging, POST_RESTORE_ENTRY), postRestoreSql(undumped));
        return read;
      });
      log('database dumped');
    }
    const uploads: BackupManifest['uploads'] = env.S3_BUCKET
      ? { storage: 's3', bucket: env.S3_BUCKET, copied: false }
      : { storage: 'local', ...(await gatherUploads(uploadsDir(), path.join(staging, UPLOADS_ENTRY))) };
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      kind: database.kind,
      createdAt: createdAt.toISOString(),
      migrations: migrationLevel(facts.appliedMigrations),
      database: { serverVersion: facts.serverVersion, ...(pgDumpVersion ? { pgDumpVersion } : {}) },
      rowCounts: facts.rowCounts,
      rowDigests: facts.rowDigests,
      uploads,
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [MANIFEST_FILE, 'database', ...(uploads.storage === 'local' ? [UPLOADS_ENTRY] : [])];
    const archive = await writeArchive(staging, entries, dir, options.label ?? 'backup', createdAt);
    return { path: archive, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * `npm run backup [-- DIR]`: the configured database. PostgreSQL is dumped from here. The embedded
 * database is copied from here when no process holds it; when the site (or `npm run worker`) holds
 * it, that process is asked to write the archive (backups.requests.ts).
 */
export async function backupConfiguredSite(
  dirArgument: string | undefined,
  log: Log = quiet,
): Promise<BackupResult> {
  const dirGiven = dirArgument ?? env.BACKUP_DIR;
  if (!dirGiven) {
    throw new BackupError('Name the folder for the archive (npm run backup -- DIR) or set BACKUP_DIR');
  }
  const dir = dirArgument ? fromCaller(dirArgument) : path.resolve(dirGiven);
  if (env.DATABASE_URL) {
    const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, max: 1 });
    try {
      return await createBackup(database, { dir, log });
    } finally {
      await database.close();
    }
  }
  const dbDir = embeddedDbDir();
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dbDir} to back up (is DATA_DIR right?)`);
  }
  let owner = dataDirLockHolder(dbDir);
  if (owner === null) {
    let database: Database | undefined;
    try {
      database = await openDatabase({ kind: 'pglite', dataDir: dbDir });
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      owner = dataDirLockHolder(dbDir); // a server started meanwhile
      if (owner === null) throw error;
    }
    if (database) {
      try {
        log(`no process holds ${dbDir}: copying it from here`);
        return await createBackup(database, { dir, log });
      } finally {
        await database.close();
      }
    }
  }
  log(`the embedded database is open in process ${owner}: asking it to write the archive`);
  return askDatabaseOwner(dbDir, owner!, dir);
}

/**
 * The request sweep's work in the process that holds an embedded database: the backups
 * `npm run backup` asked for (none on PostgreSQL, where the command dumps by itself).
 */
export async function serveBackupRequestsFor(database: Database): Promise<BackupResult[]> {
  const folder = database.kind === 'pglite' ? database.pglite?.dataDir : undefined;
  if (!folder || folder.startsWith('memory://')) return [];
  return serveBackupRequests(path.resolve(folder.replace(/^file:\/\//, '')), (dir) =>
    createBackup(database, { dir }),
  );
}

// ---------------------------------------------------------------------------------------------
// Nightly backups

/** The most recent time the nightly backup fell due: today's BACKUP_HOUR (UTC), or yesterday's. */
export function lastNightlyDue(now: Date, hour: number): Date {
  const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (due.getTime() > now.getTime()) due.setUTCDate(due.getUTCDate() - 1);
  return due;
}

/** The nightly archives in `dir`, newest first. */
async function nightlyArchives(dir: string): Promise<{ name: string; at: Date }[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .map((name) => ({ name, parsed: parseArchiveName(name) }))
    .filter((item) => item.parsed?.label === 'nightly')
    .map((item) => ({ name: item.name, at: item.parsed!.at }))
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.name.localeCompare(a.name));
}

/** The due time of a nightly backup not yet written into BACKUP_DIR, or null (none due, or off). */
export async function nightlyBackupDue(now = new Date()): Promise<Date | null> {
  if (!env.BACKUP_DIR) return null;
  const due = lastNightlyDue(now, env.BACKUP_HOUR);
  const [newest] = await nightlyArchives(path.resolve(env.BACKUP_DIR));
  return newest && newest.at.getTime() >= due.getTime() ? null : due;
}

export type Retention = { count: number } | { days: number };

/**
 * Removes the nightly archives in `dir` that `retention` no longer keeps: beyond the newest
 * `count`, or older than `days`. The newest archive always stays; archives of `npm run backup`
 * (`lamplight-backup-…`) are never removed. Returns the removed names.
 */
export async function pruneNightlyBackups(
  dir: string,
  retention: Retention,
  now = new Date(),
): Promise<string[]> {
  const archives = await nightlyArchives(dir);
  const oldest = 'days' in retention ? now.getTime() - retention.days * 86_400_000 : -Infinity;
  const removed: string[] = [];
  for (const [index, archive] of archives.entries()) {
    if (index === 0) continue;
    const keep = 'count' in retention ? index < retention.count : archive.at.getTime() >= oldest;
    if (keep) continue;
    await rm(path.join(dir, archive.name), { force: true });
    removed.push(archive.name);
  }
  return removed;
}

/**
 * The nightly job: one archive into BACKUP_DIR for the night of `due`, then the retention. Run
 * twice, or by two workers at once, it writes one: on PostgreSQL an advisory lock lets one worker
 * in, and every run first looks whether that night's archive exists.
 */
export async function runNightlyBackup(
  database: Database,
  due: Date,
): Promise<{ backup: BackupResult | null; removed: string[]; skipped?: string }> {
  if (!env.BACKUP_DIR) return { backup: null, removed: [], skipped: 'BACKUP_DIR is not set' };
  const dir = path.resolve(env.BACKUP_DIR);
  const lock =
    database.kind === 'postgres' && database.url ? await tryPostgresBackupLock(database.url) : undefined;
  if (lock === null) return { backup: null, removed: [], skipped: 'another worker is writing it' };
  try {
    const [newest] = await nightlyArchives(dir);
    if (newest && newest.at.getTime() >= due.getTime()) {
      return { backup: null, removed: [], skipped: `${newest.name} is already there` };
    }
    const backup = await createBackup(database, { dir, label: 'nightly' });
    return { backup, removed: await pruneNightlyBackups(dir, env.BACKUP_RETENTION) };
  } finally {
    await lock?.release();
  }
}
