import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

import { ALONE, FRESH, PAIRED } from './tests/vitest-groups';

// Groups of files (tests/vitest-groups.ts, docs/decisions/056-ci-time.md): `together` — most files,
// two at a time, each worker importing the app once for all the files it runs (isolate: false; each
// file still has its own database, and tests/helpers/file-teardown.ts puts back what a file changed in
// the process); `fresh` — the files that need a module graph of their own, beside them; then `paired`,
// the files that time other processes, two at a time with nothing else beside them; last `alone`, the
// tightest of those, one at a time.

// `npm test` runs every tier below on embedded PGlite; `npm run test:pg` runs the same files again
// against the PostgreSQL server named by TEST_DATABASE_URL (a scratch database per test file).
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    // Each project below names its own files (a project's lists add to these, not replace them).
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    // The tests' own log at warn (LOG_LEVEL overrides): tests/helpers/quiet-logs.ts.
    setupFiles: ['tests/helpers/quiet-logs.ts'],
    env: {
      NODE_ENV: 'test',
      NEXTAUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      NEXTAUTH_URL: 'http://localhost:3000',
      DATA_DIR: './data/test',
      RUN_WORKER: 'false',
      SEED_DEMO: 'false',
    },
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'together',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: [...PAIRED, ...FRESH],
          isolate: false,
          setupFiles: ['tests/helpers/file-teardown.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // Same group as `together` (Vitest runs one group's projects side by side, at one worker count).
        // --expose-gc: the WXR reader's test measures what it holds after a collection.
        test: {
          name: 'fresh',
          include: FRESH,
          execArgv: ['--expose-gc'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'paired',
          include: PAIRED,
          exclude: ALONE,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
