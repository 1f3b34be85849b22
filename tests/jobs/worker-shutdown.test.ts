// A worker process stopped with SIGTERM, as a deploy or `docker stop` does (decision 033): it exits 0
// promptly and loses no job. The fixture is `npm run worker` with the probe job in place of the
// site's (the same runtime and stopRuntimeOnSignals); the last test runs worker-main.ts itself.
//  - a job shorter than the stop timeout finishes before the process exits;
//  - a job longer than it is handed back (pg-boss fails it for a retry) and the next worker runs it.
import { sql } from 'drizzle-orm';
import { afterAll, describe, it, type TestContext } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { killChild, runTs, type Child } from './fixtures/helpers';
import { pgliteTemplate } from './fixtures/pglite-template';
import { PROBE_JOB, readProbe, rows } from './fixtures/probe';

const FIXTURE = 'tests/jobs/fixtures/runtime-worker-fixture.ts';
// Child processes start slowly on a busy machine: generous bounds, met in seconds when idle.
const STEP_MS = 45_000;
const TEST_MS = 180_000;
/**
 * How soon after SIGTERM a worker with nothing left to wait for must be gone: well under the 60 s
 * job it must hand back rather than finish, with room for a machine busy with parallel test files
 * (a process exit took 12 s once at a load of 6 on 2 cores).
 */
const PROMPT_MS = 30_000;

type Finished = TestContext['onTestFinished'];

// One initdb for the file; each test copies the folder.
const template = pgliteTemplate('lamplight-stop-template-');
afterAll(() => template.remove());

/** A copy of the template in a folder of its own: `parent/db`. */
const pgliteFolder = (onTestFinished: Finished) => template.copy(onTestFinished, 'lamplight-stop-');

function spawnWorker(onTestFinished: Finished, env: Record<string, string | undefined>): Child {
  const child = runTs(FIXTURE, env);
  onTestFinished(() => killChild(child));
  return child;
}

/** SIGTERM, then the exit, and how long it took. */
async function terminate(child: Child) {
  const sent = Date.now();
  child.process.kill('SIGTERM');
  // Closed, not just exited: the lines it printed while stopping are read right after.
  const exit = await child.closed;
  return { ...exit, tookMs: Date.now() - sent };
}

async function finalState(dataDir: string, probeId: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const probe = await readProbe(database.db, probeId);
    const jobs = await rows<{ state: string; retry_count: number }>(
      database.db,
      sql`SELECT state, retry_count FROM pgboss.job WHERE name = ${PROBE_JOB}`,
    );
    return { probe, jobs };
  } finally {
    await database.close();
  }
}

describe.concurrent('stopping a worker', () => {
  it(
    'SIGTERM mid-job: the job finishes first, then the worker exits 0',
    async ({ expect, onTestFinished }) => {
      const { dataDir } = await pgliteFolder(onTestFinished);
      const worker = spawnWorker(onTestFinished, {
        FIXTURE_DATABASE: `pglite:${dataDir}`,
        FIXTURE_ENQUEUE: 'finish',
        FIXTURE_SLEEP_MS: '2000',
      });
      await worker.waitForLine(/STARTED finish attempt=0/, STEP_MS);

      const { code, tookMs } = await terminate(worker);
      expect(code).toBe(0);
      expect(tookMs).toBeLessThan(2000 + PROMPT_MS);
      const output = worker.output();
      expect(output).toMatch(/SIGTERM: stopping[\s\S]*EFFECT finish changed=1[\s\S]*STOPPED/);

      const { probe, jobs } = await finalState(dataDir, 'finish');
      expect(probe).toMatchObject({ status: 'done', effects: 1 });
      expect(jobs).toEqual([{ state: 'completed', retry_count: 0 }]);
    },
    TEST_MS,
  );

  it(
    'a job still running at the stop timeout is handed back, and the next worker runs it once',
    async ({ expect, onTestFinished }) => {
      const { dataDir } = await pgliteFolder(onTestFinished);
      const first = spawnWorker(onTestFinished, {
        FIXTURE_DATABASE: `pglite:${dataDir}`,
        FIXTURE_ENQUEUE: 'handback',
        FIXTURE_SLEEP_MS: '60000',
        FIXTURE_STOP_TIMEOUT_MS: '1000',
      });
      await first.waitForLine(/STARTED handback attempt=0/, STEP_MS);

      const { code, tookMs } = await terminate(first);
      expect(code).toBe(0);
      expect(tookMs).toBeLessThan(PROMPT_MS);
      expect(first.output()).not.toMatch(/EFFECT/);
      // Failed back to the queue for a retry, not left active until it expires.
      const handedBack = await finalState(dataDir, 'handback');
      expect(handedBack.jobs).toMatchObject([{ state: 'retry' }]);

      const second = spawnWorker(onTestFinished, {
        FIXTURE_DATABASE: `pglite:${dataDir}`,
        FIXTURE_SLEEP_MS: '100',
      });
      await second.waitForLine(/EFFECT handback changed=1/, STEP_MS);
      expect((await terminate(second)).code).toBe(0);

      const { probe, jobs } = await finalState(dataDir, 'handback');
      expect(probe).toMatchObject({ status: 'done', effects: 1 });
      expect(probe?.calls.map((call) => call.attempt)).toEqual([0, 1]);
      expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    },
    TEST_MS,
  );

  it(
    '`npm run worker` (worker-main.ts): SIGTERM stops it, exit 0',
    async ({ expect, onTestFinished }) => {
      // DATA_DIR/db, which the worker migrates before it starts working.
      const { parent } = await pgliteFolder(onTestFinished);
      const worker = runTs('src/server/jobs/worker-main.ts', {
        DATA_DIR: parent,
        DATABASE_URL: undefined,
        NODE_ENV: 'test',
      });
      onTestFinished(() => killChild(worker));
      await worker.waitForLine(/"component":"worker".*"msg":"running/, STEP_MS);

      const { code, tookMs } = await terminate(worker);
      expect(code).toBe(0);
      expect(tookMs).toBeLessThan(PROMPT_MS);
      expect(worker.output()).toMatch(/SIGTERM: stopping[\s\S]*"component":"worker".*"msg":"stopped"/);
    },
    TEST_MS,
  );
});
