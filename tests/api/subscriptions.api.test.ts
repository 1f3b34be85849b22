import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { subscriptions, topics } from '../../src/server/db/schema';
import { resetMailTransport, smtpTransport, setMailTransport } from '../../src/server/lib/mail';
import {
  NO_NEWSLETTER_YET,
  DEFAULT_NEWSLETTER_DESCRIPTION,
} from '../../src/server/modules/newsletters/newsletters.limits';
import {
  confirmToken,
  manageToken,
  unsubscribeToken,
} from '../../src/server/modules/newsletters/newsletters-tokens';
import { sendConfirmationMails } from '../../src/server/modules/newsletters/subscriptions.service';
import {
  addPublicationMember,
  createPublication,
  createSubscription,
  createTopic,
  createUser,
} from '../factories';
import { SITE_TOPICS } from '../../src/lib/topics';
import { call } from '../helpers/api-client';
import { linkIn, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { useTestDatabase } from '../helpers/test-db';

// PUT /api/subscribe and the links its mails carry (DESIGN §6, issue 12): double opt-in over real
// SMTP (an in-process smtp-server), signed tokens, RFC 8058 one-click unsubscribe, the subscriber's
// own page, rate limits, and every bad input answered 4xx with nothing changed and nothing sent.

let db: Db;
let sink: SmtpSink;
let ip = 0;
/** Each test its own client address: the per-address rate limit is tested on its own. */
const fromNewAddress = () => ({ 'x-lamplight-socket-address': `198.51.100.${++ip}` });
const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.test`;
const subscribe = (body: unknown, headers = fromNewAddress()) =>
  call('PUT', '/api/subscribe', { body, headers });
const mailsTo = (address: string) => sink.messages.filter((m) => m.to.includes(address));
const subscriptionOf = async (address: string, topicSlug: string) => {
  const [topic] = await db.select().from(topics).where(eq(topics.slug, topicSlug));
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.email, address), eq(subscriptions.topicId, topic!.id)));
  return row;
};
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
/** Migration 0004's site topics. */
const SITE_TOPIC_SLUGS = [
  'anxiety',
  'daily-devotional',
  'prayer',
  'help-way',
  'walking-with-god',
  'bible-study',
  'faith-and-family',
  'hope-and-healing',
];

beforeAll(async () => {
  db = (await useTestDatabase()).db;
  sink = await startSmtpSink();
  await setMailTransport(smtpTransport(sink.url, 2));
});
afterAll(async () => {
  await resetMailTransport(); // QUIT first: the sink waits for open connections when it closes
  await sink.close();
});

describe('site topics', () => {
  it('exist on a fresh database: anxiety and the seven blog topics of SPEC §9', async () => {
    const slugs = SITE_TOPIC_SLUGS;
    const rows = await db.select().from(topics).where(inArray(topics.slug, slugs));
    expect(rows.map((r) => r.slug).sort()).toEqual([...slugs].sort());
    expect(rows.every((r) => r.publicationId === null)).toBe(true);
  });
});

describe('PUT /api/subscribe', () => {
  it('subscribes with double opt-in: one confirmation mail, whose link activates it', async () => {
    const address = email('hope');
    const res = await subscribe({
      email: `  ${address.toUpperCase()} `,
      topic: 'daily-devotional',
      timezone: 'Europe/Oslo',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, message: expect.stringContaining('confirm') });
    expect(await subscriptionOf(address, 'daily-devotional')).toMatchObject({
      status: 'pending',
      timezone: 'Europe/Oslo',
    });

    expect(await sendConfirmationMails()).toBeGreaterThanOrEqual(1);
    const [mail] = await sink.waitFor((m) => m.to.includes(address));
    expect(mail!.subject).toBe('Confirm your subscription to Daily Devotional');
    expect(mail!.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:\d+\/api\/subscriptions\/unsubscribe\?token=u\./,
    );
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const confirm = linkIn(mail!, '/subscriptions/confirm?token=');

    const confirmed = await call('POST', '/api/subscriptions/confirm', { body: { token: tokenOf(confirm) } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({
      topic: 'daily-devotional',
      name: 'Daily Devotional',
      status: 'active',
    });
    expect(await subscriptionOf(address, 'daily-devotional')).toMatchObject({ status: 'active' });
    // The link again: still active, nothing else happens.
    expect(
      (await call('POST', '/api/subscriptions/confirm', { body: { token: tokenOf(confirm) } })).status,
    ).toBe(200);
  });

  it('is idempotent: subscribing again sends no second confirmation within the hour', async () => {
    const address = email('again');
    for (let i = 0; i < 3; i++) {
      expect((await subscribe({ email: address, topic: 'prayer', timezone: 'UTC' })).status).toBe(200);
    }
    await sendConfirmationMails();
    await sink.waitFor((m) => m.to.includes(address));
    await sendConfirmationMails();
    expect(mailsTo(address)).toHaveLength(1);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.email, address))).toHaveLength(1);

    // An active subscriber subscribing again: the same answer, no mail at all.
    const active = email('active');
    const [prayer] = await db.select().from(topics).where(eq(topics.slug, 'prayer'));
    await createSubscription(db, { topic: prayer!, email: active });
    expect((await subscribe({ email: active, topic: 'prayer' })).json).toMatchObject({ ok: true });
    await sendConfirmationMails();
    expect(mailsTo(active)).toHaveLength(0);
  });

  it('refuses bad input with a clear 4xx, storing and sending nothing', async () => {
    const address = email('bad');
    const invalid = await subscribe({ email: 'not-an-address', topic: 'prayer', timezone: 'UTC' });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.json)).toContain('Please enter a valid email address.');

    const unknown = await subscribe({ email: address, topic: 'no-such-topic', timezone: 'UTC' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe('Topic not found');

    expect((await subscribe({ email: address, topic: '', timezone: 'UTC' })).status).toBe(400);
    expect((await subscribe({ email: address, topic: 'prayer', timezone: 'Mars/Olympus' })).status).toBe(400);
    expect((await subscribe({ email: address })).status).toBe(400);

    const closed = await createPublication(db, { hasNewsletters: false });
    await createTopic(db, { slug: `publication-${closed.subdomain}`, publication: closed });
    const off = await subscribe({ email: address, topic: `publication-${closed.subdomain}` });
    expect(off.status).toBe(404);
    expect(off.json.error.message).toBe(NO_NEWSLETTER_YET);

    await sendConfirmationMails();
    expect(await db.select().from(subscriptions).where(eq(subscriptions.email, address))).toEqual([]);
    expect(mailsTo(address)).toEqual([]);
  });

  it('limits subscriptions per e-mail address and per client address (429)', async () => {
    const target = email('stranger');
    const slugs = ['anxiety', 'prayer', 'help-way', 'walking-with-god', 'bible-study', 'faith-and-family'];
    for (const topic of slugs) {
      expect((await subscribe({ email: target, topic })).status).toBe(200);
    }
    const bombed = await subscribe({ email: target, topic: 'hope-and-healing' });
    expect(bombed.status).toBe(429);
    expect(bombed.headers.get('retry-after')).toMatch(/^\d+$/);

    const one = { 'x-lamplight-socket-address': '203.0.113.77' };
    for (let i = 0; i < 20; i++) {
      expect((await subscribe({ email: email(`ip${i}`), topic: 'anxiety' }, one)).status).toBe(200);
    }
    expect((await subscribe({ email: email('ip-over'), topic: 'anxiety' }, one)).status).toBe(429);
  });

  it('counts every spelling of one mailbox as one address; each subscription keeps the address typed', async () => {
    // a+1@… … a+8@… reach one inbox: the 7th is refused as the 7th send to a@… would be.
    const [local, domain] = email('plus').split('@') as [string, string];
    const variants = Array.from({ length: 8 }, (_, i) => `${local}+${i + 1}@${domain}`);
    const statuses: number[] = [];
    for (const address of variants)
      statuses.push((await subscribe({ email: address, topic: 'prayer' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect((await subscribe({ email: `${local}@${domain}`, topic: 'anxiety' })).status).toBe(429);
    const stored = await db
      .select({ email: subscriptions.email })
      .from(subscriptions)
      .where(inArray(subscriptions.email, [...variants, `${local}@${domain}`]));
    expect(stored.map((row) => row.email).sort()).toEqual(variants.slice(0, 6).sort());

    // Gmail ignores dots and answers for googlemail.com too.
    const name = `lamp${Math.random().toString(36).slice(2, 8)}`;
    const gmail = [
      `${name}@gmail.com`,
      `${name.slice(0, 2)}.${name.slice(2)}@gmail.com`,
      `${name.split('').join('.')}@googlemail.com`,
      `${name.toUpperCase()}+news@GMAIL.com`,
      `${name.slice(0, 3)}.${name.slice(3)}+x@googlemail.com`,
      `${name}+y@gmail.com`,
    ];
    for (const address of gmail)
      expect((await subscribe({ email: address, topic: 'prayer' })).status).toBe(200);
    expect(
      (await subscribe({ email: `${name.slice(0, 1)}.${name.slice(1)}@gmail.com`, topic: 'prayer' })).status,
    ).toBe(429);
    // Another mailbox on the same domain is not touched.
    expect((await subscribe({ email: `${name}x@gmail.com`, topic: 'prayer' })).status).toBe(200);
  });
});

describe('the site topics /daily-newsletter offers', () => {
  it('are the topics of the database, by slug and name, and each one can be subscribed to', async () => {
    const rows = await db
      .select({ slug: topics.slug, name: topics.name })
      .from(topics)
      .where(
        inArray(
          topics.slug,
          SITE_TOPICS.map((t) => t.topic),
        ),
      );
    expect(rows.sort((a, b) => a.slug.localeCompare(b.slug))).toEqual(
      SITE_TOPICS.map((t) => ({ slug: t.topic, name: t.name })).sort((a, b) => a.slug.localeCompare(b.slug)),
    );
    expect(SITE_TOPICS.map((t) => t.topic).sort()).toEqual([...SITE_TOPIC_SLUGS].sort());
    for (const { topic } of SITE_TOPICS) {
      expect((await subscribe({ email: email(topic), topic })).status, topic).toBe(200);
    }
  });
});

describe('confirmation and unsubscribe links', () => {
  it('refuse a forged, expired or misused token (400) and change nothing', async () => {
    const [anxiety] = await db.select().from(topics).where(eq(topics.slug, 'anxiety'));
    const pending = await createSubscription(db, { topic: anxiety!, status: 'pending' });
    const good = confirmToken(pending.id, pending.confirmToken);
    const forged = `${good.slice(0, -3)}${good.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const cases: [string, string][] = [
      [forged, 'This confirmation link is not valid'],
      [confirmToken(pending.id, 'another-nonce'), 'This confirmation link is not valid'],
      [confirmToken(pending.id, pending.confirmToken, -60), 'This confirmation link has expired'],
      [unsubscribeToken(pending.id, null), 'This confirmation link is not valid'],
      ['c.not-an-id.1.x', 'This confirmation link is not valid'],
    ];
    for (const [token, message] of cases) {
      const res = await call('POST', '/api/subscriptions/confirm', { body: { token } });
      expect(res.status, token).toBe(400);
      expect(res.json.error.message).toBe(message);
    }
    expect((await call('POST', '/api/subscriptions/confirm', { body: {} })).status).toBe(400);

    const active = await createSubscription(db, { topic: anxiety! });
    const unsub = unsubscribeToken(active.id, null);
    const badUnsubscribes: [string, string][] = [
      [`${unsub.slice(0, -2)}xx`, 'This unsubscribe link is not valid'],
      [unsubscribeToken(active.id, null, -60), 'This unsubscribe link has expired'],
      [good, 'This unsubscribe link is not valid'],
    ];
    for (const [token, message] of badUnsubscribes) {
      const res = await call('POST', `/api/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(res.status, token).toBe(400);
      expect(res.json.error.message).toBe(message);
    }
    const [after] = await db
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.id, [pending.id]));
    expect(after!.status).toBe('pending');
    const [still] = await db.select().from(subscriptions).where(eq(subscriptions.id, active.id));
    expect(still!.status).toBe('active');
  });

  it("confirm from the page's plain form (no script): a form POST, then back to the page (303)", async () => {
    const [prayer] = await db.select().from(topics).where(eq(topics.slug, 'prayer'));
    const pending = await createSubscription(db, { topic: prayer!, status: 'pending' });
    const token = confirmToken(pending.id, pending.confirmToken);
    const statusOf = async (id: string) =>
      (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.status;
    // What a browser sends for <form method="post">: its own origin, a url-encoded body.
    const postForm = (body: string, fetchSite = 'same-origin', origin?: string) =>
      call('POST', '/api/subscriptions/confirm/form', {
        origin,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': fetchSite },
        rawBody: body,
      });
    const page = `/subscriptions/confirm?token=${encodeURIComponent(token)}`;

    // From another site (a hidden form on an attacker's page): refused, still pending.
    const crossSite = await postForm(
      new URLSearchParams({ token }).toString(),
      'cross-site',
      'https://evil.example',
    );
    expect(crossSite.status).toBe(403);
    expect(await statusOf(pending.id)).toBe('pending');

    const confirmed = await postForm(new URLSearchParams({ token }).toString());
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(page);
    expect(await statusOf(pending.id)).toBe('active');
    // The button again (a double click, the back button): the same page, nothing else changes.
    const again = await postForm(new URLSearchParams({ token }).toString());
    expect(again.status).toBe(303);
    expect(await statusOf(pending.id)).toBe('active');

    // A link that cannot be used goes back to the page too, which says why; nothing changes.
    const other = await createSubscription(db, { topic: prayer!, status: 'pending' });
    const expired = confirmToken(other.id, other.confirmToken, -60);
    const refused = await postForm(new URLSearchParams({ token: expired }).toString());
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(
      `/subscriptions/confirm?token=${encodeURIComponent(expired)}`,
    );
    expect(await statusOf(other.id)).toBe('pending');
    expect((await postForm('')).status).toBe(400);
  });

  it('unsubscribe in one POST with no session and no origin (RFC 8058); a GET only shows the page', async () => {
    const [anxiety] = await db.select().from(topics).where(eq(topics.slug, 'anxiety'));
    const active = await createSubscription(db, { topic: anxiety! });
    const token = unsubscribeToken(active.id, null);
    const path = `/api/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`;

    const opened = await call('GET', path);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(
      `/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    const [untouched] = await db.select().from(subscriptions).where(eq(subscriptions.id, active.id));
    expect(untouched!.status).toBe('active');

    // As a mail provider sends it: a form body, from another site, no cookie.
    const res = await call('POST', path, {
      origin: 'https://mail.example',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      rawBody: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ topic: 'anxiety', status: 'unsubscribed' });
    const [left] = await db.select().from(subscriptions).where(eq(subscriptions.id, active.id));
    expect(left).toMatchObject({ status: 'unsubscribed', unsubscribedAt: expect.any(Date) });
    expect((await call('POST', path, { origin: null })).status).toBe(200); // again: no change
  });

  it("the subscriber's own page lists their topics and lets them leave any", async () => {
    const address = email('own');
    const [anxiety] = await db.select().from(topics).where(eq(topics.slug, 'anxiety'));
    const [prayer] = await db.select().from(topics).where(eq(topics.slug, 'prayer'));
    await createSubscription(db, { topic: anxiety!, email: address });
    await createSubscription(db, { topic: prayer!, email: address });
    const token = manageToken(address);

    const page = await call('GET', `/api/subscriptions/manage?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.json).toEqual({
      email: address,
      subscriptions: [
        { topic: 'anxiety', name: 'Anxiety', status: 'active' },
        { topic: 'prayer', name: 'Prayer', status: 'active' },
      ],
    });
    const left = await call('POST', '/api/subscriptions/manage/leave', { body: { token, topic: 'prayer' } });
    expect(left.status).toBe(200);
    expect(left.json.subscriptions).toContainEqual({
      topic: 'prayer',
      name: 'Prayer',
      status: 'unsubscribed',
    });

    const forged = await call(
      'GET',
      `/api/subscriptions/manage?token=${encodeURIComponent(manageToken('x@example.test').replace(/^m\.[^.]+/, `m.${Buffer.from(address).toString('base64url')}`))}`,
    );
    expect(forged.status).toBe(400);
    const notMine = await call('POST', '/api/subscriptions/manage/leave', {
      body: { token, topic: 'help-way' },
    });
    expect(notMine.status).toBe(404);
  });
});

describe("a publication's newsletter settings and topic", () => {
  it('the owner turns it on (its topic is made), subscribe dialogs read it; an author may not', async () => {
    const publication = await createPublication(db, { hasNewsletters: false, newsletterDescription: null });
    const author = await createUser(db);
    await addPublicationMember(db, { publication, user: author, role: 'publication_author' });
    const path = `/api/publications/${publication.id}/newsletters`;

    expect((await call('GET', `${path}/topic`)).json.error.message).toBe(NO_NEWSLETTER_YET);
    const refused = await call('PUT', `${path}/settings`, { as: author.id, body: { hasNewsletters: true } });
    expect(refused.status).toBe(403);

    const on = await call('PUT', `${path}/settings`, {
      as: publication.owner.id,
      body: { hasNewsletters: true },
    });
    expect(on.status).toBe(200);
    expect(on.json).toEqual({ hasNewsletters: true, newsletterDescription: DEFAULT_NEWSLETTER_DESCRIPTION });
    const topic = await call('GET', `${path}/topic`);
    expect(topic.json).toEqual({
      topic: `publication-${publication.subdomain}`,
      name: publication.name,
      description: DEFAULT_NEWSLETTER_DESCRIPTION,
    });
    const described = await call('PUT', `${path}/settings`, {
      as: publication.owner.id,
      body: { hasNewsletters: true, newsletterDescription: 'Letters from the desert.' },
    });
    expect(described.json.newsletterDescription).toBe('Letters from the desert.');
    expect((await subscribe({ email: email('pub'), topic: topic.json.topic })).status).toBe(200);
    const tooLong = await call('PUT', `${path}/settings`, {
      as: publication.owner.id,
      body: { hasNewsletters: true, newsletterDescription: 'x'.repeat(301) },
    });
    expect(tooLong.status).toBe(400);
  });
});
