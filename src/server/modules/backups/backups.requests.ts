import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isProcessAlive } from '../../db/data-dir-lock';
import type { BackupResult } from './backups.schema';

// How `npm run backup` gets a backup of an embedded database that a running server holds
// (docs/decisions/035-backup-and-restore.md). PGlite belongs to one process, so that process makes
// the archive: the command leaves a request file in a folder beside the data folder, the owner's
// sweep (backups.jobs.ts, every 2 s) takes it by renaming it, writes the archive and leaves a
// result file the command reads. The channel is the data folder's own: whoever may write there
// could read the database files anyway; nothing listens on a port.

/** `<DATA_DIR>/db.backup-requests`: beside the folder and its lock file (db.lock). */
export const requestsDir = (dbDir: string) => `${dbDir}.backup-requests`;

const REQUEST = /^([0-9a-f]{16})\.request\.json$/;
const requestSchema = z.object({ dir: z.string().min(1), requestedBy: z.number().int() });
const resultSchema = z.union([
  z.object({ ok: z.literal(true), path: z.string(), manifest: z.unknown() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

/** How long the command waits for the owner to take its request (its sweep runs every 2 s). */
export const ACCEPT_TIMEOUT_MS = 30_000;
const POLL_MS = 200;
/** Results nobody collected (the command was stopped) are removed after this long. */
const STALE_MS = 60 * 60 * 1000;

async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, text, { mode: 0o600 });
  await rename(temp, file);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The command's side: asks process `ownerPid`, which holds the embedded database in `dbDir`, to
 * write a backup into `dir`, and waits for it. Fails when the owner does not take the request
 * within `acceptTimeoutMs` (it is no Lamplight server or worker, e.g. `npm run seed`), or stops.
 */
export async function askDatabaseOwner(
  dbDir: string,
  ownerPid: number,
  dir: string,
  acceptTimeoutMs = ACCEPT_TIMEOUT_MS,
): Promise<BackupResult> {
  const folder = requestsDir(dbDir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const id = randomBytes(8).toString('hex');
  const requestFile = path.join(folder, `${id}.request.json`);
  const resultFile = path.join(folder, `${id}.result.json`);
  await writeAtomically(requestFile, JSON.stringify({ dir, requestedBy: process.pid }));
  const deadline = Date.now() + acceptTimeoutMs;
  for (;;) {
    try {
      const result = resultSchema.parse(JSON.parse(await readFile(resultFile, 'utf8')));
      await unlink(resultFile).catch(() => undefined);
      if (!result.ok) throw new Error(result.message);
      return { path: result.path, manifest: result.manifest as BackupResult['manifest'] };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const waiting = await stat(requestFile).then(
      () => true,
      () => false,
    );
    if (!isProcessAlive(ownerPid)) {
      await unlink(requestFile).catch(() => undefined);
      throw new Error(`process ${ownerPid}, which held the database, stopped before the backup was written`);
    }
    // Past the deadline and not taken: withdraw it, unless the owner is busy with an earlier
    // request (its sweep takes new ones when that one is written).
    if (waiting && Date.now() > deadline && !(await ownerBusy(folder, ownerPid))) {
      // Withdraw the request; if it is gone meanwhile, the owner took it after all: go on waiting.
      const withdrawn = await unlink(requestFile).then(
        () => true,
        () => false,
      );
      if (withdrawn) {
        throw new Error(
          `the embedded database in ${dbDir} is open in process ${ownerPid}, which did not take the backup ` +
            `request within ${Math.round(acceptTimeoutMs / 1000)} s: it is not a running Lamplight server or ` +
            'worker (perhaps `npm run seed` or `npm run db:migrate`). Try again when it has finished.',
        );
      }
    }
    await sleep(POLL_MS);
  }
}

/**
 * The owner's side: takes every waiting request for the database folder `dbDir`, then writes each
 * backup with `perform` in turn and leaves its result for the command. Answers the backups written.
 */
export async function serveBackupRequests(
  dbDir: string,
  perform: (dir: string) => Promise<BackupResult>,
): Promise<BackupResult[]> {
  const folder = requestsDir(dbDir);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // Take every waiting request first (each command stops counting down), then write them in turn.
  const taken: { id: string; working: string }[] = [];
  for (const name of names) {
    const match = REQUEST.exec(name);
    if (!match) continue;
    const working = path.join(folder, `${match[1]}.working-${process.pid}.json`);
    try {
      await rename(path.join(folder, name), working);
      taken.push({ id: match[1], working });
    } catch {
      // withdrawn meanwhile
    }
  }
  const served: BackupResult[] = [];
  for (const { id, working } of taken) {
    let result: z.infer<typeof resultSchema>;
    try {
      const request = requestSchema.parse(JSON.parse(await readFile(working, 'utf8')));
      if (!path.isAbsolute(request.dir)) throw new Error('the backup folder must be an absolute path');
      const backup = await perform(request.dir);
      served.push(backup);
      result = { ok: true, path: backup.path, manifest: backup.manifest };
    } catch (error) {
      result = { ok: false, message: (error as Error).message };
    }
    await writeAtomically(path.join(folder, `${id}.result.json`), JSON.stringify(result));
    await unlink(working).catch(() => undefined);
  }
  await removeStale(folder, names);
  return served;
}

const WORKING = /^[0-9a-f]{16}\.working-(\d+)\.json$/;

/** Whether process `pid` is writing a requested backup now (it renamed one to `<id>.working-<pid>.json`). */
async function ownerBusy(folder: string, pid: number): Promise<boolean> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.some((name) => WORKING.exec(name)?.[1] === String(pid));
}

async function removeStale(folder: string, names: string[]): Promise<void> {
  const now = Date.now();
  for (const name of names) {
    if (REQUEST.test(name)) continue;
    const file = path.join(folder, name);
    // A request taken by a process that died before it wrote the archive.
    const working = WORKING.exec(name);
    if (working) {
      if (!isProcessAlive(Number(working[1]))) await unlink(file).catch(() => undefined);
      continue;
    }
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > STALE_MS) await unlink(file).catch(() => undefined);
  }
}
