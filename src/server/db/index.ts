import path from 'node:path';
import { env } from '../lib/env';
import { processSlot } from '../lib/process-slot';
import { openDatabase, type Database, type Db } from './client';
import { migrateDatabase } from './migrate';

export type { Db, Database };

// The process's database is the runtime's (src/server/runtime.ts): one per process, opened by
// startRuntime() and closed by stopRuntime(), which fill and empty this slot. Repositories ask here.
const databaseSlot = processSlot<Promise<Database>>('database');

const NOT_STARTED =
  'The Lamplight runtime is not started in this process: call startRuntime() first ' +
  '(src/instrumentation.ts, the worker and the test helpers do).';

/** The process's database (available while the rest of the runtime is still starting). */
export function getDatabase(): Promise<Database> {
  return databaseSlot.get() ?? Promise.reject(new Error(NOT_STARTED));
}

/** The runtime's: the database this process uses from now on (undefined: none). */
export const setProcessDatabase = (database: Promise<Database> | undefined): void =>
  databaseSlot.set(database);
/** The runtime's: the database promise in the slot, to compare before emptying it. */
export const processDatabase = (): Promise<Database> | undefined => databaseSlot.get();

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Opens the configured database (DATABASE_URL, else PGlite in DATA_DIR/db) and migrates it. */
export async function openConfiguredDatabase(): Promise<Database> {
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') });
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
