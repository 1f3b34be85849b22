import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { startRuntime, stopRuntime, type RuntimeOptions } from '../../src/server/runtime';
import { withDatabase } from './global-setup';

// Cleanups of the databases this test file made. Registered at import time, so it belongs to the
// file's root suite and runs even when useTestDatabase() was called inside a beforeAll.
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A fresh migrated database for this test file, the database of the process's runtime (what
 * getDb() returns; `jobs` as startRuntime takes them, none by default), closed with the runtime
 * (PostgreSQL: dropped) after the file or when the next one is made.
 */
export async function useTestDatabase(options: Pick<RuntimeOptions, 'jobs'> = {}): Promise<Database> {
  await stopRuntime();
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  let database: Database;
  if (url && template) {
    const name = `lamplight_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), max: 5 });
    cleanups.push(async () => {
      await stopRuntime();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
  } else {
    const file = inject('pgliteTemplate');
    if (!file) throw new Error('No migrated template: is tests/helpers/global-setup.ts configured?');
    database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(file)]) });
    cleanups.push(stopRuntime);
  }
  await startRuntime({ ...options, database });
  return database;
}
