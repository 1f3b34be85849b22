import { constants, existsSync, readFileSync } from 'node:fs';
import {
  copyFile,
  cp,
  link,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  rename,
  rm,
  rmdir,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, type Database } from '../../db/client';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../../db/data-dir-lock';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { env } from '../../lib/env';
import { uploadsDir } from '../images/images.storage';
import { extractArchive, parseArchiveName, readManifest, writeArchive } from './backups.archive';
import { pgToolVersion, runPgTool } from './backups.pg-tools';
import { postRestoreSql } from './backups.post-restore';
import {
  readPgliteFolderFacts,
  readPostgresFacts,
  readPostgresTarget,
  runPostgresScript,
  tryPostgresBackupLock,
  withPgliteHeldStill,
  withPostgresSnapshot,
  type DatabaseFacts,
} from './backups.repository';
import { askDatabaseOwner, isProcessAlive, serveBackupRequests } from './backups.requests';
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

// Backup and restore of the whole site: the database and the uploads in one archive
// (docs/decisions/035-backup-and-restore.md). `npm run backup` and `npm run restore`
// (src/server/backup-main.ts, restore-main.ts), the nightly job and the request sweep
// (backups.jobs.ts) all come here.

export type { BackupResult };
type Log = (message: string) => void;
const quiet: Log = () => {};

/** A refusal or failure the commands print as one line, without a stack. */
export class BackupError extends Error {}

// ---------------------------------------------------------------------------------------------
// Paths

/** A path the operator typed: relative to where `npm run` was started (npm's INIT_CWD). */
export const fromCaller = (value: string) => path.resolve(env.INIT_CWD ?? process.cwd(), value);
const dataDir = () => path.resolve(env.DATA_DIR);
const embeddedDbDir = () => path.join(dataDir(), 'db');

/** The pid of a live process holding the embedded database folder's lock (db.lock), or null. */
function lockHolder(dbDir: string): number | null {
  try {
    const pid = Number(readFileSync(`${dbDir}.lock`, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Migrations

type JournalEntry = { when: number; tag: string };

function committedMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ when, tag }) => ({ when, tag }));
}

function migrationLevel(applied: number[]): BackupManifest['migrations'] {
  const latestWhen = applied.length > 0 ? Math.max(...applied) : null;
  const latestTag = committedMigrations().find((entry) => entry.when === latestWhen)?.tag ?? null;
  return { applied: applied.length, latestTag, latestWhen };
}

/**
 * Refuses an archive whose database is ahead of this code (a newer migration, or one this code
 * does not know); answers the migrations the site will apply when it starts on an older one.
 */
export function checkMigrationLevel(manifest: BackupManifest, archive: string): string[] {
  const committed = committedMigrations();
  const newest = committed.at(-1);
  const { latestWhen, latestTag, applied } = manifest.migrations;
  if (latestWhen === null) return committed.map((entry) => entry.tag);
  const known = committed.find((entry) => entry.when === latestWhen);
  if (!known || applied > committed.length) {
    const theirs = latestTag ?? `one made at ${new Date(latestWhen).toISOString()}`;
    const ours = newest ? `up to ${newest.tag}` : 'none';
    throw new BackupError(
      newest && latestWhen > newest.when
        ? `${archive} comes from a newer Lamplight: its database has migration ${theirs}, and this code knows migrations ${ours}. Restore it with that version of Lamplight or a newer one.`
        : `${archive} has a database migration this Lamplight does not know (${theirs}; this code knows migrations ${ours}). Restore it with the Lamplight that made it.`,
    );
  }
  return committed.filter((entry) => entry.when > latestWhen).map((entry) => entry.tag);
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

/** Staging folders of this process's or a dead process's unfinished backup or restore. */
async function removeStaleStaging(root: string): Promise<void> {
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
    let facts: DatabaseFacts;
    let pgDumpVersion: string | undefined;
    if (database.kind === 'pglite') {
      const started = Date.now();
      await mkdir(path.join(staging, 'database'), { recursive: true });
      facts = await withPgliteHeldStill(database, (held, folder) =>
        copyDataFolder(folder, path.join(staging, PGLITE_DATA_ENTRY)).then(() => held),
      );
      log(`database copied in ${Date.now() - started} ms`);
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
  let owner = lockHolder(dbDir);
  if (owner === null) {
    let database: Database | undefined;
    try {
      database = await openDatabase({ kind: 'pglite', dataDir: dbDir });
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      owner = lockHolder(dbDir); // a server started meanwhile
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

// ---------------------------------------------------------------------------------------------
// Restore

export type RestoreResult = {
  archive: string;
  manifest: BackupManifest;
  /** Where it went: the data folder or the database (without its password). */
  target: string;
  /** Migrations newer than the archive's, which the site applies when it starts. */
  pendingMigrations: string[];
  /** Notices of the post-restore script, e.g. a setting the server refused. */
  notices: string[];
};

const isEmptyDir = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).length === 0;

function compareCounts(expected: Record<string, number>, actual: Record<string, number>): void {
  const wrong = Object.entries(expected).filter(([table, rows]) => actual[table] !== rows);
  if (wrong.length === 0) return;
  const [table, rows] = wrong[0];
  throw new BackupError(
    `the restored database does not match the archive: ${table} has ${actual[table] ?? 'no'} rows, the archive ${rows}` +
      (wrong.length > 1 ? ` (and ${wrong.length - 1} more tables differ)` : ''),
  );
}

/** Refuses an upload folder that is not empty, when the archive brings uploads. */
async function checkUploadsEmpty(manifest: BackupManifest): Promise<void> {
  if (manifest.uploads.storage === 'local' && !(await isEmptyDir(uploadsDir()))) {
    throw new BackupError(
      `The upload folder ${uploadsDir()} is not empty: restore into a fresh DATA_DIR (or move that folder aside)`,
    );
  }
}

/** Moves the archive's uploads into the (empty) upload folder and checks them against the manifest. */
async function restoreUploads(staging: string, manifest: BackupManifest): Promise<void> {
  if (manifest.uploads.storage !== 'local') return;
  const from = path.join(staging, UPLOADS_ENTRY);
  const to = uploadsDir();
  await mkdir(from, { recursive: true });
  await rmdir(to).catch(() => undefined); // empty (checked), or missing
  await rename(from, to).catch(async () => cp(from, to, { recursive: true }));
  const found = await gatherUploadsCount(to);
  if (found.files !== manifest.uploads.files || found.bytes !== manifest.uploads.bytes) {
    throw new BackupError(
      `the restored uploads do not match the archive: ${found.files} files (${found.bytes} bytes), the archive ${manifest.uploads.files} (${manifest.uploads.bytes} bytes)`,
    );
  }
}

/** After a failed restore: the upload folder was empty before, so it goes again. */
async function removeRestoredUploads(manifest: BackupManifest): Promise<void> {
  if (manifest.uploads.storage === 'local') await rm(uploadsDir(), { recursive: true, force: true });
}

async function gatherUploadsCount(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = await gatherUploadsCount(full);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      files += 1;
      bytes += (await lstat(full)).size;
    }
  }
  return { files, bytes };
}

const withoutPassword = (url: string) => {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
};

/**
 * `npm run restore -- ARCHIVE`: brings an archive back into the configured, empty target — the
 * embedded database folder (`DATA_DIR/db`) or the PostgreSQL database of DATABASE_URL — and the
 * local upload folder. Checks the manifest first (kind, migration level), refuses a target that is
 * not empty, and compares the restored row counts and uploads with the manifest.
 */
export async function restoreConfiguredSite(
  archiveArgument: string,
  log: Log = quiet,
): Promise<RestoreResult> {
  const archive = fromCaller(archiveArgument);
  if (!existsSync(/*turbopackIgnore: true*/ archive)) throw new BackupError(`No archive at ${archive}`);
  const manifest = await readManifest(archive).catch((error: Error) => {
    throw new BackupError(error.message);
  });
  const pendingMigrations = checkMigrationLevel(manifest, archive);
  const target = env.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.kind !== target) {
    throw new BackupError(
      manifest.kind === 'pglite'
        ? `${archive} holds an embedded (PGlite) database: restore it with DATABASE_URL unset, into an empty DATA_DIR`
        : `${archive} holds a PostgreSQL dump: set DATABASE_URL to an empty database to restore it`,
    );
  }
  const root = dataDir();
  await mkdir(root, { recursive: true });
  await removeStaleStaging(root);
  const common = { archive, manifest, pendingMigrations };
  if (manifest.kind === 'pglite')
    return { ...common, ...(await restorePglite(archive, manifest, root, log)) };
  return { ...common, ...(await restorePostgres(archive, manifest, root, env.DATABASE_URL!, log)) };
}

async function restorePglite(
  archive: string,
  manifest: BackupManifest,
  root: string,
  log: Log,
): Promise<{ target: string; notices: string[] }> {
  const dbDir = embeddedDbDir();
  if (!(await isEmptyDir(dbDir))) {
    throw new BackupError(
      `The embedded database folder ${dbDir} is not empty: restore into a fresh DATA_DIR (or move that folder aside)`,
    );
  }
  await checkUploadsEmpty(manifest);
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(dbDir); // also keeps a server from opening the folder meanwhile
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new BackupError(error.message);
    throw error;
  }
  const staging = await mkdtemp(path.join(root, `.restore-staging-${process.pid}-`));
  let placed = false;
  try {
    log(`unpacking ${archive}`);
    await extractArchive(archive, staging);
    await rmdir(dbDir);
    await rename(path.join(staging, PGLITE_DATA_ENTRY), dbDir);
    placed = true;
    log('opening the restored database to check it');
    compareCounts(manifest.rowCounts, (await readPgliteFolderFacts(dbDir)).rowCounts);
    await restoreUploads(staging, manifest);
    return { target: dbDir, notices: [] };
  } catch (error) {
    // The folders were empty: leave them so, for another try.
    if (placed) {
      await rm(dbDir, { recursive: true, force: true });
      await mkdir(dbDir, { recursive: true });
      await removeRestoredUploads(manifest);
    }
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
    lock.release();
  }
}

async function restorePostgres(
  archive: string,
  manifest: BackupManifest,
  root: string,
  url: string,
  log: Log,
): Promise<{ target: string; notices: string[] }> {
  const target = await readPostgresTarget(url);
  if (target.relationCount > 0) {
    throw new BackupError(
      `The database of DATABASE_URL is not empty (${target.relationCount} tables and other relations, e.g. ${target.relations.join(', ')}): restore into an empty database (createdb NAME, then point DATABASE_URL at it)`,
    );
  }
  await checkUploadsEmpty(manifest);
  const sourceMajor = Number(/^(\d+)/.exec(manifest.database.serverVersion)?.[1] ?? 0);
  if (target.serverMajor < sourceMajor) {
    throw new BackupError(
      `${archive} comes from PostgreSQL ${manifest.database.serverVersion}; the target server runs ${target.serverVersion}: restore it into PostgreSQL ${sourceMajor} or newer`,
    );
  }
  const tool = await pgToolVersion('pg_restore');
  const dumpMajor = Number(/\(PostgreSQL\)\s+(\d+)/.exec(manifest.database.pgDumpVersion ?? '')?.[1] ?? 0);
  if (tool.major < dumpMajor) {
    throw new BackupError(
      `${archive} was dumped by pg_dump ${dumpMajor}; pg_restore here is ${tool.major}: install the client tools of version ${dumpMajor} or newer (or set PG_BIN_DIR)`,
    );
  }
  const staging = await mkdtemp(path.join(root, `.restore-staging-${process.pid}-`));
  try {
    log(`unpacking ${archive}`);
    await extractArchive(archive, staging);
    log('restoring the database with pg_restore');
    // One transaction: a failure leaves the database as empty as it was. Objects belong to the
    // restoring user, as they did to the migrating one; grants are the operator's to make.
    await runPgTool('pg_restore', url, [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      path.join(staging, POSTGRES_DUMP_ENTRY),
    ]);
    try {
      const script = path.join(staging, POST_RESTORE_ENTRY);
      const notices = existsSync(script) ? await runPostgresScript(url, readFileSync(script, 'utf8')) : [];
      compareCounts(manifest.rowCounts, (await readPostgresFacts(url)).rowCounts);
      await restoreUploads(staging, manifest);
      return { target: withoutPassword(url), notices };
    } catch (error) {
      await removeRestoredUploads(manifest);
      throw new BackupError(
        `${(error as Error).message} (the database now holds the restored tables: drop and create it again before another try)`,
      );
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
