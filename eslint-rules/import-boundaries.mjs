import path from 'node:path';

// Lamplight's module boundaries (docs/decisions/012-module-boundaries.md) as one ESLint rule. Each
// import — static, dynamic with a literal path, or `export … from` — is resolved to a path under the
// project (relative paths and the `@/` alias alike), so a boundary cannot be walked around by
// spelling the path differently. One rule rather than several `no-restricted-imports` blocks: flat
// config replaces a rule's options per file instead of merging them, so overlapping blocks would
// silently drop each other's patterns.

/**
 * The server's modules, bottom to top (docs/architecture.md; decision 012, amended by issue 20). A
 * module may import its own files and the modules listed before it, never one listed after it:
 * imports run down only, and an upper module hears of a change below through an event
 * (src/server/lib/events.ts), a database trigger or a job. A new module goes above everything it
 * imports and below everything that imports it; a module missing from this list is refused until it
 * is added. tests/architecture/import-graph.test.ts checks the whole import graph against this list.
 */
export const MODULE_LAYERS = [
  'rate-limits',
  'images',
  'subdomains',
  'page-cache',
  'users',
  'publications',
  'posts', // the story core
  'scripture', // references found in text, and the passage texts (decisions 044, 045)
  'stats',
  'newsletters',
  'subtopics',
  'tags',
  'curation',
  'lists',
  'pins',
  'follows', // readers following writers, publications and tags (decision 052)
  'responses', // readers' responses under stories, with their moderation (decision 053)
  'reports', // readers' reports of responses and stories, the staff's queue (decision 054)
  'notifications', // in-app notifications and their daily e-mail digest (decision 055)
  'reading', // home feeds, tag listings, writers' and publications' story listings
  'collections',
  'search', // reader search and staff search of stories and users
  'feeds',
  'viewer', // the reader's own part of pages everyone gets alike (GET /api/me/page-state)
  'backups', // the whole site's archive: database and uploads (decision 035)
  'revisions', // a story's history: kept from the story core's events (decision 039)
  'exports', // a writer's or a publication's stories, images and subscribers as one zip (decision 043)
  'webhooks', // a team's tools told of stories and subscribers, from the modules' events (decision 040)
  'imports', // stories and subscribers brought in from other platforms (decision 042)
  'plans', // reading plans: a collection's stories as days, mailed to each reader at their hour (decision 050)
];

const MODULE_FILE = /^src\/server\/modules\/([^/]+)\//;
const MODULE_TARGET = /^src\/server\/modules\/([^/]+)(?:\/|$)/;
const REPOSITORY = /^src\/server\/modules\/([^/]+)\/[^/]+\.repository(\.ts)?$/;
const SEED = /^src\/server\/seed(\/|$)/;
const DB_PACKAGE = /^(drizzle-orm|pg|@electric-sql\/pglite)(\/|$)/;

/** Files that may import Drizzle or a database driver: the SQL's owners (CONVENTIONS §3–4). */
const MAY_USE_DATABASE = [
  /^src\/server\/db\//,
  /^src\/server\/modules\/[^/]+\/[^/]+\.repository\.ts$/,
  /^src\/server\/modules\/[^/]+\/[^/]+\.table\.ts$/,
  // A module's shared select columns (e.g. posts-summary.selection.ts: how every module reads a story
  // summary): Drizzle expressions other modules' repositories join with, never a query of their own.
  /^src\/server\/modules\/[^/]+\/[^/]+\.selection\.ts$/,
  /^src\/server\/seed\//,
  // No jobs exemption: handlers (*.jobs.ts) call services, and the runner (src/server/jobs/) reaches
  // the database only through pg-boss and the handle src/server/db gives it.
];

/**
 * Files that may import the seeders: the seeders themselves, and the start-up code that fills an
 * empty database with the demo content on first run (DESIGN §11) — the one production use of it.
 */
const MAY_USE_SEED = [/^src\/server\/seed\//, /^src\/server\/runtime[^/]*\.ts$/];

/**
 * Platform folders under every module: they import no module (composition files aside). The
 * observability folder (logger, metrics, request ids: decision 036) is used by lib and every module.
 */
const BELOW_MODULES = /^src\/server\/(lib|db|observability)\//;

/**
 * Composition files sit above every module and may import them all: the schema index drizzle-kit
 * reads, the job list, the route table, the runtime, and the entry files (`*-main.ts`) directly under
 * src/server or its platform folders. auth, api, jobs and seed are not held to the layers otherwise.
 */
const COMPOSITION = [
  /^src\/server\/db\/schema\.ts$/,
  /^src\/server\/jobs\/all-jobs\.ts$/,
  /^src\/server\/api\/app\.ts$/,
  /^src\/server\/runtime(-registry)?\.ts$/,
  /^src\/server\/(?:(?:lib|db|auth|api|jobs)\/)?[^/]+-main\.ts$/,
];

const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The one file that may import next/link: the site's Link, which prefetches on intent (decision 059). */
const SITE_LINK = 'src/components/ui/link.tsx';

/** The import's target as a project path ('src/…'), or null for a package. */
function targetPath(specifier, file) {
  if (specifier.startsWith('@/')) return `src/${specifier.slice(2)}`;
  if (specifier.startsWith('.'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return null;
}

/** A module's layer, counted from 1 at the bottom; 0 when it is not in MODULE_LAYERS. */
const layerOf = (name) => MODULE_LAYERS.indexOf(name) + 1;

/** What is wrong with `file` importing `target` (a project path) by the layer order, or null. */
function layerProblem(file, target, specifier) {
  const to = MODULE_TARGET.exec(target)?.[1];
  if (to === undefined) return null;
  const from = MODULE_FILE.exec(file)?.[1];
  if (from !== undefined) {
    if (from === to) return null;
    const unlisted = [from, to].find((name) => layerOf(name) === 0);
    if (unlisted !== undefined) {
      return `'${specifier}' joins modules/${from} to modules/${to}, but modules/${unlisted} has no layer: add it to MODULE_LAYERS in eslint-rules/import-boundaries.mjs, above every module it imports.`;
    }
    if (layerOf(to) < layerOf(from)) return null;
    return `'${specifier}' runs back up the layers: modules/${from} (layer ${layerOf(from)}) may not import modules/${to} (layer ${layerOf(to)}); tell it through an event or move the code up.`;
  }
  const platform = BELOW_MODULES.exec(file)?.[1];
  if (platform !== undefined && !COMPOSITION.some((allowed) => allowed.test(file))) {
    return `'${specifier}' runs back up the layers: src/server/${platform} sits below every module and may not import modules/${to}; tell it through an event or move the code up.`;
  }
  return null;
}

/** What is wrong with importing `specifier` from `file` (a project path), or null. */
export function boundaryProblem(file, specifier) {
  if (isTest(file)) return null;
  const target = targetPath(specifier, file);
  if (target === null) {
    if (specifier === 'next/link' && file !== SITE_LINK) {
      return `'next/link' prefetches every link that scrolls into view: import Link from '@/components/ui/link', which prefetches when the reader reaches for it (decision 059).`;
    }
    if (DB_PACKAGE.test(specifier) && !MAY_USE_DATABASE.some((allowed) => allowed.test(file))) {
      return `'${specifier}' is database access: it belongs in a *.repository.ts (or *.table.ts) file.`;
    }
    return null;
  }
  const repository = REPOSITORY.exec(target);
  if (repository && MODULE_FILE.exec(file)?.[1] !== repository[1]) {
    return `'${specifier}' is the ${repository[1]} module's repository: ask the ${repository[1]} module's service instead.`;
  }
  const layer = layerProblem(file, target, specifier);
  if (layer) return layer;
  if (SEED.test(target) && !MAY_USE_SEED.some((allowed) => allowed.test(file))) {
    return `'${specifier}' is seed code: production code must not depend on it (move what you need to the module that owns it).`;
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Keeps modules out of each other's repositories and imports running down the module layers, SQL in repositories, seeds out of production.",
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const check = (node, source) => {
      const specifier =
        source?.type === 'Literal' && typeof source.value === 'string'
          ? source.value
          : source?.type === 'TemplateLiteral' && source.expressions.length === 0
            ? source.quasis[0].value.cooked
            : null;
      if (specifier === null) return;
      const problem = boundaryProblem(file, specifier);
      if (problem) context.report({ node: source, message: problem });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      // `typeof import('…')` in a type: the graph test sees it as an import, so the rule does too.
      TSImportType: (node) => check(node, node.source ?? node.argument?.literal),
    };
  },
};

const lamplightPlugin = { rules: { 'import-boundaries': rule } };

export default lamplightPlugin;
