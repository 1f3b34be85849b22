// GET /healthz and /readyz as the front server answers them (src/server/health.ts, decision 033):
// the runtime's probes against the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
// with a job worker running as in a web process; and against databases that fail, made by hand.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createHealthProbes, READINESS_TIMEOUT_MS, type HealthProbes } from '../../src/server/health';
import type { Jobs } from '../../src/server/jobs/runner';
import { getRuntime, type Runtime } from '../../src/server/runtime';
import { useTestDatabase } from '../helpers/test-db';
import { collectingLogger } from '../jobs/fixtures/helpers';
import { probeJob } from '../jobs/fixtures/probe';

const serving = { draining: false };

async function ask(probes: HealthProbes, method: string, url: string, state = serving) {
  const probe = probes.match({ url });
  if (!probe) throw new Error(`${url} is no probe`);
  const answer = await probes.answer(probe, { method }, state);
  return { ...answer, json: answer.body ? JSON.parse(answer.body) : undefined };
}

/** Job runners whose workers are not running: one meant to run them, or one that only enqueues. */
const workersNotRunning = (working: boolean) => ({ working, workersRunning: () => false }) as unknown as Jobs;

/** The readiness checks when all is well but the workers this process should run. */
const JOBS_NOT_RUNNING = { process: 'ok', database: 'ok', migrations: 'ok', jobs: 'not running' };

/** A database whose every query fails (or hangs) the way `execute` says. */
function failingDatabase(execute: () => Promise<unknown>): Database {
  return { kind: 'postgres', db: { execute } } as unknown as Database;
}

describe('health probes', () => {
  let runtime: Runtime;

  beforeAll(async () => {
    // A worker in this process, as a web process with RUN_WORKER=true (or on PGlite) has.
    await useTestDatabase({
      jobs: { jobs: [probeJob()], work: true, pollingIntervalSeconds: 0.5, logger: collectingLogger() },
    });
    runtime = await getRuntime();
  });
  afterAll(async () => {
    await runtime.jobs?.stop();
  });

  it('answers only /healthz and /readyz, whatever the query string', () => {
    expect(runtime.health.match({ url: '/healthz' })).toBe('live');
    expect(runtime.health.match({ url: '/readyz?verbose=1' })).toBe('ready');
    for (const url of ['/healthz/', '/api/healthz', '/readyz2', '/', undefined]) {
      expect(runtime.health.match({ url })).toBeNull();
    }
  });

  it('GET /healthz: alive, never cached', async () => {
    const answer = await ask(runtime.health, 'GET', '/healthz');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: 'ok' });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('GET /readyz: the database answers, its migrations are applied, the workers run', async () => {
    const answer = await ask(runtime.health, 'GET', '/readyz');
    expect(answer).toMatchObject({ status: 200, json: { status: 'ok' } });
    expect(answer.headers['cache-control']).toBe('no-store');
    await expect(runtime.health.checkReadiness(serving)).resolves.toEqual({
      ready: true,
      checks: { process: 'ok', database: 'ok', migrations: 'ok', jobs: 'ok' },
    });
  });

  it('HEAD answers as GET does, without a body', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const head = await ask(runtime.health, 'HEAD', url);
      const get = await ask(runtime.health, 'GET', url);
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers).toEqual(get.headers);
    }
  });

  it('any other method: 405 with Allow, in the API error shape', async () => {
    for (const method of ['POST', 'DELETE', 'OPTIONS', 'TRACE']) {
      const answer = await ask(runtime.health, method, '/readyz');
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
      expect(answer.json).toEqual({
        error: {
          code: 'method_not_allowed',
          message: 'Method not allowed',
          detail: `${method}: use GET, HEAD`,
        },
      });
    }
  });

  it('while draining: 503 naming the shutdown, without touching the database', async () => {
    const answer = await ask(runtime.health, 'GET', '/readyz', { draining: true });
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({ status: 'unavailable', checks: { process: 'shutting down' } });
    expect(answer.headers['cache-control']).toBe('no-store');
    // Still alive: a liveness failure would get the process killed in the middle of its drain.
    expect((await ask(runtime.health, 'GET', '/healthz', { draining: true })).status).toBe(200);
  });

  it('a committed migration the database has not applied: 503 naming it', async () => {
    const { db } = runtime.database;
    const newest = sql`(SELECT max(created_at) FROM drizzle.__drizzle_migrations)`;
    const removed = (await db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${newest} RETURNING hash, created_at`,
    )) as unknown as { rows: { hash: string; created_at: string }[] };
    try {
      const answer = await ask(runtime.health, 'GET', '/readyz');
      expect(answer.status).toBe(503);
      expect(answer.json.status).toBe('unavailable');
      expect(answer.json.checks).toMatchObject({ database: 'ok', jobs: 'ok' });
      expect(answer.json.checks.migrations).toMatch(/^not applied: \d{4}_\w+$/);
    } finally {
      for (const row of removed.rows) {
        await db.execute(
          sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${row.hash}, ${row.created_at})`,
        );
      }
    }
    expect((await ask(runtime.health, 'GET', '/readyz')).status).toBe(200);
  });

  it('a database never migrated: every migration is missing', async () => {
    const notMigrated = failingDatabase(() =>
      Promise.reject(Object.assign(new Error('relation does not exist'), { code: '42P01' })),
    );
    const { checks } = await createHealthProbes({ database: notMigrated, jobs: null }).checkReadiness(
      serving,
    );
    expect(checks).toMatchObject({ database: 'ok', jobs: 'ok' });
    expect(checks.migrations).toMatch(/^not applied: 0000_init, 0001_/);
  });

  it('a database that cannot be reached: 503 naming it, no error text or address', async () => {
    const refused = failingDatabase(() =>
      Promise.reject(new Error('connect ECONNREFUSED 10.1.2.3:5432 (user lamplight, password hunter2)')),
    );
    const answer = await ask(createHealthProbes({ database: refused, jobs: null }), 'GET', '/readyz');
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({
      status: 'unavailable',
      checks: { process: 'ok', database: 'unreachable', migrations: 'unknown', jobs: 'ok' },
    });
    expect(answer.body).not.toMatch(/ECONNREFUSED|10\.1\.2\.3|hunter2|\bat /);
  });

  it('a database that does not answer: 503 within the probe timeout', async () => {
    let queries = 0;
    const hung = failingDatabase(() => {
      queries++;
      return new Promise(() => {});
    });
    const probes = createHealthProbes({ database: hung, jobs: null });
    const started = Date.now();
    // Probes that arrive together share one query rather than queue behind each other.
    const answers = await Promise.all([1, 2, 3].map(() => ask(probes, 'GET', '/readyz')));
    expect(Date.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 1000);
    expect(queries).toBe(1);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.json.checks).toMatchObject({ database: 'timed out', migrations: 'unknown' });
    }
  });

  it('workers this process should run but does not: 503 naming the jobs', async () => {
    const readyzWith = (jobs: Jobs) =>
      ask(createHealthProbes({ database: runtime.database, jobs }), 'GET', '/readyz');
    const answer = await readyzWith(workersNotRunning(true));
    expect(answer.status).toBe(503);
    expect(answer.json.checks).toEqual(JOBS_NOT_RUNNING);
    // A process that only enqueues (RUN_WORKER=false) is not meant to run them: ready.
    expect((await readyzWith(workersNotRunning(false))).status).toBe(200);
  });

  // Last: it stops this file's workers.
  it('the runtime’s own workers, once stopped: not ready', async () => {
    expect(runtime.jobs?.workersRunning()).toBe(true);
    await runtime.jobs!.stop();
    expect(runtime.jobs!.workersRunning()).toBe(false);
    const answer = await ask(runtime.health, 'GET', '/readyz');
    expect(answer.status).toBe(503);
    expect(answer.json.checks).toEqual(JOBS_NOT_RUNNING);
  });
});
