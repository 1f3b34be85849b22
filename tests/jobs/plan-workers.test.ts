// Issue 24 item 5 (docs/decisions/050-reading-plans.md): a reading plan's day falls due for 1,500
// readers at once and is sent by two worker processes (`src/server/jobs/worker-main.ts`, as
// `npm run worker` runs it) against PostgreSQL, one of them killed (SIGKILL) in the middle of the
// send — every reader gets exactly one mail, over real SMTP, as issue 12's newsletter test
// (newsletter-workers.test.ts) asks of newsletters. Always on the PostgreSQL server: the embedded
// PGlite belongs to one process.
import { eq, sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { planDays, planDeliveries, planReaders, plans, subscriptions } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { createPost, createPublication, createTopic } from '../factories';
import { startSmtpSink } from '../helpers/smtp-sink';
import {
  createScratchDatabase,
  killChild,
  runTs,
  POSTGRES_SERVER_URL,
  waitFor,
  type Child,
} from './fixtures/helpers';

const READERS = 1500;
const KILL_AFTER = 300;

describe('reading plan days sent by two worker processes', () => {
  it('one worker killed mid-send: every one of 1,500 readers gets day 1 exactly once', async ({
    expect,
    onTestFinished,
  }) => {
    const scratch = await createScratchDatabase(POSTGRES_SERVER_URL);
    onTestFinished(() => scratch.drop());
    const database = await openDatabase({ kind: 'postgres', url: scratch.url, max: 2 });
    onTestFinished(() => database.close());
    await migrateDatabase(database);
    const db = database.db;

    const publication = await createPublication(db);
    const story = await createPost(db, {
      author: publication.owner,
      publication,
      title: 'Two workers, one day',
    });
    const second = await createPost(db, { author: publication.owner, publication });
    const planId = newUuid();
    const topic = await createTopic(db, { slug: `plan-${planId}`, name: 'Reading plan: Workers' });
    await db
      .insert(plans)
      .values({ id: planId, publicationId: publication.id, topicId: topic.id, title: 'Workers' });
    await db.insert(planDays).values([
      { planId, day: 1, postId: story.id },
      { planId, day: 2, postId: second.id },
    ]);
    const emails = Array.from({ length: READERS }, (_, i) => `plan-reader-${i}@example.test`);
    const subscriptionIds = emails.map(() => newUuid());
    await db.insert(subscriptions).values(
      emails.map((email, i) => ({
        id: subscriptionIds[i]!,
        email,
        topicId: topic.id,
        status: 'active' as const,
        confirmToken: newUuid(),
        unsubscribeToken: newUuid(),
        confirmedAt: new Date(),
      })),
    );
    // Started, their first day not yet due: made due once both workers run.
    await db.insert(planReaders).values(
      emails.map((email, i) => ({
        id: newUuid(),
        planId,
        subscriptionId: subscriptionIds[i]!,
        email,
        timeZone: 'UTC',
        sendAt: '07:00',
        status: 'active' as const,
        startedAt: new Date(),
        // Day 2 falls on tomorrow's date: only day 1 is due in this test.
        startDate: new Date().toISOString().slice(0, 10),
        nextDay: 1,
        nextDueAt: null,
      })),
    );

    const victim: { child?: Child } = {};
    let killedAt = -1;
    // Each worker sends over at most 4 connections: more client ports than that means both are
    // sending, so the kill lands in the middle of the victim's work. The sink answers each mail 30 ms
    // late, so one worker alone would need ~11 s: both join in time.
    const ports = new Set<number>();
    const sink = await startSmtpSink({
      delayMs: 30,
      onMessage: (mail) => {
        if (mail.remotePort) ports.add(mail.remotePort);
        if (killedAt < 0 && ports.size > 4 && sink.messages.length >= KILL_AFTER && victim.child) {
          killedAt = sink.messages.length;
          victim.child.process.kill('SIGKILL');
        }
      },
    });
    onTestFinished(() => sink.close());

    const worker = () =>
      runTs('src/server/jobs/worker-main.ts', {
        DATABASE_URL: scratch.url,
        SMTP_URL: sink.url,
        NEXTAUTH_SECRET: 'plan-workers-test-secret-0123456789',
        SEED_DEMO: 'false',
        NODE_ENV: 'test',
      });
    const first = worker();
    const secondWorker = worker();
    onTestFinished(() => killChild(first));
    onTestFinished(() => killChild(secondWorker, 'SIGTERM'));
    await first.waitForLine(/"component":"worker".*"msg":"running/, 60_000);
    await secondWorker.waitForLine(/"component":"worker".*"msg":"running/, 60_000);
    victim.child = first;

    // Due now: both workers' sweeps write the day's delivery rows once and lease their own batches.
    await db
      .update(planReaders)
      .set({ nextDueAt: sql`now() - interval '1 second'` })
      .where(eq(planReaders.planId, planId));
    const subject = `Day 1 of 2: Two workers, one day (Workers)`;
    await waitFor(
      'every day 1 to be sent',
      async () => {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(planDeliveries)
          .where(eq(planDeliveries.status, 'sent'));
        return row?.n === READERS;
      },
      { timeoutMs: 150_000, intervalMs: 500 },
    );

    expect(killedAt).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(killedAt).toBeLessThan(READERS);
    expect((await first.exited).signal).toBe('SIGKILL');
    const mails = sink.messages.filter((m) => m.subject === subject);
    const perAddress = new Map<string, number>();
    for (const mail of mails) for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    expect([...perAddress].filter(([, n]) => n > 1)).toEqual([]);
    // Decision 024's at-most-once window: a SIGKILL in the microseconds between the row's mark and
    // the message's closing "." loses that one mail (marked sent, never finished). It was hit once in
    // CI for this test; more than one missing, or any twice, is a real fault.
    const missing = emails.filter((email) => !perAddress.has(email));
    if (missing.length) console.warn(`[at-most-once window] not received: ${missing.join(', ')}`);
    expect(missing.length).toBeLessThanOrEqual(1);
    expect(mails.length).toBeGreaterThanOrEqual(READERS - 1);
    const states = await db
      .select({ day: planDeliveries.day, status: planDeliveries.status, n: sql<number>`count(*)::int` })
      .from(planDeliveries)
      .groupBy(planDeliveries.day, planDeliveries.status);
    expect(states).toEqual([{ day: 1, status: 'sent', n: READERS }]);
    // Every reader's next day is due on the next local date, at their time.
    const next = await db
      .select({ day: planReaders.nextDay, n: sql<number>`count(*)::int` })
      .from(planReaders)
      .groupBy(planReaders.nextDay);
    expect(next).toEqual([{ day: 2, n: READERS }]);
  }, 240_000);
});
