// npm run bench:import — issue 23's measure: "a 2,000-post WXR imports in ≤ 60 s on this machine".
// A fresh embedded database (./data/bench-import), one writer, a generated WordPress export of
// --posts posts (tests/fixtures/imports/make-wxr.ts: six paragraphs each, two tags), then what the
// API does: the upload's dry run (createImport), the confirmation and the job's run (runImport),
// each timed. Prints the seconds and checks every story is there once.
// `-- --posts 500` (or BENCH_IMPORT_POSTS) for another size.
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { newUuid } from '../src/server/lib/ids';
import { startRuntime, stopRuntime } from '../src/server/runtime';
import { runImport } from '../src/server/modules/imports/imports-run.service';
import { confirmImport, createImport } from '../src/server/modules/imports/imports.service';
import { importsDir } from '../src/server/modules/imports/imports.upload';
import { makeWxr } from '../tests/fixtures/imports/make-wxr';

const TARGET_SECONDS = 60;
const ROOT = path.resolve(import.meta.dirname, '..');
const DATA = path.join(ROOT, 'data', 'bench-import');

function postsOption(): number {
  const args = process.argv.slice(2);
  const i = args.findIndex((arg) => arg === '--posts' || arg.startsWith('--posts='));
  const raw =
    i >= 0 ? (args[i].includes('=') ? args[i].split('=')[1] : args[i + 1]) : process.env.BENCH_IMPORT_POSTS;
  const value = Number(raw ?? 2000);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--posts needs a whole number, got "${raw}"`);
  return value;
}

const seconds = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;

async function main() {
  const posts = postsOption();
  await rm(DATA, { recursive: true, force: true });
  await mkdir(DATA, { recursive: true });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(DATA, 'db') });
  await migrateDatabase(database);
  await startRuntime({ database, jobs: false });
  try {
    const writerId = newUuid();
    await database.db.execute(sql`insert into users (id, email, name, subdomain, show_onboarding)
      values (${writerId}, 'bench-import@lamplight.local', 'Bench Importer', 'bench-importer', false)`);
    const actor = { id: writerId, roles: [], status: 'active' as const };

    const generated = await makeWxr(posts, { filePath: path.join(DATA, 'export.xml') });
    const size = (await stat(generated)).size;
    // Where the upload route would have streamed it.
    await mkdir(importsDir(), { recursive: true });
    const uploaded = path.join(importsDir(), `${newUuid()}.upload`);
    await copyFile(generated, uploaded);
    console.log(`${posts} posts, ${(size / 1048576).toFixed(1)} MB of WXR`);

    const start = process.hrtime.bigint();
    const preview = await createImport(actor, { filePath: uploaded, fileName: 'export.xml', fields: {} });
    const dryRun = seconds(start);
    console.log(
      `dry run: ${dryRun.toFixed(1)} s (${preview.counts.create} to create, ${preview.counts.skip} to skip)`,
    );

    const runStart = process.hrtime.bigint();
    await confirmImport(actor, preview.id);
    const outcome = await runImport(preview.id);
    const run = seconds(runStart);
    const total = seconds(start);
    const counted = (await database.db.execute(
      sql`select count(*)::int as n from posts where author_id = ${writerId}`,
    )) as unknown as { rows: { n: number }[] };
    const { n } = counted.rows[0];
    console.log(`run: ${run.toFixed(1)} s (${outcome}; ${n} stories, ${(n / run).toFixed(0)} per second)`);
    console.log(`import of ${posts} posts: ${total.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s)`);
    if (outcome !== 'done' || n !== posts)
      throw new Error(`expected ${posts} stories, found ${n} (${outcome})`);
    if (total > TARGET_SECONDS) process.exitCode = 1;
  } finally {
    await stopRuntime();
    await rm(DATA, { recursive: true, force: true });
  }
}

await main();
