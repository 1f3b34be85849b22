import { existsSync, readFileSync } from 'node:fs';
import { cp, lstat, mkdir, mkdtemp, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../../db/data-dir-lock';
import { env } from '../../lib/env';
import { uploadsDir } from '../images/images.storage';
import { extractArchive, readManifest } from './backups.archive';
import { pgToolVersion, runPgTool } from './backups.pg-tools';
import {
  readPgliteFolderFacts,
  readPostgresFacts,
  readPostgresTarget,
  runPostgresScript,
} from './backups.repository';
import {
  PGLITE_DATA_ENTRY,
  POST_RESTORE_ENTRY,
  POSTGRES_DUMP_ENTRY,
  UPLOADS_ENTRY,
  type BackupManifest,
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

// Restore of the whole site from one archive of backups-backup.service.ts
// (docs/decisions/035-backup-and-restore.md): `npm run restore` (src/server/restore-main.ts) comes
// here.

export { BackupError };

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

/** The restored database against the archive: row counts, then (when recorded) the rows' checksums. */
function compareWithManifest(
  manifest: BackupManifest,
  restored: { rowCounts: Record<string, number>; rowDigests: Record<string, string> },
): void {
  compareCounts(manifest.rowCounts, restored.rowCounts);
  const wrong = Object.entries(manifest.rowDigests ?? {}).filter(
    ([table, digest]) => restored.rowDigests[table] !== digest,
  );
  if (wrong.length === 0) return;
  throw new BackupError(
    `the restored database does not match the archive: the rows of ${wrong[0][0]} differ from those backed up` +
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
    compareWithManifest(manifest, await readPgliteFolderFacts(dbDir));
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
      compareWithManifest(manifest, await readPostgresFacts(url));
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
