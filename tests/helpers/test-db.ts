import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { setProcessDatabase } from '../../src/server/db';
import { withDatabase } from './global-setup';

// Cleanups of the databases this test file made. Registered at import time, so it belongs to the
// file's root suite and runs even when useTestDatabase() was called inside a beforeAll.
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A fresh migrated database for this test file, made the process's database (what getDb() returns),
 * and closed (PostgreSQL: dropped) after the file.
 */
export async function useTestDatabase(): Promise<Database> {
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
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
  } else {
    const file = inject('pgliteTemplate');
    if (!file) throw new Error('No migrated template: is tests/helpers/global-setup.ts configured?');
    database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(file)]) });
    cleanups.push(() => database.close());
  }
  setProcessDatabase(database);
  return database;
}
