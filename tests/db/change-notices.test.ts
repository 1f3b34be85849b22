// Change notices (migration 0013, docs/decisions/032-change-notices.md): the hot freshness reads
// keep their answer until a change commits; every table they read must notify. Between processes on
// PostgreSQL: change-listener.test.ts.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db';
import { keptUntilChangeStatements } from '../../src/server/db/prepared';
import { findActorRowById } from '../../src/server/modules/users/users.repository';
// Imported for the queries they keep until a change (each registers its own).
import '../../src/server/modules/posts/posts-page.repository';
import '../../src/server/modules/page-cache/publication-page.repository';
import '../../src/server/modules/page-cache/site-version.repository';
import { createUser } from '../factories';
import { useTestDatabase } from '../helpers/test-db';

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('change notices', () => {
  let database: Database;
  beforeAll(async () => {
    database = await useTestDatabase();
  });

  it('keeps only queries whose every table sends change notices', async () => {
    const notifying = new Set(
      (
        await rows<{ table: string }>(
          database,
          sql`select distinct event_object_table as table from information_schema.triggers
              where action_statement like '%notify_change%'`,
        )
      ).map((row) => row.table),
    );
    expect([...notifying].sort()).toEqual(
      [
        'posts',
        'publication_page_versions',
        'publications',
        'site_page_version',
        // The story page's fingerprint reads its responses' version (decision 053).
        'story_response_versions',
        'users',
      ].sort(),
    );
    // The actor, the story page's fingerprint, the publication page's (by id and by subdomain), the site's version.
    expect(keptUntilChangeStatements.size).toBeGreaterThanOrEqual(5);
    for (const [name, text] of keptUntilChangeStatements) {
      const tables = [...text().matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/gi)].map((match) => match[1]);
      expect(tables.length, name).toBeGreaterThan(0);
      for (const table of tables) expect(notifying, `${name} reads ${table}`).toContain(table);
    }
  });

  it('serves a kept answer until a change commits, then the changed row', async () => {
    const user = await createUser(database.db);
    const first = await findActorRowById(user.id);
    expect(first).toMatchObject({ id: user.id, status: 'active' });
    // The second read is the kept answer itself: the database was not asked.
    expect(database.changes?.listening).toBe(true);
    expect(await findActorRowById(user.id)).toBe(first);

    // A change rolled back tells nothing: the answer stays.
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update users set status = 'banned' where id = ${user.id}::uuid`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await findActorRowById(user.id)).toMatchObject({ status: 'active' });

    // A committed change, made by any statement at all, is seen by the very next read.
    await database.db.execute(sql`update users set status = 'banned' where id = ${user.id}::uuid`);
    expect(await findActorRowById(user.id)).toMatchObject({ status: 'banned' });
    await database.db.execute(sql`update users set status = 'active' where id = ${user.id}::uuid`);
    expect(await findActorRowById(user.id)).toMatchObject({ status: 'active' });
  });
});
