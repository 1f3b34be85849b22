// Issue 12's "Done when": one newsletter to 2,000 subscribers, sent by two worker processes
// (`src/server/jobs/worker-main.ts`, as `npm run worker` runs it) against PostgreSQL, one of them
// killed (SIGKILL) in the middle of the send — every subscriber gets exactly one mail, over real SMTP.
// Always on the PostgreSQL server (a scratch database of its own, in `npm test` too): the embedded
// PGlite belongs to one process (docs/decisions/003-jobs.md), so two worker processes cannot share it.
import { eq, sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { newsletterDeliveries, newsletterEntries, subscriptions } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { publicationTopicSlug } from '../../src/server/modules/newsletters/newsletters.table';
import { createNewsletterEntry, createPost, createPublication, createTopic } from '../factories';
import { startSmtpSink } from '../helpers/smtp-sink';
import {
  createScratchDatabase,
  killChild,
  runTs,
  POSTGRES_SERVER_URL,
  waitFor,
  type Child,
} from './fixtures/helpers';

const SUBSCRIBERS = 2000;
const KILL_AFTER = 400;

describe('newsletter sending with two worker processes', () => {
  it('one worker killed mid-send: every one of 2,000 subscribers gets exactly one mail', async ({
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
    const topic = await createTopic(db, { slug: publicationTopicSlug(publication.subdomain), publication });
    const story = await createPost(db, {
      author: publication.owner,
      publication,
      title: 'Two workers, one mail',
    });
    const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader-${i}@example.test`);
    await db.insert(subscriptions).values(
      emails.map((email) => ({
        id: newUuid(),
        email,
        topicId: topic.id,
        status: 'active' as const,
        confirmToken: newUuid(),
        unsubscribeToken: newUuid(),
        confirmedAt: new Date(),
      })),
    );

    const victim: { child?: Child } = {};
    let killedAt = -1;
    // Each worker sends over at most 4 connections: more client ports than that means both are
    // sending, so the kill lands in the middle of the victim's work, not on an idle process. The
    // sink answers each mail 30 ms late, so one worker alone would need ~15 s: both join in time.
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
        NEXTAUTH_SECRET: 'newsletter-workers-test-secret-0123456789',
        SEED_DEMO: 'false',
        NODE_ENV: 'test',
      });
    const first = worker();
    const second = worker();
    onTestFinished(() => killChild(first));
    onTestFinished(() => killChild(second, 'SIGTERM'));
    await first.waitForLine(/"component":"worker".*"msg":"running/, 60_000);
    await second.waitForLine(/"component":"worker".*"msg":"running/, 60_000);
    victim.child = first;

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

    expect(killedAt).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(killedAt).toBeLessThan(SUBSCRIBERS);
    expect((await first.exited).signal).toBe('SIGKILL');
    const mails = sink.messages.filter((m) => m.subject === 'Two workers, one mail');
    const perAddress = new Map<string, number>();
    for (const mail of mails) for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    const duplicates = [...perAddress].filter(([, n]) => n > 1);
    const missing = emails.filter((email) => !perAddress.has(email));
    expect(duplicates).toEqual([]);
    expect(missing).toEqual([]);
    expect(mails).toHaveLength(SUBSCRIBERS);
    const states = await db
      .select({ status: newsletterDeliveries.status, n: sql<number>`count(*)::int` })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.entryId, entry.newsletterId))
      .groupBy(newsletterDeliveries.status);
    expect(states).toEqual([{ status: 'sent', n: SUBSCRIBERS }]);
  }, 240_000);
});
