import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { notifications, users, type PostRow, type UserRow } from '../../src/server/db/schema';
import { sendDueDigests } from '../../src/server/modules/notifications/notifications-digest.service';
import {
  actorsInWords,
  notifyFollow,
  notifyResponse,
} from '../../src/server/modules/notifications/notifications.service';
import {
  GROUP_ACTORS_KEPT,
  GROUPED_NOTIFICATION_KINDS,
} from '../../src/server/modules/notifications/notifications.table';
import { addPublicationMember, createPost, createPublication, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { openDatabaseAndMailSink } from '../helpers/mail-test-setup';
import type { SmtpSink } from '../helpers/smtp-sink';

// Grouped notifications (docs/decisions/055-notifications.md), on the real database through the real
// services: new followers, responses to one story and replies to one response share one unread row
// ("Ruth and 4 others …"), written so at insert; once read, the next starts a row of its own; a
// repeated event adds nothing and bumps nothing; one person counts once; a banned actor is left out
// of a group's names and count, a group of banned actors alone is hidden, and the unban brings them
// back; the unread count is what the list shows; mentions and reviews are never grouped; the digest
// lists a group as the list does.

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
  createdAt: number;
  actor: { id: string; name: string } | null;
  actors: { id: string; name: string; image: string | null }[];
  actorCount: number;
};

async function listOf(user: UserRow): Promise<{ items: Item[]; unreadCount: number }> {
  const res = await call('GET', '/api/notifications?limit=50', { as: user.id });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}
const rowsOf = (user: UserRow) => db.select().from(notifications).where(eq(notifications.userId, user.id));

async function follow(as: UserRow, writer: UserRow, method: 'PUT' | 'DELETE' = 'PUT') {
  const res = await call(method, `/api/follows/user/${writer.id}`, { as: as.id });
  expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
}

async function respond(as: UserRow, post: PostRow, text: string, parentId?: string): Promise<string> {
  const res = await call('POST', `/api/posts/${post.id}/responses`, {
    as: as.id,
    body: parentId ? { text, parentId } : { text },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
}

const person = (name: string) => createUser(db, { name });
const ban = (user: UserRow, status: 'active' | 'banned' = 'banned') =>
  db.update(users).set({ status }).where(eq(users.id, user.id));
const markAllRead = (user: UserRow) =>
  call('POST', '/api/notifications/read', { as: user.id, body: { all: true } });
const storyLink = (post: PostRow) => `/stories/${post.slug}-${post.id}`;
const names = (item: Item) => item.actors.map((actor) => actor.name);

describe('grouped while unread', () => {
  it('only followers, responses and replies are grouped', () => {
    expect([...GROUPED_NOTIFICATION_KINDS]).toEqual(['follower', 'response', 'reply']);
  });

  it('names one, two, or one and how many others; counts those it cannot name', () => {
    const ruth = { id: 'r', name: 'Ruth', image: null, subdomain: null };
    const amos = { id: 'a', name: 'Amos', image: null, subdomain: null };
    const words = (actors: (typeof ruth)[], actorCount: number) => actorsInWords({ actors, actorCount });
    expect(words([ruth], 1)).toBe('Ruth');
    expect(words([ruth, amos], 2)).toBe('Ruth and Amos');
    expect(words([ruth, amos], 5)).toBe('Ruth and 4 others');
    expect(words([ruth], 2)).toBe('Ruth and 1 other');
    expect(words([], 1)).toBe('Someone');
    expect(words([], 3)).toBe('3 people');
  });

  it('new followers: one line, the newest first, “Ruth and Amos”, then “Ruth and 2 others”', async () => {
    const writer = await person('Group Writer');
    const [amos, boaz, ruth] = [await person('Amos'), await person('Boaz'), await person('Ruth')];

    await follow(amos, writer);
    expect((await listOf(writer)).items).toMatchObject([
      { message: 'Amos started following you', actorCount: 1, actors: [{ id: amos.id, name: 'Amos' }] },
    ]);

    await follow(boaz, writer);
    let list = await listOf(writer);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      kind: 'follower',
      message: 'Boaz and Amos started following you',
      actorCount: 2,
      actor: { id: boaz.id },
      link: `/@${boaz.subdomain}`,
    });
    expect(names(list.items[0]!)).toEqual(['Boaz', 'Amos']);
    expect(list.unreadCount).toBe(1);

    const before = list.items[0]!.createdAt;
    await follow(ruth, writer);
    list = await listOf(writer);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      message: 'Ruth and 2 others started following you',
      actorCount: 3,
    });
    expect(names(list.items[0]!)).toEqual(['Ruth', 'Boaz', 'Amos']);
    // It moved on to the newest event's time.
    expect(list.items[0]!.createdAt).toBeGreaterThan(before);
    const [row] = await rowsOf(writer);
    expect(row).toMatchObject({ actorIds: [ruth.id, boaz.id, amos.id], actorCount: 3, eventCount: 3 });
  });

  it('responses to one story: one line that leads to the newest response; another story is a line of its own', async () => {
    const writer = await person('Story Writer');
    const [naomi, orpah] = [await person('Naomi'), await person('Orpah')];
    const post = await createPost(db, { author: writer, title: 'Grief and morning' });
    const other = await createPost(db, { author: writer, title: 'Another story' });

    await respond(naomi, post, 'Praying for you.');
    const newest = await respond(orpah, post, 'Me too.');
    await respond(orpah, other, 'And here.');
    const list = await listOf(writer);
    expect(list.items).toHaveLength(2);
    expect(list.items[1]).toMatchObject({
      kind: 'response',
      message: 'Orpah and Naomi responded to your story “Grief and morning”',
      link: `${storyLink(post)}#response-${newest}`,
      actorCount: 2,
    });
    expect(list.items[0]).toMatchObject({
      message: 'Orpah responded to your story “Another story”',
      actorCount: 1,
    });
    expect(list.unreadCount).toBe(2);
  });

  it('the same person responding twice counts once, and comes first again', async () => {
    const writer = await person('Twice Writer');
    const [naomi, orpah] = [await person('Naomi Twice'), await person('Orpah Twice')];
    const post = await createPost(db, { author: writer, title: 'Twice told' });

    await respond(naomi, post, 'First.');
    await respond(orpah, post, 'Second.');
    const again = await respond(naomi, post, 'Third, from Naomi again.');
    const [item] = (await listOf(writer)).items;
    expect(item).toMatchObject({
      message: 'Naomi Twice and Orpah Twice responded to your story “Twice told”',
      actorCount: 2,
      link: `${storyLink(post)}#response-${again}`,
    });
    expect(names(item!)).toEqual(['Naomi Twice', 'Orpah Twice']);
    const [row] = await rowsOf(writer);
    expect(row).toMatchObject({ actorCount: 2, eventCount: 3 });
  });

  it('replies to one response: one line; replies to another of one’s responses: another', async () => {
    const writer = await person('Reply Writer');
    const reader = await person('Reader With Replies');
    const [ana, ben, cai] = [await person('Ana'), await person('Ben'), await person('Cai')];
    const post = await createPost(db, { author: writer, title: 'Replies here' });
    const first = await respond(reader, post, 'My first response.');
    const second = await respond(reader, post, 'My second response.');

    await respond(ana, post, 'Reply one.', first);
    await respond(ben, post, 'Reply two.', first);
    await respond(cai, post, 'Reply three.', first);
    const other = await respond(ana, post, 'A reply elsewhere.', second);
    const list = await listOf(reader);
    expect(list.items.map((item) => item.message)).toEqual([
      'Ana replied to your response on “Replies here”',
      'Cai and 2 others replied to your response on “Replies here”',
    ]);
    expect(list.items[0]!.link).toBe(`${storyLink(post)}#response-${other}`);
    expect(list.unreadCount).toBe(2);
    // The story's writer hears of every response under it, replies too: one line of four people.
    expect((await listOf(writer)).items.map((item) => item.message)).toEqual([
      'Ana and 3 others responded to your story “Replies here”',
    ]);
  });

  it('once read, the next event starts a new line', async () => {
    const writer = await person('Reading Writer');
    const [a, b, c] = [await person('Early One'), await person('Early Two'), await person('Late One')];
    await follow(a, writer);
    await follow(b, writer);
    expect((await markAllRead(writer)).json).toEqual({ marked: 1, unreadCount: 0 });

    await follow(c, writer);
    const list = await listOf(writer);
    expect(list.items).toMatchObject([
      { message: 'Late One started following you', read: false, actorCount: 1 },
      { message: 'Early Two and Early One started following you', read: true, actorCount: 2 },
    ]);
    expect(list.unreadCount).toBe(1);
  });

  it('a repeated event adds nothing and bumps nothing; a new one by someone already counted moves them first', async () => {
    const writer = await person('Repeat Writer');
    const [a, b] = [await person('Repeat A'), await person('Repeat B')];
    const day = new Date('2026-03-02T10:00:00Z');
    expect(await notifyFollow({ followerId: a.id, writerId: writer.id, at: day })).toBe(1);
    expect(await notifyFollow({ followerId: b.id, writerId: writer.id, at: day })).toBe(1);
    const [before] = await rowsOf(writer);

    // The same follow again (same follower, same day: the same key), as after unfollow and follow.
    expect(await notifyFollow({ followerId: a.id, writerId: writer.id, at: day })).toBe(0);
    const [after] = await rowsOf(writer);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ actorIds: [b.id, a.id], actorCount: 2, eventCount: 2 });

    // Through the API: unfollow and follow again the same day adds nothing either.
    await follow(b, writer, 'DELETE');
    await follow(b, writer);
    await follow(b, writer, 'DELETE');
    await follow(b, writer);
    const [viaApi] = await rowsOf(writer);
    expect(viaApi).toMatchObject({ actorIds: [b.id, a.id], actorCount: 2, eventCount: 3 });
    // (Today's follow of B is a new key: B moved first — already first — and B counts once.)

    // A follows again on another day: a new event, A first, still two people.
    expect(
      await notifyFollow({ followerId: a.id, writerId: writer.id, at: new Date('2026-03-03T10:00:00Z') }),
    ).toBe(1);
    const [later] = await rowsOf(writer);
    expect(later).toMatchObject({ actorIds: [a.id, b.id], actorCount: 2, eventCount: 4 });
    expect((await listOf(writer)).items).toMatchObject([
      { message: 'Repeat A and Repeat B started following you' },
    ]);

    // A response event told twice (a retried listener): the group is not bumped.
    const post = await createPost(db, { author: writer, title: 'Told twice' });
    const responseId = await respond(a, post, 'Once.');
    await respond(b, post, 'Twice.');
    const [responses] = (await rowsOf(writer)).filter((row) => row.kind === 'response');
    const replayed = await notifyResponse({
      responseId,
      postId: post.id,
      authorId: a.id,
      storyAuthorId: writer.id,
      parentId: null,
      parentAuthorId: null,
      mentionedUserIds: [],
    });
    expect(replayed).toBe(0);
    const [unchanged] = (await rowsOf(writer)).filter((row) => row.kind === 'response');
    expect(unchanged).toEqual(responses);
    expect(unchanged).toMatchObject({ actorIds: [b.id, a.id], eventCount: 2 });
  });

  it('keeps the ten newest actors by id and counts on past them', async () => {
    const writer = await person('Popular Writer');
    const followers: UserRow[] = [];
    for (let i = 0; i < GROUP_ACTORS_KEPT + 2; i++) followers.push(await person(`Follower ${i}`));
    for (const follower of followers) await notifyFollow({ followerId: follower.id, writerId: writer.id });
    const [row] = await rowsOf(writer);
    expect(row!.actorIds).toEqual(
      followers
        .slice(-GROUP_ACTORS_KEPT)
        .map((f) => f.id)
        .reverse(),
    );
    expect(row!.actorCount).toBe(GROUP_ACTORS_KEPT + 2);
    const [item] = (await listOf(writer)).items;
    expect(item).toMatchObject({
      message: `Follower ${GROUP_ACTORS_KEPT + 1} and ${GROUP_ACTORS_KEPT + 1} others started following you`,
      actorCount: GROUP_ACTORS_KEPT + 2,
    });
    // The API names three.
    expect(names(item!)).toEqual([11, 10, 9].map((i) => `Follower ${i}`));
  });

  it('events at once make one group, counted right', async () => {
    const writer = await person('Busy Writer');
    const followers: UserRow[] = [];
    for (let i = 0; i < 6; i++) followers.push(await person(`At Once ${i}`));
    const written = await Promise.all(
      followers.map((follower) => notifyFollow({ followerId: follower.id, writerId: writer.id })),
    );
    expect(written).toEqual(followers.map(() => 1));
    const rows = await rowsOf(writer);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorCount: 6, eventCount: 6 });
    expect(new Set(rows[0]!.actorIds).size).toBe(6);
  });
});

describe('banned and deleted actors in a group', () => {
  it('a banned actor is left out of the names and the count; all banned hides the group; the unban brings them back', async () => {
    const writer = await person('Ban Writer');
    const [a, b, c] = [await person('Kind A'), await person('Rude B'), await person('Kind C')];
    const post = await createPost(db, { author: writer, title: 'Ban story' });
    await follow(a, writer);
    await follow(b, writer);
    await follow(c, writer);
    await respond(b, post, 'Something rude.');
    expect((await listOf(writer)).unreadCount).toBe(2);

    await ban(b);
    let list = await listOf(writer);
    // B's own response (a group of B alone) is hidden; the followers show without B.
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      message: 'Kind C and Kind A started following you',
      actorCount: 2,
    });
    expect(names(list.items[0]!)).toEqual(['Kind C', 'Kind A']);
    expect(list.unreadCount).toBe(1);

    // The newest banned: the next one is named first.
    await ban(c);
    list = await listOf(writer);
    expect(list.items[0]).toMatchObject({
      message: 'Kind A started following you',
      actorCount: 1,
      actor: { id: a.id },
      link: `/@${a.subdomain}`,
    });

    await ban(a);
    list = await listOf(writer);
    expect(list).toMatchObject({ items: [], unreadCount: 0 });
    // The bell asks the same count.
    expect(
      (await call('GET', '/api/me/page-state?account=1', { as: writer.id })).json.unreadNotifications,
    ).toBe(0);

    for (const user of [a, b, c]) await ban(user, 'active');
    list = await listOf(writer);
    expect(list.items.map((item) => item.message)).toEqual([
      'Rude B responded to your story “Ban story”',
      'Kind C and 2 others started following you',
    ]);
    expect(list.unreadCount).toBe(2);
  });

  it('a deleted actor is “Someone”, counted but not named', async () => {
    const writer = await person('Deleted Writer');
    const [gone, stays] = [await person('Gone Soon'), await person('Still Here')];
    await follow(gone, writer);
    await db.delete(users).where(eq(users.id, gone.id));
    expect((await listOf(writer)).items).toMatchObject([
      { message: 'Someone started following you', actor: null, actors: [], actorCount: 1, link: null },
    ]);
    await follow(stays, writer);
    expect((await listOf(writer)).items).toMatchObject([
      {
        message: 'Still Here and 1 other started following you',
        actorCount: 2,
        actors: [{ id: stays.id }],
      },
    ]);
  });
});

describe('the unread count is what the list shows', () => {
  it('counts each group once, and never a hidden one', async () => {
    const writer = await person('Counting Writer');
    const post = await createPost(db, { author: writer, title: 'Counted' });
    const people: UserRow[] = [];
    for (let i = 0; i < 4; i++) people.push(await person(`Counter ${i}`));
    for (const p of people) await follow(p, writer);
    for (const p of people.slice(0, 3)) await respond(p, post, `Response from ${p.name}.`);
    await ban(people[3]!);
    const list = await listOf(writer);
    expect(list.items.filter((item) => !item.read)).toHaveLength(list.unreadCount);
    expect(list.unreadCount).toBe(2);
  });
});

describe('never grouped', () => {
  it('mentions: each its own line', async () => {
    const writer = await person('Mention Story Writer');
    const named = await person('Named Often');
    const [a, b] = [await person('Mentioner A'), await person('Mentioner B')];
    const post = await createPost(db, { author: writer, title: 'Mentions' });
    await respond(a, post, `@${named.subdomain} look at this.`);
    await respond(b, post, `@${named.subdomain} and this.`);
    const list = await listOf(named);
    expect(list.items.map((item) => item.message)).toEqual([
      'Mentioner B mentioned you in a response on “Mentions”',
      'Mentioner A mentioned you in a response on “Mentions”',
    ]);
    expect(list.items.every((item) => item.actorCount === 1)).toBe(true);
    expect(list.unreadCount).toBe(2);
  });

  it('approvals and rejections: each its own line', async () => {
    const owner = await person('Review Owner');
    const author = await person('Reviewed Author');
    const publication = await createPublication(db, { owner, name: 'Evening Light' });
    await addPublicationMember(db, { publication, user: author, role: 'publication_author' });
    const stories = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      stories.push(await createPost(db, { author, publication, status: 'pending', title }));
    }
    for (const story of stories.slice(0, 2)) {
      const res = await call('PATCH', `/api/posts/manage_posts/approve_post/${story.id}`, { as: owner.id });
      expect(res.status).toBe(200);
    }
    for (const story of stories.slice(2)) {
      const res = await call('PATCH', `/api/posts/manage_posts/reject_post/${story.id}`, {
        as: owner.id,
        body: { reason: 'Not now.' },
      });
      expect(res.status).toBe(200);
    }
    const list = await listOf(author);
    expect(list.items.map((item) => item.message).sort()).toEqual([
      'Evening Light published your story “One”',
      'Evening Light published your story “Two”',
      'Evening Light returned your story “Four” to you',
      'Evening Light returned your story “Three” to you',
    ]);
    expect(list.unreadCount).toBe(4);
    expect((await rowsOf(author)).every((row) => row.groupSubject === null)).toBe(true);
  });
});

describe('a response deleted or hidden', () => {
  it('the line about it alone goes; a group stays and leads to the responses', async () => {
    const writer = await person('Deleting Writer');
    const [a, b] = [await person('Deleter A'), await person('Deleter B')];
    const post = await createPost(db, { author: writer, title: 'Deletions' });
    const lone = await createPost(db, { author: writer, title: 'Lone response' });

    const only = await respond(a, lone, 'The only one.');
    expect((await call('DELETE', `/api/responses/${only}`, { as: a.id })).status).toBeLessThan(300);
    expect((await rowsOf(writer)).filter((row) => row.postId === lone.id)).toHaveLength(0);

    await respond(a, post, 'First.');
    const newest = await respond(b, post, 'Second.');
    expect((await call('DELETE', `/api/responses/${newest}`, { as: b.id })).status).toBeLessThan(300);
    const list = await listOf(writer);
    expect(list.items).toMatchObject([
      {
        message: 'Deleter B and Deleter A responded to your story “Deletions”',
        link: `${storyLink(post)}#responses`,
      },
    ]);
    expect(list.unreadCount).toBe(1);
  });

  it('hidden by the story’s writer: the line about it alone is hidden, a group leads to the responses, and showing it again restores it', async () => {
    const writer = await person('Hiding Writer');
    const [a, b] = [await person('Hider A'), await person('Hider B')];
    const post = await createPost(db, { author: writer, title: 'Hidings' });
    await respond(a, post, 'First.');
    const newest = await respond(b, post, 'Second.');
    const hide = (id: string, hidden: boolean) =>
      call('POST', `/api/responses/${id}/hide`, { as: writer.id, body: { hidden } });
    const group = {
      message: 'Hider B and Hider A responded to your story “Hidings”',
      link: `${storyLink(post)}#response-${newest}`,
    };
    expect((await listOf(writer)).items).toMatchObject([group]);
    expect((await hide(newest, true)).status).toBe(200);
    expect((await listOf(writer)).items).toMatchObject([{ ...group, link: `${storyLink(post)}#responses` }]);
    expect((await hide(newest, false)).status).toBe(200);
    expect((await listOf(writer)).items).toMatchObject([group]);

    // A reader's response with one reply: that line is of one event, hidden with the reply.
    const other = await person('Hidings Reader');
    const theirs = await respond(other, post, 'My own.');
    const lone = await respond(a, post, 'A lone reply.', theirs);
    expect((await listOf(other)).items).toMatchObject([{ kind: 'reply', actorCount: 1 }]);
    expect((await hide(lone, true)).status).toBe(200);
    expect(await listOf(other)).toMatchObject({ items: [], unreadCount: 0 });
    expect((await hide(lone, false)).status).toBe(200);
    expect((await listOf(other)).unreadCount).toBe(1);
  });
});

describe('the digest', () => {
  it('lists a group as one line with its message', async () => {
    const reader = await createUser(db, { name: 'Digest Group Reader', notificationDigest: true });
    for (const name of ['Digest One', 'Digest Two', 'Digest Three']) await follow(await person(name), reader);
    const now = new Date(Date.now() + 86_400_000);
    now.setUTCHours(7, 30, 0, 0);
    expect(await sendDueDigests(now)).toBe(1);
    await sink.waitFor((m) => m.to.includes(reader.email));
    const parsed = await simpleParser(sink.messages.find((m) => m.to.includes(reader.email))!.raw);
    expect(parsed.subject).toBe('You have 1 new notification on Lamplight');
    expect(parsed.text).toContain('- Digest Three and 2 others started following you');
  });
});
