import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { beforeAll, describe, expect, it } from 'vitest';

// `npm run lint` (eslint . && prettier --check .) keeps the boundaries of docs/decisions/012: each
// case lints a small piece of code under a made-up path inside src/ through the project's own
// ESLint config and Prettier options — nothing is written to src/ — and checks the rule fires, or
// that a clean file passes, so this test fails if a rule stops working and if it starts misfiring.

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: 'eslint.config.mjs' });
});

/** Every problem ESLint reports for this code at this path, as 'rule: message'. */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const BOUNDARIES = 'lamplight/import-boundaries';

describe("a module never imports another module's repository", () => {
  it.each([
    [
      'relative path',
      "import { findListById } from '../lists/lists.repository';\n\nexport const f = findListById;\n",
    ],
    [
      '@/ alias',
      "import { findListById } from '@/server/modules/lists/lists.repository';\n\nexport const f = findListById;\n",
    ],
    [
      'type-only import',
      "import type { ListWithOwnerRow } from '../lists/lists.repository';\n\nexport type T = ListWithOwnerRow;\n",
    ],
    ['re-export', "export { findListById } from '../lists/lists.repository';\n"],
    ['dynamic import', "export const load = () => import('../lists/lists.repository');\n"],
  ])('fails: %s', async (_how, code) => {
    const problems = await lint('src/server/modules/pins/pins.service.ts', code);
    expect(problems).toEqual([
      expect.stringMatching(new RegExp(`^${BOUNDARIES}: .*lists module's repository`)),
    ]);
  });

  it('fails from code outside the modules too (auth asks the users service)', async () => {
    const code =
      "import { findUserById } from '../modules/users/users.repository';\n\nexport const f = findUserById;\n";
    expect(await lint('src/server/auth/auth-options.ts', code)).toEqual([
      expect.stringContaining("users module's repository"),
    ]);
  });

  it("passes for the module's own repository and another module's service", async () => {
    const code = [
      "import { getListOrThrow } from '../lists/lists.service';",
      "import { findPin } from './pins.repository';",
      '',
      'export const f = [getListOrThrow, findPin];',
      '',
    ].join('\n');
    expect(await lint('src/server/modules/pins/pins.service.ts', code)).toEqual([]);
  });
});

describe('Drizzle and the database drivers only in repositories, tables, src/server/db and seeds', () => {
  const drizzle = "import { eq } from 'drizzle-orm';\n\nexport const f = eq;\n";

  it.each([
    'src/server/modules/posts/posts.service.ts',
    'src/server/modules/posts/posts.routes.ts',
    'src/server/modules/posts/posts.jobs.ts',
    'src/server/jobs/runner.ts',
    'src/server/api/app.ts',
    'src/app/(site)/page.tsx',
  ])('fails in %s', async (filePath) => {
    expect(await lint(filePath, drizzle)).toEqual([
      expect.stringMatching(/^lamplight\/import-boundaries: .*database access/),
    ]);
  });

  it.each([
    ["import { PGlite } from '@electric-sql/pglite';\n\nexport const f = PGlite;\n"],
    ["import pg from 'pg';\n\nexport const f = pg;\n"],
    ["import { pgTable } from 'drizzle-orm/pg-core';\n\nexport const f = pgTable;\n"],
  ])('fails for every driver and subpath: %s', async (code) => {
    expect(await lint('src/server/modules/posts/posts.service.ts', code)).toHaveLength(1);
  });

  it.each([
    'src/server/modules/posts/posts.repository.ts',
    'src/server/modules/posts/posts.table.ts',
    'src/server/db/client.ts',
    'src/server/seed/demo.ts',
  ])('passes in %s', async (filePath) => {
    expect(await lint(filePath, drizzle)).toEqual([]);
  });
});

describe('production code never imports the seeders', () => {
  it.each([
    [
      'src/server/modules/tags/tags.schema.ts',
      "import { createRng } from '../../seed/story-body';\n\nexport const f = createRng;\n",
    ],
    [
      'src/server/modules/posts/posts-html.ts',
      "import { createRng } from '@/server/seed/story-body';\n\nexport const f = createRng;\n",
    ],
    ['src/lib/guides.ts', "import { seedDemo } from '../server/seed/demo';\n\nexport const f = seedDemo;\n"],
  ])('fails in %s', async (filePath, code) => {
    expect(await lint(filePath, code)).toEqual([
      expect.stringMatching(/^lamplight\/import-boundaries: .*seed code/),
    ]);
  });

  it('passes inside the seeders, and in the start-up code that seeds an empty database', async () => {
    const code = "import { createRng } from './story-body';\n\nexport const f = createRng;\n";
    expect(await lint('src/server/seed/generate.ts', code)).toEqual([]);
    const runtime = "import { seedDemo } from './seed/demo';\n\nexport const f = seedDemo;\n";
    expect(await lint('src/server/runtime.ts', runtime)).toEqual([]);
  });
});

describe('the layer rules stay', () => {
  it('a service imports no HTTP framework or Next.js', async () => {
    const code = "import { Hono } from 'hono';\n\nexport const f = Hono;\n";
    expect(await lint('src/server/modules/posts/posts.service.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*HTTP or Next/),
    ]);
  });

  it('client code does not reach the database', async () => {
    const code = "import { getDb } from '@/server/db/index';\n\nexport const f = getDb;\n";
    expect(await lint('src/components/stories/story-card.tsx', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*database/),
    ]);
  });
});

describe('Prettier (the second half of npm run lint)', () => {
  const filepath = `${root}src/server/modules/posts/posts-example.ts`;

  it('fails on an unformatted file and passes the same code formatted', async () => {
    const options = { ...(await prettier.resolveConfig(filepath)), filepath };
    const unformatted = 'export const  answer = {a:1,b:"two"}\n';
    expect(await prettier.check(unformatted, options)).toBe(false);
    const formatted = await prettier.format(unformatted, options);
    expect(formatted).toBe("export const answer = { a: 1, b: 'two' };\n");
    expect(await prettier.check(formatted, options)).toBe(true);
  });
});
