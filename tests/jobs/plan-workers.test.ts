// Issue 24 item 5 (docs/decisions/050-reading-plans.md): a reading plan's day falls due for 1,500
// readers at once and is sent by two worker processes (`src/server/jobs/worker-main.ts`, as
// `npm run worker` runs it) against PostgreSQL, one of them killed (SIGKILL) in the middle of the
// send — every reader gets exactly one mail, over real SMTP, as issue 12's newsletter test
// (newsletter-workers.test.ts) asks of newsletters. Always on the PostgreSQL server: the embedded
// PGlite belongs to one process.
import { eq, sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { planDays, planDeliveries, planReaders, plans } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { createPost, createPublication, createTopic } from '../factories';
import { waitFor } from './fixtures/helpers';
import {
  expectEachMailedOnce,
  insertActiveSubscribers,
  openScratchDatabase,
  startTwoWorkers,
} from './fixtures/two-workers';

const READERS = 1500;
const KILL_AFTER = 300;

describe('reading plan days sent by two worker processes', () => {
  it('one worker killed mid-send: every one of 1,500 readers gets day 1 exactly once', async ({
    expect,
    onTestFinished,
  }) => {
    const { url, db } = await openScratchDatabase(onTestFinished);

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
    const subscriptionIds = await insertActiveSubscribers(db, topic.id, emails);
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

    const workers = await startTwoWorkers(onTestFinished, { databaseUrl: url, killAfter: KILL_AFTER });

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

    await expectEachMailedOnce(expect, workers, {
      subject,
      emails,
      killAfter: KILL_AFTER,
      atMostOnceWindow: true,
    });
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
