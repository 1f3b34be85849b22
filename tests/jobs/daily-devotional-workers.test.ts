// The daily devotional's mail (docs/decisions/051-daily-devotional-mail.md) as it runs in production:
// two worker processes (`src/server/jobs/worker-main.ts`, as `npm run worker` runs it) on PostgreSQL,
// both running the daily sweep — which makes the day's edition once — and both sending it; one is
// killed (SIGKILL) in the middle of the send. Every subscriber of the `daily-devotional` topic gets
// exactly one mail over real SMTP, opening with the verse of the day. On the PostgreSQL server like
// newsletter-workers.test.ts: two processes cannot share the embedded PGlite.
import { eq, sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { TOPIC_DAILY_DEVOTIONAL } from '../../src/lib/topics';
import { openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import {
  newsletterDeliveries,
  newsletterEntries,
  newsletterTopicEditions,
  subscriptions,
  topics,
} from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { createPost, createPublication, setPublicationStorySet } from '../factories';
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

describe('the daily devotional with two worker processes', () => {
  it('one worker killed mid-send: the day is made once and each of 2,000 subscribers gets one mail', async ({
    expect,
    onTestFinished,
  }) => {
    const scratch = await createScratchDatabase(POSTGRES_SERVER_URL);
    onTestFinished(() => scratch.drop());
    const database = await openDatabase({ kind: 'postgres', url: scratch.url, max: 2 });
    onTestFinished(() => database.close());
    await migrateDatabase(database);
    const db = database.db;

    // Today's devotion: the one story of the devotion set curated last.
    const publication = await createPublication(db);
    const title = 'Two workers, one devotion';
    const story = await createPost(db, { author: publication.owner, publication, title });
    await setPublicationStorySet(db, { publication, kind: 'devotion', postIds: [story.id] });
    const [topic] = await db.select().from(topics).where(eq(topics.slug, TOPIC_DAILY_DEVOTIONAL));
    const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `devout-${i}@example.test`);
    await db.insert(subscriptions).values(
      emails.map((email) => ({
        id: newUuid(),
        email,
        topicId: topic!.id,
        status: 'active' as const,
        confirmToken: newUuid(),
        unsubscribeToken: newUuid(),
        confirmedAt: new Date(),
      })),
    );

    const victim: { child?: Child } = {};
    let killedAt = -1;
    // More client ports than one worker's 4 connections: both are sending, so the kill lands in the
    // middle of the victim's work. The sink answers each mail 30 ms late (one worker alone: ~15 s).
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
        NEXTAUTH_SECRET: 'daily-devotional-workers-test-secret-0123',
        SEED_DEMO: 'false',
        NODE_ENV: 'test',
        // Due from midnight (UTC): the day's mail is due whenever this test runs.
        DAILY_DEVOTIONAL_HOUR: '0',
      });
    const first = worker();
    const second = worker();
    onTestFinished(() => killChild(first));
    onTestFinished(() => killChild(second, 'SIGTERM'));
    victim.child = first;

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
    expect(killedAt).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(killedAt).toBeLessThan(SUBSCRIBERS);
    expect((await first.exited).signal).toBe('SIGKILL');
    const mails = sink.messages.filter((m) => m.subject === title);
    const perAddress = new Map<string, number>();
    for (const mail of mails) for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    expect([...perAddress].filter(([, n]) => n > 1)).toEqual([]);
    // Decision 024's at-most-once window: a SIGKILL in the microseconds between the row's mark and
    // the message's closing "." loses that one mail (marked sent, never finished). It was hit once in
    // CI for this test; more than one missing, or any twice, is a real fault.
    const missing = emails.filter((email) => !perAddress.has(email));
    if (missing.length) console.warn(`[at-most-once window] not received: ${missing.join(', ')}`);
    expect(missing.length).toBeLessThanOrEqual(1);
    expect(mails.length).toBeGreaterThanOrEqual(SUBSCRIBERS - 1);
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
