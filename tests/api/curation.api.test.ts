import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { addPostViews, createPost, createPublication, createUser, setCuratedSet } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// GET /api/{posts/editor_pick | posts/popular_stories | publications/top_publications |
// tags/top_tags | users/top_authors}/{languageCode}/{countryCode}: curated sets hydrated in their
// order, and DESIGN §7's computed defaults when nothing is curated. Each test has its own language.

let db: Db;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
const get = (path: string) => call('GET', `/api${path}`);

describe('curated sets API', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('returns each curated set in its order, skipping ids that no longer resolve', async () => {
    const writer = await createUser(db);
    const banned = await createUser(db, { status: 'banned' });
    const [a, b] = [
      await createPost(db, { author: writer, languageCode: 'ra' }),
      await createPost(db, { author: writer, languageCode: 'ra' }),
    ];
    const ofBanned = await createPost(db, { author: banned, languageCode: 'ra' });
    const pubA = await createPublication(db, { owner: writer });
    const pubB = await createPublication(db, { owner: writer });
    await createPost(db, { author: writer, languageCode: 'ra', tags: ['Hope', 'Prayer Life'] });
    const set = (kind: Parameters<typeof setCuratedSet>[1]['kind'], itemIds: string[]) =>
      setCuratedSet(db, { kind, languageCode: 'ra', countryCode: 'US', itemIds });
    await set('editor_pick', [b.id, 'no-such-story-id-00000', ofBanned.id, a.id]);
    await set('popular_stories', [a.id]);
    await set('top_publications', [pubB.id, 'not-a-uuid', pubA.id]);
    await set('top_tags', ['prayer-life', 'no-such-tag', 'hope']);
    await set('top_authors', [banned.id, writer.id]);

    const pick = await get('/posts/editor_pick/ra/us');
    expect(pick.status).toBe(200);
    expect(pick.json.curated).toBe(true);
    expect(pick.json.posts.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
    expect(pick.json.posts[0]).toMatchObject({ title: b.title, author: { id: writer.id } });
    expect((await get('/posts/popular_stories/ra/US')).json.posts.map((p: { id: string }) => p.id)).toEqual([
      a.id,
    ]);

    const pubs = await get('/publications/top_publications/ra/US');
    expect(pubs.json.publications.map((p: { id: string }) => p.id)).toEqual([pubB.id, pubA.id]);
    expect(pubs.json.publications[0]).toMatchObject({ name: pubB.name, subdomain: pubB.subdomain });
    const tagSet = await get('/tags/top_tags/ra/US');
    expect(tagSet.json).toEqual({
      tags: [
        { name: 'Prayer Life', slug: 'prayer-life' },
        { name: 'Hope', slug: 'hope' },
      ],
      curated: true,
    });
    const authors = await get('/users/top_authors/ra/US');
    expect(authors.json.authors.map((u: { id: string }) => u.id)).toEqual([writer.id]);
    expect(authors.json.authors[0]).toMatchObject({ name: writer.name });
  });

  it('computes each set when nothing is curated, so a fresh site is full', async () => {
    const busy = await createUser(db);
    const read = await createUser(db);
    const quiet = await createUser(db);
    const pub = await createPublication(db, { owner: busy });
    const small = await createPublication(db, { owner: quiet });
    const stories = [];
    for (let i = 0; i < 3; i += 1) {
      stories.push(
        await createPost(db, {
          author: busy,
          publication: pub,
          languageCode: 'rb',
          publishedAt: at(30 + i),
          tags: ['Grace'],
        }),
      );
    }
    const popular = await createPost(db, {
      author: read,
      languageCode: 'rb',
      publishedAt: at(60),
      tags: ['Grace', 'Joy'],
    });
    const newest = await createPost(db, {
      author: quiet,
      publication: small,
      languageCode: 'rb',
      publishedAt: at(1),
    });
    const oldViews = await createPost(db, { author: quiet, languageCode: 'rb', publishedAt: at(90) });
    await addPostViews(db, { post: popular, views: 40 });
    await addPostViews(db, { post: stories[2], views: 5 });
    const longAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    await addPostViews(db, { post: oldViews, views: 500, day: longAgo });

    const pop = await get('/posts/popular_stories/rb/US');
    expect(pop.json.curated).toBe(false);
    const popIds = pop.json.posts.map((p: { id: string }) => p.id);
    // Most viewed in 7 days first; views older than that do not count; the newest fill the rest.
    expect(popIds.slice(0, 3)).toEqual([popular.id, stories[2].id, newest.id]);
    expect(popIds).toHaveLength(6);
    expect(new Set(popIds).size).toBe(6);

    const tagSet = await get('/tags/top_tags/rb/US');
    expect(tagSet.json).toEqual({
      tags: [
        { name: 'Grace', slug: 'grace' },
        { name: 'Joy', slug: 'joy' },
      ],
      curated: false,
    });
    const authors = await get('/users/top_authors/rb/US');
    expect(authors.json.authors.map((u: { id: string }) => u.id)).toEqual([read.id, busy.id, quiet.id]);
    const pubs = await get('/publications/top_publications/rb/US');
    expect(pubs.json.publications.map((p: { id: string }) => p.id)).toEqual([pub.id, small.id]);
    const pick = await get('/posts/editor_pick/rb/US');
    expect(pick.json.curated).toBe(false);
    expect(pick.json.posts[0].id).toBe(newest.id);
  });

  it('answers 400 to a malformed language or country', async () => {
    expect((await get('/posts/editor_pick/english/US')).status).toBe(400);
    expect((await get('/tags/top_tags/en/USA')).status).toBe(400);
    expect((await get('/users/top_authors/e1/US')).status).toBe(400);
    const empty = await get('/publications/top_publications/rz/US');
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ publications: [], curated: false });
  });
});
