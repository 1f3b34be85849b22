// Next.js calls register() once when the server starts, before it serves a request: start the
// process's runtime (src/server/runtime.ts) — database opened and migrated, demo content on first
// run, jobs, the story page cache and the API app — for Next.js's pages and route handlers and for
// the front server (scripts/server.mjs), which finds it in the same process-wide slot.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startRuntime } = await import('./server/runtime');
  await startRuntime({ jobs: 'web' });
}
