import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import path from 'node:path';
import type { Database } from './client';

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'src/server/db/migrations');

/** Applies the committed drizzle-kit migrations; a no-op when they are already applied. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, config);
  else await migratePg(database.db as unknown as NodePgDatabase, config);
}
