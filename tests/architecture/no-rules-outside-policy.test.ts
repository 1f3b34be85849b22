// Every permission and state rule is decided in src/server/auth/policy/ (issue 9; docs/decisions/002).
// This test reads the code where rules used to creep in — src/server/modules, src/app, src/components —
// and fails with file:line for each line that decides one by itself instead of asking the policy.
//
// What counts as deciding a rule (RULES below):
//   - a site-role check: `roles.includes(…)`, `.roles` read off a user or session, isSiteAdmin(…) and
//     friends, or a role word compared or looked up ('admin', 'editor', 'owner', 'author',
//     'publication_…');
//   - an account-state check: anything compared with 'banned';
//   - a story-state check: a `status` compared with a story status ('draft', 'pending', 'rejected',
//     'scheduled', 'published'), or a list of statuses asked whether it `.includes(…status)`;
//   - a publication-role check: `publicationRole` / `role` compared with anything;
//   - in pages and components only: calling the policy at all (`can(…)`, or importing a value from
//     auth/policy). The UI renders the `can` flags the server sends; importing policy *types* is fine.
//
// What is not covered, on purpose:
//   - `*.repository.ts` and `*.table.ts`: data access. A WHERE clause that keeps published stories of
//     active writers mirrors the policy to keep the rows few, it does not decide (the service still
//     asks the policy, e.g. readScopeOf, story.read); a CHECK constraint names the stored values.
//   - tests, and src/server/auth itself (the policy's home; the session code there asks it too).
//   - comments: the scan strips them first, so prose may name the rules.
//   - display: a `switch (story.status)` choosing a label is wording, not a permission; the patterns
//     only catch comparisons, which is how a rule is written.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SCANNED = ['src/server/modules', 'src/app', 'src/components'];
const UI = ['src/app/', 'src/components/'];
const SKIPPED = /(\.repository\.ts|\.table\.ts|\.test\.tsx?)$/;

const STORY_STATUS = `['"](?:draft|pending|rejected|scheduled|published)['"]`;
const ROLE_WORD = `['"](?:admin|editor|owner|author|publication_\\w+)['"]`;

type Rule = { name: string; pattern: RegExp; uiOnly?: boolean };
const RULES: Rule[] = [
  { name: 'site role check', pattern: /\broles\s*\??\.\s*includes\s*\(|\.roles\b/ },
  { name: 'site role helper', pattern: /\b(?:isSiteAdmin|isSiteEditor|hasSiteRole)\s*\(/ },
  {
    name: 'role word compared',
    pattern: new RegExp(
      `(?:===|!==)\\s*${ROLE_WORD}|${ROLE_WORD}\\s*(?:===|!==)|\\.includes\\(\\s*${ROLE_WORD}\\s*\\)`,
    ),
  },
  { name: 'banned check', pattern: /(?:===|!==)\s*['"]banned['"]|['"]banned['"]\s*(?:===|!==)/ },
  {
    name: 'story status check',
    pattern: new RegExp(
      `\\bstatus\\s*(?:===|!==)\\s*${STORY_STATUS}|${STORY_STATUS}\\s*(?:===|!==)\\s*[\\w.?]*status\\b|\\.includes\\(\\s*[\\w.?]*[sS]tatus\\s*\\)`,
    ),
  },
  { name: 'publication role check', pattern: /\b(?:publicationRole|role)\s*(?:===|!==)/ },
  { name: 'policy called from the UI', pattern: /(?<![\w.])can\s*\(/, uiOnly: true },
  {
    name: 'policy imported into the UI',
    pattern: /^\s*import\s+(?!type\b)[^;]*?from\s+['"][^'"]*auth\/policy['"]/m,
    uiOnly: true,
  },
];

export type Finding = { file: string; line: number; rule: string; text: string };

/** The code without its comments (line numbers kept): prose may name the rules. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Every line of `source` that decides a rule by itself. */
export function findRules(file: string, source: string): Finding[] {
  const code = withoutComments(source);
  const isUi = UI.some((dir) => file.startsWith(dir));
  const findings: Finding[] = [];
  for (const rule of RULES) {
    if (rule.uiOnly && !isUi) continue;
    const pattern = new RegExp(rule.pattern.source, `${rule.pattern.flags.replace('g', '')}g`);
    for (const match of code.matchAll(pattern)) {
      const line = code.slice(0, match.index).split('\n').length;
      findings.push({ file, line, rule: rule.name, text: source.split('\n')[line - 1].trim() });
    }
  }
  return findings;
}

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (statSync(path.join(ROOT, relative)).isDirectory()) return filesUnder(relative);
    return /\.tsx?$/.test(name) && !SKIPPED.test(name) ? [relative] : [];
  });
}

describe('no permission or state rule outside the policy', () => {
  it('finds none in src/server/modules, src/app and src/components', () => {
    const findings = SCANNED.flatMap(filesUnder).flatMap((file) =>
      findRules(file, readFileSync(path.join(ROOT, file), 'utf8')),
    );
    const report = findings.map((f) => `${f.file}:${f.line}  ${f.rule}: ${f.text}`);
    expect(report, `Ask src/server/auth/policy instead:\n${report.join('\n')}`).toEqual([]);
  });

  // The scan must be able to fail: each rule catches its own fixture, and clean code passes.
  it.each<[string, string, string]>([
    ['site role check', 'src/server/modules/x/x.service.ts', "if (actor?.roles.includes('admin')) {}"],
    ['site role check', 'src/components/x.tsx', 'const staff = session.user.roles;'],
    ['site role helper', 'src/server/modules/x/x.service.ts', 'const all = isSiteAdmin(actor);'],
    ['role word compared', 'src/components/x.tsx', "const mine = relation === 'owner';"],
    ['banned check', 'src/server/modules/x/x.service.ts', "if (row.status === 'banned') return null;"],
    ['story status check', 'src/server/modules/x/x.service.ts', "if (story.status !== 'published') throw e;"],
    ['story status check', 'src/app/x/page.tsx', 'const out = WORKING.includes(story.status);'],
    ['publication role check', 'src/server/modules/x/x.service.ts', "const review = role === 'author';"],
    ['policy called from the UI', 'src/components/x.tsx', "const ok = can(actor, 'story.update', story);"],
    ['policy imported into the UI', 'src/components/x.tsx', "import { can } from '@/server/auth/policy';"],
  ])('catches a %s (%s)', (rule, file, line) => {
    expect(findRules(file, `const a = 1;\n${line}\n`)).toContainEqual({ file, line: 2, rule, text: line });
  });

  it('leaves flags, type imports, comments, other statuses and services asking the policy alone', () => {
    const clean = [
      "import type { StoryCapabilities } from '@/server/auth/policy';",
      'const show = story.can.canPublish || story.can.locked.includes("publish");',
      "// a banned writer's stories: status === 'banned' is the policy's business",
      "if (status === 'loading') return null;",
      "assertCan(actor, 'story.read', resource, { publicationRole: role });",
    ].join('\n');
    expect(findRules('src/components/x.tsx', clean)).toEqual([]);
    expect(
      findRules('src/server/modules/x/x.service.ts', "const ok = can(actor, 'list.read', list);"),
    ).toEqual([]);
  });
});
