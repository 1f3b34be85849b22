import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import {
  planDeliveries,
  planDays,
  planReaders,
  planReads,
  plans,
  subscriptions,
  topics,
} from '../../src/server/db/schema';
import { sendConfirmationMails } from '../../src/server/modules/newsletters/subscriptions.service';
import { sendDuePlanDays } from '../../src/server/modules/plans/plans-sender.service';
import { readerToken } from '../../src/server/modules/plans/plans-tokens';
import {
  addPublicationMember,
  createCollection,
  createPost,
  createPublication,
  createUser,
} from '../factories';
import { call } from '../helpers/api-client';
import { linkIn, type SmtpSink } from '../helpers/smtp-sink';
import { openDatabaseAndMailSink } from '../helpers/mail-test-setup';

// Reading plans (issue 24 item 5; docs/decisions/050-reading-plans.md) on the real database: the owner
// turns a collection into a plan; readers start it signed in or by mail (double opt-in); each day is
// mailed at the reader's local time through the newsletter machinery — once, also across a change of
// daylight saving time — and marking days read gives progress, streak and, at the end, "finished".

let db: Db;
let sink: SmtpSink;

beforeAll(async () => {
  ({ db, sink } = await openDatabaseAndMailSink());
});

const address = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.test`;
let clients = 0;
/** A client address of its own per call (the per-address start limit is tested on its own). */
const client = () => ({
  'x-lamplight-socket-address': `10.24.${Math.floor(++clients / 250)}.${clients % 250}`,
});
const BASE = '/api/plans';

/** A publication with an editor, a collection of three published stories (a minute apart) and a draft. */
async function world() {
  const publication = await createPublication(db, { collectionName: 'Psalms at Dawn' });
  const editor = await createUser(db);
  await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
  const t0 = Date.now() - 3 * 3_600_000;
  const stories = [];
  for (const [i, title] of ['The Shepherd', 'Still Waters', 'The Table'].entries()) {
    stories.push(
      await createPost(db, {
        author: publication.owner,
        publication,
        title: `${title} ${Math.random().toString(36).slice(2, 6)}`,
        body: `Day ${i + 1}: the Lord is my shepherd.`,
        publishedAt: new Date(t0 + i * 60_000),
      }),
    );
  }
  const draft = await createPost(db, { author: publication.owner, publication, status: 'draft' });
  const elsewhere = await createPost(db);
  return { publication, editor, stories, draft, elsewhere, owner: publication.owner };
}

async function makePlan(w: Awaited<ReturnType<typeof world>>, body: Record<string, unknown> = {}) {
  const res = await call('POST', BASE, {
    as: w.owner.id,
    body: { publicationId: w.publication.id, collectionId: w.publication.collection.id, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

const tableCounts = async () =>
  JSON.stringify(
    await Promise.all(
      [plans, planDays, planReaders, planReads, planDeliveries, subscriptions, topics].map((table) =>
        db.select({ n: sql<number>`count(*)::int` }).from(table),
      ),
    ),
  );

describe('making a plan', () => {
  it('the owner turns a collection into a plan: its published stories, oldest first; nobody else may', async () => {
    const w = await world();
    const plan = await makePlan(w);
    expect(plan.title).toBe('Psalms at Dawn');
    expect(plan.totalDays).toBe(3);
    expect(plan.days.map((d: any) => d.story.title)).toEqual(w.stories.map((s) => s.title));
    expect(plan.days[0].story.path).toBe(`/stories/${w.stories[0]!.slug}-${w.stories[0]!.id}`);
    // Its mailing topic exists, named for the plan.
    const [topic] = await db
      .select()
      .from(topics)
      .where(eq(topics.slug, `plan-${plan.id}`));
    expect(topic!.name).toBe('Reading plan: Psalms at Dawn');

    const before = await tableCounts();
    const body = { publicationId: w.publication.id, collectionId: w.publication.collection.id };
    expect((await call('POST', BASE, { as: w.editor.id, body })).status).toBe(403);
    expect((await call('POST', BASE, { as: (await createUser(db)).id, body })).status).toBe(403);
    expect((await call('POST', BASE, { body })).status).toBe(401);
    const admin = await createUser(db, { roles: ['admin'] });
    expect((await call('POST', BASE, { as: admin.id, body })).status).toBe(403);
    expect(await tableCounts()).toBe(before);
  });

  it('days with passages typed in English or Chinese; a passage that is none, a draft or another’s story is a 422', async () => {
    const w = await world();
    const plan = await makePlan(w, {
      title: 'Seven mornings',
      days: [
        { postId: w.stories[2]!.id, passages: ['John 3:16', 'Ps 23'] },
        { postId: w.stories[0]!.id, passages: ['约翰福音 3:16'] },
      ],
    });
    expect(plan.days[0].passages).toEqual([
      { osis: 'John.3.16', display: 'John 3:16' },
      { osis: 'Ps.23', display: 'Psalm 23' },
    ]);
    expect(plan.days[1].passages[0].osis).toBe('John.3.16');
    expect(plan.days[0].story.id).toBe(w.stories[2]!.id);

    const before = await tableCounts();
    const bad = async (days: unknown, detail: string) => {
      const res = await call('POST', BASE, {
        as: w.owner.id,
        body: { publicationId: w.publication.id, collectionId: w.publication.collection.id, days },
      });
      expect(res.status, res.text).toBe(422);
      expect(res.json.error.detail).toContain(detail);
    };
    await bad([{ postId: w.stories[0]!.id, passages: ['banana bread'] }], 'days.0.passages.0');
    await bad([{ postId: w.stories[0]!.id, passages: ['Genesis 999:999'] }], 'days.0.passages.0');
    await bad([{ postId: w.stories[0]!.id }, { postId: w.draft.id }], 'days.1.postId');
    await bad([{ postId: w.elsewhere.id }], 'days.0.postId');
    // A title on two lines is refused at the schema (400), as every single-line field.
    const twoLines = await call('POST', BASE, {
      as: w.owner.id,
      body: {
        publicationId: w.publication.id,
        collectionId: w.publication.collection.id,
        title: 'A\r\nBcc: x@y',
      },
    });
    expect(twoLines.status).toBe(400);
    // Another publication's collection: 404.
    const other = await createPublication(db, { owner: w.owner });
    const wrong = await call('POST', BASE, {
      as: w.owner.id,
      body: { publicationId: w.publication.id, collectionId: other.collection.id },
    });
    expect(wrong.status).toBe(404);
    // An empty collection without days: 422.
    const empty = await createCollection(db, { publication: w.publication, name: 'Empty' });
    const none = await call('POST', BASE, {
      as: w.owner.id,
      body: { publicationId: w.publication.id, collectionId: empty.id },
    });
    expect(none.status).toBe(422);
    expect(await tableCounts()).toBe(before);
  });

  it('anyone reads it; the owner changes and deletes it; the owner alone sees the figures', async () => {
    const w = await world();
    const plan = await makePlan(w);
    const read = await call('GET', `${BASE}/${plan.id}`);
    expect(read.status).toBe(200);
    expect(read.json.publication).toEqual({
      id: w.publication.id,
      name: w.publication.name,
      subdomain: w.publication.subdomain,
    });
    expect((await call('GET', `${BASE}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);

    const patched = await call('PATCH', `${BASE}/${plan.id}`, {
      as: w.owner.id,
      body: { title: 'Renamed plan', days: [{ postId: w.stories[1]!.id, passages: ['Ps 23:1-3'] }] },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.totalDays).toBe(1);
    expect(patched.json.days[0].passages[0].osis).toBe('Ps.23.1-Ps.23.3');
    const [topic] = await db
      .select()
      .from(topics)
      .where(eq(topics.slug, `plan-${plan.id}`));
    expect(topic!.name).toBe('Reading plan: Renamed plan');
    expect(
      (await call('PATCH', `${BASE}/${plan.id}`, { as: w.editor.id, body: { title: 'x' } })).status,
    ).toBe(403);

    const listed = await call('GET', `${BASE}?publicationId=${w.publication.id}`, { as: w.owner.id });
    expect(listed.status).toBe(200);
    expect(listed.json.plans).toEqual([
      expect.objectContaining({
        id: plan.id,
        totalDays: 1,
        stats: { unconfirmed: 0, started: 0, active: 0, finished: 0 },
      }),
    ]);
    expect((await call('GET', `${BASE}?publicationId=${w.publication.id}`, { as: w.editor.id })).status).toBe(
      403,
    );

    expect((await call('DELETE', `${BASE}/${plan.id}`, { as: w.editor.id })).status).toBe(403);
    expect((await call('DELETE', `${BASE}/${plan.id}`, { as: w.owner.id })).status).toBe(204);
    expect((await call('GET', `${BASE}/${plan.id}`)).status).toBe(404);
    expect(
      await db
        .select()
        .from(topics)
        .where(eq(topics.slug, `plan-${plan.id}`)),
    ).toEqual([]);
  });
});

describe('readers', () => {
  it('a signed-in reader starts with their own address at once; the schedule is their local time', async () => {
    const w = await world();
    const plan = await makePlan(w);
    const reader = await createUser(db);
    const res = await call('POST', `${BASE}/${plan.id}/start`, {
      headers: client(),
      as: reader.id,
      body: { timeZone: 'Asia/Tokyo', sendAt: '06:30' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe('active');
    const progress = res.json.progress;
    expect(progress).toMatchObject({
      totalDays: 3,
      readCount: 0,
      streak: 0,
      nextDay: 1,
      email: reader.email,
    });
    // Day 1 comes at 06:30 in Tokyo (21:30 UTC the day before), within the next 24 hours.
    const next = new Date(progress.nextMailAt);
    expect(next.toISOString().slice(11, 16)).toBe('21:30');
    expect(progress.nextMailAt - Date.now()).toBeGreaterThan(0);
    expect(progress.nextMailAt - Date.now()).toBeLessThanOrEqual(86_400_000);
    // No confirmation mail for the account's own address.
    expect(sink.messages.filter((m) => m.to.includes(reader.email))).toEqual([]);

    // Starting again changes the time; the next day follows it.
    const again = await call('POST', `${BASE}/${plan.id}/start`, {
      headers: client(),
      as: reader.id,
      body: { timeZone: 'Asia/Tokyo', sendAt: '20:15' },
    });
    expect(again.json.progress.sendAt).toBe('20:15');
    expect(new Date(again.json.progress.nextMailAt).toISOString().slice(11, 16)).toBe('11:15');
    expect(await db.select().from(planReaders).where(eq(planReaders.userId, reader.id))).toHaveLength(1);

    const mine = await call('GET', `${BASE}/mine`, { as: reader.id });
    expect(mine.json.plans).toEqual([
      {
        plan: { id: plan.id, title: plan.title, publicationName: w.publication.name, totalDays: 3 },
        progress: expect.any(Object),
      },
    ]);
    expect((await call('GET', `${BASE}/mine`)).status).toBe(401);
  });

  it('a reader by mail alone confirms first (double opt-in); the same answer for a known address', async () => {
    const w = await world();
    const plan = await makePlan(w);
    const email = address('mail-reader');
    const body = { email, timeZone: 'Europe/Oslo', sendAt: '07:00' };
    const res = await call('POST', `${BASE}/${plan.id}/start`, { headers: client(), body });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      status: 'unconfirmed',
      message: expect.stringContaining('check your inbox'),
      progress: null,
    });
    // The newsletters' confirmation mailer (its job and sweep; no jobs run here).
    expect(await sendConfirmationMails()).toBe(1);
    const [confirmation] = await sink.waitFor((m) => m.to.includes(email), { timeoutMs: 3000 });
    expect(confirmation!.subject).toBe(`Confirm your subscription to Reading plan: ${plan.title}`);
    expect(confirmation!.headers.get('list-unsubscribe')).toContain('/api/subscriptions/unsubscribe?token=');
    const [row] = await db.select().from(planReaders).where(eq(planReaders.email, email));
    expect(row!.status).toBe('unconfirmed');
    // Marking a day before confirming: 409.
    const early = await call('POST', `${BASE}/${plan.id}/days/1/read`, {
      body: { token: readerToken(row!.id) },
    });
    expect(early.status).toBe(409);

    const token = new URL(linkIn(confirmation!, '/subscriptions/confirm?token=')).searchParams.get('token')!;
    expect((await call('POST', '/api/subscriptions/confirm', { body: { token } })).status).toBe(200);
    const [started] = await db.select().from(planReaders).where(eq(planReaders.id, row!.id));
    expect(started!.status).toBe('active');
    expect(started!.nextDueAt).not.toBeNull();

    // Again with the same address: the same words, nothing changes for the active reader.
    const again = await call('POST', `${BASE}/${plan.id}/start`, {
      headers: client(),
      body: { ...body, sendAt: '22:00' },
    });
    expect(again.json).toEqual(res.json);
    const [unchanged] = await db.select().from(planReaders).where(eq(planReaders.id, row!.id));
    expect(unchanged!.sendAt).toBe('07:00');

    // Signed out, an address is needed.
    const noEmail = await call('POST', `${BASE}/${plan.id}/start`, {
      headers: client(),
      body: { timeZone: 'UTC', sendAt: '07:00' },
    });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json.error.message).toBe('Please enter a valid email address.');
    // A time zone nobody has: 400 at the schema.
    const zone = await call('POST', `${BASE}/${plan.id}/start`, {
      headers: client(),
      body: { ...body, timeZone: 'Mars/Olympus' },
    });
    expect(zone.status).toBe(400);
    // A time that is no time: 400.
    const time = await call('POST', `${BASE}/${plan.id}/start`, {
      headers: client(),
      body: { ...body, sendAt: '25:00' },
    });
    expect(time.status).toBe(400);
  });

  it('starting is rate limited per mailbox (429 with Retry-After), and nothing is written then', async () => {
    const w = await world();
    const plan = await makePlan(w);
    const base = address('limited');
    const [local, domain] = base.split('@');
    let last = { status: 0, headers: new Headers() } as Awaited<ReturnType<typeof call>>;
    for (let i = 0; i < 7; i++) {
      last = await call('POST', `${BASE}/${plan.id}/start`, {
        headers: client(),
        body: { email: `${local}+${i}@${domain}`, timeZone: 'UTC', sendAt: '07:00' },
      });
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    const rows = await db.select().from(planReaders).where(eq(planReaders.planId, plan.id));
    expect(rows).toHaveLength(6);
  });

  it('marking days read: progress, streak, a token for readers by mail, and finished at the end', async () => {
    const w = await world();
    const plan = await makePlan(w);
    const reader = await createUser(db);
    await call('POST', `${BASE}/${plan.id}/start`, {
      headers: client(),
      as: reader.id,
      body: { timeZone: 'UTC', sendAt: '07:00' },
    });
    const mark = (day: number, options: { as?: string; token?: string } = { as: reader.id }) =>
      call('POST', `${BASE}/${plan.id}/days/${day}/read`, {
        as: options.as,
        body: options.token ? { token: options.token } : {},
      });
    const first = await mark(2);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ daysRead: [2], readCount: 1, streak: 1, status: 'active' });
    expect((await mark(2)).json.readCount).toBe(1);
    expect((await mark(4)).status).toBe(404);
    expect((await mark(1, {})).status).toBe(401);
    expect((await mark(1, { as: (await createUser(db)).id })).status).toBe(404);

    // Yesterday's and the day before's reads make a streak of three with today's.
    const [row] = await db.select().from(planReaders).where(eq(planReaders.userId, reader.id));
    await db
      .insert(planReads)
      .values([{ readerId: row!.id, day: 1, readOn: sql`current_date - 1` as unknown as string }]);
    await db
      .update(planReads)
      .set({ readOn: sql`current_date` as unknown as string })
      .where(and(eq(planReads.readerId, row!.id), eq(planReads.day, 2)));
    const viaToken = await mark(3, { token: readerToken(row!.id) });
    expect(viaToken.status, viaToken.text).toBe(200);
    expect(viaToken.json).toMatchObject({ daysRead: [1, 2, 3], readCount: 3, streak: 2, status: 'finished' });
    expect(viaToken.json.nextMailAt).toBeNull();
    // A token for another plan's reader, and a forged one: 404.
    const otherPlan = await makePlan(w);
    const wrong = await call('POST', `${BASE}/${otherPlan.id}/days/1/read`, {
      body: { token: readerToken(row!.id) },
    });
    expect(wrong.status).toBe(404);
    const forged = await call('POST', `${BASE}/${plan.id}/days/1/read`, {
      body: { token: `${readerToken(row!.id).slice(0, -3)}abc` },
    });
    expect(forged.status).toBe(404);

    const figures = await call('GET', `${BASE}?publicationId=${w.publication.id}`, { as: w.owner.id });
    expect(figures.json.plans.find((p: any) => p.id === plan.id).stats).toEqual({
      unconfirmed: 0,
      started: 1,
      active: 0,
      finished: 1,
    });
  });
});

describe('the mails', () => {
  /** An active reader by mail (their subscription confirmed), due at `nextDueAt`. */
  async function activeReader(planId: string, values: Partial<typeof planReaders.$inferInsert> = {}) {
    const email = address('daily');
    const reader = await createUser(db, { email });
    const res = await call('POST', `${BASE}/${planId}/start`, {
      as: reader.id,
      headers: client(),
      body: { timeZone: values.timeZone ?? 'UTC', sendAt: values.sendAt ?? '07:00' },
    });
    expect(res.status, res.text).toBe(200);
    const [row] = await db.select().from(planReaders).where(eq(planReaders.userId, reader.id));
    if (Object.keys(values).length > 0) {
      await db.update(planReaders).set(values).where(eq(planReaders.id, row!.id));
    }
    return { ...row!, email };
  }

  it('each day is mailed once at its time, with the story, its passages, the mark-read link and RFC 8058 headers', async () => {
    const w = await world();
    const plan = await makePlan(w, {
      days: w.stories.map((s, i) => ({ postId: s.id, passages: i === 0 ? ['Ps 23:1-2'] : [] })),
    });
    const reader = await activeReader(plan.id, { nextDueAt: new Date(Date.now() - 1000) });
    const notYet = await activeReader(plan.id, { nextDueAt: new Date(Date.now() + 3_600_000) });
    await sendDuePlanDays();
    const subject = `Day 1 of 3: ${w.stories[0]!.title} (${plan.title})`;
    const [mail] = await sink.waitFor((m) => m.to.includes(reader.email), { timeoutMs: 3000 });
    expect(mail!.subject).toBe(subject);
    expect(mail!.html).toContain('Day 1: the Lord is my shepherd.');
    expect(mail!.html).toContain('/scripture/Ps.23.1-Ps.23.2');
    expect(mail!.text).toContain('1 Yahweh is my shepherd');
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers.get('list-unsubscribe')).toMatch(/\/api\/subscriptions\/unsubscribe\?token=/);
    const link = new URL(linkIn(mail!, `/plans/${plan.id}?day=1&token=`));
    // The link's token marks the day read for that reader, signed out.
    const marked = await call('POST', `${BASE}/${plan.id}/days/1/read`, {
      body: { token: link.searchParams.get('token') },
    });
    expect(marked.json).toMatchObject({ daysRead: [1], nextDay: 2 });

    // Run again: nothing more is sent; the reader's next day is due tomorrow at 07:00 UTC.
    await sendDuePlanDays();
    expect(sink.messages.filter((m) => m.to.includes(reader.email))).toHaveLength(1);
    expect(sink.messages.filter((m) => m.to.includes(notYet.email))).toEqual([]);
    const [after] = await db.select().from(planReaders).where(eq(planReaders.id, reader.id));
    expect(after!.nextDay).toBe(2);
    expect(after!.nextDueAt!.toISOString().slice(11, 16)).toBe('07:00');
    const deliveries = await db.select().from(planDeliveries).where(eq(planDeliveries.readerId, reader.id));
    expect(deliveries.map((d) => [d.day, d.status])).toEqual([[1, 'sent']]);
  });

  it('local times across a change of daylight saving time, in both directions', async () => {
    const w = await world();
    const plan = await makePlan(w);
    // New York moves its clocks forward on 8 March 2026; Oslo back on 25 October 2026. A reader who
    // started on the day before each (their first day long past) is caught up day by day.
    const newYork = await activeReader(plan.id, {
      timeZone: 'America/New_York',
      sendAt: '07:00',
      startDate: '2026-03-07',
      nextDay: 1,
      nextDueAt: new Date('2026-03-07T12:00:00Z'),
    });
    const oslo = await activeReader(plan.id, {
      timeZone: 'Europe/Oslo',
      sendAt: '07:00',
      startDate: '2026-10-24',
      nextDay: 1,
      nextDueAt: new Date('2026-10-24T05:00:00Z'),
    });
    await sendDuePlanDays();
    const dueOf = async (readerId: string) =>
      (await db.select().from(planDeliveries).where(eq(planDeliveries.readerId, readerId)))
        .sort((a, b) => a.day - b.day)
        .map((d) => d.dueAt.toISOString());
    // 07:00 EST is 12:00 UTC; from 8 March 07:00 EDT is 11:00 UTC.
    expect(await dueOf(newYork.id)).toEqual([
      '2026-03-07T12:00:00.000Z',
      '2026-03-08T11:00:00.000Z',
      '2026-03-09T11:00:00.000Z',
    ]);
    // 07:00 CEST is 05:00 UTC; from 25 October 07:00 CET is 06:00 UTC.
    expect(await dueOf(oslo.id)).toEqual([
      '2026-10-24T05:00:00.000Z',
      '2026-10-25T06:00:00.000Z',
      '2026-10-26T06:00:00.000Z',
    ]);
    // Each got its three days once, and the mails stop after the last day.
    for (const reader of [newYork, oslo]) {
      expect(sink.messages.filter((m) => m.to.includes(reader.email))).toHaveLength(3);
      const [row] = await db.select().from(planReaders).where(eq(planReaders.id, reader.id));
      expect(row!.nextDay).toBe(4);
      expect(row!.nextDueAt).toBeNull();
    }
  });

  it('a reader who left the mails gets none (their days still move on); two senders at once mail each day once', async () => {
    const w = await world();
    const plan = await makePlan(w);
    const left = await activeReader(plan.id, { nextDueAt: new Date(Date.now() - 1000) });
    await db
      .update(subscriptions)
      .set({ status: 'unsubscribed' })
      .where(eq(subscriptions.id, left.subscriptionId!));
    const readers = [];
    for (let i = 0; i < 12; i++)
      readers.push(await activeReader(plan.id, { nextDueAt: new Date(Date.now() - 1000) }));
    await Promise.all([sendDuePlanDays(), sendDuePlanDays()]);
    for (const reader of readers) {
      expect(sink.messages.filter((m) => m.to.includes(reader.email))).toHaveLength(1);
    }
    expect(sink.messages.filter((m) => m.to.includes(left.email))).toEqual([]);
    const [moved] = await db.select().from(planReaders).where(eq(planReaders.id, left.id));
    expect(moved!.nextDay).toBe(2);
    expect(await db.select().from(planDeliveries).where(eq(planDeliveries.readerId, left.id))).toEqual([]);
  });
});
