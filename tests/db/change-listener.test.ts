// Change notices across processes on a PostgreSQL server (docs/decisions/032-change-notices.md):
// each process keeps the hot freshness reads until a notice arrives over its own listening
// connection, counts its own writes at once, and keeps nothing while that connection is down.
// Two opened databases on one server stand for two processes (the cluster test runs real ones).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../../src/server/db/change-listener';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { startRuntime, stopRuntime } from '../../src/server/runtime';
import { findActorRowById } from '../../src/server/modules/users/users.repository';
import { createUser } from '../factories';
import { createScratchDatabase, POSTGRES_SERVER_URL, waitFor } from '../jobs/fixtures/helpers';

describe('change notices between processes on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let writer: Database; // "process A": changes things
  let reader: Database; // "process B": this test process's runtime, whose reads are kept

  beforeAll(async () => {
    await stopRuntime();
    scratch = await createScratchDatabase(POSTGRES_SERVER_URL);
    // The writer does not listen: the reader's listening connection is then the only one to find.
    writer = await openDatabase({ kind: 'postgres', url: scratch.url, max: 2, changeNotices: false });
    await migrateDatabase(writer);
    reader = await openDatabase({ kind: 'postgres', url: scratch.url, max: 2 });
    await startRuntime({ database: reader });
  });
  afterAll(async () => {
    await stopRuntime();
    await writer?.close();
    await scratch?.drop();
  });

  /** Until no notice has arrived for a while: the notices of the set-up's own writes are all in. */
  const quiet = () =>
    waitFor('the notices to stop', async () => {
      const heard = reader.changes!.heard;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return reader.changes!.listening && reader.changes!.heard === heard;
    });

  const setStatus = (database: Database, id: string, status: string) =>
    database.db.execute(sql`update users set status = ${status} where id = ${id}::uuid`);

  it("counts its own write before the write's caller resumes", async () => {
    const user = await createUser(writer.db);
    const first = await findActorRowById(user.id);
    const before = reader.changes!.heard;
    await setStatus(reader, user.id, 'banned');
    expect(reader.changes!.heard).toBeGreaterThan(before);
    expect(first).toMatchObject({ status: 'active' });
    expect(await findActorRowById(user.id)).toMatchObject({ status: 'banned' });
  });

  it("keeps an answer until another process's change is heard, then reads the change", async () => {
    const user = await createUser(writer.db);
    await quiet();
    const first = await findActorRowById(user.id);
    expect(first).toMatchObject({ id: user.id, status: 'active' });
    expect(await findActorRowById(user.id)).toBe(first); // kept: the database was not asked

    const heard = reader.changes!.heard;
    await setStatus(writer, user.id, 'banned');
    await waitFor("the other process's notice", () => reader.changes!.heard > heard, {
      timeoutMs: 5_000,
      intervalMs: 5,
    });
    expect(await findActorRowById(user.id)).toMatchObject({ status: 'banned' });
  });

  it("reads another process's change at once after its commit, before the notice could travel", async () => {
    // The cluster's "next request": the writer's answer, then at once a read in the other process.
    // The notice leaves the listening backend on its own time; without waiting for it to be caught
    // up, the kept answer from before the commit would be served (the 30-minute soak saw it).
    const user = await createUser(writer.db);
    await quiet();
    let stale = 0;
    for (let i = 0; i < 200; i++) {
      const status = i % 2 ? 'active' : 'banned';
      await findActorRowById(user.id); // kept
      await setStatus(writer, user.id, status);
      if ((await findActorRowById(user.id))?.status !== status) stale += 1;
    }
    expect(stale).toBe(0);
  });

  it('a change rolled back in another process tells nothing', async () => {
    const user = await createUser(writer.db);
    await quiet();
    const first = await findActorRowById(user.id);
    const heard = reader.changes!.heard;
    await writer.db
      .transaction(async (tx) => {
        await tx.execute(sql`update users set status = 'banned' where id = ${user.id}::uuid`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reader.changes!.heard).toBe(heard);
    expect(await findActorRowById(user.id)).toBe(first);
  });

  it('keeps nothing while its listening connection is down, and listens again', async () => {
    const user = await createUser(writer.db);
    await waitFor('the listener to be up', () => reader.changes?.listening);
    const admin = new pg.Client({ connectionString: POSTGRES_SERVER_URL });
    await admin.connect();
    try {
      const ended = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2`,
        [new URL(scratch.url).pathname.slice(1), LISTENER_APPLICATION_NAME],
      );
      expect(ended.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await waitFor('the loss to be noticed', () => !reader.changes!.listening, { intervalMs: 5 });

    // Down: every read asks the database, so a change nobody could hear is still seen.
    const first = await findActorRowById(user.id);
    expect(await findActorRowById(user.id)).not.toBe(first);
    await setStatus(writer, user.id, 'banned');
    expect(await findActorRowById(user.id)).toMatchObject({ status: 'banned' });

    await waitFor('the listener to be back', () => reader.changes!.listening, { timeoutMs: 10_000 });
    await quiet();
    const kept = await findActorRowById(user.id);
    expect(await findActorRowById(user.id)).toBe(kept);
  });
});
