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
    'src/server/modules/posts/posts-summary.selection.ts',
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

describe('imports run down the module layers (MODULE_LAYERS, issue 20)', () => {
  // posts is layer 7; collections 16, search 17, reading 15, newsletters 9, feeds 18 sit above it.
  const story = 'src/server/modules/posts/posts-read.service.ts';
  const backUp = (from: string, to: string) =>
    expect.stringMatching(
      new RegExp(
        `^${BOUNDARIES}: .*runs back up the layers: modules/${from} \\(layer \\d+\\) may not import modules/${to} \\(layer \\d+\\); tell it through an event`,
      ),
    );

  it.each([
    [
      'static import',
      'collections',
      "import { listCollections } from '../collections/collections.service';\n\nexport const f = listCollections;\n",
    ],
    [
      'type-only import (@/ alias)',
      'search',
      "import type { SearchHit } from '@/server/modules/search/search.schema';\n\nexport type T = SearchHit;\n",
    ],
    ['re-export', 'newsletters', "export { sendIssue } from '../newsletters/newsletters.service';\n"],
    [
      'type-only re-export',
      'newsletters',
      "export type { Issue } from '../newsletters/newsletters.schema';\n",
    ],
    ['dynamic import', 'reading', "export const load = () => import('../reading/reading.service');\n"],
    ['import() in a type', 'feeds', "export type Feeds = typeof import('../feeds/feeds.service');\n"],
  ])('fails: a module importing a higher one by %s', async (_how, higher, code) => {
    expect(await lint(story, code)).toEqual([backUp('posts', higher)]);
  });

  it('fails between neighbours too: the lower of two adjacent layers may not import the upper', async () => {
    const code = "import { recordView } from '../stats/stats.service';\n\nexport const f = recordView;\n";
    expect(await lint(story, code)).toEqual([backUp('posts', 'stats')]);
  });

  it.each([
    [
      'src/server/lib/mail.ts',
      'lib',
      "import { getUser } from '../modules/users/users.service';\n\nexport const f = getUser;\n",
    ],
    [
      'src/server/lib/cursor.ts',
      'lib',
      "import type { PostRow } from '@/server/modules/posts/posts.table';\n\nexport type T = PostRow;\n",
    ],
    [
      'src/server/db/client.ts',
      'db',
      "import { posts } from '../modules/posts/posts.table';\n\nexport const f = posts;\n",
    ],
    ['src/server/db/index.ts', 'db', "export * from '@/server/modules/users/users.table';\n"],
    [
      'src/server/observability/metrics.ts',
      'observability',
      "import { routeKind } from '../modules/page-cache/route-kind';\n\nexport const f = routeKind;\n",
    ],
  ])('fails: %s (a platform folder) importing a module', async (filePath, platform, code) => {
    expect(await lint(filePath, code)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${BOUNDARIES}: .*runs back up the layers: src/server/${platform} sits below every module`,
        ),
      ),
    ]);
  });

  it.each([
    [
      'an unlisted module importing a listed one',
      'src/server/modules/badges/badges.service.ts',
      '../users/users.service',
    ],
    ['a listed module importing an unlisted one', story, '../badges/badges.service'],
  ])('fails: %s, until it is added to MODULE_LAYERS', async (_how, filePath, specifier) => {
    const code = `import { f as g } from '${specifier}';\n\nexport const f = g;\n`;
    expect(await lint(filePath, code)).toEqual([
      expect.stringMatching(
        new RegExp(`^${BOUNDARIES}: .*modules/badges has no layer: add it to MODULE_LAYERS`),
      ),
    ]);
  });

  it('passes for a module importing lower ones, by any spelling', async () => {
    const code = [
      "import type { TagRow } from '@/server/modules/tags/tags.table';",
      "import { getPostOrThrow } from '../posts/posts.service';",
      "import { getUser } from '../users/users.service';",
      "export { rateLimit } from '../rate-limits/rate-limits.service';",
      '',
      'export const f = [getPostOrThrow, getUser];',
      'export type T = TagRow;',
      "export const load = () => import('../images/images.service');",
      '',
    ].join('\n');
    expect(await lint('src/server/modules/search/search.service.ts', code)).toEqual([]);
  });

  it('passes for a module importing its own files', async () => {
    const code = [
      "import { postInput } from './posts.schema';",
      "import { renderStory } from '@/server/modules/posts/posts-html';",
      "import type { PostRow } from '../posts/posts.table';",
      '',
      'export const f = [postInput, renderStory];',
      'export type T = PostRow;',
      '',
    ].join('\n');
    expect(await lint(story, code)).toEqual([]);
  });

  it.each([
    'src/server/db/schema.ts',
    'src/server/db/migrate-main.ts',
    'src/server/lib/maintenance-main.ts',
    'src/server/jobs/all-jobs.ts',
    'src/server/api/app.ts',
    'src/server/runtime.ts',
    'src/server/runtime-registry.ts',
    'src/server/worker-main.ts',
  ])('passes in the composition file %s, which may import every module', async (filePath) => {
    const code = [
      "import { feedsRoutes } from '@/server/modules/feeds/feeds.routes';",
      "import { rateLimits } from '../modules/rate-limits/rate-limits.table';",
      '',
      'export const f = [feedsRoutes, rateLimits];',
      "export const load = () => import('@/server/modules/search/search.jobs');",
      '',
    ].join('\n');
    expect(await lint(filePath, code)).toEqual([]);
  });

  it.each([
    'src/server/auth/session-user.ts',
    'src/server/api/router.ts',
    'src/server/jobs/runner.ts',
    'src/server/seed/demo.ts',
  ])('passes in %s, which the layer order leaves alone', async (filePath) => {
    const code =
      "import { searchStories } from '@/server/modules/search/search.service';\n\nexport const f = searchStories;\n";
    expect(await lint(filePath, code)).toEqual([]);
  });

  it.each([
    ['src/server/modules/rate-limits/rate-limits.test.ts', '../feeds/feeds.service'],
    ['src/server/lib/mail.test.ts', '../modules/users/users.service'],
    ['src/server/db/client.test.ts', '@/server/modules/posts/posts.table'],
    ['src/server/modules/posts/posts.test.ts', '../badges/badges.service'],
  ])('passes in the test file %s, which may import anything', async (filePath, specifier) => {
    const code = `import { f as g } from '${specifier}';\n\nexport const f = g;\n`;
    expect(await lint(filePath, code)).toEqual([]);
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

  it('links between pages go through the site’s Link, which prefetches on intent (decision 059)', async () => {
    const code = "import Link from 'next/link';\n\nexport const L = Link;\n";
    expect(await lint('src/components/stories/story-card.tsx', code)).toEqual([
      expect.stringMatching(/^lamplight\/import-boundaries: 'next\/link' .*@\/components\/ui\/link/),
    ]);
    expect(await lint('src/components/ui/link.tsx', code)).toEqual([]);
    const site = "import Link from '@/components/ui/link';\n\nexport const L = Link;\n";
    expect(await lint('src/components/stories/story-card.tsx', site)).toEqual([]);
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
