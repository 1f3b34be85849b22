import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { newsletterDeliveries, newsletterEntries, subscriptions } from '../../src/server/db/schema';
import { resetMailTransport, smtpTransport, setMailTransport } from '../../src/server/lib/mail';
import { sendDueNewsletters } from '../../src/server/modules/newsletters/newsletters-sender.service';
import { publicationTopicSlug } from '../../src/server/modules/newsletters/newsletters.table';
import {
  addPublicationMember,
  createNewsletterEntry,
  createPost,
  createPublication,
  createSubscription,
  createTopic,
  createUser,
} from '../factories';
import { call } from '../helpers/api-client';
import { linkIn, startSmtpSink, type SmtpSink, type SunkMail } from '../helpers/smtp-sink';
import { useTestDatabase } from '../helpers/test-db';

// SPEC §7 Newsletters and getNewslettersStats, and the sender (DESIGN §6, issue 12): entries added,
// scheduled, cancelled and removed by the publication's owner and editors only; the worker mails
// every active subscriber once over SMTP with the unsubscribe link and RFC 8058 headers; stats with
// the open pixel and signed click links; unpublish and delete cancel unsent entries.

let db: Db;
let sink: SmtpSink;
/** Recipients the sink refuses: 550 (permanent) or 451 (transient). */
const refusals = new Map<string, number>();

beforeAll(async () => {
  db = (await useTestDatabase()).db;
  sink = await startSmtpSink({ refuse: (address) => refusals.get(address) });
  await setMailTransport(smtpTransport(sink.url, 2));
});
afterAll(async () => {
  await resetMailTransport();
  await sink.close();
});

const address = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/** A publication with newsletters, its topic, an author and an editor, and a published story. */
async function world() {
  const publication = await createPublication(db);
  const topic = await createTopic(db, { slug: publicationTopicSlug(publication.subdomain), publication });
  const author = await createUser(db);
  const editor = await createUser(db);
  await addPublicationMember(db, { publication, user: author, role: 'publication_author' });
  await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
  const story = await createPost(db, {
    author,
    publication,
    body: 'Grace upon grace, every morning.',
    featureImageUrl: '/uploads/feature.jpg',
  });
  const base = `/api/publications/${publication.id}/newsletters`;
  return { publication, topic, author, editor, story, base };
}

const create = (base: string, as: string, body: Record<string, unknown>) =>
  call('POST', `${base}/create`, { as, body });

/** Makes a scheduled entry due now (the API only takes future times) and runs the sender. */
async function sendNow(newsletterId: string) {
  await db
    .update(newsletterEntries)
    .set({ scheduledTime: sql`now() - interval '1 second'` })
    .where(eq(newsletterEntries.newsletterId, newsletterId));
  return sendDueNewsletters();
}

const future = () => Date.now() + 3_600_000;

describe('newsletter entries', () => {
  it('the owner adds a published story, schedules, reschedules, cancels and removes it', async () => {
    const { publication, story, base, editor } = await world();
    const created = await create(base, publication.owner.id, {
      publicationId: publication.id,
      postId: story.id,
      collectionId: publication.collection.id,
      createdAt: Date.now(),
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      publicationId: publication.id,
      postId: story.id,
      collectionId: publication.collection.id,
      title: story.title,
      status: 'unscheduled',
      scheduledTime: null,
      post: { publishedAt: story.publishedAt!.getTime() },
      can: { canSchedule: true, canReschedule: false, canCancel: false, canRemove: true },
    });
    const id = created.json.newsletterId as string;
    const story2 = await call('GET', `/api/posts/${story.id}`);
    expect(story2.json.isInNewsletter).toBe(true);
    const again = await create(base, publication.owner.id, {
      publicationId: publication.id,
      postId: story.id,
    });
    expect(again.status).toBe(409);

    const list = await call('GET', base, { as: editor.id });
    expect(list.status).toBe(200);
    expect(list.json.newsletters.map((n: { newsletterId: string }) => n.newsletterId)).toEqual([id]);

    const at = future();
    const scheduled = await call('PATCH', `${base}/${id}?postId=${story.id}`, {
      as: editor.id,
      body: {
        ...created.json,
        scheduledTime: at,
        publicationId: publication.id,
        timezone: 'America/New_York',
      },
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json).toMatchObject({
      status: 'scheduled',
      scheduledTime: Math.floor(at / 60_000) * 60_000,
      timezone: 'America/New_York',
      can: { canSchedule: false, canReschedule: true, canCancel: true },
    });
    const moved = await call('PATCH', `${base}/${id}`, {
      as: editor.id,
      body: { scheduledTime: at + 600_000 },
    });
    expect(moved.json.scheduledTime).toBe(Math.floor((at + 600_000) / 60_000) * 60_000);

    const cancelled = await call('PUT', `${base}/${id}`, { as: editor.id, body: { newsletterId: id, id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'unscheduled', scheduledTime: null });
    expect(
      (await call('PUT', `${base}/${id}`, { as: editor.id, body: { newsletterId: id, id } })).status,
    ).toBe(409);

    const removed = await call('DELETE', `${base}/${id}?postId=${story.id}`, {
      as: publication.owner.id,
      body: { publicationId: publication.id, newsletterId: id, postId: story.id },
    });
    expect(removed.status).toBe(204);
    expect((await call('GET', `${base}/${id}`, { as: editor.id })).status).toBe(404);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const { publication, story, author, base } = await world();
    const other = await world();
    const owner = publication.owner.id;

    // Adding: an author may not; a draft, another publication's story, a publication without newsletters.
    expect((await create(base, author.id, { publicationId: publication.id, postId: story.id })).status).toBe(
      403,
    );
    const draft = await createPost(db, { author, publication, status: 'draft' });
    expect((await create(base, owner, { publicationId: publication.id, postId: draft.id })).status).toBe(409);
    expect(
      (await create(base, owner, { publicationId: publication.id, postId: other.story.id })).status,
    ).toBe(403);
    expect(
      (await create(base, owner, { publicationId: other.publication.id, postId: story.id })).status,
    ).toBe(400);
    expect((await create(base, owner, { publicationId: publication.id, postId: 'short' })).status).toBe(400);
    expect(
      (await call('POST', `${base}/create`, { body: { publicationId: publication.id, postId: story.id } }))
        .status,
    ).toBe(401);

    const entry = await createNewsletterEntry(db, { publication, post: story });
    const path = `${base}/${entry.newsletterId}`;
    // Scheduling by an author: 403; in the past or more than five years ahead (rules of the clock): 422;
    // an unknown zone, a wrong postId: 400.
    const byAuthor = await call('PATCH', path, { as: author.id, body: { scheduledTime: future() } });
    expect(byAuthor.status).toBe(403);
    const past = await call('PATCH', path, { as: owner, body: { scheduledTime: Date.now() - 60_000 } });
    expect(past.status).toBe(422);
    expect(past.json.error).toMatchObject({
      code: 'unprocessable',
      message: 'The scheduled time must be in the future',
    });
    const farAhead = await call('PATCH', path, {
      as: owner,
      body: { scheduledTime: Date.now() + 6 * 366 * 86_400_000 },
    });
    expect(farAhead.status).toBe(422);
    expect(farAhead.json.error.message).toBe('The scheduled time is too far ahead');
    expect(
      (await call('PATCH', path, { as: owner, body: { scheduledTime: future(), timezone: 'Nowhere/Land' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await call('PATCH', `${path}?postId=${other.story.id}`, {
          as: owner,
          body: { scheduledTime: future() },
        })
      ).status,
    ).toBe(400);
    expect((await call('PATCH', path, { as: owner, body: { scheduledTime: 'soon' } })).status).toBe(400);

    // An entry of another publication, through this publication's address (and the reverse): 404.
    const foreign = await createNewsletterEntry(db, { publication: other.publication, post: other.story });
    expect((await call('GET', `${base}/${foreign.newsletterId}`, { as: owner })).status).toBe(404);
    expect(
      (
        await call('PATCH', `${base}/${foreign.newsletterId}`, {
          as: owner,
          body: { scheduledTime: future() },
        })
      ).status,
    ).toBe(404);
    expect((await call('DELETE', `${base}/${foreign.newsletterId}`, { as: owner })).status).toBe(404);
    expect(
      (
        await call('PATCH', `${other.base}/${entry.newsletterId}`, {
          as: other.publication.owner.id,
          body: { scheduledTime: future() },
        })
      ).status,
    ).toBe(404);
    // Reading the list: not for authors.
    expect((await call('GET', base, { as: author.id })).status).toBe(403);

    const [row] = await db
      .select()
      .from(newsletterEntries)
      .where(eq(newsletterEntries.newsletterId, entry.newsletterId));
    expect(row).toMatchObject({ status: 'unscheduled', scheduledTime: null });
  });
});

describe('sending', () => {
  it('mails every active subscriber once, with the story, the unsubscribe link and both headers', async () => {
    const { publication, topic, story, base } = await world();
    const readers = [address('ruth'), address('boaz'), address('naomi')];
    const subs = await Promise.all(readers.map((email) => createSubscription(db, { topic, email })));
    const pending = await createSubscription(db, { topic, email: address('pending'), status: 'pending' });
    const gone = await createSubscription(db, { topic, email: address('gone'), status: 'unsubscribed' });
    const created = await create(base, publication.owner.id, {
      publicationId: publication.id,
      postId: story.id,
    });
    const id = created.json.newsletterId as string;
    await call('PATCH', `${base}/${id}`, { as: publication.owner.id, body: { scheduledTime: future() } });

    expect(await sendNow(id)).toBe(3);
    const mails = await sink.waitFor((m) => m.subject === story.title, { count: 3 });
    expect(mails.flatMap((m) => m.to).sort()).toEqual([...readers].sort());
    const mail = mails[0]!;
    expect(mail.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:\d+\/api\/subscriptions\/unsubscribe\?token=u\./,
    );
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain('Grace upon grace, every morning.');
    expect(mail.html).toContain(publication.name);
    expect(mail.html).toMatch(/src="http:\/\/localhost:\d+\/uploads\/feature\.jpg"/);
    expect(mail.text).toContain(`/stories/${story.slug}-${story.id}`);
    expect(linkIn(mail, '/subscriptions/unsubscribe?token=')).toBeTruthy();
    expect(linkIn(mail, '/subscriptions/manage?token=')).toBeTruthy();

    const [entry] = await db.select().from(newsletterEntries).where(eq(newsletterEntries.newsletterId, id));
    expect(entry).toMatchObject({ status: 'sent', sentAt: expect.any(Date) });
    const deliveries = await db
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.entryId, id));
    expect(deliveries.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
    expect(deliveries.map((d) => d.subscriptionId).sort()).toEqual(subs.map((s) => s.id).sort());
    expect(deliveries.some((d) => [pending.id, gone.id].includes(d.subscriptionId))).toBe(false);

    // Run again (a second worker, a retried job): nothing more goes out.
    expect(await sendDueNewsletters(id)).toBe(0);
    expect(sink.messages.filter((m) => m.subject === story.title)).toHaveLength(3);

    // One-click unsubscribe from the mail's header; the next newsletter skips that address.
    const oneClick = mail.headers
      .get('list-unsubscribe')!
      .slice(1, -1)
      .replace(/^http:\/\/localhost:\d+/, '');
    const left = await call('POST', oneClick, {
      origin: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: 'List-Unsubscribe=One-Click',
    });
    expect(left.status).toBe(200);
    const next = await createPost(db, {
      author: publication.owner,
      publication,
      title: `Second ${id.slice(0, 6)}`,
    });
    const second = await create(base, publication.owner.id, {
      publicationId: publication.id,
      postId: next.id,
    });
    await call('PATCH', `${base}/${second.json.newsletterId}`, {
      as: publication.owner.id,
      body: { scheduledTime: future() },
    });
    expect(await sendNow(second.json.newsletterId)).toBe(2);
    const nextMails = await sink.waitFor((m) => m.subject === next.title, { count: 2 });
    expect(nextMails.flatMap((m) => m.to)).not.toContain(mail.to[0]);

    // Stats: recipients, delivered, opened (pixel), clicked (signed link), unsubscribed.
    const pixel = /src="(http:\/\/localhost:\d+\/api\/newsletters\/open\/[^"]+)"/.exec(mail.html)![1]!;
    const opened = await call('GET', new URL(pixel).pathname);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/gif');
    const click = linkIn(nextMails[0]!, '/api/newsletters/click?');
    const clicked = await call('GET', click.replace(/^http:\/\/localhost:\d+/, ''));
    expect(clicked.status).toBe(302);
    expect(clicked.headers.get('location')).toMatch(new RegExp(`/stories/${next.slug}-${next.id}$`));

    // A click link to a URL that was not in the mail: 400, not a redirect.
    const forged = new URL(click);
    forged.searchParams.set('u', 'https://evil.example/phish');
    expect((await call('GET', `${forged.pathname}${forged.search}`)).status).toBe(400);

    const stats = await call(
      'GET',
      `/api/publications/stats/getNewslettersStats?id=${publication.id}&start_date=2020-01-01`,
      {
        as: publication.owner.id,
      },
    );
    expect(stats.status).toBe(200);
    const byId = new Map(stats.json.newsletters.map((n: { newsletterId: string }) => [n.newsletterId, n]));
    expect(byId.get(id)).toMatchObject({
      title: story.title,
      recipients: 3,
      delivered: 3,
      failed: 0,
      opened: 1,
      clicked: 0,
      unsubscribed: 1,
    });
    expect(byId.get(second.json.newsletterId)).toMatchObject({
      recipients: 2,
      delivered: 2,
      opened: 1,
      clicked: 1,
    });
    const byAuthor = await call('GET', `/api/publications/stats/getNewslettersStats?id=${publication.id}`, {
      as: (await createUser(db)).id,
    });
    expect(byAuthor.status).toBe(403);
  });

  it('records a 5xx refusal and stops mail to that address; retries a 4xx later', async () => {
    const { publication, topic, story } = await world();
    const refused = address('refused');
    const busy = address('busy');
    const fine = address('fine');
    refusals.set(refused, 550);
    refusals.set(busy, 451);
    const subs = new Map<string, string>();
    for (const email of [refused, busy, fine])
      subs.set(email, (await createSubscription(db, { topic, email })).id);
    const entry = await createNewsletterEntry(db, { publication, post: story, status: 'scheduled' });

    expect(await sendNow(entry.newsletterId)).toBe(1);
    const rows = new Map(
      (
        await db
          .select()
          .from(newsletterDeliveries)
          .where(eq(newsletterDeliveries.entryId, entry.newsletterId))
      ).map((d) => [d.subscriptionId, d]),
    );
    expect(rows.get(subs.get(fine)!)).toMatchObject({ status: 'sent' });
    expect(rows.get(subs.get(refused)!)).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('Mailbox unavailable'),
    });
    expect(rows.get(subs.get(busy)!)).toMatchObject({
      status: 'queued',
      attempts: 1,
      nextAttemptAt: expect.any(Date),
    });
    const [bounced] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subs.get(refused)!));
    expect(bounced!.bouncedAt).toBeInstanceOf(Date);
    const [still] = await db
      .select()
      .from(newsletterEntries)
      .where(eq(newsletterEntries.newsletterId, entry.newsletterId));
    expect(still!.status).toBe('sending');

    // The server takes the busy address again: once its backoff is over it gets its one mail.
    refusals.delete(busy);
    await db
      .update(newsletterDeliveries)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(newsletterDeliveries.subscriptionId, subs.get(busy)!));
    expect(await sendDueNewsletters()).toBeGreaterThanOrEqual(1);
    await sink.waitFor((m) => m.to.includes(busy) && m.subject === story.title);
    const [done] = await db
      .select()
      .from(newsletterEntries)
      .where(eq(newsletterEntries.newsletterId, entry.newsletterId));
    expect(done!.status).toBe('sent');
    expect(sink.messages.filter((m: SunkMail) => m.to.includes(refused))).toEqual([]);
  });

  it('unpublishing or deleting a story cancels its unsent entries; a sent entry stays for the stats', async () => {
    const { publication, topic, story, author } = await world();
    await createSubscription(db, { topic });
    const scheduled = await createNewsletterEntry(db, { publication, post: story, status: 'scheduled' });
    const unpublished = await call('PATCH', `/api/posts/manage_posts/unpublish_post/${story.id}`, {
      as: author.id,
    });
    expect(unpublished.status).toBe(200);
    expect(
      await db
        .select()
        .from(newsletterEntries)
        .where(eq(newsletterEntries.newsletterId, scheduled.newsletterId)),
    ).toEqual([]);

    const sentStory = await createPost(db, { author, publication, title: 'Kept for the stats' });
    const sent = await create(`/api/publications/${publication.id}/newsletters`, publication.owner.id, {
      publicationId: publication.id,
      postId: sentStory.id,
    });
    await call('PATCH', `/api/publications/${publication.id}/newsletters/${sent.json.newsletterId}`, {
      as: publication.owner.id,
      body: { scheduledTime: future() },
    });
    expect(await sendNow(sent.json.newsletterId)).toBe(1);
    const waiting = await createPost(db, { author, publication });
    const unsent = await createNewsletterEntry(db, { publication, post: waiting });
    expect((await call('DELETE', `/api/posts/${sentStory.id}`, { as: author.id })).status).toBe(204);
    expect((await call('DELETE', `/api/posts/${waiting.id}`, { as: author.id })).status).toBe(204);

    const [kept] = await db
      .select()
      .from(newsletterEntries)
      .where(eq(newsletterEntries.newsletterId, sent.json.newsletterId));
    expect(kept).toMatchObject({ status: 'sent', postId: null, postTitle: 'Kept for the stats' });
    expect(
      await db
        .select()
        .from(newsletterEntries)
        .where(eq(newsletterEntries.newsletterId, unsent.newsletterId)),
    ).toEqual([]);
    const stats = await call('GET', `/api/publications/stats/getNewslettersStats?id=${publication.id}`, {
      as: publication.owner.id,
    });
    expect(stats.json.newsletters).toContainEqual(
      expect.objectContaining({
        newsletterId: sent.json.newsletterId,
        title: 'Kept for the stats',
        delivered: 1,
      }),
    );
  });

  it('sends at the wall-clock time in each subscriber’s time zone when asked', async () => {
    const { publication, topic, story, base } = await world();
    const tokyo = await createSubscription(db, { topic, timezone: 'Asia/Tokyo' });
    const utc = await createSubscription(db, { topic, timezone: 'UTC' });
    const created = await create(base, publication.owner.id, {
      publicationId: publication.id,
      postId: story.id,
    });
    const at = Date.UTC(2031, 0, 1, 8, 0);
    const res = await call('PATCH', `${base}/${created.json.newsletterId}`, {
      as: publication.owner.id,
      body: { scheduledTime: at, timezone: 'UTC', inSubscriberTimezone: true },
    });
    expect(res.json).toMatchObject({ inSubscriberTimezone: true, status: 'scheduled' });
    // Bring its time to 12 hours from now: within the 26 hours before it, so the entry starts and
    // each recipient's row is due at that wall-clock time in their own zone (both still ahead).
    await db
      .update(newsletterEntries)
      .set({ scheduledTime: new Date(Date.now() + 12 * 3_600_000) })
      .where(eq(newsletterEntries.newsletterId, created.json.newsletterId));
    await sendDueNewsletters(created.json.newsletterId);
    const rows = await db
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.entryId, created.json.newsletterId));
    const due = new Map(rows.map((d) => [d.subscriptionId, d.dueAt.getTime()]));
    // A wall-clock time comes to Tokyo nine hours before it comes to UTC.
    expect(due.get(utc.id)! - due.get(tokyo.id)!).toBe(9 * 3_600_000);
    expect(rows.every((d) => d.status === 'queued')).toBe(true);
  });
});
