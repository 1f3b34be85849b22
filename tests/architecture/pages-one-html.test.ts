// Decision 031: a public page is one HTML for every reader, kept by the page caches for guests and
// signed-in readers alike; what is the reader's own comes after it (GET /api/me/page-state, the
// session). So no page's server code reads the session — except the pages that are personal by
// nature, named here. A page that starts reading it fails this test: make its personal part a
// client part, or, if the page is personal by nature, add it below with the reason.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Files allowed to read the session while rendering, each with why. */
const PERSONAL_BY_NATURE: Record<string, string> = {
  'src/app/(site)/admin/page.tsx': 'the site staff area',
  'src/app/(site)/lists/page.tsx': "the reader's own lists",
  'src/app/(site)/me/import/page.tsx': "the writer's own import and export",
  'src/app/(site)/lists/[id]/page.tsx': 'a list, private ones to their owner only',
  'src/app/(site)/publications/[id]/edit/page.tsx': "a publication's profile form, for its editors",
  'src/app/(site)/publications/[id]/studio/page.tsx': "a publication's studio, for its members",
  'src/app/(site)/publications/admin/[publicationId]/page.tsx': "a publication's admin, for its owners",
  'src/app/(site)/publications/create/page.tsx': 'the create form, for a signed-in writer',
  // The story page reads it only for a story that is not public (a preview), which no cache keeps.
  'src/app/(site)/stories/[slug]/page.tsx':
    "a preview of a story that is not public yet, for its author's side",
  'src/app/api/auth/[...nextauth]/route.ts': 'next-auth itself',
};

/** Reading the session on the server: next-auth's own call, or the app's actor of the request. */
const READS_SESSION = /\b(getServerSession|getPageActor)\b|server\/auth\/(auth-options|page-actor)['"]/;

/** Server files of the front end: not 'use client' (a client part reads the session after the page). */
function serverFiles(folder: string): string[] {
  const found: string[] = [];
  (function walk(dir: string) {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        const text = readFileSync(full, 'utf8');
        if (!/^\s*['"]use client['"]/.test(text))
          found.push(path.relative(ROOT, full).split(path.sep).join('/'));
      }
    }
  })(path.join(ROOT, folder));
  return found;
}

export function sessionReaders(files: readonly string[], read: (file: string) => string): string[] {
  return files.filter((file) => READS_SESSION.test(read(file)));
}

describe('pages read no session while rendering (decision 031)', () => {
  const files = [...serverFiles('src/app'), ...serverFiles('src/components'), ...serverFiles('src/lib')];

  it('finds the front end it checks', () => {
    expect(files).toContain('src/app/(site)/page.tsx');
    expect(files.length).toBeGreaterThan(50);
  });

  it('only pages personal by nature read it', () => {
    const readers = sessionReaders(files, (file) => readFileSync(path.join(ROOT, file), 'utf8'));
    const unexpected = readers.filter((file) => !(file in PERSONAL_BY_NATURE));
    expect(unexpected, 'these read the session while rendering a page everyone gets alike').toEqual([]);
  });

  it('names no page that no longer reads it', () => {
    const readers = new Set(sessionReaders(files, (file) => readFileSync(path.join(ROOT, file), 'utf8')));
    expect(Object.keys(PERSONAL_BY_NATURE).filter((file) => !readers.has(file))).toEqual([]);
  });

  it('catches a page that starts reading it, by either call or import', () => {
    const planted: Record<string, string> = {
      'src/app/(site)/tags/[slug]/page.tsx': 'const actor = await getPageActor();',
      'src/app/(site)/page.tsx': "import { authOptions } from '@/server/auth/auth-options';",
      'src/components/home/home-feeds.tsx': 'await getServerSession(authOptions);',
      'src/app/(site)/search/page.tsx': "const q = 'no session here';",
    };
    expect(sessionReaders(Object.keys(planted), (file) => planted[file]!)).toEqual([
      'src/app/(site)/tags/[slug]/page.tsx',
      'src/app/(site)/page.tsx',
      'src/components/home/home-feeds.tsx',
    ]);
  });
});
