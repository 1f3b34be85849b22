import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import {
  listingApiAddress,
  listingFingerprint,
  listingPageAddress,
  takesListingPage,
  VIEWS_WINDOW_MS,
} from '../../src/server/modules/page-cache/listing-addresses';
import { createListingPageCache } from '../../src/server/modules/page-cache/listing-page.cache';
import { findSiteVersion } from '../../src/server/modules/page-cache/site-version.repository';
import { estimatedBytes, untilSiteChanges } from '../../src/server/modules/page-cache/site-version.service';
import type { VersionedPageCache } from '../../src/server/modules/page-cache/versioned-page.cache';
import { getRuntime } from '../../src/server/runtime';
import { createPin, createPost, createPublication, createUser, setCuratedSet } from '../factories';
import { call, sessionCookie } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// The listing caches (docs/decisions/026-listing-page-caches.md): the home page, tag pages, writers'
// homes, the publications listing and the API's listings are kept for anonymous readers while the
// site's version — bumped by the database's triggers at commit — is the one they were made for.

let database: Database;

const page = (html: string) => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: Buffer.from(html),
});

/** What an anonymous reader gets at `url`: the stored page, or the render made (and stored) on a miss. */
async function read(cache: VersionedPageCache, url: string, render: string, headers = {}) {
  const decision = await cache.lookup({ pathname: url, headers, acceptsGzip: false });
  if (decision.action === 'render') {
    cache.store(decision.token, page(render));
    return `rendered:${render}`;
  }
  if (decision.action === 'serve') return `cached:${decision.body?.toString()}`;
  return 'pass';
}

describe('which reads are listings, and under which key', () => {
  it('takes the home page, a tag page, a writer home and the publications listing in their plain forms', () => {
    for (const url of [
      '/',
      '/?languageCode=zh',
      '/tags/faith',
      `/tags/${encodeURIComponent('信心')}`,
      '/tags/faith?subtopic=0b9f1a52-3f7e-4c1a-9a57-3d1c2b7f7e10',
      '/@grace-notes',
      '/publications',
      '/publications?languageCode=en',
    ]) {
      expect(takesListingPage(url), url).toBe(true);
    }
    for (const url of [
      '/?utm_source=mail', // a tracking link is rendered afresh
      '/?languageCode=zh&x=1',
      '/tags/Faith', // another spelling: the page redirects it
      '/tags/finding%20peace',
      '/tags/faith?subtopic=nope',
      '/@Grace', // upper case
      '/@grace?tab=lists',
      '/@admin', // a reserved name is no writer
      '/search',
      '/stories/abc',
    ]) {
      expect(takesListingPage(url), url).toBe(false);
    }
  });

  it("keys the home page by the reader's language and country, as the page itself chooses them", () => {
    const key = (headers: Record<string, string>, url = '/') => listingPageAddress({ url, headers }).key;
    expect(key({})).toBe('home en US');
    expect(key({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).toBe('home zh US');
    // The language-reign cookie wins over the browser; the CDN's country header picks the country.
    expect(key({ 'accept-language': 'zh-CN', cookie: 'a=1; lamplight-lang=en' })).toBe('home en US');
    expect(key({ 'cf-ipcountry': 'tw' })).toBe('home en TW');
    expect(key({ 'cf-ipcountry': 'XX' })).toBe('home en US');
    // A language named in the address is a page of its own, whatever the browser says.
    expect(key({ 'accept-language': 'en' }, '/?languageCode=zh')).toBe('home named:zh US');
    // Every other listing page is the same for every reader.
    expect(key({ 'accept-language': 'zh' }, '/tags/faith')).toBe('/tags/faith');
  });

  it('takes the API listings, per country, and nothing else', () => {
    const of = (url: string) => listingApiAddress({ url, headers: { 'cf-ipcountry': 'SG' } });
    expect(of('/api/posts/latest_posts/for_home_page/en?lastKeys=x')?.key).toBe(
      '/api/posts/latest_posts/for_home_page/en?lastKeys=x SG',
    );
    expect(of('/api/posts/popular_stories/en/US')?.ranksByViews).toBe(true);
    expect(of('/api/posts/tag_posts/faith')?.ranksByViews).toBe(false);
    for (const url of [
      '/api/posts/search?q=grace',
      '/api/users/all_authors?q=a',
      '/api/posts/abc',
      '/feed',
    ]) {
      expect(of(url), url).toBeNull();
    }
  });

  it('keeps a ranking by views a minute at most', () => {
    const home = { key: 'home en US', ranksByViews: true };
    const now = 1_800_000_000_000 - (1_800_000_000_000 % VIEWS_WINDOW_MS);
    expect(listingFingerprint(home, '7', now)).toBe(listingFingerprint(home, '7', now + VIEWS_WINDOW_MS - 1));
    expect(listingFingerprint(home, '7', now)).not.toBe(listingFingerprint(home, '7', now + VIEWS_WINDOW_MS));
    expect(listingFingerprint({ key: '/tags/faith', ranksByViews: false }, '7', now)).toBe('7');
  });
});

describe('the site version: every change a listing shows, and nothing else', () => {
  beforeAll(async () => {
    database = await useTestDatabase();
  });

  /** Runs `change` and tells whether the site's version moved. */
  async function bumps(change: () => Promise<unknown>): Promise<boolean> {
    const before = await findSiteVersion();
    await change();
    return (await findSiteVersion()) !== before;
  }

  it('moves on published stories, bylines, bans, curated sets, publications and pins; not on drafts', async () => {
    const writer = await createUser(database.db);
    const draft = await createPost(database.db, { author: writer, status: 'draft' });
    expect(
      await bumps(() =>
        call('PATCH', `/api/posts/${draft.id}`, {
          as: writer.id,
          body: { version: draft.version, bodyHtml: '<p>Still writing</p>' },
        }),
      ),
    ).toBe(false);
    expect(await bumps(() => createPost(database.db, { author: writer, status: 'pending' }))).toBe(false);

    let published: Awaited<ReturnType<typeof createPost>> | undefined;
    expect(
      await bumps(async () => {
        published = await createPost(database.db, { author: writer, status: 'published' });
      }),
    ).toBe(true);
    expect(
      await bumps(() =>
        call('PATCH', `/api/posts/manage_posts/unpublish_post/${published!.id}`, { as: writer.id }),
      ),
    ).toBe(true);
    expect(
      await bumps(() =>
        call('PATCH', `/api/posts/manage_posts/publish_post/${published!.id}`, { as: writer.id }),
      ),
    ).toBe(true);
    expect(
      await bumps(() =>
        database.db.update(users).set({ name: 'A New Byline' }).where(eq(users.id, writer.id)),
      ),
    ).toBe(true);
    expect(
      await bumps(() => database.db.update(users).set({ status: 'banned' }).where(eq(users.id, writer.id))),
    ).toBe(true);
    expect(
      await bumps(() => database.db.update(users).set({ status: 'active' }).where(eq(users.id, writer.id))),
    ).toBe(true);
    // What no listing shows: the onboarding flag.
    expect(
      await bumps(() =>
        database.db.update(users).set({ showOnboarding: false }).where(eq(users.id, writer.id)),
      ),
    ).toBe(false);
    expect(await bumps(() => setCuratedSet(database.db, { itemIds: [published!.id] }))).toBe(true);
    expect(await bumps(() => createPublication(database.db, { owner: writer }))).toBe(true);
    expect(await bumps(() => createPin(database.db, { user: writer, post: published! }))).toBe(true);
  });

  it('moves at commit: a transaction still open does not show a new version', async () => {
    const writer = await createUser(database.db);
    const before = await findSiteVersion();
    let inside = '';
    await database.db.transaction(async (tx) => {
      await createPost(tx as unknown as Database['db'], { author: writer, status: 'published' });
      const result = (await tx.execute(sql`select version::text as v from site_page_version`)) as unknown as {
        rows: { v: string }[];
      };
      inside = result.rows[0]?.v ?? '';
    });
    expect(inside).toBe(before);
    expect(await findSiteVersion()).not.toBe(before);
  });
});

describe('the listing page cache', () => {
  beforeAll(async () => {
    database = await useTestDatabase();
  });

  it('serves the stored home page until the site changes, per language', async () => {
    const cache = createListingPageCache({ maxBytes: 1024 * 1024 });
    const zh = { 'accept-language': 'zh-CN' };
    expect(await read(cache, '/', 'en-1')).toBe('rendered:en-1');
    expect(await read(cache, '/', 'unused')).toBe('cached:en-1');
    expect(await read(cache, '/', 'zh-1', zh)).toBe('rendered:zh-1');
    expect(await read(cache, '/', 'unused', zh)).toBe('cached:zh-1');

    const writer = await createUser(database.db);
    await createPost(database.db, { author: writer, status: 'published' });
    expect(await read(cache, '/', 'en-2')).toBe('rendered:en-2');
    expect(await read(cache, '/', 'zh-2', zh)).toBe('rendered:zh-2');
    expect(await read(cache, '/', 'unused')).toBe('cached:en-2');
  });

  it('takes signed-in readers and guests alike; leaves router requests and other addresses to Next.js', () => {
    const cache = createListingPageCache({ maxBytes: 1024 * 1024 });
    const get = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, headers });
    expect(cache.accepts(get('/'))).toBe(true);
    expect(cache.accepts({ ...get('/'), method: 'HEAD' })).toBe(true);
    expect(cache.accepts({ ...get('/'), method: 'POST' })).toBe(false);
    // One HTML for every reader (decision 031): the render that fills the cache forgets the session.
    expect(cache.accepts(get('/', { cookie: 'next-auth.session-token=abc' }))).toBe(true);
    expect(cache.accepts(get('/', { authorization: 'Bearer abc' }))).toBe(true);
    expect(cache.accepts(get('/', { rsc: '1' }))).toBe(false);
    expect(cache.accepts(get('/?utm_source=x'))).toBe(false);
  });
});

describe('the listing API cache', () => {
  beforeAll(async () => {
    database = await useTestDatabase();
  });

  /** A GET through the runtime's API, as the front server's fast path sends it. */
  async function get(path: string, headers: Record<string, string> = {}) {
    const { api } = await getRuntime();
    const response = await api.fetch(new Request(`http://localhost:3000${path}`, { headers }));
    return {
      status: response.status,
      json: JSON.parse(await response.text()) as { posts: { id: string }[] },
    };
  }

  it("answers an anonymous home feed from its copy until a story is published; a signed-in reader's never", async () => {
    const { listingApiCache } = await getRuntime();
    const writer = await createUser(database.db);
    await createPost(database.db, { author: writer, status: 'published', title: 'Before the change' });
    const url = '/api/posts/latest_posts/for_home_page/en';
    const asked = { method: 'GET', url, acceptsGzip: false, headers: {} };
    const first = await get(url);
    expect(first.status).toBe(200);
    const hit = await listingApiCache.lookup(asked);
    expect(hit?.status).toBe(200);
    expect(JSON.parse(hit!.body!.toString())).toEqual(first.json);
    const cookie = await sessionCookie(writer.id);
    expect(await listingApiCache.lookup({ ...asked, headers: { cookie } })).toBeNull();

    const fresh = await createPost(database.db, {
      author: writer,
      status: 'published',
      title: 'After the change',
    });
    expect(await listingApiCache.lookup(asked)).toBeNull();
    expect((await get(url)).json.posts.map((p) => p.id)).toContain(fresh.id);
    expect(await listingApiCache.lookup(asked)).not.toBeNull();
  });
});

describe('results kept until the site changes', () => {
  beforeAll(async () => {
    database = await useTestDatabase();
  });

  it('computes once per arguments while the site is unchanged, and again after a change', async () => {
    let computed = 0;
    const kept = untilSiteChanges(async (word: string) => `${word}:${++computed}`);
    expect(await kept('grace')).toBe('grace:1');
    expect(await kept('grace')).toBe('grace:1');
    expect(await kept('hope')).toBe('hope:2');
    const writer = await createUser(database.db);
    await createPost(database.db, { author: writer, status: 'published' });
    expect(await kept('grace')).toBe('grace:3');
  });

  it('keeps no more bytes than it may, and no failure', async () => {
    let computed = 0;
    // Each result is 100 characters (200 bytes, plus its key's): two fit in 500 bytes, not three.
    const kept = untilSiteChanges(async (n: number) => {
      computed += 1;
      if (n < 0) throw new Error('refused');
      return String(n).padEnd(100, '.');
    }, 500);
    await kept(1);
    await kept(2);
    await kept(3); // 1 is dropped
    await kept(2);
    expect(computed).toBe(3);
    await kept(1);
    expect(computed).toBe(4);
    await expect(kept(-1)).rejects.toThrow('refused');
    await expect(kept(-1)).rejects.toThrow('refused');
    expect(computed).toBe(6);
    expect(estimatedBytes({ a: 'bc' })).toBe(2 * '{"a":"bc"}'.length);
  });
});
