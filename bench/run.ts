// npm run bench — the story page, the publication page and API, and the create-and-publish API
// under load (issue 3's and issue 10's targets).
//
//  1. Build if the sources changed (scripts/start.mjs does that on start, into NEXT_DIST_DIR when
//     set: `NEXT_DIST_DIR=.next-bench npm run bench` leaves the .next of `npm start` alone).
//  2. A database of 10,000 generated stories of ~1,200 words in ./data/bench: seeded once into a
//     template folder (PGlite's to_tsvector makes that the slow part, ~2–4 minutes), then copied
//     fresh for every run so each run starts from the same data. 1,000 of the published stories
//     are in one publication (bench/publication-seed.ts).
//  3. The production server on its own port (BENCH_PORT, 3299), RSS of its process tree sampled.
//  4. Story page: anonymous GETs (with a browser's Accept-Encoding), 50 connections, 5 s warm-up,
//     then 15 s measured, rotating over BENCH_URLS different published stories (250: what the
//     warm-up can render once each at ~70 renders/s — after that the page cache answers).
//     Beside it, the same page's bytes from bare Node `http` in a process of its own (the ceiling
//     of this machine for that page: bench/bare-node.ts, issue 21's item 5).
//  5. The same page uncached (a query string, as from a tracking link, bypasses the page cache and
//     Next.js renders it): 50 connections for 10 s over other stories — the cost of a first view.
//  6. The publication page (/{subdomain}, anonymous: the publication page cache answers after the
//     first render), 5 s warm-up then 15 s measured; then uncached (a query string) for 10 s.
//  7. The publication's stories, GET /api/posts/publications/{id}: the first page, the same past its
//     response cache (the API's own cost), then later pages (rotating over pages 2–20 through
//     lastKeys), 50 connections, 3 s warm-up then 10 s each.
//  8. Create-and-publish: POST /api/posts/new/publish one after another for 10 s, signed in with a
//     real next-auth session cookie.
//
// `npm run bench` measures what `npm start` runs: the embedded PGlite. `npm run bench -- --postgres`
// measures the production set-up: the same server on the PostgreSQL server of BENCH_DATABASE_URL
// (default: this machine's), seeded once into a template database and cloned for every run. The RSS
// is then the Node.js server's alone; PostgreSQL's own processes are not counted.
// `-- --search-only` runs only the search measures (with either database); `-- --scripture-only` only
// the passage page and verse preview measures (bench/scripture.ts); `-- --prepare` only seeds.
// `-- --following-only` only the Following feed's pages 1 and 500 for a reader of 500 writers (bench/following.ts).
// `-- --responses-only` only the story page with 200 responses vs none, and posting one (bench/responses.ts).
// `-- --create-only` only the create-and-publish measure (issue 21's write path); with
// SERVER_CPU_PROFILE_DIR=DIR the server leaves its CPU profile in DIR (scripts/server-process.mjs).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { encode } from 'next-auth/jwt';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { createRng } from '../src/server/seed/story-body';
import { makeExcerpt, makeStoryBody, makeTitle } from '../src/server/seed/sample-text';
import { listingMeasures, readListingData, searchMeasures, type ListingData, type Row } from './listings';
import { BENCH_PUBLICATION_SUBDOMAIN, seedBenchPublication } from './publication-seed';
import { measureBanWriter, prepareBanWriter, printBanWriter, type BanWriterData } from './ban-writer';
import { measureNewsletter, printNewsletter } from './newsletter';
import { startBareNode } from './bare-node';
import { measureScriptureRecognition } from './scripture-references';
import {
  readScriptureData,
  readTemplateReferences,
  scriptureMeasures,
  type ScriptureData,
} from './scripture';
import { followingMeasures, prepareFollowing, type FollowingData } from './following';
import { prepareResponses, responsesMeasures, type ResponsesData } from './responses';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3299);
const ORIGIN = `http://localhost:${PORT}`;
// Issue 11 measures listings at 100,000 stories; ~400 words each keeps the one-off seeding of the
// template within minutes on PGlite (the story page's cost does not depend on its length here: it
// is served from its cache).
const STORIES = Number(process.env.BENCH_STORIES ?? 100_000);
const WORDS = Number(process.env.BENCH_WORDS ?? 400);
/** `npm run bench -- --prepare`: seed the template (and copy it) only, no server, no load. */
const PREPARE_ONLY = process.argv.includes('--prepare');
/** `npm run bench -- --search-only`: the search measures alone (bench/listings.ts), then stop. */
const SEARCH_ONLY = process.argv.includes('--search-only');
/** `npm run bench -- --scripture-only`: the passage page and verse preview measures alone (bench/scripture.ts). */
const SCRIPTURE_ONLY = process.argv.includes('--scripture-only');
/** `npm run bench -- --following-only`: the Following feed's measures alone (bench/following.ts). */
const FOLLOWING_ONLY = process.argv.includes('--following-only');
/** `npm run bench -- --create-only`: the create-and-publish measure alone. */
const CREATE_ONLY = process.argv.includes('--create-only');
/** `npm run bench -- --responses-only`: the story page with and without responses, and posting one (bench/responses.ts). */
const RESPONSES_ONLY = process.argv.includes('--responses-only');
const URLS = Number(process.env.BENCH_URLS ?? 250);
const COLD_URLS = 2000;
const COLD_S = 10;
const CONNECTIONS = 50;
const WARMUP_S = 5;
const PAGE_S = 15;
const API_S = 10;
const LIST_WARMUP_S = 3;
const LIST_S = 10;
/** Later pages of the publication's stories the API measure rotates over (pages 2 to this). */
const LIST_PAGES = 20;
const API_WORDS = 250;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const BENCH_DIR = path.join(ROOT, 'data', 'bench');
const ON_POSTGRES = process.argv.includes('--postgres');
const PG_SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_RUN_DATABASE = 'lamplight_bench_run';
const RUN_DIR = path.join(BENCH_DIR, 'run');

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const log = (message: string) => console.log(`[bench ${elapsed().padStart(5)}] ${message}`);

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

/**
 * The template depends on the generator: a change to it seeds a new one. Not on the schema: the
 * template is migrated forward before it is copied (migrateTemplate), as any older database is in
 * production.
 */
function templateHash(): string {
  const hash = createHash('sha256');
  for (const file of [
    'src/server/seed/generate.ts',
    'src/server/seed/sample-text.ts',
    'src/server/seed/story-body.ts',
    'bench/publication-seed.ts',
  ]) {
    hash.update(readFileSync(path.join(ROOT, file)));
  }
  return `${STORIES}x${WORDS}-${hash.digest('hex').slice(0, 10)}`;
}

const templateDir = () => path.join(BENCH_DIR, `template-${templateHash()}`);

/** The PostgreSQL server's URL with another database name. */
function pgUrl(database: string): string {
  const url = new URL(PG_SERVER_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

function seed(env: Record<string, string>): void {
  log(`seeding ${STORIES.toLocaleString('en')} stories of ~${WORDS} words (once; later runs reuse it)…`);
  const seeded = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/seed/seed-main.ts',
      '--stories',
      String(STORIES),
      '--words',
      String(WORDS),
    ],
    { cwd: ROOT, env: childEnv(env), stdio: 'inherit' },
  );
  if (seeded.status !== 0) throw new Error('seeding failed');
}

/** The publication of 1,000 stories, added to a freshly seeded template (bench/publication-seed.ts). */
async function seedPublication(databaseUrl: string | undefined, dataDir?: string): Promise<void> {
  const database = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl, max: 1 } : { kind: 'pglite', dataDir: dataDir! },
  );
  try {
    await seedBenchPublication(database.db);
  } finally {
    await database.close();
  }
  log(`publication /${BENCH_PUBLICATION_SUBDOMAIN} seeded`);
}

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NEXTAUTH_SECRET: SECRET,
    NEXTAUTH_URL: ORIGIN,
    SEED_DEMO: 'false',
    NEXT_TELEMETRY_DISABLED: '1',
    ...extra,
  };
}

/**
 * PostgreSQL: a template database per schema and generator (seeded once, marked complete by a
 * comment), cloned into a fresh run database with CREATE DATABASE … TEMPLATE.
 */
async function preparePostgres(): Promise<string> {
  const template = `lamplight_bench_tpl_${templateHash()
    .replace(/[^a-z0-9]/gi, '_')
    .toLowerCase()}`;
  const admin = new pg.Client({ connectionString: PG_SERVER_URL });
  await admin.connect();
  try {
    const complete = await admin.query(
      `select 1 from pg_database where datname = $1 and shobj_description(oid, 'pg_database') = 'complete'`,
      [template],
    );
    if (complete.rowCount === 0) {
      const old = await admin.query(
        `select datname from pg_database where datname like 'lamplight_bench_tpl_%'`,
      );
      for (const row of old.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
      await admin.query(`create database "${template}"`);
      seed({ DATABASE_URL: pgUrl(template), DATA_DIR: path.join(BENCH_DIR, 'pg-seed') });
      await seedPublication(pgUrl(template));
      await admin.query(`comment on database "${template}" is 'complete'`);
    }
    await migrateTemplate({ kind: 'postgres', url: pgUrl(template), max: 1 });
    await admin.query(`drop database if exists ${PG_RUN_DATABASE} with (force)`);
    await admin.query(`create database ${PG_RUN_DATABASE} template "${template}"`);
  } finally {
    await admin.end();
  }
  log(`database: PostgreSQL ${PG_RUN_DATABASE}, a copy of ${template}`);
  return pgUrl(PG_RUN_DATABASE);
}

/**
 * Brings the template forward to the current migrations (a no-op when it is there already), once,
 * rather than every run's copy when its server starts: a migration that rebuilds an index over
 * 100,000 stories would otherwise be timed into every run's start.
 */
async function migrateTemplate(options: Parameters<typeof openDatabase>[0]): Promise<void> {
  const database = await openDatabase(options);
  try {
    await migrateDatabase(database);
    // The stories' scripture references, read once into the template (bench/scripture.ts).
    await readTemplateReferences(database, log);
  } finally {
    await database.close();
  }
}

async function prepareData(): Promise<void> {
  const template = templateDir();
  if (!existsSync(template)) {
    for (const entry of existsSync(BENCH_DIR) ? readdirSync(BENCH_DIR) : []) {
      if (entry.startsWith('template-'))
        rmSync(path.join(BENCH_DIR, entry), { recursive: true, force: true });
    }
    const partial = `${template}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    seed({ DATA_DIR: partial });
    await seedPublication(undefined, path.join(partial, 'db'));
    renameSync(partial, template);
  }
  await migrateTemplate({ kind: 'pglite', dataDir: path.join(template, 'db') });
  rmSync(RUN_DIR, { recursive: true, force: true });
  cpSync(template, RUN_DIR, { recursive: true });
  log(`database: copy of ${path.relative(ROOT, template)}`);
}

type BenchData = {
  paths: string[];
  coldPaths: string[];
  published: number;
  writerId: string;
  publication: { id: string; subdomain: string; stories: number };
  listings: ListingData;
  banWriter: BanWriterData;
  scripture: ScriptureData;
  following: FollowingData;
  responses: ResponsesData;
};

/** Per-run data (on the run's copy) the chosen measures need; a run of all of them needs all. */
const ALL_MEASURES = ![SEARCH_ONLY, SCRIPTURE_ONLY, FOLLOWING_ONLY, RESPONSES_ONLY, CREATE_ONLY].some(
  Boolean,
);
const PREPARED = {
  banWriter: ALL_MEASURES,
  following: ALL_MEASURES || FOLLOWING_ONLY,
  responses: ALL_MEASURES || RESPONSES_ONLY,
};

/** Stands for data this run did not prepare: reading it is a mistake in this file, said plainly. */
function unprepared<T extends object>(what: string): T {
  return new Proxy({} as T, {
    get() {
      throw new Error(`${what}'s data is not prepared in this run (see PREPARED in bench/run.ts)`);
    },
  });
}

async function readBenchData(databaseUrl: string | undefined): Promise<BenchData> {
  const database = await openDatabase(
    databaseUrl
      ? { kind: 'postgres', url: databaseUrl, max: 1 }
      : { kind: 'pglite', dataDir: path.join(RUN_DIR, 'db') },
  );
  // Both drivers answer execute() with { rows }.
  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  try {
    const stories = await rows<{ id: string; slug: string }>(
      sql`select id, slug from posts where status = 'published' order by md5(id) limit ${URLS + COLD_URLS}`,
    );
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from posts where status = 'published'`,
    );
    const [writer] = await rows<{ id: string }>(
      sql`select id from users where status = 'active' order by created_at limit 1`,
    );
    const [publication] = await rows<{ id: string; subdomain: string; stories: number }>(
      sql`select p.id, p.subdomain, (select count(*)::int from posts
            where publication_id = p.id and status = 'published') as stories
          from publications p where p.subdomain = ${BENCH_PUBLICATION_SUBDOMAIN}`,
    );
    if (!publication) throw new Error('the bench template has no publication: delete data/bench');
    const paths = stories.map((r) => (r.slug ? `/stories/${r.slug}-${r.id}` : `/stories/${r.id}`));
    const listings = await readListingData(rows);
    // Issue 13: a writer with 10,000 stories to ban, on this run's fresh copy; after the listings are
    // read, and none taken from their writer, so those measures see the data as before.
    // Each costs minutes at 100,000 stories on PostgreSQL: only what this run's measures read.
    const banWriter = PREPARED.banWriter
      ? await prepareBanWriter(rows, listings.writer.subdomain)
      : unprepared<BanWriterData>('the ban measure');
    const scripture = await readScriptureData(rows);
    // Issue 25: a reader following 500 writers; the listing and ban measures keep their writers.
    const following = PREPARED.following
      ? await prepareFollowing(rows, [
          listings.writer.id,
          ...(PREPARED.banWriter ? [banWriter.writerId] : []),
        ])
      : unprepared<FollowingData>('the Following feed');
    // Issue 25: 200 responses under one story of the cold set, and 200 readers to post (decision 053).
    const responses = PREPARED.responses
      ? await prepareResponses(rows, paths.slice(URLS))
      : unprepared<ResponsesData>('the responses measure');
    return {
      paths: paths.slice(0, URLS),
      coldPaths: paths.slice(URLS),
      published: count.n,
      writerId: writer.id,
      publication,
      listings,
      banWriter,
      scripture,
      following,
      responses,
    };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Server and its memory
// ---------------------------------------------------------------------------------------------

function startServer(databaseUrl: string | undefined): ChildProcess {
  log('starting the production server (builds first if the sources changed)…');
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    // BENCH_SERVER_NODE_OPTIONS: V8 flags for the server alone (e.g. heap limits), not for autocannon.
    env: childEnv({
      PORT: String(PORT),
      DATA_DIR: RUN_DIR,
      // The search measure sends each request from its own address (X-Forwarded-For), as readers behind
      // one proxy would: the per-address rate limit then counts each apart.
      TRUST_PROXY: '1',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      ...(process.env.BENCH_SERVER_NODE_OPTIONS && { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }),
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitUntilReady(server: ChildProcess, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${ORIGIN}/api/auth/providers`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become ready');
}

/** Peak VmRSS (bytes) of the server: every process below the start.mjs launcher (next-server). */
function rssSampler(launcherPid: number) {
  let peak = 0;
  let phasePeak = 0;
  const children = (): Map<number, number[]> => {
    const map = new Map<number, number[]>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        map.set(ppid, [...(map.get(ppid) ?? []), Number(entry)]);
      } catch {
        // the process ended meanwhile
      }
    }
    return map;
  };
  const rssOf = (pid: number): number => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  const sample = () => {
    const tree = children();
    let total = 0;
    const stack = [...(tree.get(launcherPid) ?? [])];
    while (stack.length) {
      const pid = stack.pop()!;
      total += rssOf(pid);
      stack.push(...(tree.get(pid) ?? []));
    }
    peak = Math.max(peak, total);
    phasePeak = Math.max(phasePeak, total);
    return total;
  };
  const timer = setInterval(sample, 200);
  return {
    sample,
    peak: () => peak,
    /** The peak since the previous call (one measurement's share). */
    phase: () => {
      sample();
      const value = phasePeak;
      phasePeak = 0;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

// ---------------------------------------------------------------------------------------------
// Measurements
// ---------------------------------------------------------------------------------------------

const BROWSER = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
const API_CLIENT = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

/**
 * GETs of `pathOf(0)`, `pathOf(1)`… from CONNECTIONS connections: `warmup` seconds unmeasured (when
 * given), then `seconds` measured.
 */
async function load(options: {
  name: string;
  pathOf: (i: number) => string;
  seconds: number;
  warmup?: number;
  headers: Record<string, string>;
  /** Another server than the app's (bare Node). */
  origin?: string;
}): Promise<Row> {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: options.origin ?? ORIGIN,
      connections: CONNECTIONS,
      duration,
      headers: options.headers,
      requests: [
        { method: 'GET', setupRequest: (request) => ({ ...request, path: options.pathOf(next++) }) },
      ],
    });
  if (options.warmup) {
    log(`${options.name}: warm-up ${options.warmup} s…`);
    await run(options.warmup);
  }
  log(`${options.name}: ${CONNECTIONS} connections for ${options.seconds} s…`);
  const result = await run(options.seconds);
  return {
    name: `${options.name} (${CONNECTIONS} conn, ${options.seconds} s)`,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function storyPage(paths: string[], cookie?: string): Promise<Row> {
  const check = await fetch(`${ORIGIN}${paths[0]}`);
  const html = await check.text();
  if (check.status !== 200 || !html.includes('application/ld+json')) {
    throw new Error(`the story page answered ${check.status} for ${paths[0]}`);
  }
  return load({
    name: `story page over ${paths.length.toLocaleString('en')} stories${cookie ? ' (signed in)' : ''}`,
    pathOf: (i) => paths[i % paths.length],
    warmup: WARMUP_S,
    seconds: PAGE_S,
    headers: cookie ? { ...BROWSER, cookie } : BROWSER,
  });
}

/** The same story page's bytes from bare Node `http` (bench/bare-node.ts): the machine's ceiling. */
async function bareNodeStoryPage(paths: string[]): Promise<Row> {
  const bare = await startBareNode(`${ORIGIN}${paths[0]}`, PORT + 1);
  try {
    return await load({
      name: 'the same story page from bare Node http',
      pathOf: (i) => paths[i % paths.length],
      warmup: WARMUP_S,
      seconds: PAGE_S,
      headers: BROWSER,
      origin: bare.origin,
    });
  } finally {
    bare.stop();
  }
}

/** A query string, as from a tracking link, bypasses the page cache: Next.js renders each one. */
const uncached = (path: string, i: number) => `${path}?utm_source=bench&n=${i}`;

async function uncachedStoryPage(paths: string[]): Promise<Row> {
  return load({
    name: 'story page, uncached render',
    pathOf: (i) => uncached(paths[i % paths.length], i),
    seconds: COLD_S,
    headers: BROWSER,
  });
}

async function publicationPage(publication: BenchData['publication'], cookie?: string): Promise<Row> {
  const path = `/${publication.subdomain}`;
  const first = await fetch(`${ORIGIN}${path}`, { headers: BROWSER });
  const html = await first.text();
  if (first.status !== 200 || !html.includes('The Bench Chronicle')) {
    throw new Error(`the publication page answered ${first.status} for ${path}`);
  }
  // The second anonymous read is the publication page cache's: it alone sends an ETag.
  const second = await fetch(`${ORIGIN}${path}`, { headers: BROWSER });
  await second.arrayBuffer();
  if (!second.headers.get('etag')) log('warning: the publication page was not served from its cache');
  return load({
    name: `publication page /{subdomain}, ${publication.stories.toLocaleString('en')} stories${cookie ? ' (signed in)' : ''}`,
    pathOf: () => path,
    warmup: WARMUP_S,
    seconds: PAGE_S,
    headers: cookie ? { ...BROWSER, cookie } : BROWSER,
  });
}

async function uncachedPublicationPage(publication: BenchData['publication']): Promise<Row> {
  return load({
    name: 'publication page, uncached render',
    pathOf: (i) => uncached(`/${publication.subdomain}`, i),
    seconds: COLD_S,
    headers: BROWSER,
  });
}

/** GET /api/posts/publications/{id}: the first page's address and those of pages 2…LIST_PAGES. */
async function publicationPostsPages(publication: BenchData['publication']) {
  const first = `/api/posts/publications/${publication.id}`;
  const later: string[] = [];
  let url = first;
  while (later.length < LIST_PAGES - 1) {
    const response = await fetch(`${ORIGIN}${url}`, { headers: API_CLIENT });
    const page = (await response.json()) as { posts?: unknown[]; lastKey?: unknown };
    if (response.status !== 200 || !page.posts?.length) {
      throw new Error(`GET ${url} answered ${response.status} with ${page.posts?.length ?? 0} stories`);
    }
    if (page.lastKey === null || page.lastKey === undefined) break;
    url = `${first}?lastKeys=${encodeURIComponent(JSON.stringify(page.lastKey))}`;
    later.push(url);
  }
  if (later.length === 0) throw new Error(`GET ${first} has no second page`);
  return { first, later };
}

async function publicationPosts(name: string, urls: string[]): Promise<Row> {
  return load({
    name,
    pathOf: (i) => urls[i % urls.length],
    warmup: LIST_WARMUP_S,
    seconds: LIST_S,
    headers: API_CLIENT,
  });
}

/** A real next-auth session cookie for this user. */
async function sessionCookie(userId: string): Promise<string> {
  return `next-auth.session-token=${await encode({ token: { uid: userId, sub: userId }, secret: SECRET })}`;
}

async function createAndPublish(writerId: string): Promise<Row> {
  const headers = {
    cookie: await sessionCookie(writerId),
    origin: ORIGIN,
    'content-type': 'application/json',
  };
  const session = await (await fetch(`${ORIGIN}/api/auth/session`, { headers })).json();
  if (session?.user?.id !== writerId) throw new Error('the minted session cookie was not accepted');
  const rng = createRng(7);
  const bodies = Array.from({ length: 20 }, () => makeStoryBody(rng, 'en', API_WORDS).bodyJson);
  log(`create-and-publish: sequential POST /api/posts/new/publish for ${API_S} s…`);
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + API_S * 1000;
  for (let i = 0; Date.now() < end; i++) {
    const t = performance.now();
    const response = await fetch(`${ORIGIN}/api/posts/new/publish`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: `${makeTitle(rng, 'en')} (${i})`,
        excerpt: makeExcerpt(rng, 'en'),
        bodyJson: bodies[i % bodies.length],
        tags: [{ name: 'Faith' }, { name: 'Hope' }],
      }),
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - t);
    if (response.status !== 201) errors += 1;
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  const total = latencies.reduce((sum, ms) => sum + ms, 0);
  return {
    name: `create-and-publish (sequential, ~${API_WORDS} words)`,
    requests: latencies.length,
    rps: latencies.length / (total / 1000),
    p50: at(0.5),
    p99: at(0.99),
    errors,
  };
}

function printTable(rows: Row[], peakRss: number, data: BenchData) {
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
  const cells = [
    ['measure', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'peak RSS'],
    ...rows.map((r) => [
      r.name,
      r.requests.toLocaleString('en'),
      r.rps.toFixed(0),
      r.p50.toFixed(1),
      r.p95 === undefined ? '' : r.p95.toFixed(1),
      r.p99.toFixed(1),
      String(r.errors),
      r.rss ? mib(r.rss) : '',
    ]),
  ];
  const widths = cells[0].map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log('');
  console.log(line(cells[0]));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of cells.slice(1)) console.log(line(row));
  console.log('');
  console.log(`peak RSS of the server process tree: ${mib(peakRss)}`);
  console.log(
    `data: ${STORIES.toLocaleString('en')} stories of ~${WORDS} words (${data.published.toLocaleString('en')} published); ` +
      `story page over ${data.paths.length.toLocaleString('en')} of them; ${ON_POSTGRES ? 'PostgreSQL server (its RSS not counted)' : 'embedded PGlite'}; total ${elapsed()}`,
  );
  console.log(
    `publication: /${data.publication.subdomain}, ${data.publication.stories.toLocaleString('en')} published stories`,
  );
  const { tag, writer, feed } = data.listings;
  console.log(
    `listings: tag /tags/${tag.slug} (${tag.stories.toLocaleString('en')} stories), writer /@${writer.subdomain} ` +
      `(${writer.stories.toLocaleString('en')}), English home feed page ${feed.page.toLocaleString('en')} for the deep page`,
  );
  console.log(
    'targets: story page ≥ 1,500 req/s with p99 ≤ 50 ms; publication page and publication posts API ' +
      '≥ 1,000 req/s with p99 ≤ 80 ms; home page ≥ 1,000 req/s with p99 ≤ 80 ms; tag page, writer home ' +
      'and feed API ≥ 1,000 req/s; search p95 ≤ 30 ms; feed page 1 and the deep page within 20%; ' +
      'create-and-publish ≥ 230/s; passage page ≥ 1,000 req/s, verse preview API ≥ 3,000 req/s; ' +
      'Following feed ≥ 500 req/s with page 500 within 20% of page 1; story page with 200 responses ≥ 90% ' +
      'of it without; posting a response p95 ≤ 20 ms; RSS ≤ 400 MiB',
  );
}

async function main() {
  let databaseUrl: string | undefined;
  if (ON_POSTGRES) {
    mkdirSync(RUN_DIR, { recursive: true });
    databaseUrl = await preparePostgres();
  } else {
    await prepareData();
  }
  if (PREPARE_ONLY) return log('data prepared (--prepare): no server started');
  const data = await readBenchData(databaseUrl);
  // Issue 24: recognising a story's scripture references at save, in this process before the server
  // starts (bench/scripture-references.ts); its rows open the table.
  const recognition = SEARCH_ONLY ? [] : measureScriptureRecognition(log);
  const server = startServer(databaseUrl);
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('exit', stop);
  try {
    await waitUntilReady(server);
    log('server ready');
    const rss = rssSampler(server.pid!);
    const idle = rss.phase();
    const rows: Row[] = [...recognition];
    const pages = await publicationPostsPages(data.publication);
    if (SCRIPTURE_ONLY) {
      for (const measure of scriptureMeasures({ origin: ORIGIN, load, data: data.scripture }))
        rows.push({ ...(await measure()), rss: rss.phase() });
      rss.stop();
      printTable(rows, rss.peak(), data);
      return;
    }
    if (RESPONSES_ONLY) {
      for (const measure of responsesMeasures({
        origin: ORIGIN,
        load,
        data: data.responses,
        cookie: sessionCookie,
        log,
      }))
        rows.push({ ...(await measure()), rss: rss.phase() });
      // With --following-only too, both issue-25 rows in one run (one seeding, one server).
      if (!FOLLOWING_ONLY) {
        rss.stop();
        printTable(rows, rss.peak(), data);
        return;
      }
    }
    if (FOLLOWING_ONLY) {
      for (const measure of followingMeasures({
        origin: ORIGIN,
        load,
        data: data.following,
        cookie: () => sessionCookie(data.following.readerId),
      }))
        rows.push({ ...(await measure()), rss: rss.phase() });
      rss.stop();
      printTable(rows, rss.peak(), data);
      return;
    }
    if (CREATE_ONLY) {
      rows.push({ ...(await createAndPublish(data.writerId)), rss: rss.phase() });
      rss.stop();
      printTable(rows, rss.peak(), data);
      return;
    }
    if (SEARCH_ONLY) {
      for (const measure of searchMeasures(ORIGIN, log))
        rows.push({ ...(await measure()), rss: rss.phase() });
      rss.stop();
      printTable(rows, rss.peak(), data);
      return;
    }
    for (const measure of [
      () => storyPage(data.paths),
      async () => storyPage(data.paths, await sessionCookie(data.writerId)),
      () => bareNodeStoryPage(data.paths),
      () => uncachedStoryPage(data.coldPaths),
      () => publicationPage(data.publication),
      async () => publicationPage(data.publication, await sessionCookie(data.writerId)),
      () => uncachedPublicationPage(data.publication),
      () => publicationPosts('publication posts API, first page', [pages.first]),
      // A parameter the API ignores but its response cache does not take: what each request costs
      // the API itself (the first reader after a change pays it).
      () => publicationPosts('publication posts API, uncached', [`${pages.first}?bench=uncached`]),
      () => publicationPosts(`publication posts API, pages 2–${pages.later.length + 1}`, pages.later),
      ...listingMeasures({
        origin: ORIGIN,
        load,
        data: data.listings,
        signedIn: () => sessionCookie(data.writerId),
        log,
      }),
      ...scriptureMeasures({ origin: ORIGIN, load, data: data.scripture }),
      ...followingMeasures({
        origin: ORIGIN,
        load,
        data: data.following,
        cookie: () => sessionCookie(data.following.readerId),
      }),
      ...responsesMeasures({ origin: ORIGIN, load, data: data.responses, cookie: sessionCookie, log }),
      // Last: it adds stories (and so changes every listing).
      () => createAndPublish(data.writerId),
    ]) {
      const row = await measure();
      rows.push({ ...row, rss: rss.phase() });
    }
    const bans = await measureBanWriter({
      origin: ORIGIN,
      data: data.banWriter,
      adminCookie: await sessionCookie(data.banWriter.adminId),
      log,
    });
    // Issue 12: a newsletter to 10,000 subscribers over SMTP, on a scratch database of its own.
    const newsletter = await measureNewsletter({ postgresUrl: ON_POSTGRES ? PG_SERVER_URL : undefined, log });
    rss.stop();
    log(`RSS when ready: ${(idle / 1048576).toFixed(0)} MiB`);
    printTable(rows, rss.peak(), data);
    printBanWriter(data.banWriter, bans);
    printNewsletter(newsletter);
    writeFileSync(
      path.join(BENCH_DIR, ON_POSTGRES ? 'last-run-postgres.json' : 'last-run.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          database: ON_POSTGRES ? 'postgres' : 'pglite',
          rows,
          peakRssBytes: rss.peak(),
        },
        null,
        2,
      ),
    );
  } finally {
    stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
