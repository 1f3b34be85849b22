import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { create as createTar, extract as extractTar } from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import {
  addPostToList,
  createList,
  createPost,
  createPublication,
  createSubscription,
  createTopic,
  createUser,
} from '../factories';
import {
  createScratchDatabase,
  killChild,
  POSTGRES_SERVER_URL,
  ROOT,
  runTs,
  waitFor,
  type Child,
} from '../jobs/fixtures/helpers';

// Issue 22 item 4: `npm run backup` then `npm run restore` into a fresh folder or database gives the
// same stories, users, publications, lists, subscriptions and uploads — row counts and checksums of
// every table compared — on embedded PGlite (backed up while a process holds it, as a running site
// does) and on PostgreSQL (pg_dump, plus what it does not carry: migration 0007's function cost and
// the database's own settings). docs/decisions/035-backup-and-restore.md.

const SCRATCH = path.resolve('data/test');
const roots: string[] = [];
function scratchDir(name: string): string {
  mkdirSync(SCRATCH, { recursive: true });
  const dir = mkdtempSync(path.join(SCRATCH, `backup-${name}-`));
  roots.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

/** The child's environment: the test run's, with the database settings given (undefined: unset). */
// (spawn leaves out variables whose value is undefined, also where runTs spreads process.env first.)
function childEnv(settings: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: undefined, BACKUP_DIR: undefined, ...settings };
}

type Cli = { code: number; stdout: string; stderr: string };

/** Runs `npm run backup|restore -- …` as npm does (node --import tsx), in the project folder. */
function runCli(
  command: 'backup' | 'restore',
  args: string[],
  settings: Record<string, string | undefined>,
): Promise<Cli> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/server/${command}-main.ts`, ...args],
      { cwd: ROOT, env: childEnv(settings), timeout: 240_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A process holding the data folder as the site does: `npm run worker` (the runtime with its sweeps). */
async function startSite(settings: Record<string, string | undefined>): Promise<Child> {
  const child = runTs('src/server/jobs/worker-main.ts', childEnv({ SEED_DEMO: 'false', ...settings }));
  await child.waitForLine(/running; stop with Ctrl\+C/, 120_000);
  return child;
}

async function stopSite(child: Child): Promise<void> {
  await killChild(child, 'SIGTERM');
  expect((await child.exited).code).toBe(0);
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Rows and a checksum of every row of every table of the app (schemas public and drizzle). */
async function tableDigests(query: Query): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = await query(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const digests: Record<string, { rows: number; digest: string }> = {};
  for (const { schema, name } of tables as { schema: string; name: string }[]) {
    const [row] = await query(
      `select count(*)::int as rows, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as digest
         from "${schema}"."${name}" t`,
    );
    digests[`${schema}.${name}`] = { rows: Number(row.rows), digest: String(row.digest) };
  }
  return digests;
}

const pgliteQuery =
  (database: Database): Query =>
  async (text) =>
    (await database.pglite!.query<Record<string, unknown>>(text)).rows;

async function pgliteDigests(dbDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir: dbDir });
  try {
    return await tableDigests(pgliteQuery(database));
  } finally {
    await database.close();
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const postgresDigests = (url: string) =>
  withClient(url, (client) => tableDigests(async (text) => (await client.query(text)).rows));

/** Stories, users, publications, lists and subscriptions: what the issue names, and more. */
async function populate(db: Db): Promise<void> {
  const owner = await createUser(db, { name: 'Backup Owner' });
  const publication = await createPublication(db, { owner });
  const writer = await createUser(db);
  const stories = [];
  for (let i = 0; i < 4; i++) {
    stories.push(
      await createPost(db, {
        author: i % 2 ? writer : owner,
        publication: i < 2 ? publication : undefined,
        tags: ['prayer', `psalm ${i}`],
        body: `Story ${i} — 主的恩典 — with "quotes", apostrophes' and a backslash \\ kept.`,
      }),
    );
  }
  await createPost(db, { author: writer, status: 'draft' });
  const list = await createList(db, { owner: writer, listName: 'Keep' });
  for (const story of stories.slice(0, 3)) await addPostToList(db, { list, post: story });
  const topic = await createTopic(db, { publication });
  for (let i = 0; i < 3; i++) await createSubscription(db, { topic });
}

const ISSUE_TABLES = ['posts', 'users', 'publications', 'lists', 'list_posts', 'subscriptions'];

/** A few upload files (stored names, as the local upload driver writes them); their checksums. */
function writeUploads(dataDir: string): Record<string, string> {
  const dir = path.join(dataDir, 'uploads');
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < 3; i++) {
    writeFileSync(path.join(dir, `${randomBytes(16).toString('hex')}.webp`), randomBytes(2_000 + i * 700));
  }
  return uploadSums(dataDir);
}

function uploadSums(dataDir: string): Record<string, string> {
  const dir = path.join(dataDir, 'uploads');
  const sums: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    sums[name] = createHash('sha256')
      .update(readFileSync(path.join(dir, name)))
      .digest('hex');
  }
  return sums;
}

function expectSameApp(
  restored: Record<string, { rows: number; digest: string }>,
  source: Record<string, { rows: number; digest: string }>,
): void {
  expect(restored).toEqual(source);
  for (const table of ISSUE_TABLES) expect(source[`public.${table}`]?.rows).toBeGreaterThan(0);
}

/** The only archive in `dir`: what the command printed. */
function archiveIn(cli: Cli, dir: string): string {
  expect(cli.stderr).not.toMatch(/failed/);
  expect(cli.code).toBe(0);
  const printed = cli.stdout.trim().split('\n').at(-1)!;
  expect(path.dirname(printed)).toBe(dir);
  expect(printed).toMatch(/lamplight-backup-[\dT-]+Z\.tar\.gz$/);
  return printed;
}

/** A copy of `archive` whose manifest is changed by `edit` (a forged or a future archive). */
async function archiveWithManifest(
  archive: string,
  dir: string,
  name: string,
  edit: (manifest: Record<string, any>) => void,
): Promise<string> {
  const unpacked = path.join(dir, name);
  mkdirSync(unpacked, { recursive: true });
  await extractTar({ file: archive, cwd: unpacked });
  const manifestFile = path.join(unpacked, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  edit(manifest);
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const file = path.join(dir, `lamplight-backup-${name}.tar.gz`);
  const rest = readdirSync(unpacked).filter((entry) => entry !== 'manifest.json');
  await createTar({ file, cwd: unpacked, gzip: true }, ['manifest.json', ...rest]);
  return file;
}

/** A copy of `archive` whose manifest says its database has a migration newer than this code's. */
const archiveFromTheFuture = (archive: string, dir: string) =>
  archiveWithManifest(archive, dir, 'from-the-future', (manifest) => {
    manifest.migrations = {
      applied: manifest.migrations.applied + 1,
      latestTag: '9999_from_the_future',
      latestWhen: manifest.migrations.latestWhen + 1_000_000,
    };
  });

describe('backup and restore on embedded PGlite', () => {
  let root: string;
  let source: string;
  let backups: string;
  let site: Child | undefined;

  beforeAll(async () => {
    root = scratchDir('pglite');
    source = path.join(root, 'source');
    backups = path.join(root, 'backups');
    // A migrated folder from the run's template, filled with the issue's kinds of rows.
    // (`npm run test:pg` makes no PGlite template: then a fresh folder, migrated here.)
    const template = inject('pgliteTemplate');
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(source, 'db'),
      loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
    });
    try {
      await migrateDatabase(database);
      await populate(database.db);
    } finally {
      await database.close();
    }
    writeUploads(source);
  });

  afterAll(async () => {
    await killChild(site);
  });

  it('backs up while the site holds the folder, and restores into a fresh folder the site starts on', async () => {
    const sums = uploadSums(source);
    site = await startSite({ DATA_DIR: source });

    const backup = await runCli('backup', [backups], { DATA_DIR: source });
    const archive = archiveIn(backup, backups);
    // The folder is locked by the site: the site wrote the archive, as asked.
    expect(backup.stderr).toMatch(/open in process \d+: asking it/);
    expect(site.output()).toContain('backup written for npm run backup');
    expect(site.output()).toContain(archive);
    await stopSite(site);
    site = undefined;

    const target = path.join(root, 'restored');
    const restore = await runCli('restore', [archive], { DATA_DIR: target });
    expect(restore.stderr).not.toMatch(/failed/);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^restored .* into .*restored\/db: \d+ tables, 3 uploads\n$/);

    expectSameApp(await pgliteDigests(path.join(target, 'db')), await pgliteDigests(path.join(source, 'db')));
    expect(uploadSums(target)).toEqual(sums);

    // The site starts on it (opens, migrates, runs its workers) — here with BACKUP_DIR set, so its
    // nightly job (registered only then) catches up on the missed night at once and applies the
    // retention to the nightly archives, never to a manual one.
    const nightly = path.join(root, 'nightly');
    mkdirSync(nightly);
    const old = ['2020-01-01T030000Z', '2020-01-02T030000Z', '2020-01-03T030000Z'];
    for (const stamp of old) writeFileSync(path.join(nightly, `lamplight-nightly-${stamp}.tar.gz`), '');
    writeFileSync(path.join(nightly, 'lamplight-backup-2019-12-31T120000Z.tar.gz'), '');
    const restoredSite = await startSite({ DATA_DIR: target, BACKUP_DIR: nightly, BACKUP_RETENTION: '2' });
    // The new archive in, the two oldest nightly ones out.
    const written = await waitFor(
      'the nightly archive and the retention',
      () => {
        const names = readdirSync(nightly);
        const fresh = names.find((name) => name.startsWith('lamplight-nightly-2') && !name.includes('2020'));
        return names.length === 3 && fresh;
      },
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    await stopSite(restoredSite);
    expect(restoredSite.output()).toContain('nightly backup written');
    expect(readdirSync(nightly).sort()).toEqual(
      [
        written,
        'lamplight-backup-2019-12-31T120000Z.tar.gz',
        'lamplight-nightly-2020-01-03T030000Z.tar.gz',
      ].sort(),
    );

    // A second restore into the now filled folder is refused, in one line.
    const again = await runCli('restore', [archive], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n').at(-1)).toMatch(
      /^\[restore\] failed: The embedded database folder .*restored\/db is not empty/,
    );
    expect(again.stdout).toBe('');
  }, 600_000);

  it('backs up a folder no process holds by opening it itself', async () => {
    const backup = await runCli('backup', [backups], { DATA_DIR: source });
    const archive = archiveIn(backup, backups);
    expect(backup.stderr).toMatch(/no process holds/);

    const target = path.join(root, 'restored-offline');
    const restore = await runCli('restore', [archive], { DATA_DIR: target });
    expect(restore.code).toBe(0);
    expectSameApp(await pgliteDigests(path.join(target, 'db')), await pgliteDigests(path.join(source, 'db')));
    expect(uploadSums(target)).toEqual(uploadSums(source));
  }, 300_000);

  it('refuses an archive from a newer Lamplight, one whose rows differ from its manifest, and a PostgreSQL target for a PGlite archive', async () => {
    const archive = archiveIn(await runCli('backup', [backups], { DATA_DIR: source }), backups);
    const future = await archiveFromTheFuture(archive, root);
    const target = path.join(root, 'untouched');
    const refused = await runCli('restore', [future], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^\[restore\] failed: .* comes from a newer Lamplight: its database has migration 9999_from_the_future, and this code knows migrations up to \d{4}_\w+\./,
    );
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);

    const wrongKind = await runCli('restore', [archive], {
      DATA_DIR: target,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toMatch(
      /holds an embedded \(PGlite\) database: restore it with DATABASE_URL unset/,
    );

    // The rows' checksums are checked too: an archive whose posts differ from what its manifest
    // recorded (here, a forged digest) is refused and the target folder left empty.
    const manifest = JSON.parse(
      execFileSync('tar', ['-xzOf', archive, 'manifest.json'], { encoding: 'utf8' }),
    ) as { rowDigests: Record<string, string> };
    expect(manifest.rowDigests['public.posts']).toMatch(/^[0-9a-f]{32}$/);
    const forged = await archiveWithManifest(archive, root, 'forged', (edited) => {
      edited.rowDigests['public.posts'] = '0'.repeat(32);
    });
    const mismatch = await runCli('restore', [forged], { DATA_DIR: target });
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr.trim().split('\n').at(-1)).toMatch(
      /the restored database does not match the archive: the rows of public\.posts differ from those backed up$/,
    );
    // Left as it was found, for another try: folders, and no file in them.
    const left = existsSync(target) ? readdirSync(target, { recursive: true, withFileTypes: true }) : [];
    expect(left.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);

    const missing = await runCli('restore', [path.join(root, 'nothing.tar.gz')], { DATA_DIR: target });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^\[restore\] failed: No archive at /);
  }, 300_000);
});

/** pg_dump and pg_restore here, of a major version that can dump the server's (else: skip). */
function postgresToolsProblem(serverMajor: number): string | null {
  for (const tool of ['pg_dump', 'pg_restore']) {
    const result = spawnSync(tool, ['--version'], { encoding: 'utf8' });
    const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(result.stdout ?? '')?.[1] ?? 0);
    if (result.error || !major) return `${tool} is not installed`;
    if (major < serverMajor) return `${tool} ${major} is older than the server (${serverMajor})`;
  }
  return null;
}

const serverMajor = await withClient(POSTGRES_SERVER_URL, async (client) =>
  Math.floor(Number((await client.query('show server_version_num')).rows[0].server_version_num) / 10_000),
).catch(() => 0);
const skipPostgres = serverMajor === 0 ? 'no PostgreSQL server' : postgresToolsProblem(serverMajor);

describe.skipIf(skipPostgres !== null)(
  `backup and restore on PostgreSQL${skipPostgres ? ` (skipped: ${skipPostgres})` : ''}`,
  () => {
    const scratch: { url: string; drop(): Promise<void> }[] = [];
    afterAll(async () => {
      for (const database of scratch) await database.drop().catch(() => undefined);
    });

    const COST = `select procost::float8 as cost from pg_proc where oid = 'pg_catalog.ts_match_vq(tsvector, tsquery)'::regprocedure`;
    const SETTINGS = `select setconfig from pg_db_role_setting
    where setrole = 0 and setdatabase = (select oid from pg_database where datname = current_database())`;

    it('dumps while writes go on, restores into an empty database with what pg_dump misses, and the site starts on it', async () => {
      const root = scratchDir('postgres');
      const sourceDir = path.join(root, 'source');
      const backups = path.join(root, 'backups');
      const sourceDb = await createScratchDatabase(POSTGRES_SERVER_URL);
      scratch.push(sourceDb);
      const database = await openDatabase({ kind: 'postgres', url: sourceDb.url, max: 2 });
      try {
        await migrateDatabase(database);
        await populate(database.db);
      } finally {
        await database.close();
      }
      await withClient(sourceDb.url, async (client) => {
        const name = new URL(sourceDb.url).pathname.slice(1);
        await client.query(`alter database ${name} set work_mem = '8MB'`);
        await client.query(`alter database ${name} set search_path = "$user", public`);
        expect((await client.query(COST)).rows[0].cost).toBe(100); // migration 0007 ran
      });
      const sums = writeUploads(sourceDir);

      // Writes during the dump: the manifest's counts must be those of the dump's snapshot (restore
      // compares them), whichever of these rows the snapshot caught.
      let writing = true;
      const writer = withClient(sourceDb.url, async (client) => {
        for (let i = 0; writing; i++) {
          await client.query(`insert into rate_limits (key, window_start, count) values ($1, now(), 1)`, [
            `during-backup:${i}`,
          ]);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      });
      const backup = await runCli('backup', [backups], { DATA_DIR: sourceDir, DATABASE_URL: sourceDb.url });
      writing = false;
      await writer;
      const archive = archiveIn(backup, backups);

      const targetDb = await createScratchDatabase(POSTGRES_SERVER_URL);
      scratch.push(targetDb);
      // A fresh database may inherit the cost from template1: make sure the restore is what sets it.
      await withClient(targetDb.url, (client) =>
        client.query('alter function pg_catalog.ts_match_vq(tsvector, tsquery) cost 1'),
      );
      const targetDir = path.join(root, 'target');
      const restore = await runCli('restore', [archive], { DATA_DIR: targetDir, DATABASE_URL: targetDb.url });
      expect(restore.stderr).not.toMatch(/failed/);
      expect(restore.code).toBe(0);
      expect(restore.stdout).toMatch(/^restored .* into postgres:\/\/.*: \d+ tables, 3 uploads\n$/);

      const source = await postgresDigests(sourceDb.url);
      const restored = await postgresDigests(targetDb.url);
      // rate_limits (unlogged, and dumped all the same) gained rows after the snapshot; every other
      // table is the same, row for row.
      expect(restored['public.rate_limits'].rows).toBeGreaterThan(0);
      delete source['public.rate_limits'];
      delete restored['public.rate_limits'];
      expectSameApp(restored, source);
      expect(uploadSums(targetDir)).toEqual(sums);
      await withClient(targetDb.url, async (client) => {
        expect((await client.query(COST)).rows[0].cost).toBe(100);
        expect((await client.query(SETTINGS)).rows[0].setconfig).toEqual(
          expect.arrayContaining(['work_mem=8MB', 'search_path="$user", public']),
        );
      });

      await stopSite(await startSite({ DATA_DIR: targetDir, DATABASE_URL: targetDb.url }));

      const again = await runCli('restore', [archive], {
        DATA_DIR: path.join(root, 'other'),
        DATABASE_URL: targetDb.url,
      });
      expect(again.code).toBe(1);
      expect(again.stderr.trim().split('\n').at(-1)).toMatch(
        /^\[restore\] failed: The database of DATABASE_URL is not empty \(\d+ tables and other relations, e\.g\. /,
      );
    }, 600_000);
  },
);
