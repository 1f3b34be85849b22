import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const drizzleImports = ['drizzle-orm', 'drizzle-orm/*', '@electric-sql/pglite', 'pg'];

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
  // CONVENTIONS §3–4: only repositories (and the db folder, tables, seeds) touch the database.
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: [
      'src/server/db/**',
      'src/server/**/*.repository.ts',
      'src/server/**/*.table.ts',
      'src/server/**/*.jobs.ts',
      'src/server/jobs/**',
      'src/server/seed/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: drizzleImports, message: 'Database access belongs in a *.repository.ts file.' },
          ],
        },
      ],
    },
  },
  // Services hold the rules and know nothing of HTTP or Next.js.
  {
    files: ['src/server/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: drizzleImports, message: 'Database access belongs in a *.repository.ts file.' },
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
