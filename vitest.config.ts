import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm test` runs every tier below on embedded PGlite; `npm run test:pg` runs the same files again
// against the PostgreSQL server named by TEST_DATABASE_URL (a scratch database per test file).
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
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
    // Vitest's default workers (one on 2 cores): two at a time made two timing-bound tests flaky
    // there (docs/decisions/056-ci-time.md).
  },
});
