// What the backup tests share (backup-restore-pglite and backup-restore-postgres): the CLIs as npm
// runs them, a process holding the data folder as the site does, and a checksum of every table.
// docs/decisions/035-backup-and-restore.md.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { create as createTar, extract as extractTar } from 'tar';
import { expect } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import {
  addPostToList,
  createList,
  createPost,
  createPublication,
  createSubscription,
  createTopic,
  createUser,
} from '../factories';
import { killChild, ROOT, runTs, type Child } from '../jobs/fixtures/helpers';

const SCRATCH = path.resolve('data/test');
const roots: string[] = [];
export function scratchDir(name: string): string {
  mkdirSync(SCRATCH, { recursive: true });
  const dir = mkdtempSync(path.join(SCRATCH, `backup-${name}-`));
  roots.push(dir);
  return dir;
}
/** Removes every folder `scratchDir` made (each test file's afterAll). */
export function removeScratchDirs(): void {
  for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The child's environment: the test run's, with the database settings given (undefined: unset). */
// (spawn leaves out variables whose value is undefined, also where runTs spreads process.env first.)
export function childEnv(settings: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: undefined, BACKUP_DIR: undefined, ...settings };
}

export type Cli = { code: number; stdout: string; stderr: string };

/** Runs `npm run backup|restore -- …` as npm does (node --import tsx), in the project folder. */
export function runCli(
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
export async function startSite(settings: Record<string, string | undefined>): Promise<Child> {
  const child = runTs('src/server/jobs/worker-main.ts', childEnv({ SEED_DEMO: 'false', ...settings }));
  await child.waitForLine(/running; stop with Ctrl\+C/, 120_000);
  return child;
}

export async function stopSite(child: Child): Promise<void> {
  await killChild(child, 'SIGTERM');
  expect((await child.exited).code).toBe(0);
}

export type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Rows and a checksum of every row of every table of the app (schemas public and drizzle). */
export async function tableDigests(query: Query): Promise<Record<string, { rows: number; digest: string }>> {
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

export const pgliteQuery =
  (database: Database): Query =>
  async (text) =>
    (await database.pglite!.query<Record<string, unknown>>(text)).rows;

export async function pgliteDigests(dbDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir: dbDir });
  try {
    return await tableDigests(pgliteQuery(database));
  } finally {
    await database.close();
  }
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const postgresDigests = (url: string) =>
  withClient(url, (client) => tableDigests(async (text) => (await client.query(text)).rows));

/** Stories, users, publications, lists and subscriptions: what the issue names, and more. */
export async function populate(db: Db): Promise<void> {
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

export const ISSUE_TABLES = ['posts', 'users', 'publications', 'lists', 'list_posts', 'subscriptions'];

/** A few upload files (stored names, as the local upload driver writes them); their checksums. */
export function writeUploads(dataDir: string): Record<string, string> {
  const dir = path.join(dataDir, 'uploads');
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < 3; i++) {
    writeFileSync(path.join(dir, `${randomBytes(16).toString('hex')}.webp`), randomBytes(2_000 + i * 700));
  }
  return uploadSums(dataDir);
}

export function uploadSums(dataDir: string): Record<string, string> {
  const dir = path.join(dataDir, 'uploads');
  const sums: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    sums[name] = createHash('sha256')
      .update(readFileSync(path.join(dir, name)))
      .digest('hex');
  }
  return sums;
}

export function expectSameApp(
  restored: Record<string, { rows: number; digest: string }>,
  source: Record<string, { rows: number; digest: string }>,
): void {
  expect(restored).toEqual(source);
  for (const table of ISSUE_TABLES) expect(source[`public.${table}`]?.rows).toBeGreaterThan(0);
}

/** The only archive in `dir`: what the command printed. */
export function archiveIn(cli: Cli, dir: string): string {
  expect(cli.stderr).not.toMatch(/failed/);
  expect(cli.code).toBe(0);
  const printed = cli.stdout.trim().split('\n').at(-1)!;
  expect(path.dirname(printed)).toBe(dir);
  expect(printed).toMatch(/lamplight-backup-[\dT-]+Z\.tar\.gz$/);
  return printed;
}

/** A copy of `archive` whose manifest is changed by `edit` (a forged or a future archive). */
export async function archiveWithManifest(
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
export const archiveFromTheFuture = (archive: string, dir: string) =>
  archiveWithManifest(archive, dir, 'from-the-future', (manifest) => {
    manifest.migrations = {
      applied: manifest.migrations.applied + 1,
      latestTag: '9999_from_the_future',
      latestWhen: manifest.migrations.latestWhen + 1_000_000,
    };
  });
