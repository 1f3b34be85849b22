import type { z } from 'zod';
import type { Database, Db } from '../db/client';

/*
 * The typed job registry. A domain declares its jobs in `modules/<domain>/<domain>.jobs.ts` with
 * `defineJob` / `defineSweep` and adds them to `jobs/all-jobs.ts`; the runner does the rest.
 *
 * A job is split in two files. `<domain>.queue.ts` holds its queue (`defineQueue`: name and payload
 * schema) and the enqueue functions the services call; `<domain>.jobs.ts` adds the handler, which
 * calls the services. So a service enqueues without importing its own handler, and no import loops
 * back from the services to the jobs.
 *
 * Every handler MUST be idempotent. pg-boss delivers a job at least once, not exactly once: a worker
 * that dies mid-job (crash, deploy, SIGKILL) leaves the job active until `expireInSeconds` passes,
 * and then it runs again — possibly after the first run already wrote its effect. So a handler's
 * effect is a conditional UPDATE that only matches the state it moves away from, e.g.
 *
 *   UPDATE posts SET status = 'published', published_at = scheduled_time
 *   WHERE id = $1 AND status = 'scheduled' AND scheduled_time <= now()
 *
 * Run twice, the second run matches no row and changes nothing. Side effects outside the database
 * (mail) are keyed by a row inserted in the same step (one delivery row per recipient, inserted
 * with ON CONFLICT DO NOTHING) so a retry skips what was already done.
 *
 * Enqueue after a transaction commits, never inside one: on PGlite the app and pg-boss share one
 * connection, and pg-boss's statement would wait for the very transaction that waits for it.
 *
 * A job can also be lost altogether (never enqueued because the process died between the commit
 * and the send, or a schedule edited by hand). Sweeps are the safety net: every few seconds they
 * look for anything overdue in the domain's own tables and apply the same idempotent effect.
 */

/** What a handler gets besides its payload. */
export type JobContext = {
  /** The app's Drizzle database (shared with the web process when it runs the worker). */
  db: Db;
  database: Database;
  /** pg-boss job id. */
  jobId: string;
  /** 0 on the first attempt, then 1, 2, … on each retry (including a retry after a crash). */
  attempt: number;
  /** Aborted when pg-boss stops waiting for this run (expiry or shutdown): stop early if you can. */
  signal: AbortSignal;
  /** Enqueue a follow-up job (outside any open transaction: see above). */
  enqueue: EnqueueFn;
  log: JobsLogger;
};

/** What enqueueing needs: the queue a job runs on, without its handler (see the top of this file). */
export type JobQueue<S extends z.ZodType = z.ZodType> = {
  /** Queue name: lower-case letters, digits, `.`, `_`, `-`, `/`; by convention `<domain>.<verb-noun>`. */
  name: string;
  /** Validates the payload on enqueue and again before the handler runs. */
  payload: S;
};

export type JobDefinition<S extends z.ZodType = z.ZodType> = JobQueue<S> & {
  /** Idempotent: see the comment at the top of this file. Throw to retry with backoff. */
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<void>;
  /** Retries after the first attempt before the job is failed for good. Default 5. */
  retryLimit?: number;
  /** First retry delay; later ones back off exponentially (capped at 15 min). Default 5. */
  retryDelaySeconds?: number;
  /** How long one run may take before pg-boss gives up on it and retries. Default 300. */
  expireInSeconds?: number;
  /** Jobs of this kind run at once in one process. Default 1. */
  concurrency?: number;
};

// `any` here so one array can hold jobs with different payload schemas.
export type AnyJob = JobDefinition<any>;

export type SweepContext = { database: Database; enqueue: EnqueueFn; log: JobsLogger };

export type SweepDefinition = {
  name: string;
  /** Interval between runs; each worker process also runs it once at start. */
  everySeconds: number;
  /** Catches up on anything overdue with the same idempotent effect; returns how many it fixed. */
  run: (db: Db, ctx: SweepContext) => Promise<number>;
};

export type EnqueueOptions = {
  /** When the job may run first: a Date, or a number of seconds from now. Default: now. */
  startAfter?: Date | number;
  /**
   * At most one waiting job per key: enqueueing again with the same key replaces the waiting
   * job's payload and start time (reschedule) instead of adding a second job. A job already
   * running is not touched; the new one is added beside it.
   */
  singletonKey?: string;
};

export type EnqueueFn = {
  <S extends z.ZodType>(
    job: JobQueue<S>,
    payload: z.input<S>,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  (name: string, payload: unknown, options?: EnqueueOptions): Promise<string | null>;
};

export type JobsLogger = {
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
};

export const JOB_DEFAULTS = {
  retryLimit: 5,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 900,
  expireInSeconds: 300,
  concurrency: 1,
} as const;

const NAME = /^[a-z0-9][a-z0-9._/-]{0,99}$/;

function assertJobName(name: string): void {
  if (!NAME.test(name)) {
    throw new Error(`Invalid job name "${name}": use lower-case letters, digits, ".", "_", "-", "/"`);
  }
}

/** A job's queue, for `<domain>.queue.ts`; its `<domain>.jobs.ts` spreads it into `defineJob`. */
export function defineQueue<S extends z.ZodType>(queue: JobQueue<S>): JobQueue<S> {
  assertJobName(queue.name);
  return queue;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  assertJobName(definition.name);
  const positive = (key: 'retryDelaySeconds' | 'expireInSeconds' | 'concurrency') => {
    const value = definition[key];
    if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
      throw new Error(`Job "${definition.name}": ${key} must be a whole number ≥ 1`);
    }
  };
  positive('retryDelaySeconds');
  positive('expireInSeconds');
  positive('concurrency');
  const retryLimit = definition.retryLimit;
  if (retryLimit !== undefined && !(Number.isInteger(retryLimit) && retryLimit >= 0)) {
    throw new Error(`Job "${definition.name}": retryLimit must be a whole number ≥ 0`);
  }
  return definition;
}

export function defineSweep(definition: SweepDefinition): SweepDefinition {
  if (!definition.name) throw new Error('A sweep needs a name');
  if (!(definition.everySeconds >= 1)) {
    throw new Error(`Sweep "${definition.name}": everySeconds must be ≥ 1`);
  }
  return definition;
}

export type JobRegistry = ReadonlyMap<string, AnyJob>;

/** Gathers job definitions by name, refusing duplicates (two domains claiming one queue). */
export function registerJobs(jobs: readonly AnyJob[]): JobRegistry {
  const registry = new Map<string, AnyJob>();
  for (const job of jobs) {
    if (registry.has(job.name)) throw new Error(`Job "${job.name}" is registered twice`);
    registry.set(job.name, job);
  }
  return registry;
}
