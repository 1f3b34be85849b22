import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { defineJob, registerJobs } from '../../src/server/jobs/registry';
import { startJobs, type Jobs, type StartJobsOptions } from '../../src/server/jobs/runner';
import { collectingLogger, createScratchDatabase, TEST_DATABASE_URL, waitFor } from './fixtures/helpers';
import {
  createProbeTables,
  insertProbe,
  PROBE_JOB,
  probeJob,
  probeSweep,
  readProbe,
  rows,
} from './fixtures/probe';
import { z } from 'zod';

type Backend = { database: Database; cleanup(): Promise<void> };

const backends: Array<{ name: string; skip: boolean; open(): Promise<Backend> }> = [
  {
    name: 'PGlite (in memory)',
    skip: false,
    open: async () => {
      const database = await openDatabase({ kind: 'pglite' });
      return { database, cleanup: () => database.close() };
    },
  },
  {
    name: 'PostgreSQL (TEST_DATABASE_URL)',
    skip: !TEST_DATABASE_URL,
    open: async () => {
      const scratch = await createScratchDatabase(TEST_DATABASE_URL!);
      const database = await openDatabase({ kind: 'postgres', url: scratch.url, max: 3 });
      return {
        database,
        cleanup: async () => {
          await database.close();
          await scratch.drop();
        },
      };
    },
  },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`jobs runner on ${backend.name}`, () => {
    let opened: Backend | undefined;
    let jobs: Jobs | undefined;
    const logger = collectingLogger();
    const db = () => opened!.database.db;

    const start = async (options: Partial<StartJobsOptions> & Pick<StartJobsOptions, 'jobs'>) => {
      jobs = await startJobs(opened!.database, {
        work: true,
        pollingIntervalSeconds: 0.5,
        logger,
        ...options,
      });
      return jobs;
    };

    beforeAll(async () => {
      opened = await backend.open();
      await createProbeTables(db());
    });
    afterEach(async () => {
      await jobs?.stop();
      jobs = undefined;
    });
    afterAll(async () => {
      await opened?.cleanup();
    });

    it('runs a job enqueued with startAfter 2 s exactly once, after 2 s', async () => {
      const id = randomUUID();
      await insertProbe(db(), id);
      const started: number[] = [];
      const runtime = await start({ jobs: [probeJob({ onStarted: () => started.push(Date.now()) })] });

      const enqueuedAt = Date.now();
      const jobId = await runtime.enqueue(PROBE_JOB, { id }, { startAfter: new Date(enqueuedAt + 2000) });
      expect(jobId).toEqual(expect.any(String));

      await waitFor('the probe to be done', async () => (await readProbe(db(), id))?.status === 'done', {
        timeoutMs: 10_000,
      });
      expect(started).toHaveLength(1);
      expect(started[0] - enqueuedAt).toBeGreaterThanOrEqual(2000);
      expect(started[0] - enqueuedAt).toBeLessThan(8000); // polling every 0.5 s; slack for a busy machine

      const [job] = await waitFor('pg-boss to record completion', async () => {
        const found = await rows<{ state: string; retry_count: number }>(
          db(),
          sql`SELECT state, retry_count FROM pgboss.job WHERE id = ${jobId}`,
        );
        return found[0]?.state === 'completed' && found;
      });
      expect(job.retry_count).toBe(0);

      // Two more polling rounds: nothing runs it again.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const probe = await readProbe(db(), id);
      expect(probe?.effects).toBe(1);
      expect(probe?.calls).toHaveLength(1);
      expect(started).toHaveLength(1);
    });

    it('retries a failing handler with backoff; the effect still applies once', async () => {
      const id = randomUUID();
      await insertProbe(db(), id);
      const runtime = await start({ jobs: [probeJob({ failOnAttempts: [0], retryDelaySeconds: 1 })] });
      await runtime.enqueue(PROBE_JOB, { id });
      await waitFor('the retried probe', async () => (await readProbe(db(), id))?.status === 'done', {
        timeoutMs: 10_000,
      });
      const probe = await readProbe(db(), id);
      expect(probe?.calls.map((call) => call.attempt)).toEqual([0, 1]);
      expect(probe?.effects).toBe(1);
      expect(logger.lines.some((line) => line.includes('planned failure'))).toBe(true);
    });

    it('with singletonKey, enqueueing again reschedules the waiting job instead of adding one', async () => {
      const [first, second] = [randomUUID(), randomUUID()];
      await insertProbe(db(), first);
      await insertProbe(db(), second);
      const job = probeJob();
      const runtime = await start({ jobs: [job] });
      const key = `probe-${randomUUID()}`;
      // startAfter in seconds from now; the definition itself in place of its name (typed payload).
      const id1 = await runtime.enqueue(PROBE_JOB, { id: first }, { startAfter: 60, singletonKey: key });
      const id2 = await runtime.enqueue(job, { id: second }, { startAfter: 1, singletonKey: key });
      expect(id2).toBe(id1);
      await waitFor('the rescheduled job', async () => (await readProbe(db(), second))?.status === 'done');
      expect((await readProbe(db(), first))?.calls).toHaveLength(0);
    });

    it('validates payloads and job names on enqueue', async () => {
      const runtime = await start({ jobs: [probeJob()], work: false });
      await expect(runtime.enqueue(PROBE_JOB, { id: 42 })).rejects.toThrow(
        /Invalid payload for job "test.probe"/,
      );
      await expect(runtime.enqueue('no.such-job', {})).rejects.toThrow(/Unknown job "no.such-job"/);
    });

    it('fails a job whose stored payload no longer validates without retrying it', async () => {
      const seen: unknown[] = [];
      const strict = defineJob({
        name: 'test.strict',
        payload: z.object({ n: z.number() }),
        retryLimit: 3,
        handler: async (payload) => void seen.push(payload),
      });
      const runtime = await start({ jobs: [strict] });
      const jobId = await runtime.boss.send('test.strict', { n: 'not a number' });
      const [job] = await waitFor('the invalid job to fail', async () => {
        const found = await rows<{ state: string; retry_count: number }>(
          db(),
          sql`SELECT state, retry_count FROM pgboss.job WHERE id = ${jobId}`,
        );
        return found[0]?.state === 'failed' && found;
      });
      expect(job.retry_count).toBe(0);
      expect(seen).toEqual([]);
    });

    it('runs sweeps at start and on their interval, catching work whose job was lost', async () => {
      const [early, late] = [randomUUID(), randomUUID()];
      await insertProbe(db(), early, new Date(Date.now() - 60_000)); // overdue, no job was ever enqueued
      await insertProbe(db(), late, new Date(Date.now() + 1000)); // falls due while the worker runs
      const runtime = await start({ jobs: [], sweeps: [probeSweep] });
      await waitFor('the start-up sweep', async () => (await readProbe(db(), early))?.status === 'done');
      await waitFor('an interval sweep', async () => (await readProbe(db(), late))?.status === 'done', {
        timeoutMs: 6000,
      });
      expect((await runtime.runSweeps())[probeSweep.name]).toBe(0); // nothing left: idempotent
      expect((await readProbe(db(), early))?.effects).toBe(1);
      expect((await readProbe(db(), late))?.effects).toBe(1);
    });
  });
}

describe('job registry', () => {
  it('refuses bad names, bad options and duplicates', () => {
    const payload = z.object({});
    const handler = async () => {};
    expect(() => defineJob({ name: 'Has Spaces', payload, handler })).toThrow(/Invalid job name/);
    expect(() => defineJob({ name: 'a.b', payload, handler, expireInSeconds: 0 })).toThrow(/expireInSeconds/);
    const job = defineJob({ name: 'a.b', payload, handler });
    expect(() => registerJobs([job, job])).toThrow(/registered twice/);
    expect(registerJobs([job]).get('a.b')).toBe(job);
  });
});
