import { PgBoss, fromPglite, type ConstructorOptions, type JobResult } from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client';
import {
  JOB_DEFAULTS,
  registerJobs,
  type AnyJob,
  type EnqueueFn,
  type EnqueueOptions,
  type JobDefinition,
  type JobRegistry,
  type JobsLogger,
  type SweepDefinition,
} from './registry';

/*
 * One pg-boss per process, sharing the app's database: on PGlite it runs on the same embedded
 * instance (PGlite is single-process, so the worker must live in the process that holds the
 * folder); on PostgreSQL it opens its own small pool to the same DATABASE_URL, and any number of
 * web and worker processes can run side by side (jobs are claimed with FOR UPDATE SKIP LOCKED).
 */

export type StartJobsOptions = {
  jobs: readonly AnyJob[];
  sweeps?: readonly SweepDefinition[];
  /** Subscribe workers and run sweeps. false: this process only enqueues (web with RUN_WORKER=false). */
  work: boolean;
  /** Stop gracefully on SIGTERM/SIGINT. Default true. */
  handleSignals?: boolean;
  /**
   * After a signal-triggered stop (e.g. close the database). When no other listener for the signal
   * is left (a plain worker process), the process then exits with code 0.
   */
  onSignalStopped?: (signal: NodeJS.Signals) => void | Promise<void>;
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
  /** Runs every sweep now (also done at start and on each sweep's interval); returns counts by name. */
  runSweeps(): Promise<Record<string, number>>;
  /** Stops workers (waiting for running jobs) and sweeps; does not close the database. Idempotent. */
  stop(): Promise<void>;
};

const consoleLogger: JobsLogger = {
  info: (message, detail) =>
    detail === undefined ? console.log(`[jobs] ${message}`) : console.log(`[jobs] ${message}`, detail),
  warn: (message, detail) =>
    detail === undefined ? console.warn(`[jobs] ${message}`) : console.warn(`[jobs] ${message}`, detail),
  error: (message, detail) =>
    detail === undefined ? console.error(`[jobs] ${message}`) : console.error(`[jobs] ${message}`, detail),
};

// Kept on globalThis for the same reason as the database: Next's bundles and module reloading must
// all see the one instance this process started.
const holder = globalThis as unknown as { __lamplightJobs?: Promise<Jobs> };

/** The jobs runtime this process started (instrumentation for `npm start`, worker-main for `npm run worker`). */
export function getJobs(): Promise<Jobs> {
  if (!holder.__lamplightJobs) {
    return Promise.reject(
      new Error(
        'Jobs are not started in this process: call startJobs() first (instrumentation.ts and worker-main.ts do).',
      ),
    );
  }
  return holder.__lamplightJobs;
}

/**
 * Enqueues a job from a request's code path, where the job is a follow-up a sweep also covers: a
 * process that runs no jobs (tests, scripts) skips it, and a failure to enqueue is logged with
 * `fallback` (what happens instead) rather than failing the request that wrote the data.
 */
export async function enqueueFollowUp<S extends z.ZodType>(
  job: JobDefinition<S>,
  payload: z.input<S>,
  options: EnqueueOptions,
  fallback: string,
): Promise<void> {
  let jobs: Jobs;
  try {
    jobs = await getJobs();
  } catch {
    return; // jobs are not started in this process
  }
  try {
    await jobs.enqueue(job, payload, options);
  } catch (error) {
    console.warn(`[jobs] could not enqueue ${job.name}; ${fallback}`, error);
  }
}

/** Starts this process's one pg-boss; a second call before stop() throws. */
export function startJobs(database: Database, options: StartJobsOptions): Promise<Jobs> {
  if (holder.__lamplightJobs) {
    return Promise.reject(new Error('Jobs are already started in this process: use getJobs()'));
  }
  const release = () => {
    if (holder.__lamplightJobs === starting) holder.__lamplightJobs = undefined;
  };
  const starting = createJobs(database, options, release);
  holder.__lamplightJobs = starting;
  starting.catch(release);
  return starting;
}

function createBoss(database: Database, tuning: StartJobsOptions['boss']): PgBoss {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('A PGlite database without its instance cannot run jobs');
    return new PgBoss({ ...tuning, db: fromPglite(database.pglite), backend: 'pglite' });
  }
  if (!database.url) throw new Error('A PostgreSQL database without its URL cannot run jobs');
  return new PgBoss({
    max: 4,
    application_name: 'lamplight-jobs',
    ...tuning,
    connectionString: database.url,
  });
}

async function createJobs(database: Database, options: StartJobsOptions, release: () => void): Promise<Jobs> {
  const log = options.logger ?? consoleLogger;
  const registry = registerJobs(options.jobs);
  const sweeps = options.sweeps ?? [];
  const sweepNames = new Set<string>();
  for (const sweep of sweeps) {
    if (sweepNames.has(sweep.name)) throw new Error(`Sweep "${sweep.name}" is registered twice`);
    sweepNames.add(sweep.name);
  }

  const boss = createBoss(database, options.boss);
  // pg-boss is an EventEmitter: an unhandled 'error' event would crash the process.
  boss.on('error', (error) => log.error('pg-boss error', error));
  boss.on('warning', (warning) => log.warn(`pg-boss warning: ${warning.message}`));

  let stopping: Promise<void> | undefined;
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<number>>();
  const signalHandlers: Array<[NodeJS.Signals, () => void]> = [];

  const enqueue = (async (
    jobOrName: AnyJob | string,
    payload: unknown,
    enqueueOptions: EnqueueOptions = {},
  ) => {
    const name = typeof jobOrName === 'string' ? jobOrName : jobOrName.name;
    const job = registry.get(name);
    if (!job) throw new Error(`Unknown job "${name}": add it to src/server/jobs/all-jobs.ts`);
    const parsed = job.payload.safeParse(payload);
    if (!parsed.success) throw new Error(`Invalid payload for job "${name}": ${parsed.error.message}`);
    const data = parsed.data as object;
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

  try {
    await boss.start();
    await ensureQueues(boss, registry);
    if (options.work)
      await subscribeWorkers(boss, registry, database, enqueue, log, options.pollingIntervalSeconds ?? 2);
  } catch (error) {
    await boss.stop({ graceful: false, timeout: 1000 }).catch(() => {});
    throw error;
  }

  const runSweep = (sweep: SweepDefinition): Promise<number> => {
    const current = running.get(sweep.name);
    if (current) return current; // never two runs of one sweep at once
    const run = (async () => {
      try {
        const fixed = await sweep.run(database.db, { database, enqueue, log });
        if (fixed > 0) log.info(`sweep ${sweep.name} caught up on ${fixed} overdue item(s)`);
        return fixed;
      } catch (error) {
        log.error(`sweep ${sweep.name} failed`, error);
        return 0;
      } finally {
        running.delete(sweep.name);
      }
    })();
    running.set(sweep.name, run);
    return run;
  };

  const runSweeps = async () => {
    const counts: Record<string, number> = {};
    for (const sweep of sweeps) counts[sweep.name] = await runSweep(sweep);
    return counts;
  };

  const stop = () => {
    stopping ??= (async () => {
      for (const timer of timers) clearInterval(timer);
      try {
        await Promise.allSettled(running.values());
        await boss.stop({ graceful: true, close: true, timeout: options.stopTimeoutMs ?? 20_000 });
      } finally {
        // Only now: a signal repeated during the stop (npm and tsx relay Ctrl+C to a process that
        // got it already) must not hit Node's default handler and kill the graceful stop.
        for (const [signal, handler] of signalHandlers) process.off(signal, handler);
        release();
      }
    })();
    return stopping;
  };

  const jobs: Jobs = { boss, working: options.work, enqueue, runSweeps, stop };

  if (options.work) {
    for (const sweep of sweeps) {
      const timer = setInterval(() => void runSweep(sweep), sweep.everySeconds * 1000);
      timer.unref();
      timers.push(timer);
    }
    // Once at start: whatever fell due while no worker was running is caught up now.
    void runSweeps();
  }

  if (options.handleSignals !== false) {
    let signalled: NodeJS.Signals | undefined;
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const handler = () => {
        if (signalled) return; // already stopping
        signalled = signal;
        log.info(`${signal}: stopping jobs (waiting for running jobs)…`);
        void (async () => {
          try {
            await stop();
            await options.onSignalStopped?.(signal);
          } catch (error) {
            log.error('stopping jobs failed', error);
            process.exitCode = 1;
          }
          // Someone else (Next's server) owns the exit if it listens too; otherwise we do.
          if (process.listenerCount(signal) === 0) process.exit();
        })();
      };
      process.on(signal, handler);
      signalHandlers.push([signal, handler]);
    }
  }

  log.info(
    `started on ${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}: ${registry.size} job(s), ` +
      (options.work ? `working, ${sweeps.length} sweep(s)` : 'enqueue only'),
  );
  return jobs;
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

async function subscribeWorkers(
  boss: PgBoss,
  registry: JobRegistry,
  database: Database,
  enqueue: EnqueueFn,
  log: JobsLogger,
  pollingIntervalSeconds: number,
): Promise<void> {
  for (const job of registry.values()) {
    await boss.work<unknown>(
      job.name,
      {
        batchSize: 1,
        perJobResults: true,
        pollingIntervalSeconds,
        localConcurrency: job.concurrency ?? JOB_DEFAULTS.concurrency,
      },
      async (batch): Promise<JobResult[]> => {
        const results: JobResult[] = [];
        for (const item of batch) {
          const parsed = job.payload.safeParse(item.data);
          if (!parsed.success) {
            // Retrying cannot fix a payload this version does not understand: fail it for good.
            log.error(
              `job ${job.name} ${item.id}: invalid payload, failed without retry`,
              parsed.error.issues,
            );
            results.push({
              id: item.id,
              status: 'deadletter',
              output: { message: 'invalid payload', issues: parsed.error.issues },
            });
            continue;
          }
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
            log.warn(
              `job ${job.name} ${item.id} failed (attempt ${item.retryCount + 1}); it will retry with backoff`,
              error,
            );
            throw error; // pg-boss records the failure and schedules the retry
          }
          results.push({ id: item.id, status: 'completed' });
        }
        return results;
      },
    );
  }
}
