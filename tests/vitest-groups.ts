// Which test files run how (vitest.config.ts; docs/decisions/056-ci-time.md, "One module graph per
// worker"). Kept apart from the config so the architecture test can check the lists against the files.

/**
 * Files that time what other processes do — workers SIGKILLed mid-send, metrics counted as requests
 * end, backups of a running site: they run after the others, two at a time, with nothing else beside
 * them (a busy neighbour would stretch the windows they time; one like them, mostly waiting on the
 * processes it started, leaves the machine half idle — docs/decisions/056-ci-time.md).
 */
export const PAIRED = [
  'tests/jobs/**/*.test.ts',
  'tests/observability/**/*.test.ts',
  'tests/backups/**/*.test.ts',
];

/**
 * Of those, the files whose bounds are tight — a job started within 8 s of its delay, a worker
 * stopped within its grace period: last, one at a time, with nothing beside them.
 */
export const ALONE = ['tests/jobs/runner.test.ts', 'tests/jobs/worker-shutdown.test.ts'];

/**
 * Files that need a module graph of their own: they set the process's environment before importing
 * the app (which reads it once), replace modules (`vi.mock`), or measure their own process's memory.
 * Every other file shares its worker's modules with the files run before it there, which saves the
 * ~5 s of importing the app that each file would otherwise spend.
 */
export const FRESH = [
  'tests/api/export-import-roundtrip.api.test.ts',
  'tests/api/images-s3.api.test.ts',
  'src/server/lib/outbound/safe-fetch.test.ts',
  'src/server/modules/imports/sources/wxr-reader.test.ts',
];

/** What makes a file one of FRESH (or PAIRED) — the architecture test fails on a file that does it elsewhere. */
export const NEEDS_OWN_MODULES =
  /process\.env\.[A-Z_]+\s*=[^=]|Object\.assign\(\s*process\.env|delete process\.env|vi\.(mock|doMock|stubEnv|resetModules)\(/;
