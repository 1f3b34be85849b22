// The prepared-statement helper behind the per-request queries (the session's actor, the story
// page's fingerprint), on PGlite (PREPARE/EXECUTE with literals) and PostgreSQL (named statements).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { preparedQuery } from '../../src/server/db/prepared';
import type { Database } from '../../src/server/db';
import { createUser } from '../factories';
import { useTestDatabase } from '../helpers/test-db';

describe('preparedQuery', () => {
  let database: Database;
  beforeAll(async () => {
    database = await useTestDatabase();
  });

  it('passes text through untouched, quotes and SQL included', async () => {
    const userTable = async () => {
      const result = (await database.db.execute(
        sql`select to_regclass('users')::text as name, (select count(*)::int from users) as n`,
      )) as unknown as { rows: { name: string | null; n: number }[] };
      return result.rows[0];
    };
    await createUser(database.db, { name: 'Still Here' });
    const before = await userTable();
    const echo = preparedQuery<{ v: string }>('lamplight_test_echo', 'select $1 as v, $2 as w', 2);
    for (const value of ["O'Brien", "x'); drop table users; --", '\\', '', '漢字 ✝']) {
      expect(await echo(value, 'second')).toEqual([{ v: value, w: 'second' }]);
    }
    // The injection attempt ran nothing: the users table is still there, with the same rows.
    expect(before).toMatchObject({ name: 'users', n: expect.any(Number) });
    expect(before.n).toBeGreaterThan(0);
    expect(await userTable()).toEqual(before);
  });

  it('prepares once when many first calls arrive together', async () => {
    const square = preparedQuery<{ n: number }>(
      'lamplight_test_square',
      'select ($1::int * $1::int) as n',
      1,
    );
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => square(String(i))));
    expect(answers.map(([row]) => row.n)).toEqual(Array.from({ length: 20 }, (_, i) => i * i));
  });

  it('prepares again after the statement was deallocated', async () => {
    const one = preparedQuery<{ n: number }>('lamplight_test_one', 'select 1 as n', 0);
    expect(await one()).toEqual([{ n: 1 }]);
    if (database.kind === 'pglite') await database.pglite!.exec('deallocate all');
    expect(await one()).toEqual([{ n: 1 }]);
  });

  it('takes a statement another copy of this module prepared already (Next loads it per bundle)', async () => {
    if (database.kind === 'pglite')
      await database.pglite!.exec('prepare lamplight_test_shared as select 2 as n');
    const shared = preparedQuery<{ n: number }>('lamplight_test_shared', 'select 2 as n', 0);
    expect(await shared()).toEqual([{ n: 2 }]);
  });

  it('reports a bad parameter as an error and keeps working', async () => {
    const byId = preparedQuery<{ id: string }>(
      'lamplight_test_uuid',
      'select id from users where id = $1::uuid',
      1,
    );
    await expect(byId('not-a-uuid')).rejects.toThrow(/uuid/i);
    expect(await byId('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });
});

describe('the PostgreSQL connections', () => {
  let database: Database;
  beforeAll(async () => {
    database = await useTestDatabase();
  });

  const settingsOf = async (opened: Database) => {
    const result = (await opened.db.execute(
      sql`select current_setting('jit') as jit, current_setting('statement_timeout') as timeout,
                 pg_backend_pid() as pid, pg_sleep(0.05)::text`,
    )) as unknown as { rows: { jit: string; timeout: string; pid: number }[] };
    return result.rows[0];
  };

  // Decision 062: a keyset page's cost estimate passes jit_above_cost, and JIT compiled it anew on
  // every execution. PGlite has no JIT.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'compile no statement with JIT, on every pooled connection',
    async () => {
      const settings = await Promise.all(Array.from({ length: 8 }, () => settingsOf(database)));
      expect(new Set(settings.map((row) => row.pid)).size).toBeGreaterThan(1);
      expect(settings.map((row) => row.jit)).toEqual(Array(8).fill('off'));
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)('keep the startup options the URL names', async () => {
    const url = new URL(database.url!);
    url.searchParams.set('options', '-c statement_timeout=12345');
    const opened = await openDatabase({ kind: 'postgres', url: url.toString(), changeNotices: false });
    try {
      expect(await settingsOf(opened)).toMatchObject({ jit: 'off', timeout: '12345ms' });
    } finally {
      await opened.close();
    }
  });
});
