// Issue 24's measures (npm run bench): a passage page served from the passage page cache, the same
// page uncached (its first reader's cost), and the verse preview API the story page's references
// call (docs/decisions/047-passage-pages.md). Targets: the page ≥ 1,000 req/s, the preview ≥ 3,000.
// The bench template's stories quote verses ("Psalm 23:1", "John 14:27"): their references are
// read into post_scripture_refs once, when the template is migrated (readTemplateReferences), so no
// run's server spends its first minutes on the backfill.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { setProcessDatabase } from '../src/server/db/index';
import { readUnreadStoryReferences } from '../src/server/modules/scripture/scripture-refs.service';
import type { Load, Row } from './listings';

const BROWSER = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
const API_CLIENT = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

/** Passages the preview measure rotates over (as a page of stories citing many would ask). */
const PREVIEW_PASSAGES = [
  'John.3.16',
  'Ps.23',
  'Ps.23.1',
  'Ps.46.10',
  'John.14.27',
  'Matt.11.28-Matt.11.30',
  'Rom.8.28',
  'Phil.4.6-Phil.4.7',
  'Isa.40.31',
  'Jer.29.11',
  'Prov.3.5-Prov.3.6',
  'Lam.3.22-Lam.3.23',
  '1Cor.13',
  'Heb.11.1',
  'Josh.1.9',
  'Mic.6.8',
  'Gen.1.1',
  'Rev.21.4',
  'Ps.119.105',
  'Ps.30.5',
];

export type ScriptureData = { osis: string; stories: number };

/**
 * Reads the references of every story of the template not read yet (all of them the first time;
 * none after, until SCANNER_VERSION is raised), with the template's database as the process's.
 */
export async function readTemplateReferences(
  database: Database,
  log: (message: string) => void,
): Promise<void> {
  setProcessDatabase(Promise.resolve(database));
  try {
    const started = Date.now();
    let read = 0;
    let lastId: string | null = null;
    for (;;) {
      const progress = await readUnreadStoryReferences({ afterId: lastId, budgetMs: 30_000, batch: 200 });
      read += progress.read;
      lastId = progress.lastId;
      if (progress.read > 0) log(`scripture references: ${read.toLocaleString('en')} stories read`);
      if (progress.done) break;
    }
    if (read > 0)
      log(
        `scripture references of ${read.toLocaleString('en')} stories read in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
  } finally {
    setProcessDatabase(undefined);
  }
}

/** The passage most stories cite, and how many published stories cite a passage overlapping it. */
export async function readScriptureData(rows: <T>(query: SQL) => Promise<T[]>): Promise<ScriptureData> {
  const [top] = await rows<{ osis: string; start_key: number; end_key: number }>(sql`
    select osis, min(start_key) as start_key, min(end_key) as end_key from post_scripture_refs
    group by osis order by count(*) desc, osis limit 1`);
  if (!top) return { osis: 'John.3.16', stories: 0 };
  const [{ n }] = await rows<{ n: number }>(sql`
    select count(*)::int as n from posts p where p.status = 'published' and exists (
      select 1 from post_scripture_refs r where r.post_id = p.id
        and int4range(r.start_key, r.end_key, '[]') && int4range(${top.start_key}::integer, ${top.end_key}::integer, '[]'))`);
  return { osis: top.osis, stories: n };
}

export function scriptureMeasures(context: { origin: string; load: Load; data: ScriptureData }) {
  const { origin, load, data } = context;
  const page = `/scripture/${data.osis}`;
  const check = async (path: string, headers: Record<string, string>) => {
    const response = await fetch(`${origin}${path}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return response;
  };
  const previews = PREVIEW_PASSAGES.map((osis) => `/api/scripture/${osis}?translation=web`);
  return [
    async (): Promise<Row> => {
      await check(page, BROWSER);
      if (!(await check(page, BROWSER)).headers.get('etag'))
        throw new Error(`${page} was not served from its cache`);
      return load({
        name: `passage page ${page} (cached; ${data.stories.toLocaleString('en')} citing stories)`,
        pathOf: () => page,
        warmup: 5,
        seconds: 15,
        headers: BROWSER,
      });
    },
    async (): Promise<Row> =>
      load({
        name: 'passage page, uncached render',
        // A query string passes the page cache: Next.js renders each one.
        pathOf: (i) => `${page}?utm_source=bench&n=${i}`,
        seconds: 10,
        headers: BROWSER,
      }),
    async (): Promise<Row> => {
      for (const path of previews) await check(path, API_CLIENT);
      return load({
        name: `verse preview API /api/scripture/{osis}?translation=web (${previews.length} passages)`,
        pathOf: (i) => previews[i % previews.length],
        warmup: 3,
        seconds: 10,
        headers: API_CLIENT,
      });
    },
  ];
}
