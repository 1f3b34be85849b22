import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { listPosts, lists } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { addPostToList, createList, createPost, createPublication, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// SPEC §7 Lists, §4 list privacy, §5 create list, §9 (60 characters): every list endpoint, as the
// owner, another user and an anonymous visitor.

let db: Db;
const key = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const entryPath = (listId: string, postId: string) => `/api/lists/posts?listId=${listId}&postId=${postId}`;
const entriesOf = async (listId: string) =>
  (await db.select().from(listPosts).where(eq(listPosts.listId, listId))).map((row) => row.postId);
const listRow = async (id: string) => (await db.select().from(lists).where(eq(lists.id, id)))[0];

describe('lists API', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  describe('POST /api/lists/create', () => {
    it('creates a list of the signed-in user, trimmed, with the privacy asked for', async () => {
      const owner = await createUser(db);
      const res = await call('POST', '/api/lists/create', {
        as: owner.id,
        body: { listName: '  Morning prayers  ', privacyStatus: 'public' },
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        id: expect.any(String),
        listName: 'Morning prayers',
        name: 'Morning prayers',
        privacyStatus: 'public',
        createTimestamp: expect.any(Number),
        owner: { id: owner.id, name: owner.name },
        postCount: 0,
        coverImages: [],
      });
      expect(await listRow(res.json.id)).toMatchObject({ ownerId: owner.id, listName: 'Morning prayers' });

      const privateByDefault = await call('POST', '/api/lists/create', {
        as: owner.id,
        body: { listName: 'Mine' },
      });
      expect(privateByDefault.status).toBe(201);
      expect(privateByDefault.json.privacyStatus).toBe('private');
    });

    it('takes exactly 60 characters (an emoji counts as one) and refuses 61 with a clear message', async () => {
      const owner = await createUser(db);
      const sixty = `${'a'.repeat(58)}🙏🙏`;
      const ok = await call('POST', '/api/lists/create', { as: owner.id, body: { listName: sixty } });
      expect(ok.status).toBe(201);
      expect(ok.json.listName).toBe(sixty);

      const before = (await db.select().from(lists).where(eq(lists.ownerId, owner.id))).length;
      const tooLong = await call('POST', '/api/lists/create', {
        as: owner.id,
        body: { listName: 'b'.repeat(61), privacyStatus: 'public' },
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.json.error).toMatchObject({
        code: 'validation_failed',
        message: 'A list name can have at most 60 characters',
      });
      expect(tooLong.json.error.detail).toContain('listName');
      expect((await db.select().from(lists).where(eq(lists.ownerId, owner.id))).length).toBe(before);
    });

    it('refuses a blank or missing name and an unknown privacy', async () => {
      const owner = await createUser(db);
      const blank = await call('POST', '/api/lists/create', { as: owner.id, body: { listName: '   ' } });
      expect(blank.status).toBe(400);
      expect(blank.json.error.message).toBe('Please give the list a name');
      const missing = await call('POST', '/api/lists/create', {
        as: owner.id,
        body: { privacyStatus: 'public' },
      });
      expect(missing.status).toBe(400);
      expect(missing.json.error.detail).toContain('listName');
      const privacy = await call('POST', '/api/lists/create', {
        as: owner.id,
        body: { listName: 'Ok', privacyStatus: 'friends' },
      });
      expect(privacy.status).toBe(400);
      expect(privacy.json.error.detail).toContain('privacyStatus');
      expect(await db.select().from(lists).where(eq(lists.ownerId, owner.id))).toHaveLength(0);
    });

    it('needs a session (401) and a same-origin request (403)', async () => {
      const anonymous = await call('POST', '/api/lists/create', { body: { listName: 'Anon' } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.error.code).toBe('unauthorized');
      const owner = await createUser(db);
      const crossSite = await call('POST', '/api/lists/create', {
        as: owner.id,
        origin: 'https://evil.example',
        body: { listName: 'Cross' },
      });
      expect(crossSite.status).toBe(403);
      expect(await db.select().from(lists).where(eq(lists.ownerId, owner.id))).toHaveLength(0);
    });
  });

  describe('GET /api/lists/{id}', () => {
    it('a public list is readable by anyone; a private one only by its owner (404 for others)', async () => {
      const owner = await createUser(db);
      const other = await createUser(db);
      const publicList = await createList(db, { owner, privacyStatus: 'public' });
      const privateList = await createList(db, { owner, privacyStatus: 'private' });
      for (const as of [owner.id, other.id, undefined]) {
        const res = await call('GET', `/api/lists/${publicList.id}`, { as });
        expect(res.status, `public as ${as}`).toBe(200);
        expect(res.json).toMatchObject({
          id: publicList.id,
          listName: publicList.listName,
          privacyStatus: 'public',
        });
      }
      expect((await call('GET', `/api/lists/${privateList.id}`, { as: owner.id })).status).toBe(200);
      const hidden = await call('GET', `/api/lists/${privateList.id}`, { as: other.id });
      expect(hidden.status).toBe(404);
      expect(hidden.json.error).toEqual({ code: 'not_found', message: 'List not found' });
      expect((await call('GET', `/api/lists/${privateList.id}`)).status).toBe(404);
    });

    it('counts only the stories the caller may see and shows their latest feature images', async () => {
      const owner = await createUser(db);
      const list = await createList(db, { owner, privacyStatus: 'public' });
      const base = Date.now() - 60_000;
      const withImage = await createPost(db, { featureImageUrl: '/uploads/a.webp' });
      const newer = await createPost(db, { featureImageUrl: '/uploads/b.webp' });
      const plain = await createPost(db);
      const ownDraft = await createPost(db, {
        author: owner,
        status: 'draft',
        featureImageUrl: '/uploads/draft.webp',
      });
      await addPostToList(db, { list, post: withImage, addedAt: new Date(base) });
      await addPostToList(db, { list, post: plain, addedAt: new Date(base + 1000) });
      await addPostToList(db, { list, post: newer, addedAt: new Date(base + 2000) });
      await addPostToList(db, { list, post: ownDraft, addedAt: new Date(base + 3000) });
      const mine = await call('GET', `/api/lists/${list.id}`, { as: owner.id });
      expect(mine.json.postCount).toBe(4);
      expect(mine.json.coverImages).toEqual(['/uploads/draft.webp', '/uploads/b.webp', '/uploads/a.webp']);
      const theirs = await call('GET', `/api/lists/${list.id}`);
      expect(theirs.json.postCount).toBe(3);
      expect(theirs.json.coverImages).toEqual(['/uploads/b.webp', '/uploads/a.webp']);
    });

    it('answers 404 for an unknown list, 400 for a malformed id, and hides lists of banned owners', async () => {
      expect((await call('GET', `/api/lists/${newUuid()}`)).status).toBe(404);
      const malformed = await call('GET', '/api/lists/not-a-list');
      expect(malformed.status).toBe(400);
      expect(malformed.json.error.detail).toContain('id');
      const banned = await createUser(db, { status: 'banned' });
      const admin = await createUser(db, { roles: ['admin'] });
      const list = await createList(db, { owner: banned, privacyStatus: 'public' });
      expect((await call('GET', `/api/lists/${list.id}`)).status).toBe(404);
      expect((await call('GET', `/api/lists/${list.id}`, { as: admin.id })).status).toBe(200);
    });
  });

  describe('PATCH /api/lists/{id}?listName&privacyStatus', () => {
    it('lets the owner rename the list and change its privacy', async () => {
      const owner = await createUser(db);
      const list = await createList(db, { owner, privacyStatus: 'private', listName: 'Old' });
      const renamed = await call(
        'PATCH',
        `/api/lists/${list.id}?listName=${encodeURIComponent(' New name ')}`,
        {
          as: owner.id,
        },
      );
      expect(renamed.status).toBe(200);
      expect(renamed.json).toMatchObject({ listName: 'New name', privacyStatus: 'private' });
      const opened = await call('PATCH', `/api/lists/${list.id}?privacyStatus=public`, { as: owner.id });
      expect(opened.json).toMatchObject({ listName: 'New name', privacyStatus: 'public' });
      expect((await call('GET', `/api/lists/${list.id}`)).status).toBe(200);
      const both = await call('PATCH', `/api/lists/${list.id}?listName=Both&privacyStatus=private`, {
        as: owner.id,
      });
      expect(both.json).toMatchObject({ listName: 'Both', privacyStatus: 'private' });
      expect((await call('GET', `/api/lists/${list.id}`)).status).toBe(404);
      expect(await listRow(list.id)).toMatchObject({ listName: 'Both', privacyStatus: 'private' });
    });

    it('refuses 61 characters, a blank name, an unknown privacy and an empty change; nothing is stored', async () => {
      const owner = await createUser(db);
      const list = await createList(db, { owner, listName: 'Keep me', privacyStatus: 'public' });
      const tooLong = await call('PATCH', `/api/lists/${list.id}?listName=${'x'.repeat(61)}`, {
        as: owner.id,
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.json.error.message).toBe('A list name can have at most 60 characters');
      expect((await call('PATCH', `/api/lists/${list.id}?listName=%20%20`, { as: owner.id })).status).toBe(
        400,
      );
      expect(
        (await call('PATCH', `/api/lists/${list.id}?privacyStatus=secret`, { as: owner.id })).status,
      ).toBe(400);
      // Nothing to change: the list as it is (the OpenAPI document cannot require one of the two).
      const nothing = await call('PATCH', `/api/lists/${list.id}`, { as: owner.id });
      expect(nothing.status).toBe(200);
      expect(nothing.json).toMatchObject({ listName: 'Keep me', privacyStatus: 'public' });
      expect(await listRow(list.id)).toMatchObject({ listName: 'Keep me', privacyStatus: 'public' });
    });

    it('refuses everyone but the owner: 403 on a public list, 404 on a private one, 401 anonymous', async () => {
      const owner = await createUser(db);
      const other = await createUser(db);
      const publicList = await createList(db, { owner, privacyStatus: 'public', listName: 'Public' });
      const privateList = await createList(db, { owner, privacyStatus: 'private', listName: 'Private' });
      expect(
        (await call('PATCH', `/api/lists/${publicList.id}?listName=Mine`, { as: other.id })).status,
      ).toBe(403);
      expect(
        (await call('PATCH', `/api/lists/${privateList.id}?listName=Mine`, { as: other.id })).status,
      ).toBe(404);
      expect((await call('PATCH', `/api/lists/${publicList.id}?listName=Mine`)).status).toBe(401);
      // Anonymous: 401 before anything is looked up (decision 028), private or not.
      expect((await call('PATCH', `/api/lists/${privateList.id}?listName=Mine`)).status).toBe(401);
      expect((await call('PATCH', `/api/lists/${newUuid()}?listName=Mine`, { as: owner.id })).status).toBe(
        404,
      );
      expect((await listRow(publicList.id)).listName).toBe('Public');
      expect((await listRow(privateList.id)).listName).toBe('Private');
    });
  });

  describe('DELETE /api/lists/{id}', () => {
    it('lets only the owner delete a list; its entries go, the stories stay', async () => {
      const owner = await createUser(db);
      const other = await createUser(db);
      const post = await createPost(db);
      const publicList = await createList(db, { owner, privacyStatus: 'public', posts: [post] });
      const privateList = await createList(db, { owner, privacyStatus: 'private' });
      expect((await call('DELETE', `/api/lists/${publicList.id}`, { as: other.id })).status).toBe(403);
      expect((await call('DELETE', `/api/lists/${privateList.id}`, { as: other.id })).status).toBe(404);
      expect((await call('DELETE', `/api/lists/${publicList.id}`)).status).toBe(401);
      expect(await listRow(publicList.id)).toBeDefined();

      const res = await call('DELETE', `/api/lists/${publicList.id}`, { as: owner.id });
      expect(res.status).toBe(204);
      expect(await listRow(publicList.id)).toBeUndefined();
      expect(await entriesOf(publicList.id)).toEqual([]);
      expect((await call('GET', `/api/posts/${post.id}`)).status).toBe(200);
      expect((await call('GET', `/api/lists/${publicList.id}`, { as: owner.id })).status).toBe(404);
      expect((await call('DELETE', `/api/lists/${publicList.id}`, { as: owner.id })).status).toBe(404);
    });
  });

  describe('GET /api/users/lists', () => {
    it("answers the signed-in user's own lists, newest first, with their counts", async () => {
      const owner = await createUser(db);
      const other = await createUser(db);
      const base = Date.now() - 100_000;
      const post = await createPost(db);
      const older = await createList(db, { owner, createdAt: new Date(base), privacyStatus: 'private' });
      const newer = await createList(db, { owner, createdAt: new Date(base + 1000), posts: [post] });
      await createList(db, { owner: other });
      const res = await call('GET', '/api/users/lists', { as: owner.id });
      expect(res.status).toBe(200);
      expect(res.json.lists.map((l: { id: string }) => l.id)).toEqual([newer.id, older.id]);
      expect(res.json.lists.map((l: { postCount: number }) => l.postCount)).toEqual([1, 0]);
      expect(res.json.lists[1].privacyStatus).toBe('private');
      expect((await call('GET', '/api/users/lists', { as: (await createUser(db)).id })).json).toEqual({
        lists: [],
      });
    });

    it('needs a session, and does not shadow GET /api/users/{id}', async () => {
      expect((await call('GET', '/api/users/lists')).status).toBe(401);
      const user = await createUser(db);
      const profile = await call('GET', `/api/users/${user.id}`);
      expect(profile.status).toBe(200);
      expect(profile.json.id).toBe(user.id);
    });
  });

  describe('GET /api/lists/posts?postId', () => {
    it("answers the ids of the caller's lists holding the story, and only theirs", async () => {
      const owner = await createUser(db);
      const other = await createUser(db);
      const post = await createPost(db);
      const a = await createList(db, { owner, posts: [post] });
      const b = await createList(db, { owner, privacyStatus: 'private', posts: [post] });
      await createList(db, { owner });
      await createList(db, { owner: other, posts: [post] });
      const res = await call('GET', `/api/lists/posts?postId=${post.id}`, { as: owner.id });
      expect(res.status).toBe(200);
      expect([...res.json.listIds].sort()).toEqual([a.id, b.id].sort());
      expect(
        (await call('GET', `/api/lists/posts?postId=${post.id}`, { as: (await createUser(db)).id })).json,
      ).toEqual({
        listIds: [],
      });
    });

    it('401 anonymous, 404 for a story the caller may not see, 400 for a malformed id', async () => {
      const user = await createUser(db);
      const post = await createPost(db);
      const draft = await createPost(db, { status: 'draft' });
      expect((await call('GET', `/api/lists/posts?postId=${post.id}`)).status).toBe(401);
      expect((await call('GET', `/api/lists/posts?postId=${draft.id}`, { as: user.id })).status).toBe(404);
      expect((await call('GET', '/api/lists/posts?postId=short', { as: user.id })).status).toBe(400);
      expect((await call('GET', '/api/lists/posts', { as: user.id })).status).toBe(400);
    });
  });

  describe('POST and DELETE /api/lists/posts?listId&postId', () => {
    it('adds a story once however often it is saved, and removes it (idempotent too)', async () => {
      const owner = await createUser(db);
      const post = await createPost(db);
      const list = await createList(db, { owner, privacyStatus: 'private' });
      const first = await call('POST', entryPath(list.id, post.id), { as: owner.id });
      expect(first.status).toBe(200);
      expect(first.json).toEqual({ listId: list.id, postId: post.id, saved: true });
      const again = await call('POST', entryPath(list.id, post.id), { as: owner.id });
      expect(again.status).toBe(200);
      expect(await entriesOf(list.id)).toEqual([post.id]);
      expect((await call('GET', `/api/lists/${list.id}`, { as: owner.id })).json.postCount).toBe(1);

      const removed = await call('DELETE', entryPath(list.id, post.id), { as: owner.id });
      expect(removed.status).toBe(200);
      expect(removed.json).toEqual({ listId: list.id, postId: post.id, saved: false });
      expect(await entriesOf(list.id)).toEqual([]);
      expect((await call('DELETE', entryPath(list.id, post.id), { as: owner.id })).status).toBe(200);
    });

    it("refuses someone else's list: 403 when public, 404 when private, 401 anonymous; nothing changes", async () => {
      const owner = await createUser(db);
      const other = await createUser(db);
      const post = await createPost(db);
      const kept = await createPost(db);
      const publicList = await createList(db, { owner, privacyStatus: 'public', posts: [kept] });
      const privateList = await createList(db, { owner, privacyStatus: 'private', posts: [kept] });
      for (const method of ['POST', 'DELETE']) {
        const postId = method === 'POST' ? post.id : kept.id;
        expect((await call(method, entryPath(publicList.id, postId), { as: other.id })).status, method).toBe(
          403,
        );
        expect((await call(method, entryPath(privateList.id, postId), { as: other.id })).status, method).toBe(
          404,
        );
        expect((await call(method, entryPath(publicList.id, postId))).status, method).toBe(401);
        expect((await call(method, entryPath(privateList.id, postId))).status, method).toBe(401);
        expect((await call(method, entryPath(newUuid(), postId), { as: owner.id })).status, method).toBe(404);
      }
      expect(await entriesOf(publicList.id)).toEqual([kept.id]);
      expect(await entriesOf(privateList.id)).toEqual([kept.id]);
    });

    it('adding a story the owner may not see is a 404; their own draft may go in', async () => {
      const owner = await createUser(db);
      const list = await createList(db, { owner });
      const othersDraft = await createPost(db, { status: 'draft' });
      const scheduled = await createPost(db, { status: 'scheduled' });
      const banned = await createUser(db, { status: 'banned' });
      const bannedStory = await createPost(db, { author: banned });
      for (const story of [othersDraft, scheduled, bannedStory]) {
        const res = await call('POST', entryPath(list.id, story.id), { as: owner.id });
        expect(res.status, story.status).toBe(404);
        expect(res.json.error.message).toBe('Story not found');
      }
      expect((await call('POST', entryPath(list.id, 'AAAAAAAAAAAAAAAAAAAAA'), { as: owner.id })).status).toBe(
        404,
      );
      expect((await call('POST', entryPath(list.id, 'short'), { as: owner.id })).status).toBe(400);
      expect(await entriesOf(list.id)).toEqual([]);
      const ownDraft = await createPost(db, { author: owner, status: 'draft' });
      expect((await call('POST', entryPath(list.id, ownDraft.id), { as: owner.id })).status).toBe(200);
      expect(await entriesOf(list.id)).toEqual([ownDraft.id]);
    });
  });

  describe('GET /api/posts/get_posts_by_list_id?id', () => {
    it('pages through the list latest added first, without duplicates or gaps', async () => {
      const owner = await createUser(db);
      const list = await createList(db, { owner, privacyStatus: 'public' });
      const base = Date.now() - 1_000_000;
      const added: string[] = [];
      for (let i = 0; i < 25; i++) {
        const post = await createPost(db);
        // Pairs share an added time: the story id breaks the tie.
        await addPostToList(db, { list, post, addedAt: new Date(base + Math.floor(i / 2) * 1000) });
        added.push(post.id);
      }
      const pages: string[][] = [];
      let lastKey: unknown = null;
      do {
        const path = `/api/posts/get_posts_by_list_id?id=${list.id}&limit=10${lastKey ? `&lastKey=${key(lastKey)}` : ''}`;
        const res = await call('GET', path);
        expect(res.status).toBe(200);
        pages.push(res.json.posts.map((p: { id: string }) => p.id));
        lastKey = res.json.lastKey;
        expect(pages.length).toBeLessThan(5);
      } while (lastKey);
      expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
      const ids = pages.flat();
      expect(new Set(ids).size).toBe(25);
      expect([...ids].sort()).toEqual([...added].sort());
      // Latest added first (pairs share a time, so compare pair by pair).
      const pairOf = (id: string) => Math.floor(added.indexOf(id) / 2);
      expect(ids.map(pairOf)).toEqual([...ids.map(pairOf)].sort((a, b) => b - a));
      expect(ids.slice(23).sort()).toEqual(added.slice(0, 2).sort());

      const first = await call('GET', `/api/posts/get_posts_by_list_id?id=${list.id}&lastKeys=`);
      expect(first.json.posts).toHaveLength(10);
      expect(first.json.posts[0]).not.toHaveProperty('bodyHtml');
      expect(first.json.posts[0]).toMatchObject({
        title: expect.any(String),
        author: { id: expect.any(String) },
      });
      expect(first.json.lastKey).toEqual({ t: expect.any(Number), id: first.json.posts[9].id });
    });

    it('shows each viewer only the stories they may see', async () => {
      const owner = await createUser(db);
      const banned = await createUser(db, { status: 'banned' });
      const admin = await createUser(db, { roles: ['admin'] });
      const editor = await createUser(db);
      const publication = await createPublication(db, { owner: editor });
      const list = await createList(db, { owner, privacyStatus: 'public' });
      const published = await createPost(db);
      const ownDraft = await createPost(db, { author: owner, status: 'draft' });
      const bannedStory = await createPost(db, { author: banned });
      const pending = await createPost(db, { status: 'pending', publication });
      const base = Date.now() - 10_000;
      for (const [i, post] of [published, ownDraft, bannedStory, pending].entries())
        await addPostToList(db, { list, post, addedAt: new Date(base + i * 1000) });
      const idsFor = async (as?: string) =>
        (await call('GET', `/api/posts/get_posts_by_list_id?id=${list.id}`, { as })).json.posts.map(
          (p: { id: string }) => p.id,
        );
      expect(await idsFor()).toEqual([published.id]);
      expect(await idsFor(owner.id)).toEqual([ownDraft.id, published.id]);
      expect(await idsFor(editor.id)).toEqual([pending.id, published.id]);
      expect(await idsFor(admin.id)).toEqual([pending.id, bannedStory.id, ownDraft.id, published.id]);
    });

    it('a private list is 404 to everyone but its owner; bad input answers 400', async () => {
      const owner = await createUser(db);
      const other = await createUser(db);
      const list = await createList(db, { owner, privacyStatus: 'private', posts: [await createPost(db)] });
      const path = `/api/posts/get_posts_by_list_id?id=${list.id}`;
      expect((await call('GET', path, { as: owner.id })).json.posts).toHaveLength(1);
      expect((await call('GET', path, { as: other.id })).status).toBe(404);
      expect((await call('GET', path)).status).toBe(404);
      expect((await call('GET', `/api/posts/get_posts_by_list_id?id=${newUuid()}`)).status).toBe(404);
      expect((await call('GET', '/api/posts/get_posts_by_list_id')).status).toBe(400);
      expect((await call('GET', '/api/posts/get_posts_by_list_id?id=nope')).status).toBe(400);
      const badCursor = await call('GET', `${path}&lastKey=not-json`, { as: owner.id });
      expect(badCursor.status).toBe(400);
      expect(badCursor.json.error.detail).toContain('lastKey');
      expect((await call('GET', `${path}&limit=0`, { as: owner.id })).status).toBe(400);
    });
  });

  it('every list route is in the OpenAPI document, and /api/posts/{id} still answers', async () => {
    const doc = await call('GET', '/api/openapi.json');
    const paths = Object.keys(doc.json.paths);
    for (const path of [
      '/api/lists/create',
      '/api/lists/{id}',
      '/api/lists/posts',
      '/api/users/lists',
      '/api/posts/get_posts_by_list_id',
    ])
      expect(paths).toContain(path);
    expect(Object.keys(doc.json.paths['/api/lists/posts']).sort()).toEqual(['delete', 'get', 'post']);
    expect(Object.keys(doc.json.paths['/api/lists/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    const post = await createPost(db);
    expect((await call('GET', `/api/posts/${post.id}`)).status).toBe(200);
  });
});
