import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import lamplight from './eslint-rules/import-boundaries.mjs';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  // Module boundaries (docs/decisions/012): a module asks another module's service, never its
  // repository; only repositories, tables, src/server/db and seeds import Drizzle or a driver;
  // production code does not depend on the seeders. Tests (tests/, *.test.ts) may reach anything.
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { lamplight },
    rules: { 'lamplight/import-boundaries': 'error' },
  },
  // Services hold the rules and know nothing of HTTP or Next.js.
  {
    files: ['src/server/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['hono', 'hono/*', '@hono/*', 'next', 'next/*'],
              message: 'Services must not depend on HTTP or Next.js.',
            },
          ],
        },
      ],
    },
  },
  // Client code never reaches into the server.
  {
    files: ['src/components/**', 'src/lib/**', 'src/app/**/*-client.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/server/db/*', '@/server/**/*.repository', '**/server/db/*'],
              message: 'Client code cannot use the database.',
            },
          ],
        },
      ],
    },
  },
];

export default config;
