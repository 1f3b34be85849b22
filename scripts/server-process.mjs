// How a web process is started: the Node flags and environment `npm start` gives scripts/server.mjs,
// shared with `npm run cluster`, which starts several of them itself (so that it can signal each).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_SCRIPT = path.join(root, 'scripts/server.mjs');

/**
 * The Node flags of a web process. V8 left alone sizes its heap for this machine's RAM and collects
 * lazily, so a busy server's RSS climbs far past what it uses, so the old generation is capped. 256
 * MB was enough before the listing and search caches; with them the collector ran all the time near
 * the cap (search p95 42 ms, 55 stories published a second), where 512 MB measured 28 ms and 76 a
 * second at no higher peak RSS. A smaller young generation did cost (a third of the story page's
 * req/s), so that one is left alone (docs/decisions/009-api-fast-path-and-memory.md). A
 * --max-old-space-size in NODE_OPTIONS wins.
 * On the embedded PGlite, V8's optimising compiler compiling its 9 MB WebAssembly costs ~100 MiB of
 * native memory at its peak; the baseline compiler (Liftoff) alone does not, but its code is the
 * unoptimised tier where PGlite spends most of a query, so it is a choice for a small machine short
 * of memory, not the default (decision 009): WASM_LIFTOFF_ONLY=true. Node refuses it in NODE_OPTIONS.
 * SERVER_CPU_PROFILE_DIR=DIR: the process writes a V8 CPU profile (.cpuprofile, for Chrome's
 * DevTools) into DIR when it stops — where a request's time goes (`npm run bench` passes it on);
 * Node refuses --cpu-prof in NODE_OPTIONS too.
 */
export function serverNodeFlags(env) {
  const heap = (env.NODE_OPTIONS ?? '').includes('--max-old-space-size') ? [] : ['--max-old-space-size=512'];
  const liftoffOnly = !env.DATABASE_URL && env.WASM_LIFTOFF_ONLY === 'true' ? ['--liftoff-only'] : [];
  const profile = env.SERVER_CPU_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${env.SERVER_CPU_PROFILE_DIR}`]
    : [];
  return [...heap, ...liftoffOnly, ...profile];
}

/**
 * The environment of a web process. Native memory (issue 21 item 4, measured in decision 009):
 * glibc's malloc keeps what V8 and PGlite's start-up freed, ~40 MiB idle and ~50 at peak; these
 * thresholds make it hand big blocks back. glibc reads them when the process starts, hence here.
 * Values in the environment win.
 */
export function serverEnv(env, port) {
  return {
    ...env,
    NEXT_TELEMETRY_DISABLED: '1',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? '65536',
    MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_ ?? '131072',
    PORT: String(port),
  };
}
