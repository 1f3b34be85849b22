import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { webhookDeliveries, webhooks } from '../../src/server/db/schema';
import { env } from '../../src/server/lib/env';
import { resetMailTransport, setMailTransport, smtpTransport } from '../../src/server/lib/mail';
import {
  confirmToken,
  manageToken,
  unsubscribeToken,
} from '../../src/server/modules/newsletters/newsletters-tokens';
import { publicationTopicSlug } from '../../src/server/modules/newsletters/newsletters.table';
import {
  deliverDueWebhooks,
  queueWebhookEvent,
} from '../../src/server/modules/webhooks/webhooks-delivery.service';
import {
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES,
  WEBHOOK_EVENTS,
} from '../../src/server/modules/webhooks/webhooks.limits';
import {
  addPublicationMember,
  createPost,
  createPublication,
  createSubscription,
  createTopic,
  createUser,
} from '../factories';
import { call } from '../helpers/api-client';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { useTestDatabase } from '../helpers/test-db';

// Webhooks (issue 23 item 3, docs/decisions/040-webhooks.md): a local receiver checks the signature
// of every event kind; an endpoint answering 500 is retried with growing gaps and switched off after
// the limit, with a notice mailed to the owner; private endpoints are refused unless
// OUTBOUND_ALLOW_PRIVATE is on (env is mutated for this file, as signup.api.test.ts does with
// TRUST_PROXY); and only a publication's owners and site admins manage its hooks.

type Received = { path: string; headers: IncomingHttpHeaders; body: string; at: number };

let db: Db;
let sink: SmtpSink;
let receiver: Server;
let base: string;
const received: Received[] = [];
/** The status each receiver path answers. */
const answers = new Map<string, number>([
  ['/ok', 200],
  ['/ok-too', 204],
  ['/fail', 500],
]);

beforeAll(async () => {
  db = (await useTestDatabase()).db;
  sink = await startSmtpSink();
  await setMailTransport(smtpTransport(sink.url, 2));
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      res.writeHead(answers.get(path) ?? 404, { 'content-type': 'text/plain' });
      res.end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  env.OUTBOUND_ALLOW_PRIVATE = false;
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await resetMailTransport();
  await sink.close();
});

afterEach(() => {
  env.OUTBOUND_ALLOW_PRIVATE = false;
  received.length = 0;
});

/** A publication with a newsletter topic, its owner, an editor, and an admin of the site. */
async function world() {
  const publication = await createPublication(db);
  const editor = await createUser(db);
  await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
  const topic = await createTopic(db, { slug: publicationTopicSlug(publication.subdomain), publication });
  return { publication, owner: publication.owner, editor, topic };
}

async function registerHook(as: string, body: Record<string, unknown>) {
  const res = await call('POST', '/api/webhooks', { as, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; secret: string; url: string; events: string[] };
}

/** A draft of the owner's in the publication, published through the API (story.published). */
async function publishStory(publication: Awaited<ReturnType<typeof world>>['publication'], title?: string) {
  const story = await createPost(db, {
    author: publication.owner,
    publication,
    status: 'draft',
    tags: ['Faith'],
    ...(title && { title }),
  });
  const res = await call('PATCH', `/api/posts/manage_posts/publish_post/${story.id}`, {
    as: publication.owner.id,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { id: string; version: number; title: string };
}

/** Runs the sweep's effect until nothing is due and nothing pending is left (or the time is up). */
async function deliverAll(options: Parameters<typeof deliverDueWebhooks>[0] = {}, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await deliverDueWebhooks(options);
    const pending = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));
    if (pending.length === 0) return;
    if (Date.now() > until) throw new Error(`${pending.length} deliveries still pending`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** Checks Lamplight-Signature the way a receiver would, with its own HMAC (not the app's code). */
function verifySignature(request: Received, secret: string): void {
  const header = String(request.headers['lamplight-signature']);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(match, header).not.toBeNull();
  const t = Number(match![1]);
  expect(Math.abs(Date.now() / 1000 - t)).toBeLessThan(60);
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest('hex');
  expect(match![2]).toBe(expected);
  // A changed body does not match.
  const forged = createHmac('sha256', secret).update(`${t}.${request.body} `).digest('hex');
  expect(match![2]).not.toBe(forged);
}

const hookRow = async (id: string) => (await db.select().from(webhooks).where(eq(webhooks.id, id)))[0]!;
const deliveriesOf = async (webhookId: string) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));

describe('webhooks API', () => {
  it('delivers every event kind, signed with the hook secret, to the publication and site-wide hooks', async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const { publication, owner, topic } = await world();
    const admin = await createUser(db, { roles: ['admin'] });
    const other = await world();

    const hook = await registerHook(owner.id, {
      publicationId: publication.id,
      url: `${base}/ok`,
      events: [...WEBHOOK_EVENTS],
    });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    const siteHook = await registerHook(admin.id, { url: `${base}/ok-too`, events: ['story.published'] });
    // Another publication's hook hears nothing of this one.
    const otherHook = await registerHook(other.owner.id, {
      publicationId: other.publication.id,
      url: `${base}/ok`,
      events: [...WEBHOOK_EVENTS],
    });

    // story.published, story.updated, story.unpublished, story.deleted
    const story = await publishStory(publication, 'Grace upon grace');
    const saved = await call('PATCH', `/api/posts/${story.id}`, {
      as: owner.id,
      body: { version: story.version, title: 'Grace upon grace, again' },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const draft = await call('PATCH', `/api/posts/manage_posts/unpublish_post/${story.id}`, { as: owner.id });
    expect(draft.status).toBe(200);
    // Saving the draft it became tells nothing (readers cannot see it).
    const draftSave = await call('PATCH', `/api/posts/${story.id}`, {
      as: owner.id,
      body: { version: draft.json.version, title: 'A draft again' },
    });
    expect(draftSave.status, JSON.stringify(draftSave.json)).toBe(200);
    expect((await call('DELETE', `/api/posts/${story.id}`, { as: owner.id })).status).toBe(204);

    // subscriber.confirmed (once: a second click changes nothing), subscriber.unsubscribed (once)
    const subscription = await createSubscription(db, { topic, status: 'pending' });
    const token = confirmToken(subscription.id, subscription.confirmToken);
    expect((await call('POST', '/api/subscriptions/confirm', { body: { token } })).status).toBe(200);
    expect((await call('POST', '/api/subscriptions/confirm', { body: { token } })).status).toBe(200);
    const leave = `/api/subscriptions/unsubscribe?token=${encodeURIComponent(unsubscribeToken(subscription.id, null))}`;
    expect((await call('POST', leave, { origin: null })).status).toBe(200);
    expect((await call('POST', leave, { origin: null })).status).toBe(200);

    await deliverAll();

    // Deliveries are not ordered (they are attempted side by side): each kind once, checked by name.
    const toHook = received.filter((request) => request.path === '/ok');
    const bodies = toHook.map((request) => JSON.parse(request.body));
    expect(bodies.map((body) => body.event).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const byEvent = (event: string) => bodies.find((body) => body.event === event);
    for (const request of toHook) {
      verifySignature(request, hook.secret);
      const body = JSON.parse(request.body);
      expect(request.headers['lamplight-event']).toBe(body.event);
      expect(request.headers['lamplight-delivery']).toBe(body.id);
      expect(request.headers['content-type']).toMatch(/^application\/json/);
      expect(request.headers['user-agent']).toMatch(/^Lamplight-Webhooks\//);
      expect(Object.keys(body).sort()).toEqual(['createdAt', 'data', 'event', 'id']);
      expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    }
    const [published, updated, unpublished, deleted, confirmed, unsubscribed] = [
      'story.published',
      'story.updated',
      'story.unpublished',
      'story.deleted',
      'subscriber.confirmed',
      'subscriber.unsubscribed',
    ].map(byEvent);
    expect(published.data.story).toMatchObject({
      id: story.id,
      title: 'Grace upon grace',
      status: 'published',
      tags: ['Faith'],
      author: { id: owner.id, name: owner.name },
      publication: { id: publication.id, name: publication.name, subdomain: publication.subdomain },
    });
    expect(published.data.story.url).toMatch(new RegExp(`/stories/.*${story.id}$`));
    expect(updated.data.story).toMatchObject({ id: story.id, title: 'Grace upon grace, again' });
    // Unpublishing took it out of its publication; the publication's hook still heard it.
    expect(unpublished.data.story).toMatchObject({ id: story.id, status: 'draft' });
    expect(deleted.data.story).toMatchObject({ id: story.id, publication: { id: publication.id } });
    expect(confirmed.data.subscriber).toMatchObject({
      id: subscription.id,
      email: subscription.email,
      status: 'active',
      topic: topic.slug,
      publicationId: publication.id,
    });
    expect(unsubscribed.data.subscriber).toMatchObject({ id: subscription.id, status: 'unsubscribed' });

    // The site-wide hook heard the one event it asked for, signed with its own secret.
    const toSite = received.filter((request) => request.path === '/ok-too');
    expect(toSite.map((request) => JSON.parse(request.body).event)).toEqual(['story.published']);
    verifySignature(toSite[0]!, siteHook.secret);
    expect(await deliveriesOf(otherHook.id)).toEqual([]);

    // The log: newest first, with status, HTTP status and timing.
    const log = await call('GET', `/api/webhooks/${hook.id}/deliveries`, { as: owner.id });
    expect(log.status).toBe(200);
    expect(log.json.deliveries.map((d: { event: string }) => d.event)).toEqual([
      'subscriber.unsubscribed',
      'subscriber.confirmed',
      'story.deleted',
      'story.unpublished',
      'story.updated',
      'story.published',
    ]);
    for (const delivery of log.json.deliveries) {
      expect(delivery).toMatchObject({
        status: 'succeeded',
        attempts: 1,
        responseStatus: 200,
        error: null,
        nextAttemptAt: null,
      });
      expect(delivery.durationMs).toEqual(expect.any(Number));
    }

    // Resend: the same body and delivery id again, signed anew.
    received.length = 0;
    const first = log.json.deliveries[5];
    const resent = await call('POST', `/api/webhooks/${hook.id}/deliveries/${first.id}/resend`, {
      as: owner.id,
    });
    expect(resent.status).toBe(200);
    expect(resent.json).toMatchObject({
      id: first.id,
      status: 'succeeded',
      attempts: 2,
      responseStatus: 200,
    });
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toEqual(first.payload);
    expect(received[0]!.headers['lamplight-delivery']).toBe(first.id);
    verifySignature(received[0]!, hook.secret);

    // The site-wide hook would hear the other tests' publications: gone.
    expect((await call('DELETE', `/api/webhooks/${siteHook.id}`, { as: admin.id })).status).toBe(204);
  });

  it('retries a failing endpoint with growing gaps, then switches it off and mails the owner', async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const { publication, owner } = await world();
    const hook = await registerHook(owner.id, {
      publicationId: publication.id,
      url: `${base}/fail`,
      events: ['story.published'],
    });
    const delays = [80, 300, 800, 1500, 2400];
    const attemptsPerDelivery = delays.length + 1;

    for (let i = 0; i < WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES; i++) await publishStory(publication);
    await deliverAll({ retryDelaysMs: delays });

    const attempts = received.filter((request) => request.path === '/fail');
    expect(attempts).toHaveLength(WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES * attemptsPerDelivery);
    const byDelivery = new Map<string, number[]>();
    for (const request of attempts) {
      verifySignature(request, hook.secret);
      const id = String(request.headers['lamplight-delivery']);
      byDelivery.set(id, [...(byDelivery.get(id) ?? []), request.at]);
    }
    expect(byDelivery.size).toBe(WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES);
    for (const times of byDelivery.values()) {
      expect(times).toHaveLength(attemptsPerDelivery);
      const gaps = times.slice(1).map((at, i) => at - times[i]!);
      gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(delays[i]! - 5));
      // Each wait longer than the one before.
      for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThan(gaps[i - 1]!);
    }

    const stored = await deliveriesOf(hook.id);
    expect(stored.map((row) => [row.status, row.attempts, row.responseStatus])).toEqual(
      stored.map(() => ['failed', attemptsPerDelivery, 500]),
    );
    const off = await hookRow(hook.id);
    expect(off).toMatchObject({
      active: false,
      consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES,
    });
    expect(off.disabledAt).toBeInstanceOf(Date);
    expect(off.disabledReason).toBe(
      `${WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES} deliveries in a row failed (the last: HTTP 500)`,
    );

    const [notice] = await sink.waitFor((mail) => mail.to.includes(owner.email), { timeoutMs: 5000 });
    expect(notice!.subject).toBe(`A webhook of ${publication.name} was switched off`);
    expect(notice!.text).toContain(`${base}/fail`);
    expect(notice!.text).toContain(`/publications/admin/${publication.id}`);
    expect(sink.messages.filter((mail) => mail.subject.includes('switched off'))).toHaveLength(1);

    // Switched off, it hears nothing more.
    received.length = 0;
    await publishStory(publication);
    await deliverAll();
    expect(received).toEqual([]);
    expect(await deliveriesOf(hook.id)).toHaveLength(WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES);

    // The owner fixes the endpoint and switches it on again: its failures are forgotten.
    const on = await call('PATCH', `/api/webhooks/${hook.id}`, {
      as: owner.id,
      body: { active: true, url: `${base}/ok` },
    });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({
      active: true,
      consecutiveFailures: 0,
      disabledAt: null,
      disabledReason: null,
      url: `${base}/ok`,
    });
    await publishStory(publication);
    await deliverAll();
    expect(received.map((request) => request.path)).toEqual(['/ok']);
  });

  it('counts failures in a row only: a success in between starts the count again', async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const { publication, owner } = await world();
    answers.set('/flaky', 500);
    const hook = await registerHook(owner.id, {
      publicationId: publication.id,
      url: `${base}/flaky`,
      events: ['story.published'],
    });
    const once = [10];
    await publishStory(publication);
    await publishStory(publication);
    await deliverAll({ retryDelaysMs: once });
    expect((await hookRow(hook.id)).consecutiveFailures).toBe(2);

    answers.set('/flaky', 200);
    await publishStory(publication);
    await deliverAll({ retryDelaysMs: once });
    expect(await hookRow(hook.id)).toMatchObject({ consecutiveFailures: 0, active: true });
  });

  it('refuses endpoints on private or loopback addresses unless OUTBOUND_ALLOW_PRIVATE is on', async () => {
    const { publication, owner } = await world();
    for (const url of [
      `${base}/ok`,
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest',
    ]) {
      const res = await call('POST', '/api/webhooks', {
        as: owner.id,
        body: { publicationId: publication.id, url, events: ['story.published'] },
      });
      expect(res.status, url).toBe(422);
      expect(res.json.error.code).toBe('unprocessable');
    }
    const plainHttp = await call('POST', '/api/webhooks', {
      as: owner.id,
      body: { publicationId: publication.id, url: 'http://93.184.215.14/hook', events: ['story.published'] },
    });
    expect(plainHttp.status).toBe(422);
    expect(plainHttp.json.error.detail).toBe('url: scheme');
    const loopback = await call('POST', '/api/webhooks', {
      as: owner.id,
      body: { publicationId: publication.id, url: 'https://127.0.0.1/hook', events: ['story.published'] },
    });
    expect(loopback.json.error.detail).toBe('url: private-address');
    expect(await db.select().from(webhooks).where(eq(webhooks.publicationId, publication.id))).toEqual([]);

    // Registered while allowed, then not allowed any more: each delivery checks again, and sends nothing.
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const hook = await registerHook(owner.id, {
      publicationId: publication.id,
      url: `${base}/ok`,
      events: ['story.published'],
    });
    env.OUTBOUND_ALLOW_PRIVATE = false;
    await publishStory(publication);
    await deliverAll({ retryDelaysMs: [] });
    expect(received).toEqual([]);
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'failed', responseStatus: null });
    expect(delivery!.error).toMatch(/https/);
  });

  it('lets only the publication owners and site admins manage its hooks', async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const { publication, owner, editor } = await world();
    const stranger = await createUser(db);
    const admin = await createUser(db, { roles: ['admin'] });
    const body = { publicationId: publication.id, url: `${base}/ok`, events: ['story.published'] };

    // Anonymous: 401, before anything else.
    expect((await call('GET', '/api/webhooks')).status).toBe(401);
    expect((await call('POST', '/api/webhooks', { body })).status).toBe(401);
    // An editor of the publication, and a stranger: 403.
    for (const who of [editor, stranger]) {
      const res = await call('POST', '/api/webhooks', { as: who.id, body });
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('forbidden');
      expect(
        (await call('GET', `/api/webhooks?publicationId=${publication.id}`, { as: who.id })).status,
      ).toBe(403);
    }
    // Only site admins register site-wide hooks.
    expect(
      (
        await call('POST', '/api/webhooks', {
          as: owner.id,
          body: { url: `${base}/ok`, events: ['story.published'] },
        })
      ).status,
    ).toBe(403);
    expect((await call('GET', '/api/webhooks?scope=site', { as: owner.id })).status).toBe(403);

    const hook = await registerHook(owner.id, body);
    const byAdmin = await registerHook(admin.id, body);
    for (const who of [editor, stranger]) {
      expect(
        (await call('PATCH', `/api/webhooks/${hook.id}`, { as: who.id, body: { active: false } })).status,
      ).toBe(403);
      expect((await call('DELETE', `/api/webhooks/${hook.id}`, { as: who.id })).status).toBe(403);
      expect((await call('GET', `/api/webhooks/${hook.id}/deliveries`, { as: who.id })).status).toBe(403);
    }
    // The editor's own list is empty; the owner's holds both hooks of the publication, secrets included.
    expect((await call('GET', '/api/webhooks', { as: editor.id })).json.webhooks).toEqual([]);
    const mine = await call('GET', '/api/webhooks', { as: owner.id });
    expect(mine.json.webhooks.map((w: { id: string }) => w.id)).toEqual([hook.id, byAdmin.id]);
    expect(mine.json.webhooks[0].secret).toBe(hook.secret);
    // The admin manages any publication's hooks.
    const off = await call('PATCH', `/api/webhooks/${hook.id}`, { as: admin.id, body: { active: false } });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ active: false, disabledAt: null });
    expect((await call('DELETE', `/api/webhooks/${byAdmin.id}`, { as: owner.id })).status).toBe(204);
    expect((await call('GET', `/api/webhooks/${byAdmin.id}/deliveries`, { as: owner.id })).status).toBe(404);
    // A delivery of another hook is not this hook's.
    const unknown = await call('POST', `/api/webhooks/${hook.id}/deliveries/${crypto.randomUUID()}/resend`, {
      as: owner.id,
    });
    expect(unknown.status).toBe(404);
  });

  it('validates the registration: events, address, line breaks', async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const { publication, owner } = await world();
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/webhooks', { as: owner.id, body: { publicationId: publication.id, ...body } });
    const cases: [Record<string, unknown>, string][] = [
      [{ url: `${base}/ok`, events: [] }, 'events'],
      [{ url: `${base}/ok`, events: ['story.liked'] }, 'events'],
      [{ url: 'ftp://example.com/hook', events: ['story.published'] }, 'url'],
      [{ url: `${base}/ok\nX-Injected: 1`, events: ['story.published'] }, 'url'],
      [{ events: ['story.published'] }, 'url'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.detail).toContain(field);
    }
    // Duplicated events are kept once.
    const hook = await registerHook(owner.id, {
      publicationId: publication.id,
      url: `${base}/ok`,
      events: ['story.published', 'story.published', 'story.deleted'],
    });
    expect(hook.events).toEqual(['story.published', 'story.deleted']);
  });

  it(`keeps the last ${WEBHOOK_DELIVERIES_KEPT} deliveries of a hook`, async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const { publication, owner } = await world();
    const hook = await registerHook(owner.id, {
      publicationId: publication.id,
      url: `${base}/ok`,
      events: ['story.updated'],
    });
    const ids: string[] = [];
    for (let i = 0; i < WEBHOOK_DELIVERIES_KEPT + 5; i++) {
      ids.push(...(await queueWebhookEvent('story.updated', publication.id, { story: { n: i } })));
    }
    const kept = await deliveriesOf(hook.id);
    expect(kept).toHaveLength(WEBHOOK_DELIVERIES_KEPT);
    expect(new Set(kept.map((row) => row.id))).toEqual(new Set(ids.slice(5)));
    await deliverAll();
    expect(received).toHaveLength(WEBHOOK_DELIVERIES_KEPT);
  });

  it('tells leaving from the own page too (manage/leave), once', async () => {
    env.OUTBOUND_ALLOW_PRIVATE = true;
    const { publication, owner, topic } = await world();
    await registerHook(owner.id, {
      publicationId: publication.id,
      url: `${base}/ok`,
      events: ['subscriber.unsubscribed'],
    });
    const subscription = await createSubscription(db, { topic });
    const token = manageToken(subscription.email);
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/api/subscriptions/manage/leave', {
        body: { token, topic: topic.slug },
      });
      expect(res.status).toBe(200);
    }
    await deliverAll();
    expect(received.map((request) => JSON.parse(request.body).data.subscriber)).toEqual([
      expect.objectContaining({
        email: subscription.email,
        status: 'unsubscribed',
        publicationId: publication.id,
      }),
    ]);
  });
});
