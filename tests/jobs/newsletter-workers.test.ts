// Issue 12's "Done when": one newsletter to 2,000 subscribers, sent by two worker processes
// (`src/server/jobs/worker-main.ts`, as `npm run worker` runs it) against PostgreSQL, one of them
// killed (SIGKILL) in the middle of the send — no subscriber gets two mails, and every one gets theirs
// but for the one mail decision 024's window may lose (a kill between the mark and the closing dot:
// printed when it happens), over real SMTP.
// Always on the PostgreSQL server (a scratch database of its own, in `npm test` too): the embedded
// PGlite belongs to one process (docs/decisions/003-jobs.md), so two worker processes cannot share it.
import { eq, sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { newsletterDeliveries, newsletterEntries } from '../../src/server/db/schema';
import { publicationTopicSlug } from '../../src/server/modules/newsletters/newsletters.table';
import { createNewsletterEntry, createPost, createPublication, createTopic } from '../factories';
import { waitFor } from './fixtures/helpers';
import {
  expectEachMailedOnce,
  insertActiveSubscribers,
  openScratchDatabase,
  startTwoWorkers,
} from './fixtures/two-workers';

const SUBSCRIBERS = 2000;
const KILL_AFTER = 400;

describe('newsletter sending with two worker processes', () => {
  it('one worker killed mid-send: each of 2,000 subscribers gets one mail, none two', async ({
    expect,
    onTestFinished,
  }) => {
    const { url, db } = await openScratchDatabase(onTestFinished);

    const publication = await createPublication(db);
    const topic = await createTopic(db, { slug: publicationTopicSlug(publication.subdomain), publication });
    const story = await createPost(db, {
      author: publication.owner,
      publication,
      title: 'Two workers, one mail',
    });
    const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader-${i}@example.test`);
    await insertActiveSubscribers(db, topic.id, emails);
    const workers = await startTwoWorkers(onTestFinished, { databaseUrl: url, killAfter: KILL_AFTER });

    // Due now: both workers' sweeps pick it up and lease their own batches of recipients.
    const entry = await createNewsletterEntry(db, {
      publication,
      post: story,
      status: 'scheduled',
      scheduledTime: new Date(Date.now() - 1000),
    });
    await waitFor(
      'the entry to be sent',
      async () => {
        const [row] = await db
          .select({ status: newsletterEntries.status })
          .from(newsletterEntries)
          .where(eq(newsletterEntries.newsletterId, entry.newsletterId));
        return row?.status === 'sent';
      },
      { timeoutMs: 150_000, intervalMs: 500 },
    );

    await expectEachMailedOnce(expect, workers, {
      subject: 'Two workers, one mail',
      emails,
      killAfter: KILL_AFTER,
      atMostOnceWindow: true,
    });
    const states = await db
      .select({ status: newsletterDeliveries.status, n: sql<number>`count(*)::int` })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.entryId, entry.newsletterId))
      .groupBy(newsletterDeliveries.status);
    expect(states).toEqual([{ status: 'sent', n: SUBSCRIBERS }]);
  }, 240_000);
});
