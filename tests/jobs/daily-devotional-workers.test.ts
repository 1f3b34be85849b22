// The daily devotional's mail (docs/decisions/051-daily-devotional-mail.md) as it runs in production:
// two worker processes (`src/server/jobs/worker-main.ts`, as `npm run worker` runs it) on PostgreSQL,
// both running the daily sweep — which makes the day's edition once — and both sending it; one is
// killed (SIGKILL) in the middle of the send. Every subscriber of the `daily-devotional` topic gets
// exactly one mail over real SMTP, opening with the verse of the day. On the PostgreSQL server like
// newsletter-workers.test.ts: two processes cannot share the embedded PGlite.
import { eq, sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { TOPIC_DAILY_DEVOTIONAL } from '../../src/lib/topics';
import {
  newsletterDeliveries,
  newsletterEntries,
  newsletterTopicEditions,
  topics,
} from '../../src/server/db/schema';
import { createPost, createPublication, setPublicationStorySet } from '../factories';
import { waitFor } from './fixtures/helpers';
import {
  expectEachMailedOnce,
  insertActiveSubscribers,
  openScratchDatabase,
  startTwoWorkers,
} from './fixtures/two-workers';

const SUBSCRIBERS = 2000;
const KILL_AFTER = 400;

describe('the daily devotional with two worker processes', () => {
  it('one worker killed mid-send: the day is made once and each of 2,000 subscribers gets one mail', async ({
    expect,
    onTestFinished,
  }) => {
    const { url, db } = await openScratchDatabase(onTestFinished);

    // Today's devotion: the one story of the devotion set curated last.
    const publication = await createPublication(db);
    const title = 'Two workers, one devotion';
    const story = await createPost(db, { author: publication.owner, publication, title });
    await setPublicationStorySet(db, { publication, kind: 'devotion', postIds: [story.id] });
    const [topic] = await db.select().from(topics).where(eq(topics.slug, TOPIC_DAILY_DEVOTIONAL));
    const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `devout-${i}@example.test`);
    await insertActiveSubscribers(db, topic!.id, emails);
    const workers = await startTwoWorkers(onTestFinished, {
      databaseUrl: url,
      killAfter: KILL_AFTER,
      // Due from midnight (UTC): the day's mail is due whenever this test runs.
      env: { DAILY_DEVOTIONAL_HOUR: '0' },
      waitForRunning: false,
    });

    // Nothing is made by the test: each worker's daily sweep runs at its start and once a minute.
    const entryId = await waitFor(
      "the day's edition",
      async () => (await db.select().from(newsletterTopicEditions))[0]?.entryId,
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    await waitFor(
      'the edition to be sent',
      async () => {
        const [row] = await db
          .select({ status: newsletterEntries.status })
          .from(newsletterEntries)
          .where(eq(newsletterEntries.newsletterId, entryId));
        return row?.status === 'sent';
      },
      { timeoutMs: 150_000, intervalMs: 500 },
    );

    expect(await db.select().from(newsletterTopicEditions)).toHaveLength(1);
    const mails = await expectEachMailedOnce(expect, workers, {
      subject: title,
      emails,
      killAfter: KILL_AFTER,
      atMostOnceWindow: true,
    });
    // The verse is added by curation's listener in the worker process too.
    expect(mails.every((m) => m.text.startsWith('Daily Devotional\n\nVerse of the day\n'))).toBe(true);
    const states = await db
      .select({ status: newsletterDeliveries.status, n: sql<number>`count(*)::int` })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.entryId, entryId))
      .groupBy(newsletterDeliveries.status);
    expect(states).toEqual([{ status: 'sent', n: SUBSCRIBERS }]);
  }, 300_000);
});
