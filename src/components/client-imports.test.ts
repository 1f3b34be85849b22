import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The forms validate with the API's own limits and messages (*.schema.ts, *.limits.ts), so client
// code imports values from src/server. Those files must stay free of server-only code: nothing they
// pull in, however indirectly, may reach the database, a Node built-in or a server-only package.
// (Type-only imports are erased at build time and are not followed.)

const SRC = path.resolve(__dirname, '..');
const SERVER_ONLY_PACKAGES = [
  'drizzle-orm',
  'pg',
  'pg-boss',
  '@electric-sql/pglite',
  'sharp',
  'nodemailer',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  'next/headers',
];
const SERVER_ONLY_FILE = /(\.table|\.repository|\.service|\.jobs)\.ts$|\/server\/db\//;

/** Module specifiers of the value (non-type) imports and re-exports of a source file. */
function valueImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(statement)) {
    if (!match[2]) specifiers.push(match[4]);
  }
  for (const match of source.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) specifiers.push(match[1]);
  return specifiers;
}

function resolveLocal(specifier: string, from: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(SRC, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`Cannot resolve ${specifier} from ${from}`);
}

/** Every server-only thing reachable from `file` through value imports, as "chain → culprit" lines. */
function serverOnlyReach(file: string, chain: string[] = [], seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const here = [...chain, path.relative(SRC, file)];
  if (SERVER_ONLY_FILE.test(file)) return [here.join(' → ')];
  const problems: string[] = [];
  for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
    const local = resolveLocal(specifier, file);
    if (local) problems.push(...serverOnlyReach(local, here, seen));
    else if (specifier.startsWith('node:') || SERVER_ONLY_PACKAGES.includes(specifier))
      problems.push(`${here.join(' → ')} → ${specifier}`);
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const clientFiles = [
  ...sourceFiles(path.join(SRC, 'components')),
  ...sourceFiles(path.join(SRC, 'app')).filter((file) => file.endsWith('-client.tsx')),
];

describe('client code', () => {
  it('imports nothing server-only from src/server, directly or through a schema', () => {
    const problems = clientFiles.flatMap((file) =>
      valueImports(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('@/server/'))
        .flatMap((specifier) => serverOnlyReach(resolveLocal(specifier, file)!, [path.relative(SRC, file)])),
    );
    expect(problems).toEqual([]);
  });

  it('finds the imports it checks (the scan is not vacuous)', () => {
    const fromServer = clientFiles.filter((file) =>
      valueImports(readFileSync(file, 'utf8')).some((s) => s.startsWith('@/server/modules/')),
    );
    expect(fromServer.length).toBeGreaterThan(5);
  });
});
