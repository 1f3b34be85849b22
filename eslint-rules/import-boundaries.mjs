import path from 'node:path';

// Lamplight's module boundaries (docs/decisions/012-module-boundaries.md) as one ESLint rule. Each
// import — static, dynamic with a literal path, or `export … from` — is resolved to a path under the
// project (relative paths and the `@/` alias alike), so a boundary cannot be walked around by
// spelling the path differently. One rule rather than several `no-restricted-imports` blocks: flat
// config replaces a rule's options per file instead of merging them, so overlapping blocks would
// silently drop each other's patterns.

const MODULE_FILE = /^src\/server\/modules\/([^/]+)\//;
const REPOSITORY = /^src\/server\/modules\/([^/]+)\/[^/]+\.repository(\.ts)?$/;
const SEED = /^src\/server\/seed(\/|$)/;
const DB_PACKAGE = /^(drizzle-orm|pg|@electric-sql\/pglite)(\/|$)/;

/** Files that may import Drizzle or a database driver: the SQL's owners (CONVENTIONS §3–4). */
const MAY_USE_DATABASE = [
  /^src\/server\/db\//,
  /^src\/server\/modules\/[^/]+\/[^/]+\.repository\.ts$/,
  /^src\/server\/modules\/[^/]+\/[^/]+\.table\.ts$/,
  /^src\/server\/seed\//,
  // No jobs exemption: handlers (*.jobs.ts) call services, and the runner (src/server/jobs/) reaches
  // the database only through pg-boss and the handle src/server/db gives it.
];

/**
 * Files that may import the seeders: the seeders themselves, and the start-up code that fills an
 * empty database with the demo content on first run (DESIGN §11) — the one production use of it.
 */
const MAY_USE_SEED = [/^src\/server\/seed\//, /^src\/server\/runtime[^/]*\.ts$/];

const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The import's target as a project path ('src/…'), or null for a package. */
function targetPath(specifier, file) {
  if (specifier.startsWith('@/')) return `src/${specifier.slice(2)}`;
  if (specifier.startsWith('.'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return null;
}

/** What is wrong with importing `specifier` from `file` (a project path), or null. */
export function boundaryProblem(file, specifier) {
  if (isTest(file)) return null;
  const target = targetPath(specifier, file);
  if (target === null) {
    if (DB_PACKAGE.test(specifier) && !MAY_USE_DATABASE.some((allowed) => allowed.test(file))) {
      return `'${specifier}' is database access: it belongs in a *.repository.ts (or *.table.ts) file.`;
    }
    return null;
  }
  const repository = REPOSITORY.exec(target);
  if (repository && MODULE_FILE.exec(file)?.[1] !== repository[1]) {
    return `'${specifier}' is the ${repository[1]} module's repository: ask the ${repository[1]} module's service instead.`;
  }
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
        "Keeps modules out of each other's repositories, SQL in repositories, seeds out of production.",
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
    };
  },
};

const lamplightPlugin = { rules: { 'import-boundaries': rule } };

export default lamplightPlugin;
