import type { RawAnswer } from './api/fast-path';
import { refuseMethod } from './api/methods';
import type { Database } from './db/client';
import { pendingMigrations } from './db/migration-status';
import type { Jobs } from './jobs/runner';
import { securityHeaderFields } from './lib/security-headers';
import { log } from './observability/logger';

// GET /healthz and GET /readyz (docs/decisions/033-health-and-shutdown.md): answered by the front
// server (scripts/server.mjs) before the page caches, the API and Next.js, so neither a hung render
// nor a rate limit stands in their way. The runtime makes one of these for its database and jobs.
//
//   /healthz  the process is alive and its event loop turns: always 200 {"status":"ok"}.
//   /readyz   this process should get traffic: the database answers, every committed migration is
//             applied, the job workers run if this process is meant to run them, and it is not
//             shutting down. 200 {"status":"ok"}, else 503 {"status":"unavailable","checks":{…}}.

export type Probe = 'live' | 'ready';

/** Each check is "ok" or a short reason (no error text: it may name hosts or users). */
export type ReadinessChecks = {
  process: 'ok' | 'shutting down';
  database?: 'ok' | 'unreachable' | 'timed out';
  migrations?: 'ok' | 'unknown' | `not applied: ${string}`;
  jobs?: 'ok' | 'not running';
};

export type Readiness = { ready: boolean; checks: ReadinessChecks };

export type HealthProbes = {
  /** The probe a request's path asks for (its query string is ignored), or null. */
  match(request: { url?: string }): Probe | null;
  /** The whole answer (never rejects): 200/503 for GET and HEAD, 405 with Allow for any other method. */
  answer(probe: Probe, request: { method?: string }, state: { draining: boolean }): Promise<RawAnswer>;
  /** The readiness checks themselves. */
  checkReadiness(state: { draining: boolean }): Promise<Readiness>;
};

/**
 * Under Kubernetes' default probe timeout (1 s), so a prober gets our reason rather than its own
 * timeout; a database slower than this to answer one small query should not get traffic anyway.
 */
export const READINESS_TIMEOUT_MS = 900;

const PATHS: Record<string, Probe> = { '/healthz': 'live', '/readyz': 'ready' };
const ALLOWED = ['GET', 'HEAD'];

const BASE_HEADERS: Record<string, string> = {
  'content-type': 'application/json',
  // A cached "ok" would hide the very failure the prober is asking about.
  'cache-control': 'no-store',
  ...securityHeaderFields,
};

export function createHealthProbes(parts: { database: Database; jobs: Jobs | null }): HealthProbes {
  const checkBackend = coalesced(() => checkDatabaseAndJobs(parts));
  let lastReport = 'ok';

  async function checkReadiness({ draining }: { draining: boolean }): Promise<Readiness> {
    // A draining process must lose its traffic whatever else holds; its database may be closing.
    if (draining) return { ready: false, checks: { process: 'shutting down' } };
    const { checks: backend, error } = await withTimeout(checkBackend(), READINESS_TIMEOUT_MS, {
      checks: { database: 'timed out', migrations: 'unknown', jobs: jobsCheck(parts.jobs) },
    });
    const checks: ReadinessChecks = { process: 'ok', ...backend };
    const ready = Object.values(checks).every((value) => value === 'ok');
    // Said once per change, not once per probe: a prober asks every few seconds. The error's text
    // goes to the log only, never into the answer.
    const report = ready ? 'ok' : JSON.stringify(checks);
    if (report !== lastReport) {
      if (ready) log('health').info('ready again');
      else log('health').warn({ checks, ...(error && { error }) }, 'not ready');
      lastReport = report;
    }
    return { ready, checks };
  }

  return {
    match: ({ url = '' }) => PATHS[url.split('?', 1)[0]] ?? null,
    checkReadiness,
    async answer(probe, { method = 'GET' }, state) {
      const path = probe === 'live' ? '/healthz' : '/readyz';
      const refusal = refuseMethod(() => ALLOWED, method, path);
      if (refusal) return json(405, refusal.body, method, { allow: refusal.allow.join(', ') });
      if (probe === 'live') return json(200, { status: 'ok' }, method);
      const { ready, checks } = await checkReadiness(state).catch((error: unknown) => {
        log('health').error({ err: error }, 'the readiness check failed');
        return { ready: false, checks: { process: 'ok', database: 'unreachable' } as ReadinessChecks };
      });
      return ready
        ? json(200, { status: 'ok' }, method)
        : json(503, { status: 'unavailable', checks }, method);
    },
  };
}

type BackendChecks = { checks: Omit<ReadinessChecks, 'process'>; error?: string };

async function checkDatabaseAndJobs({
  database,
  jobs,
}: {
  database: Database;
  jobs: Jobs | null;
}): Promise<BackendChecks> {
  let pending: string[];
  try {
    // One query answers both: it reaches the database and reads the applied migrations.
    pending = await pendingMigrations(database);
  } catch (error) {
    return {
      checks: { database: 'unreachable', migrations: 'unknown', jobs: jobsCheck(jobs) },
      error: error instanceof Error ? error.message : String(error),
    };
  }
  const migrations = pending.length === 0 ? 'ok' : (`not applied: ${pending.join(', ')}` as const);
  return { checks: { database: 'ok', migrations, jobs: jobsCheck(jobs) } };
}

/** "Meant to run the workers" is what the runtime asked the runner for (RUN_WORKER, PGlite, worker). */
const jobsCheck = (jobs: Jobs | null) => (jobs?.working && !jobs.workersRunning() ? 'not running' : 'ok');

/** Probes that arrive while a check runs share it: a burst of them is one query, not a queue. */
function coalesced<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () =>
    (running ??= run().finally(() => {
      running = undefined;
    }));
}

function withTimeout<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function json(status: number, body: unknown, method: string, extra: Record<string, string> = {}): RawAnswer {
  const text = JSON.stringify(body);
  const headers = { ...BASE_HEADERS, 'content-length': String(Buffer.byteLength(text)), ...extra };
  return { status, headers, body: method === 'HEAD' ? '' : text };
}
