// Worker processes as they really run (`node --import tsx`), concurrently since they mostly wait.
//  - Crash recovery: a worker killed (SIGKILL) in the middle of a job; the next worker must finish
//    the job, and its effect must apply exactly once. On PostgreSQL the job waits in the shared
//    database; on PGlite the new process reopens the folder and takes over the dead one's lockfile.
//  - The PGlite folder lock: while one process holds the folder, `npm run worker` refuses.
import { sql } from 'drizzle-orm';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, it, type TestContext } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { DataDirLockedError } from '../../src/server/db/data-dir-lock';
import {
  createScratchDatabase,
  killChild,
  runTs,
  TEST_DATABASE_URL,
  waitFor,
  type Child,
} from './fixtures/helpers';
import { pgliteTemplate } from './fixtures/pglite-template';
import { PROBE_JOB, readProbe, rows } from './fixtures/probe';

const FIXTURE = 'tests/jobs/fixtures/worker-fixture.ts';
// Child processes start slowly on a busy machine: generous bounds, met in seconds when idle.
const STEP_MS = 45_000;
const TEST_MS = 120_000;

// One initdb for the file (made on first use, in a child process: the other tests must react to
// their children within the handler's 3 s); each test copies the folder.
const template = pgliteTemplate('lamplight-template-');
afterAll(() => template.remove());

// Concurrent tests must register cleanups on their own context, not the global hook.
type Finished = TestContext['onTestFinished'];

function spawnFixture(onTestFinished: Finished, env: Record<string, string>): Child {
  const child = runTs(FIXTURE, env);
  onTestFinished(() => killChild(child));
  return child;
}

async function killMidJobAndRecover(
  { expect, onTestFinished }: TestContext,
  target: string,
  probeId: string,
) {
  const first = spawnFixture(onTestFinished, {
    FIXTURE_DATABASE: target,
    FIXTURE_ENQUEUE: probeId,
    FIXTURE_SLEEP_MS: '3000',
  });
  await first.waitForLine(new RegExp(`STARTED ${probeId} attempt=0`), STEP_MS);
  first.process.kill('SIGKILL'); // mid-job: the handler sleeps 3 s before its effect
  expect((await first.exited).signal).toBe('SIGKILL');
  expect(first.output()).not.toMatch(/EFFECT/);

  const second = spawnFixture(onTestFinished, { FIXTURE_DATABASE: target, FIXTURE_SLEEP_MS: '3000' });
  // The job stays active until it expires (5 s after it started), then is retried here.
  const [, changed] = await second.waitForLine(new RegExp(`EFFECT ${probeId} changed=(\\d+)`), STEP_MS);
  expect(changed).toBe('1');
  return { first, second };
}

async function jobStates(database: Database) {
  return rows<{ state: string; retry_count: number }>(
    database.db,
    sql`SELECT state, retry_count FROM pgboss.job WHERE name = ${PROBE_JOB}`,
  );
}

describe.concurrent('worker processes', () => {
  it(
    'crash on PGlite: a new process takes over the stale lock and finishes the job once',
    async (context) => {
      const { expect, onTestFinished } = context;
      const { dataDir } = await template.copy(onTestFinished, 'lamplight-jobs-');
      const { first, second } = await killMidJobAndRecover(context, `pglite:${dataDir}`, 'crash-pglite');
      expect(readFileSync(`${dataDir}.lock`, 'utf8').trim()).toBe(String(second.process.pid));

      // Stop it cleanly (SIGTERM: graceful stop, close, release the folder), then look inside.
      second.process.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
      expect(existsSync(`${dataDir}.lock`)).toBe(false);

      const database = await openDatabase({ kind: 'pglite', dataDir });
      onTestFinished(() => database.close());
      const probe = await readProbe(database.db, 'crash-pglite');
      expect(probe).toMatchObject({ status: 'done', effects: 1 });
      expect(probe?.calls.map((call) => call.attempt)).toEqual([0, 1]);
      expect(probe?.calls.map((call) => call.pid)).toEqual([first.process.pid, second.process.pid]);
      expect(await jobStates(database)).toEqual([{ state: 'completed', retry_count: 1 }]);
    },
    TEST_MS,
  );

  it.skipIf(!TEST_DATABASE_URL)(
    'crash on PostgreSQL: the next worker finishes the job once',
    async (context) => {
      const { expect, onTestFinished } = context;
      const scratch = await createScratchDatabase(TEST_DATABASE_URL!);
      onTestFinished(() => scratch.drop()); // registered first, so it runs after the children are gone
      const { first, second } = await killMidJobAndRecover(context, scratch.url, 'crash-pg');

      const database = await openDatabase({ kind: 'postgres', url: scratch.url, max: 1 });
      onTestFinished(() => database.close());
      await waitFor(
        'pg-boss to record completion',
        async () => (await jobStates(database))[0]?.state === 'completed',
        { timeoutMs: STEP_MS },
      );
      const probe = await readProbe(database.db, 'crash-pg');
      expect(probe).toMatchObject({ status: 'done', effects: 1 });
      expect(probe?.calls.map((call) => call.attempt)).toEqual([0, 1]);
      expect(probe?.calls.map((call) => call.pid)).toEqual([first.process.pid, second.process.pid]);
      expect(await jobStates(database)).toEqual([{ state: 'completed', retry_count: 1 }]);

      second.process.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
    },
    TEST_MS,
  );

  it(
    'a second process cannot open a PGlite folder another one holds',
    async ({ expect, onTestFinished }) => {
      // worker-main opens $DATA_DIR/db
      const { parent: dataDir, dataDir: dbDir } = await template.copy(onTestFinished, 'lamplight-lock-');
      const holder = spawnFixture(onTestFinished, { FIXTURE_DATABASE: `pglite:${dbDir}` });
      await holder.waitForLine(/READY/, STEP_MS);

      const worker = runTs('src/server/jobs/worker-main.ts', {
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        NODE_ENV: 'test',
      });
      onTestFinished(() => killChild(worker));
      expect((await worker.exited).code).toBe(1);
      const stderr = worker.stderr();
      expect(stderr).toContain(
        `The embedded database in ${dbDir} is already open in process ${holder.process.pid}.`,
      );
      expect(stderr).toContain('set DATABASE_URL to use PostgreSQL');
      expect(stderr).not.toMatch(/^\s+at /m); // a message, not a stack trace

      // The same refusal for this process.
      await expect(openDatabase({ kind: 'pglite', dataDir: dbDir })).rejects.toBeInstanceOf(
        DataDirLockedError,
      );

      // The holder is unaffected and still stops cleanly.
      holder.process.kill('SIGTERM');
      expect((await holder.exited).code).toBe(0);
    },
    TEST_MS,
  );
});
