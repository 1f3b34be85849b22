import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import {
  newsletterDeliveries,
  newsletterEntries,
  newsletterTopicEditions,
  posts,
  subscriptions,
  topics,
  type TopicRow,
} from '../../src/server/db/schema';
import { TOPIC_DAILY_DEVOTIONAL } from '../../src/lib/topics';
import { resetMailTransport, setMailTransport, smtpTransport } from '../../src/server/lib/mail';
import {
  dailyDevotionalDueAt,
  startDailyDevotional,
} from '../../src/server/modules/curation/daily-devotion-mail.service';
import { sendDueNewsletters } from '../../src/server/modules/newsletters/newsletters-sender.service';
import { publicationTopicSlug } from '../../src/server/modules/newsletters/newsletters.table';
import { getVerseOfTheDay } from '../../src/server/modules/scripture/daily-verses.service';
import {
  createPost,
  createPublication,
  createSubscription,
  createTopic,
  setPublicationStorySet,
} from '../factories';
import { call } from '../helpers/api-client';
import { captureLogs } from '../helpers/log-capture';
import { linkIn, startSmtpSink, type SmtpSink, type SunkMail } from '../helpers/smtp-sink';
import { useTestDatabase } from '../helpers/test-db';

// The daily devotional's mail (docs/decisions/051-daily-devotional-mail.md) on the real database
// and over real SMTP: from DAILY_DEVOTIONAL_HOUR (6 UTC by default) the active subscribers of the
// `daily-devotional` topic get one mail — the verse of the day, then today's devotion (title,
// excerpt, a link to read it) with the unsubscribe headers — sent by the newsletter sender. The
// sweep is idempotent by (topic, day); an unsubscribed reader gets nothing; no devotion, no mail.
// Days in the past are used so the edition is due at once (the sender compares with the clock).

let db: Db;
let sink: SmtpSink;
let topic: TopicRow;

beforeAll(async () => {
  db = (await useTestDatabase()).db;
  sink = await startSmtpSink();
  await setMailTransport(smtpTransport(sink.url, 2));
  [topic] = await db.select().from(topics).where(eq(topics.slug, TOPIC_DAILY_DEVOTIONAL));
});
afterAll(async () => {
  await resetMailTransport();
  await sink.close();
});

const address = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.test`;
const at = (iso: string) => new Date(iso);
const mailsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email));
const editions = () => db.select().from(newsletterTopicEditions);

/** A publication whose devotion set is the one curated last, with one story in it. */
async function devotionPublication(title: string) {
  const publication = await createPublication(db);
  const story = await createPost(db, {
    author: publication.owner,
    publication,
    title,
    excerpt: 'A lamp for the next step, and enough light for it.',
    body: 'The whole reading stays on the site; the mail only introduces it.',
  });
  await setPublicationStorySet(db, { publication, kind: 'devotion', postIds: [story.id] });
  return { publication, story };
}

/** The site path of the one-click address in a mail's List-Unsubscribe header. */
const oneClickPath = (mail: SunkMail) =>
  mail.headers
    .get('list-unsubscribe')!
    .slice(1, -1)
    .replace(/^http:\/\/localhost:\d+/, '');

describe('the daily devotional mail', () => {
  it('falls due at DAILY_DEVOTIONAL_HOUR, UTC, of the site day', () => {
    expect(dailyDevotionalDueAt(at('2024-05-20T23:59:00Z'), 6).toISOString()).toBe(
      '2024-05-20T06:00:00.000Z',
    );
    expect(dailyDevotionalDueAt(at('2024-05-20T00:00:00Z'), 0).toISOString()).toBe(
      '2024-05-20T00:00:00.000Z',
    );
    expect(dailyDevotionalDueAt(at('2024-05-20T12:00:00Z')).toISOString()).toBe('2024-05-20T06:00:00.000Z');
  });

  it('sends nothing without a devotion story that day, and says so in the log once', async () => {
    const reader = await createSubscription(db, { topic, email: address('early') });
    const logs = captureLogs('info');
    try {
      expect(await startDailyDevotional(at('2024-05-19T07:00:00Z'))).toBe('no-devotion');
      expect(await startDailyDevotional(at('2024-05-19T08:00:00Z'))).toBe('no-devotion');
    } finally {
      logs.restore();
    }
    const said = logs.lines.filter((line) => /no devotion story today/.test(line.msg ?? ''));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ component: 'curation', day: '2024-05-19' });
    expect(await editions()).toHaveLength(0);
    expect(await sendDueNewsletters()).toBe(0);
    expect(mailsTo(reader.email)).toHaveLength(0);
    await db.update(subscriptions).set({ status: 'unsubscribed' }).where(eq(subscriptions.id, reader.id));
  });

  it('mails each active subscriber once: the verse, the devotion and its link, the unsubscribe headers', async () => {
    const { publication, story } = await devotionPublication(`Light for one step ${Date.now()}`);
    const readers = [address('ruth'), address('boaz'), address('naomi')];
    const subs = await Promise.all(readers.map((email) => createSubscription(db, { topic, email })));
    const pending = await createSubscription(db, { topic, email: address('pending'), status: 'pending' });
    const left = await createSubscription(db, { topic, email: address('left'), status: 'unsubscribed' });
    // The publication's own newsletter subscribers are not the daily devotional's.
    const ownTopic = await createTopic(db, {
      slug: publicationTopicSlug(publication.subdomain),
      publication,
    });
    const ownReader = await createSubscription(db, { topic: ownTopic, email: address('own') });
    const early = (await db.select().from(newsletterDeliveries)).length;

    const now = at('2024-05-20T07:30:00Z');
    expect(await startDailyDevotional(at('2024-05-20T05:59:59Z'))).toBe('not-yet');
    // Two workers' sweeps at once: one makes the day's edition, the other finds it made.
    const outcomes = await Promise.all([startDailyDevotional(now), startDailyDevotional(now)]);
    expect(outcomes.sort()).toEqual(['made-already', 'started']);
    const [edition, ...more] = await editions();
    expect(more).toHaveLength(0);
    expect(edition).toMatchObject({ topicId: topic.id, day: '2024-05-20', postId: story.id });

    expect(await sendDueNewsletters()).toBe(3);
    const mails = await sink.waitFor((m) => m.subject === story.title, { count: 3 });
    expect(mails.flatMap((m) => m.to).sort()).toEqual([...readers].sort());
    for (const other of [pending.email, left.email, ownReader.email]) expect(mailsTo(other)).toHaveLength(0);

    const mail = mails[0]!;
    expect(mail.headers.get('from')).toMatch(/^"?Daily Devotional"? </);
    expect(mail.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:\d+\/api\/subscriptions\/unsubscribe\?token=u\./,
    );
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The verse of that day, in the site's language (DEFAULT_LANGUAGE), above the devotion.
    const verse = await getVerseOfTheDay('en', now);
    expect(mail.text).toContain(`Verse of the day\n${verse.verses.map((v) => v.text).join(' ')}\n`);
    expect(mail.text).toContain(`— ${verse.display} (${verse.translationName})`);
    expect(mail.html).toContain('Verse of the day');
    expect(mail.html.indexOf('Verse of the day')).toBeLessThan(mail.html.indexOf(story.title));
    // The devotion: its title, excerpt, publication and a link to read it — not its whole text.
    expect(mail.html).toContain('A lamp for the next step, and enough light for it.');
    expect(mail.html).toContain(publication.name);
    expect(mail.text).toContain(`Read it on Lamplight: http://localhost`);
    expect(mail.text).toContain(`/stories/${story.slug}-${story.id}`);
    expect(mail.html).not.toContain('the mail only introduces it');
    const click = linkIn(mail, '/api/newsletters/click?');
    const followed = await call('GET', click.replace(/^http:\/\/localhost:\d+/, ''));
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toMatch(new RegExp(`/stories/${story.slug}-${story.id}$`));
    expect(linkIn(mail, '/subscriptions/unsubscribe?token=')).toBeTruthy();

    const [entry] = await db
      .select()
      .from(newsletterEntries)
      .where(eq(newsletterEntries.newsletterId, edition!.entryId));
    expect(entry).toMatchObject({ status: 'sent', publicationId: publication.id, postId: null });
    const deliveries = await db
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.entryId, edition!.entryId));
    expect(deliveries.map((d) => d.subscriptionId).sort()).toEqual(subs.map((s) => s.id).sort());
    expect(deliveries.every((d) => d.status === 'sent')).toBe(true);
    expect((await db.select().from(newsletterDeliveries)).length).toBe(early + 3);

    // The sweep again (another worker, a restart, the next minute): nothing more goes out.
    expect(await startDailyDevotional(at('2024-05-20T23:00:00Z'))).toBe('made-already');
    expect(await sendDueNewsletters()).toBe(0);
    expect(sink.messages.filter((m) => m.subject === story.title)).toHaveLength(3);

    // It is the site's mail, not the publication's newsletter: not in its list, not its entry, and the
    // story may still go into the publication's own newsletter.
    const base = `/api/publications/${publication.id}/newsletters`;
    const listed = await call('GET', base, { as: publication.owner.id });
    expect(listed.status).toBe(200);
    expect(listed.json.newsletters.map((n: { newsletterId: string }) => n.newsletterId)).not.toContain(
      edition!.entryId,
    );
    expect((await call('GET', `${base}/${edition!.entryId}`, { as: publication.owner.id })).status).toBe(404);
    const [row] = await db
      .select({ inNewsletter: posts.inNewsletter })
      .from(posts)
      .where(eq(posts.id, story.id));
    expect(row!.inNewsletter).toBe(false);

    // One reader leaves in one click; the next day the others get the next mail, that reader nothing.
    const gone = mails.find((m) => m.to.includes(readers[0]!))!;
    const unsubscribed = await call('POST', oneClickPath(gone), {
      origin: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(await startDailyDevotional(at('2024-05-21T06:00:00Z'))).toBe('started');
    expect(await sendDueNewsletters()).toBe(2);
    const next = await sink.waitFor((m) => m.subject === story.title, { count: 5 });
    expect(next).toHaveLength(5);
    expect(mailsTo(readers[0]!)).toHaveLength(1);
    expect(mailsTo(readers[1]!)).toHaveLength(2);
    expect(mailsTo(readers[2]!)).toHaveLength(2);
    // Each day's mail is its own message, with that day's verse.
    const second = mailsTo(readers[1]!).map((m) => m.headers.get('message-id'));
    expect(new Set(second).size).toBe(2);
    const nextVerse = await getVerseOfTheDay('en', at('2024-05-21T06:00:00Z'));
    expect(mailsTo(readers[1]!).some((m) => m.text.includes(nextVerse.display))).toBe(true);
  });

  it('stops the day’s mail when its story is taken back before it goes out', async () => {
    const { story } = await devotionPublication(`Taken back ${Date.now()}`);
    const reader = await createSubscription(db, { topic, email: address('stopped') });
    const before = sink.messages.length;
    expect(await startDailyDevotional(at('2024-05-22T06:30:00Z'))).toBe('started');
    await db.update(posts).set({ status: 'draft' }).where(eq(posts.id, story.id));
    expect(await sendDueNewsletters()).toBe(0);
    const [edition] = await db
      .select({ entryId: newsletterTopicEditions.entryId })
      .from(newsletterTopicEditions)
      .where(
        and(eq(newsletterTopicEditions.topicId, topic.id), eq(newsletterTopicEditions.day, '2024-05-22')),
      );
    const [entry] = await db
      .select()
      .from(newsletterEntries)
      .where(eq(newsletterEntries.newsletterId, edition!.entryId));
    expect(entry).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/unpublished/) });
    expect(await sendDueNewsletters()).toBe(0);
    expect(sink.messages.length).toBe(before);
    expect(mailsTo(reader.email)).toHaveLength(0);
  });
});
