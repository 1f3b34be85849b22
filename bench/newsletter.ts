// `npm run bench` (issue 12): one newsletter to 10,000 subscribers, delivered over SMTP to a local
// sink (the `smtp-server` package, in this process) by two senders working side by side, as two worker
// processes would. Prints the seconds, mails per second, duplicates and missing addresses (target:
// ≤ 30 s, 0 duplicates, 0 missing). On a scratch database of its own: an in-memory PGlite, or with
// --postgres a throw-away database on the PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import {
  collections,
  newsletterEntries,
  posts,
  publicationMembers,
  publications,
  subscriptions,
  topics,
  users,
} from '../src/server/db/schema';
import { newStoryId, newUuid } from '../src/server/lib/ids';
import { mailTransport, smtpTransport, setMailTransport } from '../src/server/lib/mail';
import { sendDueNewsletters } from '../src/server/modules/newsletters/newsletters-sender.service';
import { startRuntime, stopRuntime } from '../src/server/runtime';
import { startSmtpSink } from '../tests/helpers/smtp-sink';

export const NEWSLETTER_SUBSCRIBERS = 10_000;
const SENDERS = 2;

export type NewsletterResult = {
  subscribers: number;
  seconds: number;
  mailsPerSecond: number;
  duplicates: number;
  missing: number;
};

async function scratchDatabase(
  postgresUrl: string | undefined,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!postgresUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, drop: async () => {} };
  }
  const name = `lamplight_bench_newsletter_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 12 });
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A publication with its topic, a published story, 10,000 active subscribers and the entry, due now. */
async function seedNewsletter(
  database: Database,
): Promise<{ entryId: string; title: string; emails: string[] }> {
  const db = database.db;
  const ownerId = newUuid();
  await db.insert(users).values({ id: ownerId, email: `owner-${ownerId}@bench.test`, name: 'Bench Owner' });
  const publicationId = newUuid();
  await db.insert(publications).values({
    id: publicationId,
    name: 'Bench Letters',
    subdomain: `bench-letters-${publicationId.slice(0, 8)}`,
    ownerId,
    hasNewsletters: true,
  });
  await db.insert(publicationMembers).values({ publicationId, userId: ownerId, role: 'publication_owner' });
  const collectionId = newUuid();
  await db.insert(collections).values({ id: collectionId, publicationId, name: 'Bench' });
  const topicId = newUuid();
  await db
    .insert(topics)
    .values({ id: topicId, slug: `publication-bench-${topicId.slice(0, 8)}`, name: 'Bench', publicationId });
  const postId = newStoryId();
  const title = 'Ten thousand mornings';
  const paragraph =
    '<p>Great is thy faithfulness; His mercies are new every morning. <a href="https://example.org/lamentations">Lamentations 3</a></p>';
  await db.insert(posts).values({
    id: postId,
    authorId: ownerId,
    title,
    slug: 'ten-thousand-mornings',
    excerpt: 'New every morning.',
    status: 'published',
    publishedAt: new Date(),
    publicationId,
    collectionId,
    bodyHtml: paragraph.repeat(12),
  });
  const emails = Array.from({ length: NEWSLETTER_SUBSCRIBERS }, (_, i) => `reader-${i}@bench.test`);
  for (let from = 0; from < emails.length; from += 1000) {
    await db.insert(subscriptions).values(
      emails.slice(from, from + 1000).map((email) => ({
        id: newUuid(),
        email,
        topicId,
        status: 'active' as const,
        confirmToken: randomBytes(18).toString('base64url'),
        unsubscribeToken: randomBytes(18).toString('base64url'),
        confirmedAt: new Date(),
      })),
    );
  }
  const entryId = newUuid();
  await db.insert(newsletterEntries).values({
    newsletterId: entryId,
    publicationId,
    collectionId,
    postId,
    postTitle: title,
    status: 'scheduled',
    scheduledTime: new Date(Date.now() - 1000),
  });
  return { entryId, title, emails };
}

export async function measureNewsletter(options: {
  postgresUrl?: string;
  log: (message: string) => void;
}): Promise<NewsletterResult> {
  const { database, drop } = await scratchDatabase(options.postgresUrl);
  const sink = await startSmtpSink({ headersOnly: true });
  try {
    await migrateDatabase(database);
    await startRuntime({ database, jobs: false });
    await setMailTransport(smtpTransport(sink.url, 4 * SENDERS));
    const { entryId, title, emails } = await seedNewsletter(database);
    options.log(`newsletter: ${emails.length} subscribers seeded; sending with ${SENDERS} senders`);

    const started = performance.now();
    const status = async () =>
      (
        await database.db
          .select({ status: newsletterEntries.status })
          .from(newsletterEntries)
          .where(eq(newsletterEntries.newsletterId, entryId))
      )[0]?.status;
    // Each sender leases its own batches until nothing is left, as the workers' job and sweeps do.
    while ((await status()) !== 'sent') {
      await Promise.all(Array.from({ length: SENDERS }, () => sendDueNewsletters()));
      if (performance.now() - started > 300_000) throw new Error('newsletter: not sent within 5 minutes');
    }
    const seconds = (performance.now() - started) / 1000;

    const received = new Map<string, number>();
    for (const mail of sink.messages) {
      if (mail.subject !== title) continue;
      for (const to of mail.to) received.set(to, (received.get(to) ?? 0) + 1);
    }
    const duplicates = [...received.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const missing = emails.filter((email) => !received.has(email)).length;
    const counted = await database.db.execute(
      sql`select count(*)::int as sent from newsletter_deliveries where status = 'sent'`,
    );
    const [{ sent }] = (counted as unknown as { rows: Array<{ sent: number }> }).rows;
    options.log(`newsletter: ${sent} delivery rows sent, ${sink.messages.length} mails at the sink`);
    return {
      subscribers: emails.length,
      seconds,
      mailsPerSecond: emails.length / seconds,
      duplicates,
      missing,
    };
  } finally {
    await mailTransport().close();
    await stopRuntime();
    await sink.close();
    await drop();
  }
}

export function printNewsletter(result: NewsletterResult): void {
  console.log('');
  console.log(
    `| newsletter to ${result.subscribers.toLocaleString('en')} subscribers (local SMTP sink) | value |`,
  );
  console.log('|---|---:|');
  console.log(`| seconds | ${result.seconds.toFixed(1)} |`);
  console.log(`| mails/s | ${result.mailsPerSecond.toFixed(0)} |`);
  console.log(`| duplicates | ${result.duplicates} |`);
  console.log(`| missing | ${result.missing} |`);
  console.log('target: ≤ 30 s, 0 duplicates, 0 missing');
}
