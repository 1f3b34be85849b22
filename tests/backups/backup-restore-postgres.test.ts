// Issue 22 item 4 on PostgreSQL: `npm run backup` (pg_dump, while writes go on, plus what pg_dump
// does not carry: migration 0007's function cost and the database's own settings) then `npm run
// restore` into an empty database gives every table's rows as backed up, and the site starts on it.
// On the PostgreSQL server of the run (POSTGRES_SERVER_URL: this machine's, else an embedded one).
// PGlite: backup-restore-pglite.test.ts. docs/decisions/035-backup-and-restore.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { createScratchDatabase, POSTGRES_SERVER_URL } from '../jobs/fixtures/helpers';
import {
  archiveIn,
  expectSameApp,
  populate,
  postgresDigests,
  removeScratchDirs,
  runCli,
  scratchDir,
  startSite,
  stopSite,
  uploadSums,
  withClient,
  writeUploads,
} from './fixtures';

afterAll(removeScratchDirs);

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
