import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import {
  notificationDigests,
  notifications,
  users,
  type PostRow,
  type UserRow,
} from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { sendDueDigests } from '../../src/server/modules/notifications/notifications-digest.service';
import { digestOffToken } from '../../src/server/modules/notifications/notifications-tokens';
import { addPublicationMember, createPost, createPublication, createUser } from '../factories';
import { call } from '../helpers/api-client';
import type { SmtpSink } from '../helpers/smtp-sink';
import { openDatabaseAndMailSink } from '../helpers/mail-test-setup';

// Notifications (issue 25 item 4; docs/decisions/055-notifications.md) on the real database, through
// the real services: a follow (PUT /api/follows/user/{id}), a response, a reply and a mention
// (POST /api/posts/{id}/responses), a review (PATCH /api/posts/manage_posts/approve_post|reject_post)
// each notify the right person, once, never the actor; settings turned off write nothing; the list
// pages newest first; marking read touches only one's own; the daily digest goes out once per
// reader and day over real SMTP with RFC 8058's headers, and its one-click link turns it off.

let db: Db;
let sink: SmtpSink;

beforeAll(async () => {
  ({ db, sink } = await openDatabaseAndMailSink());
});

type Item = {
  id: string;
  kind: string;
  read: boolean;
  message: string;
  link: string | null;
  actor: { id: string; name: string } | null;
  createdAt: number;
};

async function listOf(
  user: UserRow,
  query = '',
): Promise<{ items: Item[]; unreadCount: number; lastKey: unknown }> {
  const res = await call('GET', `/api/notifications${query}`, { as: user.id });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}
const rowsOf = (user: UserRow) => db.select().from(notifications).where(eq(notifications.userId, user.id));

async function respond(as: UserRow, post: PostRow, text: string, parentId?: string): Promise<string> {
  const res = await call('POST', `/api/posts/${post.id}/responses`, {
    as: as.id,
    body: parentId ? { text, parentId } : { text },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
}

async function follow(as: UserRow, writer: UserRow, method: 'PUT' | 'DELETE' = 'PUT') {
  const res = await call(method, `/api/follows/user/${writer.id}`, { as: as.id });
  expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
}

const storyLink = (post: PostRow) => `/stories/${post.slug}-${post.id}`;

describe('notifications are produced by the events of the modules below', () => {
  it('a follow tells the writer once a day, never the follower, and unfollow + follow again adds nothing', async () => {
    const writer = await createUser(db, { name: 'Ruth Writer' });
    const reader = await createUser(db, { name: 'Boaz Reader' });
    await follow(reader, writer);
    await follow(reader, writer, 'DELETE');
    await follow(reader, writer);
    const list = await listOf(writer);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      kind: 'follower',
      read: false,
      message: 'Boaz Reader started following you',
      link: `/@${reader.subdomain}`,
      actor: { id: reader.id, name: 'Boaz Reader' },
    });
    expect(list.unreadCount).toBe(1);
    expect(await rowsOf(reader)).toHaveLength(0);
  });

  it('a response tells the writer, a reply the parent’s author, a mention the one named — one each, never oneself', async () => {
    const writer = await createUser(db, { name: 'Naomi' });
    const reader = await createUser(db, { name: 'Orpah' });
    const named = await createUser(db, { name: 'Mentioned One' });
    const post = await createPost(db, { author: writer, title: 'Grief and morning' });

    // A reader responds: the writer hears, with a link to the response's anchor.
    const first = await respond(reader, post, 'Praying for you today.');
    const [response] = (await listOf(writer)).items;
    expect(response).toMatchObject({
      kind: 'response',
      message: 'Orpah responded to your story “Grief and morning”',
      link: `${storyLink(post)}#response-${first}`,
    });

    // The writer replies: the reader hears of a reply; the writer, their own act, nothing new.
    const reply = await respond(writer, post, 'Thank you, friend.', first);
    expect((await listOf(reader)).items).toMatchObject([
      { kind: 'reply', link: `${storyLink(post)}#response-${reply}`, actor: { id: writer.id } },
    ]);
    expect((await listOf(writer)).items).toHaveLength(1);

    // A third responds naming the writer and another by handle: the writer gets one (a response,
    // which outranks the mention — and joins the unread response of the same story: one line), the
    // other a mention, the author naming themself nothing.
    const third = await createUser(db, { name: 'Third Voice' });
    const mentioning = await respond(
      third,
      post,
      `@${writer.subdomain} and @${named.subdomain} and @${third.subdomain}: amen.`,
    );
    const writerItems = (await listOf(writer)).items;
    expect(writerItems).toHaveLength(1);
    expect(writerItems[0]).toMatchObject({
      kind: 'response',
      message: 'Third Voice and Orpah responded to your story “Grief and morning”',
      link: `${storyLink(post)}#response-${mentioning}`,
      actor: { id: third.id },
      actors: [
        { id: third.id, name: 'Third Voice' },
        { id: reader.id, name: 'Orpah' },
      ],
      actorCount: 2,
    });
    expect((await listOf(named)).items).toMatchObject([
      {
        kind: 'mention',
        message: 'Third Voice mentioned you in a response on “Grief and morning”',
        link: `${storyLink(post)}#response-${mentioning}`,
      },
    ]);
    expect(await rowsOf(third)).toHaveLength(0);

    // The writer responding under their own story tells no one.
    const before = (await listOf(writer)).items.length;
    await respond(writer, post, 'A word for everyone here.');
    expect((await listOf(writer)).items).toHaveLength(before);
  });

  it('a publication’s review tells the writer: approved leads to the story, rejected to the editor', async () => {
    const owner = await createUser(db);
    const author = await createUser(db);
    const publication = await createPublication(db, { owner, name: 'Morning Light' });
    await addPublicationMember(db, { publication, user: author, role: 'publication_author' });
    const yes = await createPost(db, { author, publication, status: 'pending', title: 'Psalm at dawn' });
    const no = await createPost(db, { author, publication, status: 'pending', title: 'Draft thoughts' });
    expect(
      (await call('PATCH', `/api/posts/manage_posts/approve_post/${yes.id}`, { as: owner.id })).status,
    ).toBe(200);
    expect(
      (
        await call('PATCH', `/api/posts/manage_posts/reject_post/${no.id}`, {
          as: owner.id,
          body: { reason: 'Not for us.' },
        })
      ).status,
    ).toBe(200);
    const items = (await listOf(author)).items;
    expect(items).toHaveLength(2);
    expect(items.find((i) => i.kind === 'story_approved')).toMatchObject({
      message: 'Morning Light published your story “Psalm at dawn”',
      link: storyLink(yes),
    });
    expect(items.find((i) => i.kind === 'story_rejected')).toMatchObject({
      message: 'Morning Light returned your story “Draft thoughts” to you',
      link: `/stories/edit/${no.id}`,
    });
    expect(await rowsOf(owner)).toHaveLength(0);
  });

  it('a kind turned off in the settings (PATCH /api/users/{id}) writes nothing; the rest still come', async () => {
    const writer = await createUser(db);
    const reader = await createUser(db);
    const defaults = await call('GET', '/api/notifications/settings', { as: writer.id });
    expect(defaults.json).toEqual({
      follower: true,
      response: true,
      reply: true,
      storyApproved: true,
      storyRejected: true,
      mention: true,
      digest: false,
      // The digest's hour for a reader who never chose: 07:00 UTC.
      digestHour: 7,
      timeZone: 'UTC',
    });
    const patched = await call('PATCH', `/api/users/${writer.id}`, {
      as: writer.id,
      body: { notifications: { follower: false } },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.notifications).toMatchObject({ follower: false, response: true, digest: false });
    // Private: the public profile never shows them.
    expect((await call('GET', `/api/users/${writer.id}`)).json.notifications).toBeUndefined();
    // Someone else's settings cannot be changed.
    expect(
      (
        await call('PATCH', `/api/users/${writer.id}`, {
          as: reader.id,
          body: { notifications: { follower: true } },
        })
      ).status,
    ).toBe(403);
    // Not a boolean: refused.
    expect(
      (
        await call('PATCH', `/api/users/${writer.id}`, {
          as: writer.id,
          body: { notifications: { follower: 'yes' } },
        })
      ).status,
    ).toBe(400);

    await follow(reader, writer);
    expect(await rowsOf(writer)).toHaveLength(0);
    const post = await createPost(db, { author: writer });
    await respond(reader, post, 'Still heard.');
    expect((await listOf(writer)).items.map((i) => i.kind)).toEqual(['response']);
  });

  it('a banned actor’s notifications are not shown nor counted, and come back with the unban', async () => {
    const writer = await createUser(db);
    const rude = await createUser(db);
    await follow(rude, writer);
    expect((await listOf(writer)).unreadCount).toBe(1);
    await db.update(users).set({ status: 'banned' }).where(eq(users.id, rude.id));
    expect(await listOf(writer)).toMatchObject({ items: [], unreadCount: 0 });
    await db.update(users).set({ status: 'active' }).where(eq(users.id, rude.id));
    expect((await listOf(writer)).unreadCount).toBe(1);
  });
});

describe('the list, the unread count and marking read', () => {
  let reader: UserRow;
  let other: UserRow;
  const ids: string[] = [];

  beforeAll(async () => {
    reader = await createUser(db);
    other = await createUser(db);
    const actor = await createUser(db);
    const base = Date.now() - 3_600_000;
    // 25 notifications, one a minute, two sharing a millisecond (the id breaks the tie).
    for (let i = 0; i < 25; i++) {
      const id = newUuid();
      ids.push(id);
      await db.insert(notifications).values({
        id,
        userId: reader.id,
        kind: 'follower',
        actorId: actor.id,
        dedupeKey: `test:${id}`,
        createdAt: new Date(base + Math.min(i, 23) * 60_000),
      });
    }
    await db.insert(notifications).values({
      id: newUuid(),
      userId: other.id,
      kind: 'follower',
      actorId: actor.id,
      dedupeKey: `test:${newUuid()}`,
    });
  });

  it('pages newest first with the keyset cursor, each row once, and counts the unread', async () => {
    const seen: Item[] = [];
    let query = '?limit=10';
    for (let page = 0; page < 5; page++) {
      const answer = await listOf(reader, query);
      expect(answer.unreadCount).toBe(25);
      seen.push(...answer.items);
      if (!answer.lastKey) break;
      query = `?limit=10&lastKey=${encodeURIComponent(JSON.stringify(answer.lastKey))}`;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen.map((i) => i.id)).size).toBe(25);
    const times = seen.map((i) => i.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await call('GET', '/api/notifications?lastKey=nonsense', { as: reader.id })).status).toBe(400);
    expect((await call('GET', '/api/notifications')).status).toBe(401);
  });

  it('marks read only one’s own ids (others’ are ignored), then all; refuses a body that is neither', async () => {
    const [otherRow] = await rowsOf(other);
    const some = await call('POST', '/api/notifications/read', {
      as: reader.id,
      body: { ids: [ids[0], ids[1], otherRow!.id, newUuid()] },
    });
    expect(some.status).toBe(200);
    expect(some.json).toEqual({ marked: 2, unreadCount: 23 });
    expect((await rowsOf(other))[0]!.readAt).toBeNull();
    // Again: nothing more to mark.
    expect(
      (await call('POST', '/api/notifications/read', { as: reader.id, body: { ids: [ids[0]] } })).json,
    ).toEqual({ marked: 0, unreadCount: 23 });
    for (const body of [{}, { ids: [ids[2]], all: true }, { all: false }, { ids: [] }, { ids: ['x'] }]) {
      const refused = await call('POST', '/api/notifications/read', { as: reader.id, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.error.code).toBe('validation_failed');
    }
    const all = await call('POST', '/api/notifications/read', { as: reader.id, body: { all: true } });
    expect(all.json).toEqual({ marked: 23, unreadCount: 0 });
    expect((await listOf(reader, '?limit=50')).items.every((i) => i.read)).toBe(true);
    expect((await rowsOf(other))[0]!.readAt).toBeNull();
    expect((await call('POST', '/api/notifications/read', { body: { all: true } })).status).toBe(401);
  });

  it('gives the header its unread count in the page’s one personal call', async () => {
    const state = await call('GET', '/api/me/page-state?account=1', { as: other.id });
    expect(state.json.unreadNotifications).toBe(1);
    expect((await call('GET', '/api/me/page-state?account=1')).json.unreadNotifications).toBeNull();
    expect((await call('GET', '/api/me/page-state', { as: other.id })).json.unreadNotifications).toBeNull();
  });
});

describe('the daily e-mail digest', () => {
  const DAY = 86_400_000;
  /** 07:30 UTC on the first day it comes at or after `t`: half an hour after a default reader's hour. */
  const halfPastSevenFrom = (t: number) => {
    const at = new Date(t);
    at.setUTCHours(7, 30, 0, 0);
    if (at.getTime() < t) at.setUTCDate(at.getUTCDate() + 1);
    return at;
  };
  const mailsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email));
  const notify = async (user: UserRow, actor: UserRow, createdAt = new Date()) => {
    const id = newUuid();
    await db.insert(notifications).values({
      id,
      userId: user.id,
      kind: 'follower',
      actorId: actor.id,
      dedupeKey: `test:${id}`,
      createdAt,
    });
    return id;
  };

  it('mails each reader with it on once a day — across two senders — listing what is unread, with one-click unsubscribe', async () => {
    const on = await createUser(db, { name: 'Digest Reader' });
    const off = await createUser(db);
    const nothing = await createUser(db);
    const actor = await createUser(db, { name: 'Kind Follower' });
    expect(
      (await call('PATCH', `/api/users/${on.id}`, { as: on.id, body: { notifications: { digest: true } } }))
        .status,
    ).toBe(200);
    await call('PATCH', `/api/users/${nothing.id}`, {
      as: nothing.id,
      body: { notifications: { digest: true } },
    });
    await notify(on, actor);
    await notify(on, actor);
    await notify(off, actor);

    // Their hour (07:00 UTC: they never chose) has come on the next day; the clock is passed in.
    const now = halfPastSevenFrom(Date.now() + DAY);
    const [a, b] = await Promise.all([sendDueDigests(now), sendDueDigests(now)]);
    expect(a + b).toBe(1);
    await sink.waitFor((m) => m.to.includes(on.email));
    expect(mailsTo(on.email)).toHaveLength(1);
    expect(mailsTo(off.email)).toHaveLength(0);
    expect(mailsTo(nothing.email)).toHaveLength(0);

    // Again the same day: nothing more.
    expect(await sendDueDigests(now)).toBe(0);
    expect(mailsTo(on.email)).toHaveLength(1);
    const [row] = await db.select().from(notificationDigests).where(eq(notificationDigests.userId, on.id));
    expect(row).toMatchObject({ status: 'sent', itemCount: 2 });

    // The message as a real parser reads it: the subject, the lines, RFC 8058's two headers.
    const parsed = await simpleParser(mailsTo(on.email)[0]!.raw);
    expect(parsed.subject).toBe('You have 2 new notifications on Lamplight');
    expect(parsed.text).toContain('Kind Follower started following you');
    expect(parsed.html).toContain('Kind Follower started following you');
    // Exactly the headers the site writes, each once (nothing a caller passed wrote one of its own).
    expect(parsed.headerLines.map((header) => header.key)).toEqual([
      'from',
      'to',
      'subject',
      'date',
      'message-id',
      'mime-version',
      'list-unsubscribe',
      'list-unsubscribe-post',
      'content-type',
    ]);
    const line = (key: string) => parsed.headerLines.find((header) => header.key === key)!.line;
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const oneClick = line('list-unsubscribe')
      .replace(/^List-Unsubscribe:\s*/i, '')
      .replace(/\s+/g, '')
      .replace(/^<|>$/g, '');
    expect(oneClick).toMatch(/\/api\/notifications\/digest\/unsubscribe\?token=/);
    expect(parsed.messageId).toBe(`<digest.${on.id}.${now.toISOString().slice(0, 10)}@localhost>`);

    // The next day: only what came since the last digest (and nothing read since is listed).
    const later = new Date(now.getTime() + DAY);
    await notify(on, actor, new Date(now.getTime() + 3_600_000));
    expect(await sendDueDigests(later)).toBe(1);
    await sink.waitFor((m) => m.to.includes(on.email), { count: 2 });
    expect(mailsTo(on.email)[1]!.subject).toBe('You have 1 new notification on Lamplight');

    // Read everything: the day after, no mail at all.
    await call('POST', '/api/notifications/read', { as: on.id, body: { all: true } });
    await notify(on, actor, new Date(later.getTime() + 3_600_000));
    await call('POST', '/api/notifications/read', { as: on.id, body: { all: true } });
    expect(await sendDueDigests(new Date(later.getTime() + DAY))).toBe(0);
    expect(mailsTo(on.email)).toHaveLength(2);

    // One click (a mail provider's POST, no session, any origin) turns it off.
    const path = oneClick.replace(/^https?:\/\/[^/]+/, '');
    const clicked = await call('POST', path, {
      origin: 'https://mail.example.net',
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(clicked.status, clicked.text).toBe(200);
    expect(clicked.json).toMatchObject({ ok: true, digest: false });
    expect((await call('GET', '/api/notifications/settings', { as: on.id })).json.digest).toBe(false);
    // Idempotent; a GET only leads to the page that asks.
    expect((await call('POST', path, { origin: null })).status).toBe(200);
    const opened = await call('GET', path);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(/^\/me\/notifications\/digest-off\?token=/);
    // Off: no digest, however much is unread.
    await notify(on, actor, new Date(later.getTime() + 2 * DAY - 3_600_000));
    expect(await sendDueDigests(new Date(later.getTime() + 2 * DAY))).toBe(0);
  });

  it('refuses a forged or foreign token and changes nothing', async () => {
    const user = await createUser(db, { notificationDigest: true });
    const good = digestOffToken(user.id);
    const forged = `${good.slice(0, -3)}abc`;
    for (const token of [forged, 'd.nope', good.replace(/^d\./, 'r.'), '']) {
      const res = await call(
        'POST',
        `/api/notifications/digest/unsubscribe?token=${encodeURIComponent(token)}`,
        {
          origin: null,
        },
      );
      expect(res.status, token).toBe(400);
      expect(res.json.error.message).toBeTruthy();
    }
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, user.id)));
    expect(row!.notificationDigest).toBe(true);
  });
});
