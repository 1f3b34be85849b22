import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Files whose tests time what other processes do — workers SIGKILLed mid-send, graceful shutdown,
// metrics counted as requests end, backups of a running site — run after the others, one at a time,
// with nothing beside them: CPU taken by a neighbouring file would stretch the windows they time
// (docs/decisions/056-ci-time.md). Every other file is meant to run two at a time, each on its own
// database — but in the first CI run with this config they did not overlap (see decision 056).
const ALONE = ['tests/jobs/**/*.test.ts', 'tests/observability/**/*.test.ts', 'tests/backups/**/*.test.ts'];

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
          exclude: ALONE,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
