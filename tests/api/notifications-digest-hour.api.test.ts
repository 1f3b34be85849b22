import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { notificationDigests, notifications, users, type UserRow } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { sendDueDigests } from '../../src/server/modules/notifications/notifications-digest.service';
import { createUser } from '../factories';
import { call } from '../helpers/api-client';
import type { SmtpSink } from '../helpers/smtp-sink';
import { openDatabaseAndMailSink } from '../helpers/mail-test-setup';

// The daily digest at each reader's own hour, in their own time zone (issue 25 item 4;
// docs/decisions/055-notifications.md), on the real database and over real SMTP: the settings
// (PATCH /api/users/{id} {notifications: {digestHour, timeZone}}, GET /api/notifications/settings)
// with their validation, and the scheduler driven by the clock it is given — a reader in Tokyo at
// 06:00 gets theirs when UTC is 21:00 the day before; one in New York keeps their hour across both
// changes of daylight saving time, including an hour that does not exist and one that comes twice.
// The dates are in 2025, before any reader made here with today's clock falls due.

let db: Db;
let sink: SmtpSink;

beforeAll(async () => {
  ({ db, sink } = await openDatabaseAndMailSink());
});

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const patch = (user: UserRow, notificationsBody: unknown) =>
  call('PATCH', `/api/users/${user.id}`, { as: user.id, body: { notifications: notificationsBody } });
const settingsOf = async (user: UserRow) =>
  (await call('GET', '/api/notifications/settings', { as: user.id })).json;
const rowOf = async (user: UserRow) => (await db.select().from(users).where(eq(users.id, user.id)))[0]!;
const digestsOf = (user: UserRow) =>
  db
    .select()
    .from(notificationDigests)
    .where(eq(notificationDigests.userId, user.id))
    .orderBy(asc(notificationDigests.day));
const mailsTo = (user: UserRow) => sink.messages.filter((m) => m.to.includes(user.email));

/** An unread notification for `user`, made at `createdAt`. */
async function notify(user: UserRow, actor: UserRow, createdAt: Date): Promise<void> {
  const id = newUuid();
  await db.insert(notifications).values({
    id,
    userId: user.id,
    kind: 'follower',
    actorId: actor.id,
    dedupeKey: `test:${id}`,
    createdAt,
  });
}

/** A reader with the digest on at `digestHour` in `timeZone`, next due at `dueAt` (as after an earlier day's sweep). */
async function reader(digestHour: number, timeZone: string, dueAt: Date | null): Promise<UserRow> {
  const user = await createUser(db, { notificationDigest: true, digestHour, digestTimeZone: timeZone });
  await db.update(users).set({ digestDueAt: dueAt }).where(eq(users.id, user.id));
  return user;
}

/** The digest rows of `user` as [local day, until (ISO)]. */
const daysOf = async (user: UserRow) =>
  (await digestsOf(user)).map((d) => [String(d.day), d.until.toISOString()] as const);

describe('the digest hour and time zone in the settings', () => {
  it('are chosen with PATCH /api/users/{id}, read back, and move the next digest to the reader’s hour', async () => {
    const user = await createUser(db);
    expect(await settingsOf(user)).toMatchObject({ digest: false, digestHour: 7, timeZone: 'UTC' });
    expect((await rowOf(user)).digestDueAt).toBeNull();

    const res = await patch(user, { digest: true, digestHour: 6, timeZone: 'Asia/Tokyo' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.notifications).toMatchObject({ digest: true, digestHour: 6, timeZone: 'Asia/Tokyo' });
    expect(await settingsOf(user)).toMatchObject({ digest: true, digestHour: 6, timeZone: 'Asia/Tokyo' });
    // 06:00 in Tokyo (UTC+9, no daylight saving time) is 21:00 UTC, within the next day.
    const due = (await rowOf(user)).digestDueAt!;
    expect(due.toISOString()).toMatch(/T21:00:00\.000Z$/);
    expect(due.getTime()).toBeGreaterThan(Date.now());
    expect(due.getTime()).toBeLessThanOrEqual(Date.now() + 24 * HOUR);

    // An alias a browser may send is stored as the name it stands for.
    expect((await patch(user, { timeZone: 'US/Eastern' })).json.notifications.timeZone).toBe(
      'America/New_York',
    );
    // 06:00 in India (UTC+5:30; this Node may call it Asia/Calcutta) is 00:30 UTC.
    expect(['Asia/Kolkata', 'Asia/Calcutta']).toContain(
      (await patch(user, { timeZone: 'Asia/Kolkata' })).json.notifications.timeZone,
    );
    expect((await rowOf(user)).digestDueAt!.toISOString()).toMatch(/T00:30:00\.000Z$/);

    // Another setting leaves the due time alone; the digest off clears it, on again sets it.
    const before = (await rowOf(user)).digestDueAt;
    expect((await patch(user, { follower: false })).status).toBe(200);
    expect((await rowOf(user)).digestDueAt).toEqual(before);
    await patch(user, { digest: false });
    expect((await rowOf(user)).digestDueAt).toBeNull();
    await patch(user, { digest: true });
    expect((await rowOf(user)).digestDueAt).toEqual(before);
  });

  it('refuses an hour out of 0–23 and a name that is not a time zone with a 400, changing nothing', async () => {
    const user = await createUser(db);
    await patch(user, { digest: true, digestHour: 8, timeZone: 'Europe/Oslo' });
    const stored = await rowOf(user);
    const refusals: [unknown, string][] = [
      [{ digestHour: 24 }, 'notifications.digestHour'],
      [{ digestHour: -1 }, 'notifications.digestHour'],
      [{ digestHour: 6.5 }, 'notifications.digestHour'],
      [{ digestHour: '6' }, 'notifications.digestHour'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'notifications.timeZone'],
      [{ timeZone: 'Europe/Oslo; drop table users' }, 'notifications.timeZone'],
      [{ timeZone: '' }, 'notifications.timeZone'],
      [{ timeZone: 9 }, 'notifications.timeZone'],
      [{ digestHour: 6, timeZone: 'Nowhere' }, 'notifications.timeZone'],
    ];
    for (const [body, field] of refusals) {
      const res = await patch(user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      // DESIGN §8: {"error": {"code", "message", "detail"}}, the detail naming the field.
      expect(res.json.error).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
      expect(res.json.error.detail, JSON.stringify(body)).toContain(field);
    }
    const after = await rowOf(user);
    expect([after.digestHour, after.digestTimeZone, after.digestDueAt]).toEqual([
      stored.digestHour,
      stored.digestTimeZone,
      stored.digestDueAt,
    ]);
    expect(await settingsOf(user)).toMatchObject({ digestHour: 8, timeZone: 'Europe/Oslo' });
    // Not signed in: 401 before anything is read.
    expect(
      (await call('PATCH', `/api/users/${user.id}`, { body: { notifications: { digestHour: 5 } } })).status,
    ).toBe(401);
  });
});

describe('the digest at the reader’s hour, in their time zone', () => {
  it('a reader in Tokyo at 06:00 gets theirs when UTC is 21:00 the day before; one at 07:00 UTC hours later', async () => {
    const actor = await createUser(db, { name: 'Early Friend' });
    // 15 January 2025, 06:00 in Tokyo = 14 January, 21:00 UTC.
    const tokyo = await reader(6, 'Asia/Tokyo', at('2025-01-14T21:00:00Z'));
    const utc = await reader(7, 'UTC', at('2025-01-15T07:00:00Z'));
    const banned = await reader(6, 'Asia/Tokyo', at('2025-01-14T21:00:00Z'));
    await db.update(users).set({ status: 'banned' }).where(eq(users.id, banned.id));
    for (const user of [tokyo, utc, banned]) await notify(user, actor, at('2025-01-14T12:00:00Z'));

    await sendDueDigests(at('2025-01-14T20:59:59Z'));
    expect(await digestsOf(tokyo)).toEqual([]);

    await sendDueDigests(at('2025-01-14T21:00:00Z'));
    expect(await daysOf(tokyo)).toEqual([['2025-01-15', '2025-01-14T21:00:00.000Z']]);
    expect(mailsTo(tokyo)).toHaveLength(1);
    expect(mailsTo(tokyo)[0]!.headers.get('message-id')).toBe(`<digest.${tokyo.id}.2025-01-15@localhost>`);
    // Moved on to their next local day; the UTC reader's hour has not come; the banned reader gets
    // nothing and is moved on too (the cheap look stays quiet).
    expect((await rowOf(tokyo)).digestDueAt!.toISOString()).toBe('2025-01-15T21:00:00.000Z');
    expect(await digestsOf(utc)).toEqual([]);
    expect(await digestsOf(banned)).toEqual([]);
    expect((await rowOf(banned)).digestDueAt!.toISOString()).toBe('2025-01-15T21:00:00.000Z');

    // Later that UTC day: the UTC reader's turn, for their 15 January; Tokyo's is not sent again.
    await sendDueDigests(at('2025-01-15T07:00:30Z'));
    expect(await daysOf(utc)).toEqual([['2025-01-15', '2025-01-15T07:00:00.000Z']]);
    expect(mailsTo(utc)).toHaveLength(1);
    expect(mailsTo(tokyo)).toHaveLength(1);

    // Tokyo's next day: only what came since the last digest (21:00 UTC the day before).
    await notify(tokyo, actor, at('2025-01-15T10:00:00Z'));
    await sendDueDigests(at('2025-01-15T21:00:00Z'));
    const [, second] = await digestsOf(tokyo);
    expect(second).toMatchObject({ since: at('2025-01-14T21:00:00Z'), until: at('2025-01-15T21:00:00Z') });
    await sink.waitFor((m) => m.to.includes(tokyo.email), { count: 2 });
    expect(mailsTo(tokyo)[1]!.subject).toBe('You have 1 new notification on Lamplight');
  });

  it('New York keeps 07:00 across the change to daylight saving time (12:00, then 11:00 UTC)', async () => {
    const actor = await createUser(db);
    // New York moves its clocks forward at 02:00 on Sunday 9 March 2025.
    const user = await reader(7, 'America/New_York', at('2025-03-08T12:00:00Z'));
    await notify(user, actor, at('2025-03-08T01:00:00Z'));
    await notify(user, actor, at('2025-03-08T20:00:00Z'));

    await sendDueDigests(at('2025-03-08T12:00:00Z'));
    expect((await rowOf(user)).digestDueAt!.toISOString()).toBe('2025-03-09T11:00:00.000Z');
    // An hour before 07:00 EDT (07:00 EST would have been 12:00 UTC): nothing yet.
    await sendDueDigests(at('2025-03-09T10:59:00Z'));
    await sendDueDigests(at('2025-03-09T11:00:00Z'));
    // And again at 12:00 UTC (yesterday's instant): still one for the day.
    await sendDueDigests(at('2025-03-09T12:00:00Z'));
    expect(await daysOf(user)).toEqual([
      ['2025-03-08', '2025-03-08T12:00:00.000Z'],
      ['2025-03-09', '2025-03-09T11:00:00.000Z'],
    ]);
    expect((await rowOf(user)).digestDueAt!.toISOString()).toBe('2025-03-10T11:00:00.000Z');
    await sink.waitFor((m) => m.to.includes(user.email), { count: 2 });
    expect(mailsTo(user)).toHaveLength(2);
  });

  it('an hour that does not exist that night (02:00 in the spring-forward gap) comes an hour later, once', async () => {
    const actor = await createUser(db);
    const user = await reader(2, 'America/New_York', at('2025-03-08T07:00:00Z'));
    await notify(user, actor, at('2025-03-08T03:00:00Z'));
    await notify(user, actor, at('2025-03-09T05:00:00Z'));

    await sendDueDigests(at('2025-03-08T07:00:00Z'));
    // 02:00 on 9 March does not exist in New York: PostgreSQL reads it as 03:00 EDT, 07:00 UTC.
    expect((await rowOf(user)).digestDueAt!.toISOString()).toBe('2025-03-09T07:00:00.000Z');
    await sendDueDigests(at('2025-03-09T06:59:59Z'));
    expect(await digestsOf(user)).toHaveLength(1);
    await sendDueDigests(at('2025-03-09T07:00:00Z'));
    await sendDueDigests(at('2025-03-09T07:30:00Z'));
    expect(await daysOf(user)).toEqual([
      ['2025-03-08', '2025-03-08T07:00:00.000Z'],
      ['2025-03-09', '2025-03-09T07:00:00.000Z'],
    ]);
    // The day after, 02:00 EDT is 06:00 UTC.
    expect((await rowOf(user)).digestDueAt!.toISOString()).toBe('2025-03-10T06:00:00.000Z');
    await sink.waitFor((m) => m.to.includes(user.email), { count: 2 });
  });

  it('an hour that comes twice (01:00 on the night the clocks go back) gives one digest, at its second coming', async () => {
    const actor = await createUser(db);
    // New York moves its clocks back at 02:00 EDT on Sunday 2 November 2025: 01:00–02:00 comes twice,
    // at 05:00 UTC (EDT) and 06:00 UTC (EST).
    const user = await reader(1, 'America/New_York', at('2025-11-01T05:00:00Z'));
    await notify(user, actor, at('2025-11-01T02:00:00Z'));
    await notify(user, actor, at('2025-11-01T20:00:00Z'));

    await sendDueDigests(at('2025-11-01T05:00:00Z'));
    expect((await rowOf(user)).digestDueAt!.toISOString()).toBe('2025-11-02T06:00:00.000Z');
    for (const instant of [
      '2025-11-02T05:00:00Z', // 01:00 EDT, the first coming
      '2025-11-02T05:30:00Z',
      '2025-11-02T06:00:00Z', // 01:00 EST, the second
      '2025-11-02T06:30:00Z', // 01:30 EST
    ]) {
      await sendDueDigests(at(instant));
    }
    expect(await daysOf(user)).toEqual([
      ['2025-11-01', '2025-11-01T05:00:00.000Z'],
      ['2025-11-02', '2025-11-02T06:00:00.000Z'],
    ]);
    // The day after, 01:00 EST is 06:00 UTC.
    expect((await rowOf(user)).digestDueAt!.toISOString()).toBe('2025-11-03T06:00:00.000Z');
    await sink.waitFor((m) => m.to.includes(user.email), { count: 2 });
    expect(mailsTo(user)).toHaveLength(2);
  });

  it('after the workers were down for days: one digest, for the last day whose hour has come', async () => {
    const actor = await createUser(db);
    const user = await reader(9, 'Europe/Oslo', at('2025-02-01T08:00:00Z'));
    await notify(user, actor, at('2025-02-03T12:00:00Z'));
    // 09:00 in Oslo (CET, UTC+1) is 08:00 UTC; on 5 February at 07:00 UTC the 4th's was the last.
    await sendDueDigests(at('2025-02-05T07:00:00Z'));
    expect(await daysOf(user)).toEqual([['2025-02-04', '2025-02-04T08:00:00.000Z']]);
    expect((await rowOf(user)).digestDueAt!.toISOString()).toBe('2025-02-05T08:00:00.000Z');
    await sink.waitFor((m) => m.to.includes(user.email));
  });

  it('a reader whose due time was never set counts as due; a move west after a digest adds none that day', async () => {
    const actor = await createUser(db);
    const user = await reader(6, 'Asia/Tokyo', null);
    await notify(user, actor, at('2025-06-01T10:00:00Z'));
    await sendDueDigests(at('2025-06-01T22:00:00Z'));
    expect(await daysOf(user)).toEqual([['2025-06-02', '2025-06-01T21:00:00.000Z']]);
    expect((await rowOf(user)).digestDueAt!.toISOString()).toBe('2025-06-02T21:00:00.000Z');

    // Moved to New York at 07:00. Their 1 June 07:00 (11:00 UTC) is before the end of the digest just
    // sent: nothing for it. Their 2 June had its digest already (one per reader and day: Tokyo's 2
    // June), so the next is their 3 June's, covering everything since.
    await db
      .update(users)
      .set({ digestHour: 7, digestTimeZone: 'America/New_York', digestDueAt: null })
      .where(eq(users.id, user.id));
    await notify(user, actor, at('2025-06-01T23:00:00Z'));
    await sendDueDigests(at('2025-06-01T23:30:00Z'));
    expect(await digestsOf(user)).toHaveLength(1);
    expect((await rowOf(user)).digestDueAt!.toISOString()).toBe('2025-06-02T11:00:00.000Z');
    await sendDueDigests(at('2025-06-02T11:00:00Z'));
    expect(await digestsOf(user)).toHaveLength(1);
    await sendDueDigests(at('2025-06-03T11:00:00Z'));
    const [, next] = await digestsOf(user);
    expect(next).toMatchObject({ since: at('2025-06-01T21:00:00Z'), until: at('2025-06-03T11:00:00Z') });
    expect(String(next!.day)).toBe('2025-06-03');
    await sink.waitFor((m) => m.to.includes(user.email), { count: 2 });
    expect(mailsTo(user)).toHaveLength(2);
  });

  it('two schedulers at the same instant write each reader’s day once', async () => {
    const actor = await createUser(db);
    const readers = [];
    for (let i = 0; i < 6; i++) readers.push(await reader(6, 'Asia/Tokyo', at('2025-08-09T21:00:00Z')));
    for (const user of readers) await notify(user, actor, at('2025-08-09T20:00:00Z'));
    await Promise.all([
      sendDueDigests(at('2025-08-09T21:00:10Z')),
      sendDueDigests(at('2025-08-09T21:00:10Z')),
    ]);
    for (const user of readers) {
      expect(await daysOf(user)).toEqual([['2025-08-10', '2025-08-09T21:00:00.000Z']]);
      const [row] = await db
        .select()
        .from(notificationDigests)
        .where(and(eq(notificationDigests.userId, user.id), eq(notificationDigests.status, 'sent')));
      expect(row).toBeDefined();
      expect(mailsTo(user)).toHaveLength(1);
    }
  });
});
