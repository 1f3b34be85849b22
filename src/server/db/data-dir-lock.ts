import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export type DataDirLock = { release(): void };

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already open in process ${pid}. ` +
        'PGlite cannot be shared between processes: stop that process, or set DATABASE_URL to use PostgreSQL ' +
        '(then `npm start` and `npm run worker` can run side by side).',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Whether a process with this pid runs (one of another user's counts: EPERM). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another live process holding `<dir>.lock`, or null when none does. */
export function dataDirLockHolder(dir: string): number | null {
  try {
    const pid = Number(readFileSync(`${dir}.lock`, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Holds `<dir>.lock` (the holder's pid) for as long as this process has the folder open.
 * A lock left by a process that died is taken over; one held by a live process is refused.
 */
export function acquireDataDirLock(dir: string): DataDirLock {
  const file = `${dir}.lock`;
  mkdirSync(dir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx'); // fails if it exists: the create is the atomic test
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder === process.pid) return { release: () => {} };
      if (Number.isInteger(holder) && holder > 0 && isProcessAlive(holder))
        throw new DataDirLockedError(dir, holder);
      if (existsSync(file)) unlinkSync(file); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
