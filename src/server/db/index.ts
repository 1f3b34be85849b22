import { env } from '../lib/env';
import path from 'node:path';
import { openDatabase, type Database, type Db } from './client';
import { migrateDatabase } from './migrate';

export type { Db, Database };

// One database per process, kept on globalThis so Next's module reloading and its separate
// bundles (route handlers, pages, instrumentation) all share the same connection.
const holder = globalThis as unknown as { __lamplightDb?: Promise<Database> };

export function getDatabase(): Promise<Database> {
  holder.__lamplightDb ??= (async () => {
    const database = env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') });
    await migrateDatabase(database);
    return database;
  })();
  return holder.__lamplightDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Tests point the process at their own database (a clone of a migrated PGlite, or a scratch PostgreSQL). */
export function setProcessDatabase(database: Database): void {
  holder.__lamplightDb = Promise.resolve(database);
}
