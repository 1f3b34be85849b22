import { AsyncLocalStorage } from 'node:async_hooks';
import { processSlot } from '../lib/process-slot';

// What every log line written on behalf of one request or one job carries without being told
// (docs/decisions/036-metrics-and-logs.md): the API's middleware runs a request in a context with
// its id, the job runner runs a job in one with the id of the request that enqueued it, and the
// logger (./logger.ts) adds the context's fields to each line. One store per process, whichever
// bundle asks (lib/process-slot.ts): the API and the runner may be separate copies under Next.js.

export type LogContext = {
  /** The request's id (X-Request-Id), or the id of the request that enqueued this job. */
  readonly requestId?: string;
  /** The job's name and pg-boss id, while a job runs. */
  readonly job?: string;
  readonly jobId?: string;
};

const slot = processSlot<AsyncLocalStorage<LogContext>>('log-context');

function storage(): AsyncLocalStorage<LogContext> {
  let store = slot.get();
  if (!store) slot.set((store = new AsyncLocalStorage<LogContext>()));
  return store;
}

/** Runs `work` (and everything it awaits or starts) in `context`. */
export function runWithLogContext<T>(context: LogContext, work: () => T): T {
  return storage().run(context, work);
}

/** The context of the request or job this code runs for, if any. */
export function currentLogContext(): LogContext | undefined {
  return slot.get()?.getStore();
}
