import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postRestoreSql } from '../../src/server/modules/backups/backups.post-restore';
import { useTestDatabase } from '../helpers/test-db';

// The post-restore script of a PostgreSQL backup is valid SQL that does what it says, on the
// database of this run (PGlite, or PostgreSQL with TEST_DATABASE_URL). decision 035.

describe('post-restore.sql on a real database', () => {
  it('sets the function cost and the database settings', async () => {
    const database = await useTestDatabase();
    const script = postRestoreSql({
      functionCosts: [{ signature: 'pg_catalog.ts_match_vq(tsvector, tsquery)', cost: 42 }],
      databaseSettings: ['work_mem=8MB', 'search_path="$user", public', "application_name=it's $v$"],
    });
    const query = async (text: string): Promise<Record<string, unknown>[]> => {
      if (database.pglite) return (await database.pglite.query<Record<string, unknown>>(text)).rows;
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(text)).rows;
      } finally {
        await client.end();
      }
    };
    if (database.pglite) await database.pglite.exec(script);
    else await query(script);

    const [cost] = await query(
      `select procost::float8 as cost from pg_proc where oid = 'pg_catalog.ts_match_vq(tsvector, tsquery)'::regprocedure`,
    );
    expect(Number(cost.cost)).toBe(42);
    const [settings] = await query(
      `select setconfig from pg_db_role_setting
        where setrole = 0 and setdatabase = (select oid from pg_database where datname = current_database())`,
    );
    expect(settings.setconfig).toEqual(
      expect.arrayContaining(['work_mem=8MB', 'search_path="$user", public', "application_name=it's $v$"]),
    );
  });
});
