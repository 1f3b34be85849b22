// Issue 25 item 4 (docs/decisions/055-notifications.md): the daily digest falls due for 1,000 readers
// — each at their own hour in their own time zone — and is scheduled and sent by two worker processes
// (`src/server/jobs/worker-main.ts`, as `npm run worker` runs it) against PostgreSQL, one of them
// killed (SIGKILL) in the middle of the send. Over real SMTP, no reader gets two digests, and every
// reader gets theirs but at most the one in decision 024's at-most-once window (a SIGKILL between the
// row's mark and the mail's closing "."), as the newsletters', the daily devotional's and the reading
// plans' two-worker tests ask. Always on the PostgreSQL server: the embedded PGlite belongs to one
// process.
import { eq, sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { notificationDigests, notifications, users } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { createUser } from '../factories';
import { waitFor } from './fixtures/helpers';
import { expectEachMailedOnce, openScratchDatabase, startTwoWorkers } from './fixtures/two-workers';

const READERS = 1000;
const KILL_AFTER = 200;
const ZONES = ['UTC', 'Asia/Tokyo', 'America/New_York', 'Europe/Oslo', 'Asia/Kolkata', 'Australia/Adelaide'];

describe('the daily digest sent by two worker processes', () => {
  it('one worker killed mid-send: each of 1,000 readers gets at most one digest, all but the window’s get theirs', async ({
    expect,
    onTestFinished,
  }) => {
    const { url, db } = await openScratchDatabase(onTestFinished);

    const actor = await createUser(db, { name: 'Faithful Follower' });
    const emails = Array.from({ length: READERS }, (_, i) => `digest-reader-${i}@example.test`);
    const ids = emails.map(() => newUuid());
    // The digest on, each at an hour of their own in a zone of their own; not due until both
    // workers run.
    await db.insert(users).values(
      emails.map((email, i) => ({
        id: ids[i]!,
        email,
        name: `Digest Reader ${i}`,
        showOnboarding: false,
        notificationDigest: true,
        digestHour: i % 24,
        digestTimeZone: ZONES[i % ZONES.length]!,
        digestDueAt: new Date(Date.now() + 86_400_000),
      })),
    );
    // One unread notification each, 25 hours old: inside the window of their last local day whose
    // hour has come (its end is within the last 24 hours, its start 48 hours before that).
    await db.insert(notifications).values(
      ids.map((userId) => ({
        id: newUuid(),
        userId,
        kind: 'follower' as const,
        actorId: actor.id,
        dedupeKey: `follow:${actor.id}:${userId}`,
        createdAt: new Date(Date.now() - 25 * 3_600_000),
      })),
    );

    // The sink answers each mail 100 ms late: one worker alone (four connections) would need 25 s,
    // longer than the other's next look (every 10 s), so both are sending when the first is killed.
    const workers = await startTwoWorkers(onTestFinished, {
      databaseUrl: url,
      killAfter: KILL_AFTER,
      delayMs: 100,
    });

    // Due now: whichever sweep looks first writes the rows (one statement), both lease and send.
    await db
      .update(users)
      .set({ digestDueAt: sql`now() - interval '1 second'` })
      .where(eq(users.notificationDigest, true));
    await waitFor(
      'every digest to be sent',
      async () => {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(notificationDigests)
          .where(eq(notificationDigests.status, 'sent'));
        return row?.n === READERS;
      },
      { timeoutMs: 180_000, intervalMs: 500 },
    );

    await expectEachMailedOnce(expect, workers, {
      subject: 'You have 1 new notification on Lamplight',
      emails,
      killAfter: KILL_AFTER,
      atMostOnceWindow: true,
    });
    // One row per reader, each sent listing one notification; each reader moved on to their next day.
    const states = await db
      .select({
        status: notificationDigests.status,
        items: notificationDigests.itemCount,
        n: sql<number>`count(*)::int`,
      })
      .from(notificationDigests)
      .groupBy(notificationDigests.status, notificationDigests.itemCount);
    expect(states).toEqual([{ status: 'sent', items: 1, n: READERS }]);
    const [notMoved] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.notificationDigest} and ${users.digestDueAt} <= now()`);
    expect(notMoved!.n).toBe(0);
  }, 300_000);
});
