import path from 'node:path';
import { env } from '../lib/env';
import { getDatabase } from '../runtime-registry';
import { openDatabase, type Database, type Db } from './client';
import { migrateDatabase } from './migrate';

export type { Db, Database };

// The process's database is the runtime's (src/server/runtime.ts): one per process, opened by
// startRuntime() and closed by stopRuntime(). Repositories ask for it here.
export { getDatabase };

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
