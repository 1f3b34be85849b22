import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { newUuid } from '../../src/server/lib/ids';
import { createPost, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

let db: Db;
const key = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** Follows lastKey until null; returns every page's ids. */
async function allPages(path: string, param: string, as?: string): Promise<string[][]> {
  const pages: string[][] = [];
  let lastKey: unknown = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res = await call('GET', lastKey ? `${path}${sep}${param}=${key(lastKey)}` : path, { as });
    expect(res.status).toBe(200);
    pages.push(res.json.posts.map((p: { id: string }) => p.id));
    lastKey = res.json.lastKey;
    expect(pages.length).toBeLessThan(20);
  } while (lastKey);
  return pages;
}

describe('posts API: an author’s stories, page by page', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('pages through 25 published stories newest first, without duplicates or gaps', async () => {
    const author = await createUser(db);
    const base = Date.now() - 1_000_000;
    const made: Awaited<ReturnType<typeof createPost>>[] = [];
    // Five pairs share a publishedAt: the id breaks the tie.
    for (let i = 0; i < 25; i++)
      made.push(await createPost(db, { author, publishedAt: new Date(base + Math.floor(i / 2) * 1000) }));
    await createPost(db, { author, status: 'draft' });
    const pages = await allPages(`/api/posts/user_posts/all_posts/${author.id}?limit=10`, 'lastKeys');
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    const ids = pages.flat();
    expect(new Set(ids).size).toBe(25);
    expect([...ids].sort()).toEqual(made.map((p) => p.id).sort());
    // Newest first; ties keep the database's id order (its collation), which the cursor follows too.
    const times = ids.map((id) => made.find((p) => p.id === id)!.publishedAt!.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const first = await call('GET', `/api/posts/user_posts/all_posts/${author.id}`);
    expect(first.json.posts).toHaveLength(10);
    expect(first.json.posts[0]).not.toHaveProperty('bodyHtml');
    expect(first.json.lastKey).toEqual({ t: expect.any(Number), id: first.json.posts[9].id });
  });

  it('forStudio: the author sees every status by creation time; others may not ask (401/403)', async () => {
    const author = await createUser(db);
    const stranger = await createUser(db);
    const admin = await createUser(db, { roles: ['admin'] });
    const statuses = [
      'draft',
      'published',
      'scheduled',
      'pending',
      'rejected',
      'draft',
      'published',
    ] as const;
    const base = Date.now() - 100_000;
    const made: Awaited<ReturnType<typeof createPost>>[] = [];
    for (const [i, status] of statuses.entries())
      made.push(await createPost(db, { author, status, createdAt: new Date(base + i * 1000) }));
    const studio = `/api/posts/user_posts/all_posts/${author.id}?forStudio=true&limit=3`;
    const pages = await allPages(studio, 'lastKeys', author.id);
    expect(pages.flat()).toEqual(made.map((p) => p.id).reverse());
    expect((await allPages(studio, 'lastKeys', admin.id)).flat()).toHaveLength(7);
    expect((await call('GET', studio, { as: stranger.id })).status).toBe(403);
    expect((await call('GET', studio)).status).toBe(401);
    const publicList = await call('GET', `/api/posts/user_posts/all_posts/${author.id}`, { as: stranger.id });
    expect(publicList.json.posts.map((p: { status: string }) => p.status)).toEqual([
      'published',
      'published',
    ]);
  });

  it('latest_posts gives the 5 latest published stories', async () => {
    const author = await createUser(db);
    const base = Date.now() - 100_000;
    const made: Awaited<ReturnType<typeof createPost>>[] = [];
    for (let i = 0; i < 7; i++)
      made.push(await createPost(db, { author, publishedAt: new Date(base + i * 1000) }));
    const res = await call('GET', `/api/posts/user_posts/latest_posts/${author.id}`);
    expect(res.status).toBe(200);
    expect(res.json.posts.map((p: { id: string }) => p.id)).toEqual(
      made
        .slice(2)
        .map((p) => p.id)
        .reverse(),
    );
  });

  it('answers 400 for an invalid cursor and 404 for an unknown or banned author', async () => {
    const author = await createUser(db);
    const banned = await createUser(db, { status: 'banned' });
    await createPost(db, { author: banned });
    const path = `/api/posts/user_posts/all_posts/${author.id}`;
    for (const bad of [
      'not-json',
      key({ t: 'yesterday', id: 'x' }),
      key({ t: 1 }),
      key([1, 2]),
      key({ t: 1, id: 'x', extra: 1 }),
    ]) {
      const res = await call('GET', `${path}?lastKeys=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.error.detail).toContain('lastKey');
    }
    expect((await call('GET', `${path}?limit=0`)).status).toBe(400);
    expect((await call('GET', `/api/posts/user_posts/all_posts/${newUuid()}`)).status).toBe(404);
    expect((await call('GET', `/api/posts/user_posts/all_posts/${banned.id}`)).status).toBe(404);
    expect((await call('GET', `/api/posts/user_posts/latest_posts/${banned.id}`)).status).toBe(404);
  });

  it("a banned author's published story is 404 to everyone but site admins", async () => {
    const banned = await createUser(db, { status: 'banned' });
    const admin = await createUser(db, { roles: ['admin'] });
    const post = await createPost(db, { author: banned });
    expect((await call('GET', `/api/posts/${post.id}`)).status).toBe(404);
    expect((await call('GET', `/api/posts/${post.id}`, { as: admin.id })).status).toBe(200);
  });

  it('GET answers 404 for an unknown story and 400 for a malformed id', async () => {
    expect((await call('GET', '/api/posts/AAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await call('GET', '/api/posts/short')).status).toBe(400);
  });
});
