import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { addPostToList, createList, createPin, createPost, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

let db: Db;

const pins = (as?: string, query = '') => call('GET', `/api/users/pin_post${query}`, { as });
const pin = (as: string | undefined, body: Record<string, unknown>) =>
  call('POST', '/api/users/pin_post', { as, body });
const unpin = (as: string | undefined, query: string) =>
  call('DELETE', `/api/users/pin_post?${query}`, { as });

describe('pins API (/api/users/pin_post)', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('pins a story, latest pin first; pinning again changes nothing; unpinning is idempotent', async () => {
    const me = await createUser(db);
    const first = await createPost(db);
    const second = await createPost(db, { author: me });

    const created = await pin(me.id, { postId: first.id });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ postId: first.id, listId: null });
    expect(typeof created.json.pinnedAt).toBe('number');
    const again = await pin(me.id, { postId: first.id });
    expect(again.status).toBe(200);
    expect(again.json.pinnedAt).toBe(created.json.pinnedAt);
    expect((await pin(me.id, { postId: second.id })).status).toBe(201);

    const mine = await pins(me.id);
    expect(mine.status).toBe(200);
    expect(mine.json.postIds).toEqual([second.id, first.id]);
    expect(mine.json.posts.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
    expect(mine.json.posts[0]).toMatchObject({ title: second.title, author: { id: me.id } });

    expect((await unpin(me.id, `postId=${first.id}`)).status).toBe(204);
    expect((await unpin(me.id, `postId=${first.id}`)).status).toBe(204);
    expect((await pins(me.id)).json.postIds).toEqual([second.id]);
  });

  it('two clicks racing make one pin', async () => {
    const me = await createUser(db);
    const post = await createPost(db);
    const results = await Promise.all([1, 2, 3].map(() => pin(me.id, { postId: post.id })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect((await pins(me.id)).json.postIds).toEqual([post.id]);
  });

  it('anyone reads a user’s profile pins by userId; anonymous without userId is 401', async () => {
    const owner = await createUser(db);
    const post = await createPost(db);
    await createPin(db, { user: owner, post });
    const other = await createUser(db);
    expect((await pins(undefined, `?userId=${owner.id}`)).json.postIds).toEqual([post.id]);
    expect((await pins(other.id, `?userId=${owner.id}`)).json.postIds).toEqual([post.id]);
    expect((await pins(undefined)).status).toBe(401);
    const banned = await createUser(db, { status: 'banned' });
    expect((await pins(undefined, `?userId=${banned.id}`)).status).toBe(404);
  });

  it('only stories the user may see can be pinned (404), and hidden ones drop out of the answer', async () => {
    const me = await createUser(db);
    const stranger = await createUser(db);
    const someonesDraft = await createPost(db, { author: stranger, status: 'draft' });
    const res = await pin(me.id, { postId: someonesDraft.id });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('not_found');
    expect((await pin(me.id, { postId: 'AAAAAAAAAAAAAAAAAAAAA' })).status).toBe(404);

    // My own draft: I may pin it, but only I see it among my pins.
    const myDraft = await createPost(db, { author: me, status: 'draft' });
    expect((await pin(me.id, { postId: myDraft.id })).status).toBe(201);
    expect((await pins(me.id)).json.postIds).toEqual([myDraft.id]);
    expect((await pins(stranger.id, `?userId=${me.id}`)).json.postIds).toEqual([]);

    // A banned author's story vanishes from pins (DESIGN §5) and comes back on unban.
    const bannedAuthor = await createUser(db);
    const post = await createPost(db, { author: bannedAuthor });
    await createPin(db, { user: me, post });
    const { users } = await import('../../src/server/db/schema');
    const { eq } = await import('drizzle-orm');
    await db.update(users).set({ status: 'banned' }).where(eq(users.id, bannedAuthor.id));
    expect((await pins(me.id)).json.postIds).toEqual([myDraft.id]);
    await db.update(users).set({ status: 'active' }).where(eq(users.id, bannedAuthor.id));
    expect((await pins(me.id)).json.postIds).toEqual([post.id, myDraft.id]);
  });

  it('refuses anonymous callers (401), bad ids (400) and more than 10 pins (409), storing nothing', async () => {
    const me = await createUser(db);
    const post = await createPost(db);
    expect((await pin(undefined, { postId: post.id })).status).toBe(401);
    expect((await unpin(undefined, `postId=${post.id}`)).status).toBe(401);
    const bad = await pin(me.id, { postId: 'short' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.detail).toContain('postId');
    expect((await pin(me.id, {})).status).toBe(400);
    expect((await unpin(me.id, 'postId=nope')).status).toBe(400);
    expect((await pins(me.id, '?listId=not-a-uuid')).status).toBe(400);

    for (let i = 0; i < 10; i += 1) await createPin(db, { user: me, post: await createPost(db) });
    const full = await pin(me.id, { postId: post.id });
    expect(full.status).toBe(409);
    expect(full.json.error.message).toBe('You can pin at most 10 stories');
    expect((await pins(me.id)).json.postIds).not.toContain(post.id);
  });

  it('pins inside a list: only the owner, only stories in the list; readers of a public list see them', async () => {
    const owner = await createUser(db);
    const other = await createUser(db);
    const inList = await createPost(db);
    const notInList = await createPost(db);
    const list = await createList(db, { owner, privacyStatus: 'public', posts: [inList] });
    const secret = await createList(db, { owner, privacyStatus: 'private' });

    expect((await pin(owner.id, { postId: inList.id, listId: list.id })).status).toBe(201);
    const missing = await pin(owner.id, { postId: notInList.id, listId: list.id });
    expect(missing.status).toBe(409);
    expect((await pin(other.id, { postId: inList.id, listId: list.id })).status).toBe(403);
    expect((await pin(other.id, { postId: inList.id, listId: secret.id })).status).toBe(404);
    expect((await unpin(other.id, `postId=${inList.id}&listId=${list.id}`)).status).toBe(403);

    expect((await pins(undefined, `?listId=${list.id}`)).json.postIds).toEqual([inList.id]);
    expect((await pins(other.id, `?listId=${secret.id}`)).status).toBe(404);
    // A list pin is not a profile pin.
    expect((await pins(owner.id)).json.postIds).toEqual([]);

    await addPostToList(db, { list: secret, post: notInList });
    expect((await pin(owner.id, { postId: notInList.id, listId: secret.id })).status).toBe(201);
    expect((await pins(owner.id, `?listId=${secret.id}`)).json.postIds).toEqual([notInList.id]);
    expect((await unpin(owner.id, `postId=${inList.id}&listId=${list.id}`)).status).toBe(204);
    expect((await pins(owner.id, `?listId=${list.id}`)).json.postIds).toEqual([]);
  });

  it('does not clash with GET /api/users/{id}', async () => {
    const me = await createUser(db);
    expect((await call('GET', `/api/users/${me.id}`)).json.id).toBe(me.id);
    expect((await pins(me.id)).json).toEqual({ posts: [], postIds: [] });
  });
});
