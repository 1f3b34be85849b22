import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { follows } from '../../src/server/db/schema';
import { followCreated } from '../../src/server/modules/follows/follows.events';
import { createPost, createPublication, createUser } from '../factories';
import { tagSlug } from '../../src/lib/slug';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 25 item 1 (decision 052): follow and unfollow writers, publications and tags; whom I follow;
// follower counts; the Following feed and its keyset pages; the refusals, each leaving nothing behind.

let db: Db;

const follow = (as: string | undefined, kind: string, id: string) =>
  call('PUT', `/api/follows/${kind}/${encodeURIComponent(id)}`, { as });
const unfollow = (as: string | undefined, kind: string, id: string) =>
  call('DELETE', `/api/follows/${kind}/${encodeURIComponent(id)}`, { as });
const feed = (as: string | undefined, lastKey?: unknown, limit?: number) => {
  const query = new URLSearchParams();
  if (lastKey) query.set('lastKey', JSON.stringify(lastKey));
  if (limit) query.set('limit', String(limit));
  return call('GET', `/api/posts/following?${query}`, { as });
};
const ids = (page: { posts: { id: string }[] }) => page.posts.map((p) => p.id);
const allFollows = () => db.select().from(follows).orderBy(asc(follows.id));

/** Published `minutesAgo` minutes ago, so the feed's order is known. */
const ago = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

describe('follows API (/api/follows, /api/posts/following)', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('follows a writer, a publication and a tag once each; unfollowing is idempotent; counts follow', async () => {
    const reader = await createUser(db);
    const other = await createUser(db);
    const writer = await createUser(db);
    const publication = await createPublication(db);
    const tagged = await createPost(db, { tags: [`Hope ${reader.id.slice(0, 6)}`] });
    const tag = tagSlug(tagged.tags[0]);
    const heard: unknown[] = [];
    const stop = followCreated.on((payload) => void heard.push(payload));
    try {
      const first = await follow(reader.id, 'user', writer.id);
      expect(first.status).toBe(200);
      expect(first.json).toEqual({ kind: 'user', id: writer.id, followers: 1, following: true });
      const again = await follow(reader.id, 'user', writer.id);
      expect(again.status).toBe(200);
      expect(again.json.followers).toBe(1);
      expect(heard).toEqual([{ followerId: reader.id, kind: 'user', targetId: writer.id }]);

      expect((await follow(other.id, 'user', writer.id)).json.followers).toBe(2);
      expect((await follow(reader.id, 'publication', publication.id)).status).toBe(200);
      expect((await follow(reader.id, 'tag', tag)).json).toMatchObject({
        kind: 'tag',
        id: tag,
        following: true,
      });
      expect(heard).toHaveLength(4);
    } finally {
      stop();
    }

    // Mine, newest follow first, with what the list shows.
    const mine = await call('GET', '/api/follows', { as: reader.id });
    expect(mine.status).toBe(200);
    expect(mine.json.follows.map((f: { kind: string }) => f.kind)).toEqual(['tag', 'publication', 'user']);
    expect(mine.json.follows[2]).toMatchObject({
      targetId: writer.id,
      name: writer.name,
      url: `/@${writer.subdomain}`,
    });
    expect(mine.json.follows[1]).toMatchObject({ name: publication.name, url: `/${publication.subdomain}` });
    expect(mine.json.follows[0]).toMatchObject({ targetId: tag, url: `/tags/${tag}`, image: null });
    const users = await call('GET', '/api/follows?kind=user', { as: reader.id });
    expect(users.json.follows).toHaveLength(1);
    // Keyset paging over mine.
    const page1 = await call('GET', '/api/follows?limit=2', { as: reader.id });
    expect(page1.json.follows).toHaveLength(2);
    const page2 = await call(
      'GET',
      `/api/follows?limit=2&lastKey=${encodeURIComponent(JSON.stringify(page1.json.lastKey))}`,
      { as: reader.id },
    );
    expect(page2.json.follows.map((f: { kind: string }) => f.kind)).toEqual(['user']);
    expect(page2.json.lastKey).toBeNull();

    // Public counts, and the personal part in the page-state call.
    const counts = await call('GET', `/api/follows/counts?user=${writer.id}&publication=${publication.id}`);
    expect(counts.json.counts).toEqual([
      { kind: 'user', id: writer.id, followers: 2 },
      { kind: 'publication', id: publication.id, followers: 1 },
    ]);
    const state = await call('GET', `/api/me/page-state?followUser=${writer.id}&followTag=${tag}`, {
      as: reader.id,
    });
    expect(state.json.follows).toEqual([
      { kind: 'user', id: writer.id, followers: 2, following: true },
      { kind: 'tag', id: tag, followers: 1, following: true },
    ]);
    const strangers = await call('GET', `/api/me/page-state?followUser=${writer.id}`, { as: writer.id });
    expect(strangers.json.follows).toEqual([{ kind: 'user', id: writer.id, followers: 2, following: false }]);

    expect((await unfollow(reader.id, 'user', writer.id)).status).toBe(204);
    expect((await unfollow(reader.id, 'user', writer.id)).status).toBe(204);
    expect((await unfollow(reader.id, 'tag', 'never-followed')).status).toBe(204);
    const after = await call('GET', `/api/follows/counts?user=${writer.id}`);
    expect(after.json.counts[0].followers).toBe(1);
  });

  it('the Following feed: writers, publications and tags followed, newest first, keyset pages', async () => {
    const reader = await createUser(db);
    const writer = await createUser(db);
    const unfollowed = await createUser(db);
    const publication = await createPublication(db);
    const tagName = `Psalms ${reader.id.slice(0, 6)}`;
    const s1 = await createPost(db, { author: writer, publishedAt: ago(1) });
    const s2 = await createPost(db, { author: unfollowed, publication, publishedAt: ago(2) });
    const s3 = await createPost(db, { author: unfollowed, tags: [tagName], publishedAt: ago(3) });
    const s4 = await createPost(db, { author: unfollowed, publishedAt: ago(4) }); // nothing followed
    await createPost(db, { author: writer, status: 'draft' }); // not published
    const s6 = await createPost(db, { author: writer, publishedAt: ago(6) });
    const s7 = await createPost(db, { author: writer, publication, tags: [tagName], publishedAt: ago(7) }); // once

    expect((await feed(reader.id)).json).toEqual({ posts: [], lastKey: null });
    await follow(reader.id, 'user', writer.id);
    await follow(reader.id, 'publication', publication.id);
    await follow(reader.id, 'tag', tagSlug(s3.tags[0]));

    const whole = await feed(reader.id);
    expect(whole.status).toBe(200);
    expect(ids(whole.json)).toEqual([s1.id, s2.id, s3.id, s6.id, s7.id]);
    // The home feeds' card shape.
    expect(whole.json.posts[0]).toMatchObject({ id: s1.id, title: s1.title, author: { id: writer.id } });

    const seen: string[] = [];
    let lastKey: unknown = null;
    do {
      const page = await feed(reader.id, lastKey, 2);
      expect(page.status).toBe(200);
      seen.push(...ids(page.json));
      lastKey = page.json.lastKey;
    } while (lastKey);
    expect(seen).toEqual(ids(whole.json));

    // A banned writer's stories leave the feed; their follows stay (unban brings them back).
    await call('PUT', `/api/follows/user/${unfollowed.id}`, { as: reader.id });
    const admin = await createUser(db, { roles: ['admin'] });
    await call('PUT', `/api/follows/user/${unfollowed.id}`, { as: admin.id });
    expect(
      (await call('PATCH', `/api/users/ban_user/${unfollowed.id}`, { as: admin.id })).status,
    ).toBeLessThan(300);
    expect(ids((await feed(reader.id)).json)).toEqual([s1.id, s6.id, s7.id]);
    // Site admins still see them (as in every list), page after page.
    expect(ids((await feed(admin.id)).json)).toEqual([s2.id, s3.id, s4.id]);
    const adminPage = await feed(admin.id, undefined, 1);
    expect(ids((await feed(admin.id, adminPage.json.lastKey, 1)).json)).toEqual([s3.id]);
  });

  it('refuses anonymous callers, oneself, banned and missing targets, bad ids — and writes nothing', async () => {
    const reader = await createUser(db);
    const banned = await createUser(db, { status: 'banned' });
    const bannedReader = await createUser(db, { status: 'banned' });
    const writer = await createUser(db);
    const before = await allFollows();

    const anonymous = await follow(undefined, 'user', writer.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error).toMatchObject({ code: 'unauthorized' });
    expect((await unfollow(undefined, 'user', writer.id)).status).toBe(401);
    expect((await call('GET', '/api/follows')).status).toBe(401);
    expect((await feed(undefined)).status).toBe(401);

    // A banned reader's session counts as none (DESIGN §5).
    expect((await follow(bannedReader.id, 'user', writer.id)).status).toBe(401);

    const self = await follow(reader.id, 'user', reader.id);
    expect(self.status).toBe(403);
    expect(self.json.error.message).toBe('You cannot follow yourself');

    const bannedTarget = await follow(reader.id, 'user', banned.id);
    expect(bannedTarget.status).toBe(404);
    expect(bannedTarget.json.error).toEqual({ code: 'not_found', message: 'User not found' });
    // A site admin, who may see banned writers, still may not follow one.
    const admin = await createUser(db, { roles: ['admin'] });
    expect((await follow(admin.id, 'user', banned.id)).status).toBe(404);
    expect((await follow(reader.id, 'user', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await follow(reader.id, 'publication', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await follow(reader.id, 'tag', 'no-such-tag-anywhere')).status).toBe(404);

    // An id of another form names no writer: not found, as the one path shape of every kind says.
    const notUuid = await follow(reader.id, 'user', 'not-a-uuid');
    expect(notUuid.status).toBe(404);
    expect(notUuid.json.error.code).toBe('not_found');
    const badKind = await follow(reader.id, 'story', writer.id);
    expect(badKind.status).toBe(400);
    const long = await follow(reader.id, 'tag', 'x'.repeat(5000));
    expect(long.status).toBe(400);
    expect(long.json.error.code).toBe('validation_failed');
    expect((await call('GET', '/api/posts/following?lastKey=nonsense', { as: reader.id })).status).toBe(400);

    const crossSite = await call('PUT', `/api/follows/user/${writer.id}`, {
      as: reader.id,
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);

    expect(await allFollows()).toEqual(before);
  });
});
