// Prints the Vitest files whose tests open a database, one per line (docs/decisions/056).
//
// CI runs every test file on PGlite (`npm test`), then runs again on the PostgreSQL server only the
// files where the database can make a difference: a file that never opens one runs the same code
// against the same inputs both times, so its second run proves nothing and costs minutes.
//
// A test file opens a database when it, or a helper it imports from tests/ (followed through every
// relative import), names one of the ways in: the test database helper, a scratch or server
// database, the runtime, or the database URLs. The application code under src/ is not followed: it
// never chooses a database by itself, the test does. Erring is one-sided: a file is left out only
// when nothing it or its helpers say mentions a database.
//
//   node scripts/test-files-on-database.mjs            the files that open a database
//   node scripts/test-files-on-database.mjs --others   the files that do not
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const WAYS_IN =
  /\b(useTestDatabase|openDatabase|openScratchDatabase|startRuntime|getDb|TEST_DATABASE_URL|POSTGRES_SERVER_URL|DATABASE_URL|pgliteTemplate|pgTemplate)\b|from ['"]pg['"]|@electric-sql\/pglite/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]/g;

function testFiles(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'e2e') continue;
    if (statSync(path).isDirectory()) found.push(...testFiles(path));
    else if (name.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

const verdicts = new Map();
/** Whether `file` or a helper it reaches under tests/ (or beside it) names a way into a database. */
function opensDatabase(file, visiting = new Set()) {
  if (verdicts.has(file)) return verdicts.get(file);
  if (visiting.has(file)) return false;
  visiting.add(file);
  const text = readFileSync(file, 'utf8');
  let verdict = WAYS_IN.test(text);
  for (const match of text.matchAll(IMPORT)) {
    if (verdict) break;
    const target = resolveImport(file, match[1] ?? match[2] ?? match[3]);
    if (!target) continue;
    // Helpers under tests/, and test-side helpers next to a test under src/ (not application code).
    const inTests = relative(ROOT, target).startsWith('tests/');
    const testSide = /\.(test|fixture|fixtures)\.ts$|\/fixtures?\//.test(target);
    if (inTests || testSide) verdict = opensDatabase(target, visiting);
  }
  verdicts.set(file, verdict);
  return verdict;
}

const others = process.argv.includes('--others');
const files = [...testFiles(join(ROOT, 'src')), ...testFiles(join(ROOT, 'tests'))]
  .filter((file) => opensDatabase(file) !== others)
  .map((file) => relative(ROOT, file))
  .sort();
process.stdout.write(files.map((file) => `${file}\n`).join(''));
