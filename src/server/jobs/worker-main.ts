// `npm run worker`: runs the job workers and sweeps alone, without the web server.
// With DATABASE_URL (PostgreSQL) any number of these can run beside `npm start` (RUN_WORKER=false
// there, or not). With the embedded PGlite only one process may open ./data/db: the web server
// already runs the worker itself, so this refuses to start while it holds the folder.
// It logs as the web process does: JSON lines on standard output (docs/decisions/036-metrics-and-logs.md).
import { DataDirLockedError } from '../db/data-dir-lock';

/** A refusal to start, for the person who ran it: one line on standard error, no stack trace. */
function fail(message: string): never {
  console.error(`[worker] ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  let runtime: typeof import('../runtime');
  let log: (typeof import('../observability/logger'))['log'];
  let started: Awaited<ReturnType<(typeof import('../runtime'))['startRuntime']>>;
  try {
    // Imported here, not at the top, so a bad environment is reported like any other start-up error.
    runtime = await import('../runtime');
    ({ log } = await import('../observability/logger'));
    started = await runtime.startRuntime({ jobs: 'worker', seed: false });
  } catch (error) {
    // Expected refusals get their message alone, not a stack trace.
    if (error instanceof DataDirLockedError) fail(error.message);
    if (error instanceof Error && error.message.startsWith('Invalid configuration')) fail(error.message);
    throw error;
  }
  let stopping = false;
  const { env } = await import('../lib/env');
  if (env.WORKER_STATUS_PORT !== undefined) {
    const { startWorkerStatusServer } = await import('./worker-status-server');
    const status = await startWorkerStatusServer(started, {
      port: env.WORKER_STATUS_PORT,
      host: env.WORKER_STATUS_HOST,
      draining: () => stopping,
    });
    log('worker').info({ port: status.port }, 'metrics and health probes on the status port');
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => (stopping = true));
  runtime.stopRuntimeOnSignals(() => log('worker').info('stopped'));
  log('worker').info('running; stop with Ctrl+C or SIGTERM');
}

main().catch((error: unknown) => {
  console.error('[worker] failed to start:', error);
  process.exit(1);
});
