import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { createPost, createUser, setCuratedSet } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// The home page's story lists: GET /api/posts/latest_posts/for_home_page/{languageCode}?lastKeys
// and GET /api/posts/editor_posts/{languageCode}/{shardingNumber}. Each test uses a language of
// its own so stories other tests make do not land in its lists.

let db: Db;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
const ids = (json: { posts: { id: string }[] }) => json.posts.map((p) => p.id);

const latest = (language: string, query = '') =>
  call('GET', `/api/posts/latest_posts/for_home_page/${language}${query}`);

describe('home story lists', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('latest stories of one language, newest first, page after page without repeats', async () => {
    const writer = await createUser(db);
    const stories = [];
    for (let i = 0; i < 5; i += 1) {
      stories.push(await createPost(db, { author: writer, languageCode: 'qa', publishedAt: at(10 - i) }));
    }
    // Same instant: the id breaks the tie, and neither is lost between pages.
    const tied = await createPost(db, { author: writer, languageCode: 'qa', publishedAt: at(20) });
    const tiedToo = await createPost(db, { author: writer, languageCode: 'qa', publishedAt: at(20) });
    await createPost(db, { author: writer, languageCode: 'qa', status: 'draft' });
    await createPost(db, { author: writer, languageCode: 'qb', publishedAt: at(1) });
    const banned = await createUser(db, { status: 'banned' });
    await createPost(db, { author: banned, languageCode: 'qa', publishedAt: at(2) });

    const seen: string[] = [];
    let lastKey: unknown = null;
    let pages = 0;
    do {
      const query = `?limit=2${lastKey ? `&lastKeys=${encodeURIComponent(JSON.stringify(lastKey))}` : ''}`;
      const page = await latest('qa', query);
      expect(page.status).toBe(200);
      seen.push(...ids(page.json));
      lastKey = page.json.lastKey;
      pages += 1;
    } while (lastKey && pages < 10);

    const newestFirst = [...stories].reverse().map((s) => s.id);
    // The tie's order is the database's (its collation orders the ids); each shows exactly once.
    expect(seen.slice(0, 5)).toEqual(newestFirst);
    expect(seen.slice(5).sort()).toEqual([tied.id, tiedToo.id].sort());
    expect(pages).toBe(4);

    const first = await latest('qa', '?limit=1');
    expect(first.json.posts[0]).toMatchObject({
      id: stories[4].id,
      title: stories[4].title,
      languageCode: 'qa',
      author: { id: writer.id },
    });
    expect(first.json.lastKey).toEqual({ t: stories[4].publishedAt!.getTime(), id: stories[4].id });
  });

  it('answers 400 to a malformed lastKeys or language, and an empty page for an unknown language', async () => {
    expect((await latest('qa', '?lastKeys=nope')).status).toBe(400);
    expect((await latest('qa', `?lastKeys=${encodeURIComponent('{"t":-1}')}`)).status).toBe(400);
    expect((await latest('english')).status).toBe(400);
    const empty = await latest('qz');
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ posts: [], lastKey: null });
  });

  it('editor_posts: the editor pick of the reader’s country, ten stories per shardingNumber', async () => {
    const writer = await createUser(db);
    const picked = [];
    for (let i = 0; i < 12; i += 1) {
      picked.push(await createPost(db, { author: writer, languageCode: 'qc', publishedAt: at(i) }));
    }
    const gone = await createPost(db, { author: writer, languageCode: 'qc', status: 'draft' });
    const set = [gone.id, ...picked.map((p) => p.id)];
    await setCuratedSet(db, { kind: 'editor_pick', languageCode: 'qc', countryCode: 'GB', itemIds: set });

    const headers = { 'cf-ipcountry': 'gb' };
    const first = await call('GET', '/api/posts/editor_posts/qc/0', { headers });
    expect(first.status).toBe(200);
    // The draft is not readable by anyone else: skipped, the rest in the curated order.
    expect(ids(first.json)).toEqual(picked.slice(0, 9).map((p) => p.id));
    expect(first.json.nextShardingNumber).toBe(1);
    const second = await call('GET', '/api/posts/editor_posts/qc/1', { headers });
    expect(ids(second.json)).toEqual(picked.slice(9).map((p) => p.id));
    expect(second.json.nextShardingNumber).toBeNull();

    // Another country has nothing curated: the newest stories of the language.
    const elsewhere = await call('GET', '/api/posts/editor_posts/qc/0', {
      headers: { 'cf-ipcountry': 'FR' },
    });
    expect(ids(elsewhere.json)).toEqual(picked.slice(0, 6).map((p) => p.id));
    expect((await call('GET', '/api/posts/editor_posts/qc/-1')).status).toBe(400);
    expect((await call('GET', '/api/posts/editor_posts/qc/x')).status).toBe(400);
  });
});
