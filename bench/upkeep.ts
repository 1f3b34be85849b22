// npm run bench:upkeep — the embedded database's upkeep under a long stream of story edits (issue 22
// item 5; docs/decisions/037-embedded-database-upkeep.md). Target: after 200,000 story edits on
// PGlite with the upkeep on, the data folder and the median story-page query time are within 20% of
// what they were after the first 10,000; the longest pause the upkeep caused is printed.
//
//  1. A database of --stories generated stories of ~--words words (default 10,000 × 400) in
//     ./data/bench-upkeep: seeded once into a template folder (PGlite's to_tsvector makes that the
//     slow part, ~1 minute per 10,000 stories here), every table vacuumed once (the first VACUUM of
//     a table reads all of it: printed, it is the one-time pause of a database that never had the
//     upkeep), migrated forward, copied fresh for every run.
//  2. --edits story edits (default 200,000), one after another, each what saving the editor does:
//     a new title and body written by the posts repository's updatePostIfVersion (the statement
//     PATCH /api/posts/{id} runs; version bumped, search vector, post_search copy, tags' triggers),
//     on stories picked at random. The bodies come from a pool prepared up front (prepareBody's
//     sanitising is not what is measured here).
//  3. The upkeep (src/server/db/upkeep.ts, what the db.upkeep sweep runs) takes one step every
//     --tick-ms (default 1,000 ms; the sweep's is 60 s: the bench edits ~50–100 times faster than a
//     busy site, so its clock is compressed alike). --no-upkeep runs the same edits without it.
//  4. Every --every edits (default 10,000), and before the first: the data folder's size (and its
//     parts), the posts table's, and the story page's database query (posts-page.repository's
//     findStoryPageRow, the prepared statement every uncached story page runs: the render's database
//     part, used here as its time) over the same 2,000 published stories, median and p95 of the
//     least disturbed of five passes.
//  5. At the end: each upkeep command's count and longest pause, the longest of all, and the
//     comparison "after 10,000" against "after all".
//
// `-- --prepare` only seeds the template; `-- --drain` takes every step still due after the edits
// (e.g. `-- --stories 100000 --edits 21000 --drain`: each big table's pause at its threshold).
// `BENCH_UPKEEP_*` variables (BENCH_UPKEEP_EDITS…) set the same as the flags.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { openDatabase, type Database } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { createDbUpkeep, upkeepCommand, type UpkeepStep } from '../src/server/db/upkeep';
import { startRuntime, stopRuntime } from '../src/server/runtime';
import { findStoryPageRow } from '../src/server/modules/posts/posts-page.repository';
import { prepareBody } from '../src/server/modules/posts/posts-html';
import { updatePostIfVersion, type PostChanges } from '../src/server/modules/posts/posts.repository';
import { seedStories } from '../src/server/seed/generate';
import { makeStoryBody, makeTitle } from '../src/server/seed/sample-text';
import { createRng } from '../src/server/seed/story-body';
import { slugify } from '../src/lib/slug';

const ROOT = path.resolve(import.meta.dirname, '..');
const BENCH_DIR = path.join(ROOT, 'data', 'bench-upkeep');
const RUN_DIR = path.join(BENCH_DIR, 'run');

function option(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const i = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  const raw =
    i >= 0
      ? args[i].includes('=')
        ? args[i].split('=')[1]
        : args[i + 1]
      : process.env[`BENCH_UPKEEP_${name.toUpperCase().replace(/-/g, '_')}`];
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} needs a whole number, got "${raw}"`);
  return value;
}

const STORIES = option('stories', 10_000);
const WORDS = option('words', 400);
const EDITS = option('edits', 200_000);
const EVERY = option('every', 10_000);
const TICK_MS = option('tick-ms', 1000);
const PAGE_SAMPLE = option('page-sample', 2000);
const PAGE_PASSES = option('page-passes', 5);
const UPKEEP = !process.argv.includes('--no-upkeep');
const PREPARE_ONLY = process.argv.includes('--prepare');
/** After the edits, take every step still due (and print each): the pauses at the thresholds. */
const DRAIN = process.argv.includes('--drain');
/** The edit count the final figures are compared with (the target's "after the first 10,000"). */
const BASELINE_EDITS = Math.min(10_000, EDITS);
const BODY_POOL = 200;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const log = (message: string) => console.log(`[bench:upkeep ${elapsed().padStart(6)}] ${message}`);
const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

/** The template depends on the generator (a change to it seeds a new one), not on the schema. */
function templateDir(): string {
  const hash = createHash('sha256');
  for (const file of [
    'src/server/seed/generate.ts',
    'src/server/seed/sample-text.ts',
    'src/server/seed/story-body.ts',
  ]) {
    hash.update(readFileSync(path.join(ROOT, file)));
  }
  return path.join(BENCH_DIR, `template-${STORIES}x${WORDS}-${hash.digest('hex').slice(0, 10)}`);
}

async function prepareTemplate(): Promise<string> {
  const template = templateDir();
  if (!existsSync(template)) {
    const partial = `${template}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    log(`seeding ${STORIES.toLocaleString('en')} stories of ~${WORDS} words (once; later runs reuse it)…`);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(partial, 'db') });
    try {
      await migrateDatabase(database);
      await seedStories(database.db, { stories: STORIES, words: WORDS });
    } finally {
      await database.close();
    }
    renameSync(partial, template);
  }
  // Brought forward to the current migrations once, not in every run's copy.
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(template, 'db') });
  try {
    await migrateDatabase(database);
    const marker = path.join(template, 'vacuumed');
    if (!existsSync(marker)) {
      await firstVacuum(database);
      writeFileSync(marker, new Date().toISOString());
    }
  } finally {
    await database.close();
  }
  return template;
}

/**
 * The template as a database that has had the upkeep all along: every table vacuumed once, with
 * the upkeep's own commands. A table's first VACUUM reads all of it (nothing is marked all-visible
 * yet); later ones skip what did not change. Timed and printed: that one-time pause is what a
 * database that never had the upkeep (a bulk load, one from before it) goes through once per
 * table. The runs then measure the upkeep as it goes on.
 */
async function firstVacuum(database: Database): Promise<void> {
  const pglite = database.pglite!;
  const { rows } = await pglite.query<{ name: string; kind: 'r' | 'm' | 't'; bytes: number }>(
    `select c.oid::regclass::text as "name", c.relkind::text as "kind", pg_relation_size(c.oid)::float8 as "bytes"
       from pg_class c where c.relkind in ('r', 'm', 't') and c.relpersistence <> 't' and pg_relation_size(c.oid) > 0
      order by pg_relation_size(c.oid) desc`,
  );
  const timed: { command: string; bytes: number; ms: number }[] = [];
  for (const table of rows) {
    const command = upkeepCommand({ kind: 'vacuum', table: table.name, reason: '', priority: 0 }, table.kind);
    const t = performance.now();
    await pglite.exec(command);
    timed.push({ command, bytes: Number(table.bytes), ms: performance.now() - t });
  }
  await pglite.exec('CHECKPOINT');
  log(`first VACUUM of each table of the template (${rows.length} tables), the longest:`);
  for (const step of timed.sort((a, b) => b.ms - a.ms).slice(0, 6)) {
    log(`  ${step.command} (${mib(step.bytes)}): ${step.ms.toFixed(0)} ms`);
  }
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(file);
    else if (entry.isFile()) total += statSync(file).size;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Measures
// ---------------------------------------------------------------------------------------------

type Point = {
  edits: number;
  folderBytes: number;
  baseBytes: number;
  walBytes: number;
  postsBytes: number;
  postsDead: number;
  pageMedianMs: number;
  pageP95Ms: number;
  /** Edits since the previous point: their median and longest time (the longest includes upkeep waits). */
  editMedianMs: number | null;
  editMaxMs: number | null;
  editsPerSecond: number | null;
  upkeepSteps: number;
  upkeepLongestMs: number;
  relations: Record<string, number>;
};

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function storyPageTimes(ids: string[]): Promise<{ median: number; p95: number }> {
  // A short warm-up: the prepared statement and the catalogue in memory.
  for (const id of ids.slice(0, 50)) await findStoryPageRow(id);
  // Passes over the same stories; the least disturbed one counts (the machine is shared: a
  // pass that another process slowed down says nothing about the database).
  let best = { median: Infinity, p95: Infinity };
  for (let pass = 0; pass < PAGE_PASSES; pass++) {
    const times: number[] = [];
    for (const id of ids) {
      const t = performance.now();
      const row = await findStoryPageRow(id);
      times.push(performance.now() - t);
      if (!row) throw new Error(`story ${id} is gone`);
    }
    times.sort((a, b) => a - b);
    const median = quantile(times, 0.5);
    if (median < best.median) best = { median, p95: quantile(times, 0.95) };
  }
  return best;
}

/** Every relation's size (tables, TOAST tables, indexes) in bytes, by name. */
async function relationSizes(database: Database): Promise<Record<string, number>> {
  const { rows } = await database.pglite!.query<{ name: string; bytes: number }>(
    `select c.oid::regclass::text as "name", pg_relation_size(c.oid)::float8 as "bytes" from pg_class c
      where c.relkind in ('r', 't', 'i', 'm') and pg_relation_size(c.oid) > 0`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.bytes)]));
}

/** The relations that grew most between two points: where a data folder that keeps growing grows. */
function printGrowth(from: Point, to: Point): void {
  const grown = Object.entries(to.relations)
    .map(([name, bytes]) => ({ name, from: from.relations[name] ?? 0, to: bytes }))
    .filter((relation) => relation.to !== relation.from)
    .sort((a, b) => Math.abs(b.to - b.from) - Math.abs(a.to - a.from))
    .slice(0, 8);
  console.log(
    `relations that changed most from ${from.edits.toLocaleString('en')} to ${to.edits.toLocaleString('en')} edits:`,
  );
  for (const relation of grown) {
    const delta = relation.to - relation.from;
    console.log(
      `  ${relation.name.padEnd(52)} ${mib(relation.from).padStart(11)} → ${mib(relation.to).padStart(11)} (${delta >= 0 ? '+' : ''}${mib(delta)})`,
    );
  }
}

async function postsState(database: Database): Promise<{ bytes: number; dead: number }> {
  const { rows } = await database.pglite!.query<{ bytes: number; dead: number }>(
    `select pg_total_relation_size('posts')::float8 as "bytes",
       coalesce((select n_dead_tup from pg_stat_user_tables where relid = 'posts'::regclass), 0)::float8 as "dead"`,
  );
  return { bytes: Number(rows[0].bytes), dead: Number(rows[0].dead) };
}

function printPoints(points: Point[]): void {
  const cells = [
    [
      'edits',
      'folder',
      'base',
      'pg_wal',
      'posts (all)',
      'posts dead',
      'page p50 ms',
      'page p95 ms',
      'edit p50 ms',
      'edit max ms',
      'edits/s',
      'upkeep steps',
      'longest step ms',
    ],
    ...points.map((p) => [
      p.edits.toLocaleString('en'),
      mib(p.folderBytes),
      mib(p.baseBytes),
      mib(p.walBytes),
      mib(p.postsBytes),
      p.postsDead.toLocaleString('en'),
      p.pageMedianMs.toFixed(3),
      p.pageP95Ms.toFixed(3),
      p.editMedianMs === null ? '' : p.editMedianMs.toFixed(1),
      p.editMaxMs === null ? '' : p.editMaxMs.toFixed(0),
      p.editsPerSecond === null ? '' : p.editsPerSecond.toFixed(0),
      String(p.upkeepSteps),
      p.upkeepLongestMs.toFixed(0),
    ]),
  ];
  const widths = cells[0].map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padStart(widths[i])).join(' | ')} |`;
  console.log('');
  console.log(line(cells[0]));
  console.log(`|${widths.map((w) => `${'-'.repeat(w + 1)}:`).join('|')}|`);
  for (const row of cells.slice(1)) console.log(line(row));
  console.log('');
}

function printSteps(steps: UpkeepStep[]): void {
  const byCommand = new Map<string, { count: number; totalMs: number; maxMs: number }>();
  for (const step of steps) {
    const entry = byCommand.get(step.command) ?? { count: 0, totalMs: 0, maxMs: 0 };
    entry.count += 1;
    entry.totalMs += step.ms;
    entry.maxMs = Math.max(entry.maxMs, step.ms);
    byCommand.set(step.command, entry);
  }
  const rows = [...byCommand.entries()].sort((a, b) => b[1].maxMs - a[1].maxMs);
  console.log('upkeep steps by command (count, median-free: total and longest):');
  for (const [command, { count, totalMs, maxMs }] of rows) {
    console.log(
      `  ${command.padEnd(58)} ×${String(count).padStart(4)}  total ${totalMs.toFixed(0).padStart(7)} ms  longest ${maxMs.toFixed(0).padStart(6)} ms`,
    );
  }
  const failed = steps.filter((step) => step.error);
  for (const step of failed) console.log(`  failed: ${step.command}: ${step.error}`);
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

async function main() {
  const template = await prepareTemplate();
  if (PREPARE_ONLY) return log(`template ready: ${path.relative(ROOT, template)} (--prepare)`);
  rmSync(RUN_DIR, { recursive: true, force: true });
  cpSync(template, RUN_DIR, { recursive: true });
  const dataDir = path.join(RUN_DIR, 'db');
  log(`database: copy of ${path.relative(ROOT, template)}`);
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await startRuntime({ database, jobs: false });
  const pglite = database.pglite!;
  try {
    const stories = (
      await pglite.query<{ id: string; version: number; lang: string; published: boolean }>(
        `select id, version, language_code as "lang", status = 'published' as "published" from posts order by id`,
      )
    ).rows;
    const rng = createRng(22);
    const shuffled = stories.filter((story) => story.published).map((story) => story.id);
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rng.next() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    const pageIds = shuffled.slice(0, PAGE_SAMPLE);
    log(
      `${stories.length.toLocaleString('en')} stories; ${EDITS.toLocaleString('en')} edits, upkeep ` +
        (UPKEEP ? `on (a step every ${TICK_MS} ms)` : 'OFF'),
    );
    const pool = (['en', 'zh'] as const).map((lang) =>
      Array.from({ length: BODY_POOL }, () => {
        const body = makeStoryBody(rng, lang, Math.round(WORDS * (0.8 + rng.next() * 0.4)));
        return prepareBody({ bodyJson: body.bodyJson });
      }),
    );

    const upkeep = createDbUpkeep(database);
    // PGlite runs each statement inside the Node.js thread: while a VACUUM runs, the whole process
    // waits, not just the other queries. How late a 10 ms timer fires shows that pause as a
    // server's requests would feel it (with the edit that ran in the same turn of the loop).
    const lag = { max: 0, last: performance.now(), on: true };
    const lagProbe = setInterval(() => {
      const now = performance.now();
      if (lag.on) lag.max = Math.max(lag.max, now - lag.last - 10);
      lag.last = now;
    }, 10);
    const steps: UpkeepStep[] = [];
    let ticking: Promise<void> | null = null;
    const timer = UPKEEP
      ? setInterval(() => {
          ticking ??= upkeep
            .step()
            .then((step) => {
              if (!step) return;
              steps.push(step);
              if (step.ms >= 500 || step.error) {
                log(
                  `upkeep: ${step.command} (${step.reason}): ${step.ms.toFixed(0)} ms${step.error ? ` FAILED ${step.error}` : ''}`,
                );
              }
            })
            .catch((error: unknown) => log(`upkeep tick failed: ${String(error)}`))
            .finally(() => {
              ticking = null;
            });
        }, TICK_MS)
      : null;

    const points: Point[] = [];
    let editTimes: number[] = [];
    let windowStarted = performance.now();
    const measure = async (edits: number) => {
      // The measures themselves run queries back to back: not a pause the upkeep caused.
      lag.on = false;
      const windowMs = performance.now() - windowStarted;
      const page = await storyPageTimes(pageIds);
      const posts = await postsState(database);
      editTimes.sort((a, b) => a - b);
      const longest = steps.reduce((max, step) => Math.max(max, step.ms), 0);
      const point: Point = {
        edits,
        folderBytes: folderBytes(dataDir),
        baseBytes: folderBytes(path.join(dataDir, 'base')),
        walBytes: folderBytes(path.join(dataDir, 'pg_wal')),
        postsBytes: posts.bytes,
        postsDead: posts.dead,
        pageMedianMs: page.median,
        pageP95Ms: page.p95,
        editMedianMs: editTimes.length ? quantile(editTimes, 0.5) : null,
        editMaxMs: editTimes.length ? editTimes[editTimes.length - 1] : null,
        editsPerSecond: editTimes.length ? editTimes.length / (windowMs / 1000) : null,
        upkeepSteps: steps.length,
        upkeepLongestMs: longest,
        relations: await relationSizes(database),
      };
      points.push(point);
      log(
        `${edits.toLocaleString('en')} edits: folder ${mib(point.folderBytes)} (base ${mib(point.baseBytes)}, ` +
          `pg_wal ${mib(point.walBytes)}), posts ${mib(point.postsBytes)} with ${point.postsDead.toLocaleString('en')} dead rows, ` +
          `story page p50 ${page.median.toFixed(3)} ms p95 ${page.p95.toFixed(3)} ms` +
          (point.editsPerSecond === null ? '' : `, ${point.editsPerSecond.toFixed(0)} edits/s`) +
          `, ${steps.length} upkeep steps, longest ${longest.toFixed(0)} ms`,
      );
      editTimes = [];
      windowStarted = performance.now();
      lag.last = performance.now();
      lag.on = true;
    };

    await measure(0);
    for (let done = 1; done <= EDITS; done++) {
      const story = stories[Math.floor(rng.next() * stories.length)];
      const bodies = pool[story.lang === 'zh' ? 1 : 0];
      // The generator's words only: a running number in the title would add a word no story had to
      // the search indexes on every edit, growth that is not the upkeep's to take back.
      const title = makeTitle(rng, story.lang === 'zh' ? 'zh' : 'en');
      const changes: PostChanges = { title, slug: slugify(title), ...bodies[done % bodies.length] };
      const t = performance.now();
      if (!(await updatePostIfVersion(story.id, story.version, changes))) {
        throw new Error(`edit ${done}: story ${story.id} was not at version ${story.version}`);
      }
      editTimes.push(performance.now() - t);
      story.version += 1;
      // PGlite answers from WebAssembly without going back to the event loop: without this, a loop
      // of awaited edits starves every timer (the upkeep's tick). A server's requests yield anyway.
      await new Promise((resolve) => setImmediate(resolve));
      if (done % EVERY === 0 || done === EDITS || done === BASELINE_EDITS) await measure(done);
      else if (done % 2000 === 0) log(`${done.toLocaleString('en')} edits…`);
    }
    if (timer) clearInterval(timer);
    await ticking;
    if (UPKEEP && DRAIN) {
      // Whatever is due when the edits stop, step by step: the pauses of the big tables at their
      // thresholds (the measure of the pause at 100,000 stories).
      for (let i = 0; i < 200; i++) {
        const step = await upkeep.step();
        if (!step) break;
        steps.push(step);
        log(`upkeep (drain): ${step.command} (${step.reason}): ${step.ms.toFixed(0)} ms`);
        await new Promise((resolve) => setImmediate(resolve)); // one step at a time, as the ticks take them
      }
    }
    clearInterval(lagProbe);

    printPoints(points);
    if (UPKEEP) printSteps(steps);
    const baseline = points.find((point) => point.edits === BASELINE_EDITS)!;
    const last = points[points.length - 1];
    printGrowth(baseline, last);
    const ratio = (a: number, b: number) => `${((a / b - 1) * 100).toFixed(1)}%`;
    const within = (a: number, b: number) => Math.abs(a / b - 1) <= 0.2;
    const longest = steps.reduce<UpkeepStep | null>(
      (max, step) => (!max || step.ms > max.ms ? step : max),
      null,
    );
    console.log('');
    console.log(
      `data folder: ${mib(baseline.folderBytes)} after ${BASELINE_EDITS.toLocaleString('en')} edits, ` +
        `${mib(last.folderBytes)} after ${last.edits.toLocaleString('en')} (${ratio(last.folderBytes, baseline.folderBytes)}): ` +
        (within(last.folderBytes, baseline.folderBytes) ? 'within 20%' : 'NOT within 20%'),
    );
    console.log(
      `story page query, median: ${baseline.pageMedianMs.toFixed(3)} ms after ${BASELINE_EDITS.toLocaleString('en')} edits, ` +
        `${last.pageMedianMs.toFixed(3)} ms after ${last.edits.toLocaleString('en')} (${ratio(last.pageMedianMs, baseline.pageMedianMs)}): ` +
        (within(last.pageMedianMs, baseline.pageMedianMs) ? 'within 20%' : 'NOT within 20%'),
    );
    console.log(
      longest
        ? `longest upkeep pause: ${longest.ms.toFixed(0)} ms (${longest.command}: ${longest.reason}); ${steps.length} steps, ${steps.reduce((sum, step) => sum + step.ms, 0).toFixed(0)} ms in all`
        : UPKEEP
          ? 'longest upkeep pause: none (no step was due)'
          : 'upkeep: off (--no-upkeep)',
    );
    console.log(
      `event loop: a 10 ms timer fired at most ${lag.max.toFixed(0)} ms late while the edits ran ` +
        '(PGlite holds the Node.js thread while it runs a statement)',
    );
    console.log(
      `data: ${stories.length.toLocaleString('en')} stories of ~${WORDS} words, embedded PGlite; ` +
        `story page over ${pageIds.length.toLocaleString('en')} published stories; total ${elapsed()}`,
    );
    writeFileSync(
      path.join(BENCH_DIR, UPKEEP ? 'last-run.json' : 'last-run-no-upkeep.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          stories: stories.length,
          words: WORDS,
          tickMs: TICK_MS,
          points,
          steps,
        },
        null,
        2,
      ),
    );
  } finally {
    await stopRuntime();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(
      `[bench:upkeep] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
