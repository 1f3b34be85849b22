// Most test files share their worker's modules (vitest.config.ts, tests/vitest-groups.ts): a file that
// sets the environment before importing the app, or replaces modules, would change what the next file
// in that worker runs against. Such a file belongs in FRESH (or PAIRED), which gives it modules of its
// own. This test finds them, so the lists cannot fall behind the files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALONE, FRESH, NEEDS_OWN_MODULES, PAIRED } from '../vitest-groups';

const ROOT = path.resolve(import.meta.dirname, '../..');

function testFiles(folder: string): string[] {
  const found: string[] = [];
  (function walk(dir: string) {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name === 'node_modules' || name === 'e2e') continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.test.ts')) found.push(path.relative(ROOT, full).split(path.sep).join('/'));
    }
  })(path.join(ROOT, folder));
  return found;
}

// This file's own examples of the pattern aside.
const self = path
  .relative(ROOT, import.meta.filename)
  .split(path.sep)
  .join('/');
const files = [...testFiles('src'), ...testFiles('tests')].filter((file) => file !== self);
/** A glob of PAIRED as a regular expression: `**` any folders, `*` any name. */
const globRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .split('**/')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
      .join('(?:.*/)?')}$`,
  );
const ownModules = (file: string) =>
  FRESH.includes(file) || PAIRED.some((pattern) => globRegExp(pattern).test(file));

describe('test files that change the process run with modules of their own', () => {
  it('finds the test files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('every file that sets the environment or replaces modules is in FRESH or PAIRED', () => {
    const shared = files.filter(
      (file) => NEEDS_OWN_MODULES.test(readFileSync(path.join(ROOT, file), 'utf8')) && !ownModules(file),
    );
    expect(shared).toEqual([]);
  });

  it('every file named in FRESH exists', () => {
    expect(FRESH.filter((file) => !files.includes(file))).toEqual([]);
  });

  it('every file named in ALONE exists and is one of PAIRED (whose project leaves it out)', () => {
    expect(ALONE.filter((file) => !files.includes(file))).toEqual([]);
    expect(ALONE.filter((file) => !PAIRED.some((pattern) => globRegExp(pattern).test(file)))).toEqual([]);
  });

  it('the pattern catches what it is meant to', () => {
    for (const text of [
      "process.env.PUBLIC_URL = 'x';",
      'Object.assign(process.env, { S3_BUCKET: "b" });',
      'delete process.env.SMTP_URL;',
      "vi.mock('node:dns', () => ({}));",
      "vi.stubEnv('A', 'b');",
    ])
      expect(NEEDS_OWN_MODULES.test(text), text).toBe(true);
    expect(NEEDS_OWN_MODULES.test('if (process.env.CI === "1") {}')).toBe(false);
    expect(ownModules('tests/jobs/fixtures/x.test.ts')).toBe(true);
    expect(ownModules('tests/api/x.test.ts')).toBe(false);
  });
});
