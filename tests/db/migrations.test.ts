// Upgrading a database that is already in use: drizzle's migrator applies only the migrations whose
// journal time is later than the newest one applied, so a migration dated before its predecessor is
// silently skipped on every existing database (0006 was, until its time was moved after 0005's).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { MIGRATIONS_FOLDER } from '../../src/server/db/migrate';
import type { UserRow } from '../../src/server/db/schema';
import { newStoryId, newUuid } from '../../src/server/lib/ids';
import { createNewsletterEntry, createPublication } from '../factories';

type Journal = { entries: { idx: number; when: number; tag: string }[] };
const journal = (): Journal =>
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;

/** A copy of the migrations folder holding only the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'lamplight-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const whole = journal();
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...whole, entries: whole.entries.slice(0, count) }),
  );
  return folder;
}

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * A published story written as an older schema takes it: only the columns 0000 had (the factories
 * write every column of today's schema, which an older database has not all got yet).
 */
async function insertOldStory(database: Database, title: string): Promise<{ id: string }> {
  const author = await insertOldUser(database);
  const id = newStoryId();
  await database.db.execute(
    sql`insert into posts (id, author_id, title, body_text, status, published_at)
        values (${id}, ${author.id}, ${title}, 'In the quiet of the morning.', 'published', now())`,
  );
  return { id };
}

/** A user as an older schema takes one: only the columns 0000 had (0017 added the notification settings). */
async function insertOldUser(database: Database): Promise<UserRow> {
  const id = newUuid();
  await database.db.execute(
    sql`insert into users (id, email, name, subdomain) values (${id}, ${`old-${id}@example.test`}, 'Old Writer', ${`old-${id.slice(0, 8)}`})`,
  );
  return { id } as UserRow;
}

describe('migrations', () => {
  const opened: Database[] = [];
  const folders: string[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const migrateWith = (database: Database, migrationsFolder: string) =>
    migrate(database.db as unknown as PgliteDatabase, { migrationsFolder });

  it('are dated in the order they are numbered, so none is skipped on an existing database', () => {
    const entries = journal().entries;
    expect(entries.map((entry) => entry.idx)).toEqual(entries.map((_, i) => i));
    for (const [i, entry] of entries.entries()) {
      if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(entries[i - 1].when);
    }
  });

  it('bring a database in use forward: each later migration runs, and search finds its stories', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    opened.push(database);
    const searchIndex = journal().entries.findIndex((entry) => entry.tag === '0006_post_search');
    expect(searchIndex).toBeGreaterThan(0);
    const before = migrationsUpTo(searchIndex);
    folders.push(before);
    await migrateWith(database, before);
    const story = await insertOldStory(database, 'Upgraded before search had its table');

    await migrateWith(database, MIGRATIONS_FOLDER);

    const applied = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied[0].n).toBe(journal().entries.length);
    const indexed = await rows<{ post_id: string }>(database, sql`select post_id from post_search`);
    expect(indexed).toEqual([{ post_id: story.id }]);
  });

  it('apply 0006 again harmlessly where it already ran under its earlier date', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    opened.push(database);
    const entries = journal().entries;
    const searchIndex = entries.findIndex((entry) => entry.tag === '0006_post_search');
    const upToSearch = migrationsUpTo(searchIndex + 1);
    folders.push(upToSearch);
    await migrateWith(database, upToSearch);
    const story = await insertOldStory(database, 'Indexed once');
    // As recorded by a database migrated while 0006 was dated before 0005.
    await database.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = 1795652015573 where created_at = ${entries[searchIndex].when}`,
    );

    await migrateWith(database, MIGRATIONS_FOLDER);

    const indexed = await rows<{ post_id: string }>(database, sql`select post_id from post_search`);
    expect(indexed).toEqual([{ post_id: story.id }]);
    const triggers = await rows<{ tgname: string }>(
      database,
      sql`select tgname from pg_trigger where tgrelid = 'posts'::regclass and tgname like 'posts_post_search_%' order by tgname`,
    );
    expect(triggers.map((row) => row.tgname)).toEqual([
      'posts_post_search_insert',
      'posts_post_search_update',
    ]);
  });

  it('0012 marks the stories newsletter entries already held', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    opened.push(database);
    const index = journal().entries.findIndex((entry) => entry.tag === '0012_post_in_newsletter');
    expect(index).toBeGreaterThan(0);
    const before = migrationsUpTo(index);
    folders.push(before);
    await migrateWith(database, before);
    const publication = await createPublication(database.db, { owner: await insertOldUser(database) });
    const held = await insertOldStory(database, 'In a newsletter already');
    const free = await insertOldStory(database, 'In no newsletter');
    await createNewsletterEntry(database.db, { publication, post: held });

    await migrateWith(database, MIGRATIONS_FOLDER);

    const marked = await rows<{ id: string; in_newsletter: boolean }>(
      database,
      sql`select id, in_newsletter from posts order by title`,
    );
    expect(marked).toEqual([
      { id: held.id, in_newsletter: true },
      { id: free.id, in_newsletter: false },
    ]);
  });
});
