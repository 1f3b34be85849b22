import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './client';
import { MIGRATIONS_FOLDER } from './migrate';

// Which committed migrations the database has not applied, for GET /readyz
// (docs/decisions/033-health-and-shutdown.md). Drizzle's migrator records each applied migration in
// drizzle.__drizzle_migrations with its journal entry's `when` as created_at, so the comparison is
// by that stamp, as the migrator's own is. Migrations the database has and this code does not know
// (a newer release migrated it during a rolling deploy) are not a failure: they are additive.

export type JournalEntry = { when: number; tag: string };

// The folder does not change while the process runs: read its journal once.
const journals = new Map<string, JournalEntry[]>();

/** The migrations committed in `folder` (its journal), in order. */
export function committedMigrations(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  let entries = journals.get(folder);
  if (!entries) {
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    };
    entries = journal.entries.map(({ when, tag }) => ({ when, tag }));
    journals.set(folder, entries);
  }
  return entries;
}

// Postgres's codes for "no such table" and "no such schema": a database never migrated.
const NOT_MIGRATED_CODES = new Set(['42P01', '3F000']);

/**
 * The tags of the committed migrations (in `folder`) that `database` has not applied, in order;
 * empty when it is up to date. One query; it throws when the database cannot be reached.
 */
export async function pendingMigrations(database: Database, folder = MIGRATIONS_FOLDER): Promise<string[]> {
  const committed = committedMigrations(folder);
  let applied: Set<number>;
  try {
    const result = (await database.db.execute(
      sql`SELECT created_at FROM drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { created_at: string | number | bigint }[] };
    applied = new Set(result.rows.map((row) => Number(row.created_at)));
  } catch (error) {
    if (!NOT_MIGRATED_CODES.has(errorCode(error))) throw error;
    applied = new Set();
  }
  return committed.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag);
}

/** The SQLSTATE of a driver's error (node-postgres and PGlite put it on `code`; Drizzle on `cause`). */
function errorCode(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}
