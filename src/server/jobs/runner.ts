import { performance } from 'node:perf_hooks';
import { PgBoss, fromPglite, type ConstructorOptions, type JobResult } from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client';
import {
  JOB_DEFAULTS,
  registerJobs,
  type AnyJob,
  type EnqueueFn,
  type EnqueueOptions,
  type JobQueue,
  type JobRegistry,
  type JobsLogger,
  type SweepContext,
  type SweepDefinition,
} from './registry';
import { processSlot } from '../lib/process-slot';
import { currentLogContext, runWithLogContext, type LogContext } from '../observability/log-context';
import { log as processLog } from '../observability/logger';
import { processMetrics, type QueueSize } from '../observability/metrics';
import { splitJobMeta, withJobMeta } from './job-meta';

/*
 * pg-boss on the app's own database: on PGlite it runs on the same embedded
 * instance (PGlite is single-process, so the worker must live in the process that holds the
 * folder); on PostgreSQL it opens its own small pool to the same DATABASE_URL, and any number of
 * web and worker processes can run side by side (jobs are claimed with FOR UPDATE SKIP LOCKED).
 */

export type StartJobsOptions = {
  jobs: readonly AnyJob[];
  sweeps?: readonly SweepDefinition[];
  /** Subscribe workers and run sweeps. false: this process only enqueues (web with RUN_WORKER=false). */
  work: boolean;
  logger?: JobsLogger;
  /** How often an idle worker looks for due jobs. Default 2 (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running jobs before failing them back to the queue. Default 20000. */
  stopTimeoutMs?: number;
  /**
   * pg-boss tuning passed to its constructor (tests shorten superviseIntervalSeconds and
   * monitorIntervalSeconds so expired jobs are retried within seconds). The database options are
   * always set by the runner.
   */
  boss?: Omit<ConstructorOptions, 'db' | 'backend' | 'connectionString'>;
};

export type Jobs = {
  boss: PgBoss;
  /** Whether this process runs workers and sweeps. */
  working: boolean;
  /**
   * Puts a job in the queue; the payload is validated against the job's schema first (throws on an
   * unknown job or an invalid payload). Returns the pg-boss job id.
   */
  enqueue: EnqueueFn;
  /**
   * Whether every job has a live worker in this process (always false when `working` is false, and
   * once stop() began): GET /readyz's jobs check (docs/decisions/033-health-and-shutdown.md).
   */
  workersRunning(): boolean;
  /** Jobs waiting and running, per registered job, as pg-boss counts them (GET /metrics, decision 036). */
  queueSizes(): Promise<QueueSize[]>;
  /** Runs every sweep now (also done at start and on each sweep's interval); returns counts by name. */
  runSweeps(): Promise<Record<string, number>>;
  /** Stops workers (waiting for running jobs) and sweeps; does not close the database. Idempotent. */
  stop(): Promise<void>;
};

/** A detail as a log line's fields: an Error as `err`, an object's own fields, anything else as `detail`. */
function fields(detail: unknown): object {
  if (detail === undefined) return {};
  if (detail instanceof Error) return { err: detail };
  if (typeof detail === 'object' && detail !== null && !Array.isArray(detail)) return detail;
  return { detail };
}

/** The process's log (observability/logger.ts), component `jobs`; tests pass a logger of their own. */
const processLogger: JobsLogger = {
  info: (message, detail) => processLog('jobs').info(fields(detail), message),
  warn: (message, detail) => processLog('jobs').warn(fields(detail), message),
  error: (message, detail) => processLog('jobs').error(fields(detail), message),
};

/** The process's jobs, put here by the runtime (src/server/runtime.ts) when it starts them. */
export const processJobsSlot = processSlot<Jobs>('jobs');

/**
 * Enqueues a job from a request's code path, where the job is a follow-up a sweep also covers: a
 * process that runs no jobs (tests, scripts) skips it, and a failure to enqueue is logged with
 * `fallback` (what happens instead) rather than failing the request that wrote the data.
 */
export async function enqueueFollowUp<S extends z.ZodType>(
  job: JobQueue<S>,
  payload: z.input<S>,
  options: EnqueueOptions,
  fallback: string,
): Promise<void> {
  const jobs = processJobsSlot.get(); // none in a process that runs no jobs
  if (!jobs) return;
  try {
    await jobs.enqueue(job, payload, options);
  } catch (error) {
    processLog('jobs').warn({ err: error, job: job.name }, `could not enqueue ${job.name}; ${fallback}`);
  }
}

/**
 * Starts a pg-boss on `database` with these jobs and sweeps. The runtime (src/server/runtime.ts)
 * starts the process's one; tests start their own on a scratch database.
 */
export async function startJobs(database: Database, options: StartJobsOptions): Promise<Jobs> {
  const log = options.logger ?? processLogger;
  const registry = registerJobs(options.jobs);
  const sweeps = uniqueSweeps(options.sweeps ?? []);
  const boss = createBoss(database, options.boss, log);
  const enqueue = enqueueInto(boss, registry);
  try {
    await boss.start();
    await ensureQueues(boss, registry);
    if (options.work) {
      processMetrics().knowJobs(registry.keys());
      const context = { database, enqueue, log };
      await subscribeWorkers(boss, registry, context, options.pollingIntervalSeconds ?? 2);
    }
  } catch (error) {
    await boss.stop({ graceful: false, timeout: 1000 }).catch(() => {});
    throw error;
  }
  const sweeper = createSweeper(sweeps, { database, enqueue, log });
  if (options.work) sweeper.start();
  log.info(
    `started on ${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}: ${registry.size} job(s), ` +
      (options.work ? `working, ${sweeps.length} sweep(s)` : 'enqueue only'),
  );
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await sweeper.stop();
      await boss.stop({ graceful: true, close: true, timeout: options.stopTimeoutMs ?? 20_000 });
    })());
  // Every registered job has a worker pg-boss has not stopped (it keeps no stopped ones in the list).
  const workersRunning = () => {
    if (!options.work || stopping !== undefined) return false;
    const live = new Set(
      boss
        .getWipData()
        .filter((worker) => worker.state === 'created' || worker.state === 'active')
        .map((worker) => worker.name),
    );
    return [...registry.keys()].every((name) => live.has(name));
  };
  const queueSizes = () =>
    Promise.all(
      [...registry.keys()].map(async (name): Promise<QueueSize> => {
        // Counts pg-boss keeps on the queue: a small read per queue, not a count of the jobs; `force`
        // recounts them (once) when they are more than a minute old, as without a monitor running.
        const [stats] = await boss.getQueueStats(name, { force: true });
        return {
          name,
          ready: stats?.readyCount ?? 0,
          deferred: stats?.deferredCount ?? 0,
          active: stats?.activeCount ?? 0,
        };
      }),
    );
  return {
    boss,
    working: options.work,
    enqueue,
    queueSizes,
    runSweeps: sweeper.runAll,
    stop,
    workersRunning,
  };
}

function uniqueSweeps(sweeps: readonly SweepDefinition[]): readonly SweepDefinition[] {
  const names = new Set<string>();
  for (const sweep of sweeps) {
    if (names.has(sweep.name)) throw new Error(`Sweep "${sweep.name}" is registered twice`);
    names.add(sweep.name);
  }
  return sweeps;
}

function createBoss(database: Database, tuning: StartJobsOptions['boss'], log: JobsLogger): PgBoss {
  let boss: PgBoss;
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('A PGlite database without its instance cannot run jobs');
    boss = new PgBoss({ ...tuning, db: fromPglite(database.pglite), backend: 'pglite' });
  } else {
    if (!database.url) throw new Error('A PostgreSQL database without its URL cannot run jobs');
    boss = new PgBoss({
      max: 4,
      application_name: 'lamplight-jobs',
      ...tuning,
      connectionString: database.url,
    });
  }
  // pg-boss is an EventEmitter: an unhandled 'error' event would crash the process.
  boss.on('error', (error) => log.error('pg-boss error', error));
  boss.on('warning', (warning) => log.warn(`pg-boss warning: ${warning.message}`));
  return boss;
}

/**
 * Validates the payload against the registered job's schema, then sends (or, with a singletonKey,
 * upserts). A queue is looked up by its name, so a caller holding only the queue gets the same check.
 * Enqueued while a request is served (or a job runs), the job carries that request's id (job-meta.ts).
 */
function enqueueInto(boss: PgBoss, registry: JobRegistry): EnqueueFn {
  return (async (queueOrName: JobQueue | string, payload: unknown, enqueueOptions: EnqueueOptions = {}) => {
    const name = typeof queueOrName === 'string' ? queueOrName : queueOrName.name;
    const job = registry.get(name);
    if (!job) throw new Error(`Unknown job "${name}": add it to src/server/jobs/all-jobs.ts`);
    const parsed = job.payload.safeParse(payload);
    if (!parsed.success) throw new Error(`Invalid payload for job "${name}": ${parsed.error.message}`);
    const data = withJobMeta(parsed.data, { requestId: currentLogContext()?.requestId }) as object;
    const { startAfter, singletonKey } = enqueueOptions;
    if (singletonKey) {
      const result = await boss.upsert(name, data, {
        singletonKey,
        ...(startAfter !== undefined && { startAfter }),
      });
      return result.jobs[0] ?? null;
    }
    return boss.send(name, data, startAfter !== undefined ? { startAfter } : {});
  }) as EnqueueFn;
}

/** Runs sweeps now, at start and on their intervals, never two runs of one sweep at once. */
function createSweeper(sweeps: readonly SweepDefinition[], context: SweepContext) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<number>>();

  const runOne = (sweep: SweepDefinition): Promise<number> => {
    const current = running.get(sweep.name);
    if (current) return current;
    const run = (async () => {
      try {
        const fixed = await sweep.run(context.database.db, context);
        if (fixed > 0) context.log.info(`sweep ${sweep.name} caught up on ${fixed} overdue item(s)`);
        return fixed;
      } catch (error) {
        context.log.error(`sweep ${sweep.name} failed`, error);
        return 0;
      } finally {
        running.delete(sweep.name);
      }
    })();
    running.set(sweep.name, run);
    return run;
  };

  const runAll = async () => {
    const counts: Record<string, number> = {};
    for (const sweep of sweeps) counts[sweep.name] = await runOne(sweep);
    return counts;
  };

  return {
    runAll,
    start() {
      for (const sweep of sweeps) {
        const timer = setInterval(() => void runOne(sweep), sweep.everySeconds * 1000);
        timer.unref();
        timers.push(timer);
      }
      // Once at start: whatever fell due while no worker was running is caught up now.
      void runAll();
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled(running.values());
    },
  };
}

async function ensureQueues(boss: PgBoss, registry: JobRegistry): Promise<void> {
  for (const job of registry.values()) {
    const queueOptions = {
      retryLimit: job.retryLimit ?? JOB_DEFAULTS.retryLimit,
      retryDelay: job.retryDelaySeconds ?? JOB_DEFAULTS.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: JOB_DEFAULTS.retryDelayMaxSeconds,
      expireInSeconds: job.expireInSeconds ?? JOB_DEFAULTS.expireInSeconds,
    };
    // createQueue leaves an existing queue as it is, so bring its options up to the definition.
    if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, queueOptions);
    else await boss.createQueue(job.name, queueOptions);
  }
}

type WorkerContext = { database: Database; enqueue: EnqueueFn; log: JobsLogger };

async function subscribeWorkers(
  boss: PgBoss,
  registry: JobRegistry,
  context: WorkerContext,
  pollingIntervalSeconds: number,
): Promise<void> {
  for (const job of registry.values()) {
    const options = {
      batchSize: 1,
      perJobResults: true as const,
      pollingIntervalSeconds,
      localConcurrency: job.concurrency ?? JOB_DEFAULTS.concurrency,
    };
    await boss.work<unknown>(job.name, options, async (batch): Promise<JobResult[]> => {
      const results: JobResult[] = [];
      for (const item of batch) results.push(await runJob(job, item, context));
      return results;
    });
  }
}

/**
 * One delivery of one job, in the log context of the request that enqueued it: every line the
 * handler's code logs (its mails' included) names the request, the job and the run.
 */
function runJob(
  job: AnyJob,
  item: { id: string; data: unknown; retryCount: number; signal: AbortSignal },
  context: WorkerContext,
): Promise<JobResult> {
  const { payload, meta } = splitJobMeta(item.data);
  const logContext: LogContext = meta.requestId
    ? { requestId: meta.requestId, job: job.name, jobId: item.id }
    : { job: job.name, jobId: item.id };
  return runWithLogContext(logContext, () => runPayload(job, item, payload, context));
}

/** Validates the stored payload, runs the handler, logs and counts how it went. */
async function runPayload(
  job: AnyJob,
  item: { id: string; retryCount: number; signal: AbortSignal },
  data: unknown,
  { database, enqueue, log }: WorkerContext,
): Promise<JobResult> {
  const metrics = processMetrics();
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const parsed = job.payload.safeParse(data);
  if (!parsed.success) {
    // Retrying cannot fix a payload this version does not understand: fail it for good.
    log.error(`job ${job.name} ${item.id}: invalid payload, failed without retry`, parsed.error.issues);
    metrics.jobFinished(job.name, 'invalid', seconds());
    return {
      id: item.id,
      status: 'deadletter',
      output: { message: 'invalid payload', issues: parsed.error.issues },
    };
  }
  log.info(`job ${job.name} started`, { attempt: item.retryCount });
  try {
    await job.handler(parsed.data, {
      db: database.db,
      database,
      jobId: item.id,
      attempt: item.retryCount,
      signal: item.signal,
      enqueue,
      log,
    });
  } catch (error) {
    metrics.jobFinished(job.name, 'failed', seconds());
    log.warn(
      `job ${job.name} ${item.id} failed (attempt ${item.retryCount + 1}); it will retry with backoff`,
      error,
    );
    throw error; // pg-boss records the failure and schedules the retry
  }
  const took = seconds();
  metrics.jobFinished(job.name, 'completed', took);
  log.info(`job ${job.name} completed`, { attempt: item.retryCount, durationMs: Math.round(took * 1000) });
  return { id: item.id, status: 'completed' };
}
