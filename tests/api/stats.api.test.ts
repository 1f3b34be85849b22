import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { postViewReaders, postViewsDaily, statsDailySalts } from '../../src/server/db/schema';
import { SOCKET_ADDRESS_HEADER } from '../../src/server/lib/client-address';
import { flushPageViews } from '../../src/server/modules/stats/stats-views.service';
import { mostReadAuthorIds, mostViewedPostIds } from '../../src/server/modules/stats/stats.service';
import { addPostViews, addPublicationMember, createPost, createPublication, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Page-view analytics: the story page's beacon counts each reader once per story per UTC day
// (guests by a salted daily hash, users by id), never bots or prefetches, and the publication's
// editors read the counts per story and per day.

let db: Db;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1';
const today = () => new Date().toISOString().slice(0, 10);

/** One story-page load's beacon, from an address and browser (and a session when `as` is given). */
const beacon = (
  postId: string,
  from: { ip: string; ua?: string; as?: string; headers?: Record<string, string> },
) =>
  call('POST', '/api/stats/view', {
    body: { postId },
    as: from.as,
    headers: { [SOCKET_ADDRESS_HEADER]: from.ip, 'user-agent': from.ua ?? FIREFOX, ...from.headers },
  });

async function viewsToday(postId: string): Promise<number> {
  const [row] = await db
    .select({ views: postViewsDaily.views })
    .from(postViewsDaily)
    .where(and(eq(postViewsDaily.postId, postId), eq(postViewsDaily.day, today())));
  return row?.views ?? 0;
}

describe('page views (POST /api/stats/view)', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('counts 20 loads from 3 readers as 3 views that day, with userType, user id and ssoId', async () => {
    const post = await createPost(db);
    const reader = await createUser(db, { ssoId: 'sso-42' });
    const loads = [
      ...Array.from({ length: 8 }, () => ({ ip: '203.0.113.10' })),
      ...Array.from({ length: 7 }, () => ({ ip: '203.0.113.11', ua: SAFARI })),
      // A signed-in reader is one reader wherever they read from.
      ...Array.from({ length: 5 }, (_, i) => ({ ip: `198.51.100.${i + 1}`, as: reader.id })),
    ];
    for (const load of loads) expect((await beacon(post.id, load)).status).toBe(204);
    expect(await flushPageViews()).toBe(3);
    // Loads after the flush are the same readers on the same day: nothing more.
    for (const load of loads.slice(0, 3)) await beacon(post.id, load);
    await beacon(post.id, { ip: '198.51.100.200', as: reader.id });
    expect(await flushPageViews()).toBe(0);
    expect(await viewsToday(post.id)).toBe(3);

    const readers = await db.select().from(postViewReaders).where(eq(postViewReaders.postId, post.id));
    expect(readers.map((r) => r.userType).sort()).toEqual(['guest', 'guest', 'user']);
    const user = readers.find((r) => r.userType === 'user')!;
    expect(user).toMatchObject({ userId: reader.id, ssoId: 'sso-42', day: today() });
    // Guests are a salted hash: no address or user agent is stored.
    for (const guest of readers.filter((r) => r.userType === 'guest')) {
      expect(guest.userId).toBeNull();
      expect(guest.reader).toMatch(/^g:[\w-]{43}$/);
      expect(JSON.stringify(guest)).not.toContain('203.0.113');
    }
    const salts = await db.select().from(statsDailySalts);
    expect(salts.map((s) => s.day)).toEqual([today()]);
  });

  it('counts no bot and no prefetch', async () => {
    const post = await createPost(db);
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      '',
    ];
    for (const ua of bots) expect((await beacon(post.id, { ip: '192.0.2.50', ua })).status).toBe(204);
    const prefetches: Record<string, string>[] = [
      { purpose: 'prefetch' },
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
    ];
    for (const headers of prefetches)
      expect((await beacon(post.id, { ip: '192.0.2.51', headers })).status).toBe(204);
    expect(await flushPageViews()).toBe(0);
    expect(await viewsToday(post.id)).toBe(0);
  });

  it('counts only published stories, and refuses what is not a story id', async () => {
    const draft = await createPost(db, { status: 'draft' });
    await beacon(draft.id, { ip: '192.0.2.60' });
    await beacon('x'.repeat(21).replace(/x/g, 'Z'), { ip: '192.0.2.60' });
    expect(await flushPageViews()).toBe(0);
    expect(await viewsToday(draft.id)).toBe(0);
    const bad = await beacon('not a story', { ip: '192.0.2.60' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('validation_failed');
  });

  it('refuses a cross-site beacon', async () => {
    const post = await createPost(db);
    const response = await call('POST', '/api/stats/view', {
      body: { postId: post.id },
      origin: 'https://elsewhere.example',
      headers: { [SOCKET_ADDRESS_HEADER]: '192.0.2.70', 'user-agent': FIREFOX },
    });
    expect(response.status).toBe(403);
    expect(await flushPageViews()).toBe(0);
  });

  it('rate-limits beacons per address (429 with Retry-After)', async () => {
    const post = await createPost(db);
    let last = await beacon(post.id, { ip: '192.0.2.80' });
    for (let i = 0; i < 130 && last.status === 204; i++) last = await beacon(post.id, { ip: '192.0.2.80' });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await beacon(post.id, { ip: '192.0.2.81' })).status).toBe(204);
    expect(await flushPageViews()).toBe(2);
  });
});

describe('rankings for the home page', () => {
  it('orders published stories and writers of a language by views since a day', async () => {
    const [ana, ben] = [await createUser(db), await createUser(db)];
    const lang = 'es';
    const a1 = await createPost(db, { author: ana, languageCode: lang });
    const a2 = await createPost(db, { author: ana, languageCode: lang });
    const b1 = await createPost(db, { author: ben, languageCode: lang });
    const old = await createPost(db, { author: ben, languageCode: lang });
    const english = await createPost(db, { author: ben, languageCode: 'en' });
    await addPostViews(db, { post: a1, views: 5 });
    await addPostViews(db, { post: a2, views: 4 });
    await addPostViews(db, { post: b1, views: 7 });
    await addPostViews(db, { post: old, views: 100, day: '2020-01-01' });
    await addPostViews(db, { post: english, views: 50 });
    const since = new Date(Date.now() - 7 * 86_400_000);
    expect(await mostViewedPostIds({ languageCode: lang, since, limit: 2 })).toEqual([b1.id, a1.id]);
    expect(await mostReadAuthorIds({ languageCode: lang, since, limit: 5 })).toEqual([ana.id, ben.id]);
  });
});

describe('GET /api/publications/stats/by_post', () => {
  it("gives the publication's editors views per story and per day; others are refused", async () => {
    const owner = await createUser(db);
    const editor = await createUser(db);
    const author = await createUser(db);
    const stranger = await createUser(db);
    const publication = await createPublication(db, { owner });
    await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
    await addPublicationMember(db, { publication, user: author, role: 'publication_author' });
    const older = await createPost(db, {
      author,
      publication,
      publishedAt: new Date(Date.now() - 3_600_000),
    });
    const newer = await createPost(db, { author, publication });
    await createPost(db, { author }); // not the publication's
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await addPostViews(db, { post: older, views: 4, day: yesterday });
    await addPostViews(db, { post: older, views: 2 });
    await addPostViews(db, { post: newer, views: 3 });
    await addPostViews(db, { post: newer, views: 9, day: '2020-01-01' });

    const path = `/api/publications/stats/by_post?id=${publication.id}&startDate=${yesterday}`;
    for (const who of [owner, editor]) {
      const answer = await call('GET', path, { as: who.id });
      expect(answer.status).toBe(200);
      expect(answer.json.posts.map((p: { id: string; views: number }) => [p.id, p.views])).toEqual([
        [newer.id, 3],
        [older.id, 6],
      ]);
      expect(answer.json.daily).toEqual([
        { day: yesterday, views: 4 },
        { day: today(), views: 5 },
      ]);
      expect(answer.json.total).toBe(9);
      expect(answer.json.lastKey).toBeNull();
    }
    for (const who of [author, stranger]) expect((await call('GET', path, { as: who.id })).status).toBe(403);
    expect((await call('GET', path)).status).toBe(401);
    const bad = await call(
      'GET',
      `/api/publications/stats/by_post?id=${publication.id}&startDate=2024-02-30`,
      {
        as: owner.id,
      },
    );
    expect(bad.status).toBe(400);
  });

  it('counts at most the last 366 days: an earlier or a later startDate is clamped, not refused', async () => {
    const owner = await createUser(db);
    const publication = await createPublication(db, { owner });
    const story = await createPost(db, { author: owner, publication });
    const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    await addPostViews(db, { post: story, views: 2, day: dayAgo(365) });
    await addPostViews(db, { post: story, views: 9, day: dayAgo(366) }); // one day too old to count
    await addPostViews(db, { post: story, views: 1 });
    const stats = (startDate: string) =>
      call('GET', `/api/publications/stats/by_post?id=${publication.id}&startDate=${startDate}`, {
        as: owner.id,
      });

    // A date the document allows is answered, however far back: from the first of the last 366 days.
    const longAgo = await stats('2019-01-17');
    expect(longAgo.status).toBe(200);
    expect(longAgo.json.daily).toHaveLength(366);
    expect(longAgo.json.daily[0]).toEqual({ day: dayAgo(365), views: 2 });
    expect(longAgo.json.daily.at(-1)).toEqual({ day: today(), views: 1 });
    expect(longAgo.json.total).toBe(3);
    expect(longAgo.json.posts.map((p: { views: number }) => p.views)).toEqual([3]);

    // A day still to come counts from today.
    const ahead = await stats(`${new Date().getUTCFullYear() + 2}-06-01`);
    expect(ahead.status).toBe(200);
    expect(ahead.json.daily).toEqual([{ day: today(), views: 1 }]);
    expect(ahead.json.total).toBe(1);
  });

  it('pages the stories newest first with lastKey', async () => {
    const owner = await createUser(db);
    const publication = await createPublication(db, { owner });
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const post = await createPost(db, {
        author: owner,
        publication,
        publishedAt: new Date(Date.now() - (i + 1) * 60_000),
      });
      ids.push(post.id);
    }
    const base = `/api/publications/stats/by_post?id=${publication.id}&startDate=${today()}`;
    const first = await call('GET', base, { as: owner.id });
    expect(first.json.posts.map((p: { id: string }) => p.id)).toEqual(ids.slice(0, 20));
    expect(first.json.lastKey).not.toBeNull();
    const second = await call(
      'GET',
      `${base}&lastKey=${encodeURIComponent(JSON.stringify(first.json.lastKey))}`,
      {
        as: owner.id,
      },
    );
    expect(second.json.posts.map((p: { id: string }) => p.id)).toEqual(ids.slice(20));
    expect(second.json.lastKey).toBeNull();
  });
});
