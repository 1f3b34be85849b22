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

  it('0019 folds the unread followers, responses and replies of one subject into its newest row, keeping every key', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    opened.push(database);
    const index = journal().entries.findIndex((entry) => entry.tag === '0019_grouped_notifications');
    expect(index).toBeGreaterThan(0);
    const before = migrationsUpTo(index);
    folders.push(before);
    await migrateWith(database, before);
    // Written as 0018 took them: only the columns the rows had then (the factories write today's).
    const [writer, reader, named, a, b, c] = [
      await insertOldUser(database),
      await insertOldUser(database),
      await insertOldUser(database),
      await insertOldUser(database),
      await insertOldUser(database),
      await insertOldUser(database),
    ];
    const story = await insertOldStory(database, 'Responded to');
    const respond = async (author: UserRow, parent?: { id: string }) => {
      const id = newUuid();
      await database.db.execute(
        sql`insert into responses (id, post_id, author_id, parent_id, text)
            values (${id}, ${story.id}, ${author.id}, ${parent?.id ?? null}, 'Praying with you.')`,
      );
      return { id };
    };
    const first = await respond(a!);
    const second = await respond(b!);
    const parent = await respond(reader!);
    const replyA = await respond(a!, parent);
    const replyB = await respond(b!, parent);
    const t = (minutes: number) => new Date(Date.UTC(2026, 0, 10, 12, minutes)).toISOString();
    const ids: Record<string, string> = {};
    const notify = async (
      name: string,
      row: {
        user: UserRow;
        kind: string;
        actor: UserRow | null;
        at: string;
        response?: { id: string };
        read?: boolean;
      },
    ) => {
      ids[name] = newUuid();
      await database.db.execute(
        sql`insert into notifications (id, user_id, kind, actor_id, post_id, response_id, dedupe_key, created_at, read_at)
            values (${ids[name]}, ${row.user.id}, ${row.kind}, ${row.actor?.id ?? null},
                    ${row.kind === 'follower' ? null : story.id}, ${row.response?.id ?? null}, ${`key:${name}`},
                    ${row.at}::timestamptz, ${row.read ? row.at : null}::timestamptz)`,
      );
    };
    await notify('followC', { user: writer!, kind: 'follower', actor: c!, at: t(0), read: true });
    await notify('followA', { user: writer!, kind: 'follower', actor: a!, at: t(1) });
    await notify('followGone', { user: writer!, kind: 'follower', actor: null, at: t(2) });
    await notify('followB', { user: writer!, kind: 'follower', actor: b!, at: t(3) });
    await notify('followAagain', { user: writer!, kind: 'follower', actor: a!, at: t(4) });
    await notify('responseA', { user: writer!, kind: 'response', actor: a!, at: t(5), response: first });
    await notify('responseB', { user: writer!, kind: 'response', actor: b!, at: t(6), response: second });
    await notify('replyA', { user: reader!, kind: 'reply', actor: a!, at: t(7), response: replyA });
    await notify('replyB', { user: reader!, kind: 'reply', actor: b!, at: t(8), response: replyB });
    await notify('mentionA', { user: named!, kind: 'mention', actor: a!, at: t(9), response: first });
    await notify('mentionB', { user: named!, kind: 'mention', actor: b!, at: t(10), response: second });

    await migrateWith(database, MIGRATIONS_FOLDER);

    type Row = {
      id: string;
      kind: string;
      actor_ids: string[] | string;
      actor_count: number;
      event_count: number;
      response_id: string | null;
      parent_response_id: string | null;
      group_subject: string | null;
      read: boolean;
    };
    const after = await rows<Row>(
      database,
      sql`select id, kind, actor_ids::text[] as actor_ids, actor_count, event_count, response_id,
                 parent_response_id, group_subject, read_at is not null as read
            from notifications order by created_at, id`,
    );
    const list = (value: string[] | string) =>
      Array.isArray(value)
        ? value
        : value
            .replace(/^\{|\}$/g, '')
            .split(',')
            .filter(Boolean);
    expect(after.map((row) => ({ ...row, actor_ids: list(row.actor_ids) }))).toEqual([
      // Read: left as it was, its actor listed.
      {
        id: ids.followC,
        kind: 'follower',
        actor_ids: [c!.id],
        actor_count: 1,
        event_count: 1,
        response_id: null,
        parent_response_id: null,
        group_subject: writer!.id,
        read: true,
      },
      // Four follows, three people (A twice; the one since deleted counted as one more), in the newest row.
      {
        id: ids.followAagain,
        kind: 'follower',
        actor_ids: [a!.id, b!.id],
        actor_count: 3,
        event_count: 4,
        response_id: null,
        parent_response_id: null,
        group_subject: writer!.id,
        read: false,
      },
      {
        id: ids.responseB,
        kind: 'response',
        actor_ids: [b!.id, a!.id],
        actor_count: 2,
        event_count: 2,
        response_id: second.id,
        parent_response_id: null,
        group_subject: story.id,
        read: false,
      },
      {
        id: ids.replyB,
        kind: 'reply',
        actor_ids: [b!.id, a!.id],
        actor_count: 2,
        event_count: 2,
        response_id: replyB.id,
        parent_response_id: parent.id,
        group_subject: parent.id,
        read: false,
      },
      // Mentions are never grouped.
      ...['mentionA', 'mentionB'].map((name, i) => ({
        id: ids[name],
        kind: 'mention',
        actor_ids: [[a!.id, b!.id][i]],
        actor_count: 1,
        event_count: 1,
        response_id: [first.id, second.id][i],
        parent_response_id: null,
        group_subject: null,
        read: false,
      })),
    ]);
    // Every key is kept, those of the rows folded away too: the events they stood for add nothing again.
    const keys = await rows<{ dedupe_key: string }>(
      database,
      sql`select dedupe_key from notification_dedupe_keys order by dedupe_key`,
    );
    expect(keys.map((row) => row.dedupe_key)).toEqual(
      Object.keys(ids)
        .map((name) => `key:${name}`)
        .sort(),
    );
    // One unread group per subject from now on.
    const refused = await database.db
      .execute(
        sql`insert into notifications (id, user_id, kind, actor_id, dedupe_key, group_subject)
            values (${newUuid()}, ${writer!.id}, 'follower', ${c!.id}, 'key:another', ${writer!.id})`,
      )
      .then(
        () => null,
        (error: { cause?: { message?: string } }) => error,
      );
    expect(refused?.cause?.message).toMatch(/notifications_unread_group_key/);
  });
});
