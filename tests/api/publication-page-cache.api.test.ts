import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { collections, posts, publicationMembers, publications, users } from '../../src/server/db/schema';
import { documentPolicy, securityHeaders } from '../../src/server/lib/security-headers';
import {
  createPublicationPageCache,
  publicationPageAddress,
  type PublicationPageCache,
} from '../../src/server/modules/page-cache/publication-page.cache';
import { findPublicationPageFingerprint } from '../../src/server/modules/page-cache/publication-page.repository';
import { publishDueSweep } from '../../src/server/modules/posts/posts.jobs';
import { getRuntime } from '../../src/server/runtime';
import {
  addPublicationMember,
  createCollection,
  createNewsletterEntry,
  createPost,
  createPublication,
  createUser,
} from '../factories';
import { call, sessionCookie } from '../helpers/api-client';
import { forgetSession } from '../../src/server/modules/page-cache/cache-request';
import { useTestDatabase } from '../helpers/test-db';

// The response cache in front of a publication's page (docs/decisions/021-publication-page-cache.md):
// an anonymous reader gets the stored page only while the publication's fingerprint — bumped by the
// database's triggers — is the one it was rendered for; a change made anywhere (the API, a job,
// another process, a cascade) shows on the next request; signed-in readers and unknown
// publications never touch it.

let database: Database;

const page = (html: string) => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', 'set-cookie': undefined },
  body: Buffer.from(html),
});

/** What an anonymous reader gets at `url`: the stored page, or the render made (and stored) on a miss. */
async function read(cache: PublicationPageCache, url: string, render: string) {
  const decision = await cache.lookup({ pathname: url, acceptsGzip: false });
  if (decision.action === 'render') {
    cache.store(decision.token, page(render));
    return `rendered:${render}`;
  }
  if (decision.action === 'serve') return `cached:${decision.body?.toString()}`;
  return 'pass';
}

const newCache = () => createPublicationPageCache({ maxBytes: 1024 * 1024 });
const fingerprintOf = (publication: { id: string }) =>
  findPublicationPageFingerprint({ by: 'id', value: publication.id });

/** A write from outside this process's connection: another app process or the worker on PostgreSQL. */
async function writeFromAnotherConnection(statement: string, values: unknown[]) {
  if (database.kind === 'pglite') {
    // PGlite belongs to one process: the nearest thing is SQL that no service of ours sends.
    await database.pglite!.query(statement, values);
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}

describe('publication page cache: nothing stale after a change', () => {
  beforeAll(async () => {
    database = await useTestDatabase();
  });

  it('reads one fingerprint at /{subdomain} and /publications/{id}; none for an unknown publication', async () => {
    const publication = await createPublication(database.db);
    const byId = await fingerprintOf(publication);
    expect(byId).toMatch(new RegExp(`^${publication.id}\\|\\d+$`));
    expect(await findPublicationPageFingerprint({ by: 'subdomain', value: publication.subdomain })).toBe(
      byId,
    );
    expect(
      await findPublicationPageFingerprint({ by: 'subdomain', value: 'no-such-publication' }),
    ).toBeNull();
    expect(
      await findPublicationPageFingerprint({ by: 'id', value: '00000000-0000-4000-8000-000000000000' }),
    ).toBeNull();
  });

  it('serves the stored page until something it shows changes, through the API or the database', async () => {
    const owner = await createUser(database.db);
    const publication = await createPublication(database.db, { owner });
    const cache = newCache();
    const home = `/${publication.subdomain}`;
    let n = 0;
    let stored = '';
    /** The next reader sees a new render (`true`) or the stored copy (`false`), and so does the one after. */
    const changed = async () => {
      n += 1;
      const rendered = (await read(cache, home, `v${n}`)) === `rendered:v${n}`;
      if (rendered) stored = `v${n}`;
      expect(await read(cache, home, 'unused')).toBe(`cached:${stored}`);
      return rendered;
    };
    expect(await changed()).toBe(true);
    expect(await changed()).toBe(false);

    // Drafts and the review queue are not on the public page: writing them costs the cache nothing.
    const draft = await createPost(database.db, { author: owner, publication, status: 'draft' });
    await createPost(database.db, { author: owner, publication, status: 'pending' });
    const autosaved = await call('PATCH', `/api/posts/${draft.id}`, {
      as: owner.id,
      body: { version: draft.version, bodyHtml: '<p>Still writing</p>' },
    });
    expect(autosaved.status).toBe(200);
    expect(await changed()).toBe(false);

    // Publishing it, editing it, unpublishing it: each shows at once.
    const published = await call('PATCH', `/api/posts/manage_posts/publish_post/${draft.id}`, {
      as: owner.id,
    });
    expect(published.status).toBe(200);
    expect(await changed()).toBe(true);
    const edited = await call('PATCH', `/api/posts/${draft.id}`, {
      as: owner.id,
      body: { version: published.json.version, title: 'A new title' },
    });
    expect(edited.status).toBe(200);
    expect(await changed()).toBe(true);
    const unpublished = await call('PATCH', `/api/posts/manage_posts/unpublish_post/${draft.id}`, {
      as: owner.id,
    });
    expect(unpublished.status).toBe(200);
    expect(await changed()).toBe(true);

    // Collections: made, renamed, removed.
    const collection = await createCollection(database.db, { publication, name: 'Psalms' });
    expect(await changed()).toBe(true);
    await database.db.update(collections).set({ name: 'Proverbs' }).where(eq(collections.id, collection.id));
    expect(await changed()).toBe(true);
    await database.db.delete(collections).where(eq(collections.id, collection.id));
    expect(await changed()).toBe(true);

    // Members: added, role changed, removed; their byline and their ban.
    const member = await createUser(database.db);
    await addPublicationMember(database.db, { publication, user: member, role: 'publication_author' });
    expect(await changed()).toBe(true);
    await database.db
      .update(publicationMembers)
      .set({ role: 'publication_editor' })
      .where(eq(publicationMembers.userId, member.id));
    expect(await changed()).toBe(true);
    await database.db.update(users).set({ name: 'Renamed Member' }).where(eq(users.id, member.id));
    expect(await changed()).toBe(true);
    await database.db.update(users).set({ status: 'banned' }).where(eq(users.id, member.id));
    expect(await changed()).toBe(true);
    await database.db.delete(publicationMembers).where(eq(publicationMembers.userId, member.id));
    expect(await changed()).toBe(true);

    // A writer with a published story there (no longer a member) changes their picture: the card shows it.
    const writer = await createUser(database.db);
    const story = await createPost(database.db, { author: writer, publication });
    expect(await changed()).toBe(true);
    await database.db.update(users).set({ image: '/uploads/face.webp' }).where(eq(users.id, writer.id));
    expect(await changed()).toBe(true);
    // Someone with nothing on the page renames themselves, or a writer's private field changes: no cost.
    const stranger = await createUser(database.db);
    await database.db.update(users).set({ name: 'Nobody Here' }).where(eq(users.id, stranger.id));
    await database.db.update(users).set({ description: 'New bio' }).where(eq(users.id, writer.id));
    expect(await changed()).toBe(false);

    // The publication's own profile, and a newsletter entry of its story.
    await database.db
      .update(publications)
      .set({ description: 'A new description' })
      .where(eq(publications.id, publication.id));
    expect(await changed()).toBe(true);
    await createNewsletterEntry(database.db, { publication, post: story });
    expect(await changed()).toBe(true);

    // The story moves to another publication: both pages change.
    const other = await createPublication(database.db);
    const otherBefore = await fingerprintOf(other);
    await database.db.update(posts).set({ publicationId: other.id }).where(eq(posts.id, story.id));
    expect(await changed()).toBe(true);
    expect(await fingerprintOf(other)).not.toBe(otherBefore);
  });

  it('shows a change of the trending set the staff curate on the next request (migration 0011)', async () => {
    const owner = await createUser(database.db);
    const admin = await createUser(database.db, { roles: ['admin'] });
    const publication = await createPublication(database.db, { owner });
    const first = await createPost(database.db, { author: owner, publication });
    const second = await createPost(database.db, { author: owner, publication });
    const cache = newCache();
    const home = `/${publication.subdomain}`;
    expect(await read(cache, home, 'v0')).toBe('rendered:v0');
    expect(await read(cache, home, 'unused')).toBe('cached:v0');
    const put = (postIds: string[]) =>
      call('PUT', `/api/publications/publication_trending/${publication.id}`, {
        as: admin.id,
        body: { postIds },
      });
    // Set, reordered, cleared: each is what the page shows, so each misses the stored copy once.
    let n = 0;
    for (const postIds of [[first.id, second.id], [second.id, first.id], []]) {
      expect((await put(postIds)).status).toBe(200);
      n += 1;
      expect(await read(cache, home, `v${n}`), JSON.stringify(postIds)).toBe(`rendered:v${n}`);
      expect(await read(cache, home, 'unused')).toBe(`cached:v${n}`);
    }
  });

  it("shows a story the scheduler's job publishes on the next request", async () => {
    const publication = await createPublication(database.db);
    const scheduled = await createPost(database.db, { publication, status: 'scheduled' });
    const cache = newCache();
    const url = `/publications/${publication.id}`;
    expect(await read(cache, url, 'before')).toBe('rendered:before');
    await database.db
      .update(posts)
      .set({ scheduledTime: sql`now() - interval '1 minute'` })
      .where(eq(posts.id, scheduled.id));
    expect(await read(cache, url, 'unused')).toBe('cached:before');
    expect(await publishDueSweep.run(database.db, {} as never)).toBeGreaterThanOrEqual(1);
    expect(await read(cache, url, 'after')).toBe('rendered:after');
  });

  it('shows a change made by another connection (another process, the worker) on the next request', async () => {
    const publication = await createPublication(database.db);
    const cache = newCache();
    const url = `/${publication.subdomain}`;
    expect(await read(cache, url, 'before')).toBe('rendered:before');
    await writeFromAnotherConnection('update publications set name = $1 where id = $2', [
      'Renamed Elsewhere',
      publication.id,
    ]);
    expect(await read(cache, url, 'after')).toBe('rendered:after');
  });

  it('never stores over a change made while the page was rendering', async () => {
    const publication = await createPublication(database.db);
    const cache = newCache();
    const url = `/${publication.subdomain}`;
    const miss = await cache.lookup({ pathname: url, acceptsGzip: false });
    if (miss.action !== 'render') throw new Error(`expected a render, got ${miss.action}`);
    // A concurrent lookup renders without storing: one render fills the cache.
    expect(await cache.lookup({ pathname: url, acceptsGzip: false })).toEqual({ action: 'pass' });
    await createPost(database.db, { publication });
    cache.store(miss.token, page('rendered before the story was there'));
    expect(await read(cache, url, 'with the story')).toBe('rendered:with the story');
  });

  it('passes a deleted publication to the page (its 404) at once and keeps nothing of it', async () => {
    const publication = await createPublication(database.db);
    await createPost(database.db, { publication });
    const cache = newCache();
    const home = `/${publication.subdomain}`;
    expect(await read(cache, home, 'home')).toBe('rendered:home');
    expect(await read(cache, `/publications/${publication.id}`, 'by id')).toBe('rendered:by id');
    expect(cache.stats().entries).toBe(2);

    await database.db.delete(publications).where(eq(publications.id, publication.id));
    expect(await read(cache, home, 'never')).toBe('pass');
    expect(await read(cache, `/publications/${publication.id}`, 'never')).toBe('pass');
    expect(cache.stats().entries).toBe(0);
    // Its stories' cascade ran the posts trigger after the publication was gone: no version row left.
    const left = await database.db.execute(
      sql`select count(*)::int as n from publication_page_versions where publication_id = ${publication.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('follows a new subdomain: the old address passes to the page, the new one renders', async () => {
    const publication = await createPublication(database.db);
    const cache = newCache();
    expect(await read(cache, `/${publication.subdomain}`, 'old')).toBe('rendered:old');
    const renamed = `renamed-${publication.subdomain}`.slice(0, 30);
    await database.db
      .update(publications)
      .set({ subdomain: renamed })
      .where(eq(publications.id, publication.id));
    expect(await read(cache, `/${publication.subdomain}`, 'never')).toBe('pass');
    expect(await read(cache, `/${renamed}`, 'new')).toBe('rendered:new');
  });

  it('keeps each collection tab apart, and serves gzip, 304s and the page its own policy', async () => {
    const publication = await createPublication(database.db);
    const cache = newCache();
    const all = `/publications/${publication.id}`;
    const tab = `${all}?collection=${publication.collection.id}`;
    const html = `<!DOCTYPE html><html><body><p>${publication.name}</p><script>self.__next_f.push([1,"x"])</script></body></html>`;
    expect(await read(cache, all, html)).toBe(`rendered:${html}`);
    expect(await read(cache, tab, 'the tab')).toBe('rendered:the tab');
    expect(await read(cache, all, 'unused')).toBe(`cached:${html}`);

    const hit = await cache.lookup({ pathname: all, acceptsGzip: true });
    if (hit.action !== 'serve') throw new Error(`expected the stored page, got ${hit.action}`);
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(hit.headers['content-security-policy']).toBe(documentPolicy(html));
    const sitePolicy = securityHeaders.find((header) => header.key === 'Content-Security-Policy')!.value;
    expect(hit.headers['content-security-policy']).not.toBe(sitePolicy);
    // Checked on every request, and never kept by a shared cache for a signed-in reader.
    expect(hit.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    const revalidated = await cache.lookup({
      pathname: all,
      acceptsGzip: true,
      ifNoneMatch: String(hit.headers.etag),
    });
    expect(revalidated).toMatchObject({ action: 'serve', status: 304, body: null });
  });

  it('stores only a plain 200 page that sets no cookie', async () => {
    const publication = await createPublication(database.db);
    const cache = newCache();
    const url = `/${publication.subdomain}`;
    for (const response of [
      { ...page('not found'), status: 404 },
      { ...page('redirect'), status: 307 },
      { ...page('{}'), headers: { 'content-type': 'application/json' } },
      { ...page('with a cookie'), headers: { 'content-type': 'text/html', 'set-cookie': 'a=b' } },
    ]) {
      const miss = await cache.lookup({ pathname: url, acceptsGzip: false });
      if (miss.action !== 'render') throw new Error(`expected a render, got ${miss.action}`);
      expect(cache.store(miss.token, response)).toBeNull();
    }
    expect(cache.stats().entries).toBe(0);
  });
});

describe('which requests the publication page cache answers', () => {
  const cache = newCache();
  const id = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
  const get = (url: string, headers: Record<string, string> = {}) =>
    cache.accepts({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('takes anonymous full-page reads of /{subdomain} and /publications/{id}', () => {
    expect(get('/daily-bread')).toBe(true);
    expect(get(`/publications/${id}`)).toBe(true);
    expect(get(`/publications/${id}?collection=${id}`)).toBe(true);
    expect(cache.accepts({ method: 'HEAD', url: '/daily-bread', headers: {} })).toBe(true);
    // Cookies that are no session (the popup's, next-auth's CSRF token) leave the reader anonymous.
    expect(get('/daily-bread', { cookie: 'lastShowedAt=1; next-auth.csrf-token=abc' })).toBe(true);
  });

  it('answers signed-in readers too: the page is the same for everyone (decision 031)', async () => {
    const cookie = await sessionCookie(id);
    expect(get('/daily-bread', { cookie })).toBe(true);
    expect(get(`/publications/${id}`, { cookie: `lastShowedAt=1; ${cookie}` })).toBe(true);
    expect(get('/daily-bread', { authorization: 'Bearer abc' })).toBe(true);
  });

  it('forgets the session of a request whose render it keeps, and nothing else', () => {
    const request = {
      headers: {
        cookie:
          'lastShowedAt=1; next-auth.session-token.0=abc; next-auth.session-token.1=def; lamplight-lang=zh',
        authorization: 'Bearer abc',
        'accept-language': 'zh',
      } as Record<string, string | undefined>,
      rawHeaders: [
        'Cookie',
        '__Secure-next-auth.session-token=abc; lamplight-lang=zh',
        'Authorization',
        'Bearer abc',
        'Accept-Language',
        'zh',
      ],
    };
    forgetSession(request);
    expect(request.headers).toEqual({ cookie: 'lastShowedAt=1; lamplight-lang=zh', 'accept-language': 'zh' });
    expect(request.rawHeaders).toEqual(['Cookie', 'lamplight-lang=zh', 'Accept-Language', 'zh']);
    const onlySession = {
      headers: { cookie: 'next-auth.session-token=abc' } as Record<string, string | undefined>,
    };
    forgetSession(onlySession);
    expect(onlySession.headers).toEqual({});
  });

  it('leaves every other request to Next.js', () => {
    expect(cache.accepts({ method: 'POST', url: '/daily-bread', headers: {} })).toBe(false);
    expect(get('/daily-bread', { rsc: '1' })).toBe(false);
    expect(get('/daily-bread', { 'next-router-prefetch': '1' })).toBe(false);
    // Routes of their own (reserved names), other pages, files, other queries and spellings.
    for (const url of [
      '/search',
      '/publications',
      '/publications/create',
      `/publications/${id}/studio`,
      '/stories/some-story-AAAAAAAAAAAAAAAAAAAAA',
      '/favicon.ico',
      '/@grace',
      '/Daily-Bread',
      '/daily-bread?utm_source=x',
      '/daily-bread?_rsc=1',
      `/publications/${id}?collection=nope`,
      '/publications/not-a-uuid-not-a-uuid-not-a-uuid-xxxx',
    ]) {
      expect(publicationPageAddress(url), url).toBeNull();
      expect(get(url), url).toBe(false);
    }
  });
});

describe('publication posts API response cache: GET /api/posts/publications/{id} for anonymous readers', () => {
  beforeAll(async () => {
    database = await useTestDatabase();
  });

  /** The API as the front server serves it: its fast path, with the response cache in front. */
  async function get(path: string, headers: Record<string, string> = {}) {
    const { api } = await getRuntime();
    const response = await api.fetch(new Request(`http://localhost:3000${path}`, { headers }));
    const body = Buffer.from(await response.arrayBuffer());
    const gzipped = response.headers.get('content-encoding') === 'gzip';
    const text = gzipped ? gunzipSync(body).toString() : body.toString();
    return {
      status: response.status,
      headers: response.headers,
      json: text ? JSON.parse(text) : null,
      gzipped,
    };
  }
  const titles = (answer: { json: { posts: { title: string }[] } }) => answer.json.posts.map((p) => p.title);

  it('answers from the cache while nothing changed, and shows a change on the next request', async () => {
    const owner = await createUser(database.db);
    const publication = await createPublication(database.db, { owner });
    await createPost(database.db, { author: owner, publication, title: 'First light' });
    const path = `/api/posts/publications/${publication.id}`;

    const first = await get(path);
    expect(first.status).toBe(200);
    expect(titles(first)).toEqual(['First light']);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
    // The same copy again (same ETag), or a 304 for a client that kept it.
    expect((await get(path)).headers.get('etag')).toBe(etag);
    expect((await get(path, { 'if-none-match': etag! })).status).toBe(304);
    // The front server's door (a bare Node request) finds the same copy.
    const { publicationPostsCache } = await getRuntime();
    const door = await publicationPostsCache.lookup({
      method: 'GET',
      url: path,
      headers: {},
      acceptsGzip: false,
    });
    expect(door).toMatchObject({ action: 'serve', status: 200 });
    expect(JSON.parse(door!.body!.toString())).toEqual(first.json);

    // A story published by the API: in the very next answer.
    const draft = await createPost(database.db, {
      author: owner,
      publication,
      status: 'draft',
      title: 'Second light',
    });
    expect((await get(path)).headers.get('etag')).toBe(etag);
    const published = await call('PATCH', `/api/posts/manage_posts/publish_post/${draft.id}`, {
      as: owner.id,
    });
    expect(published.status).toBe(200);
    const after = await get(path);
    expect(titles(after)).toEqual(['Second light', 'First light']);
    expect(after.headers.get('etag')).not.toBe(etag);

    // The author's new name, changed by another connection.
    await writeFromAnotherConnection('update users set name = $1 where id = $2', [
      'Renamed Author',
      owner.id,
    ]);
    expect((await get(path)).json.posts[0].author.name).toBe('Renamed Author');
  });

  it('keeps each page and collection apart, and gzips for a client that takes it', async () => {
    const publication = await createPublication(database.db);
    const other = await createCollection(database.db, { publication, name: 'Other' });
    await createPost(database.db, { publication, title: 'In General' });
    await createPost(database.db, { publication, collection: other, title: 'In Other' });
    const path = `/api/posts/publications/${publication.id}`;
    expect(titles(await get(path))).toEqual(['In Other', 'In General']);
    expect(titles(await get(`${path}?collectionId=${other.id}`))).toEqual(['In Other']);
    const firstPage = await get(`${path}?limit=1`);
    expect(titles(firstPage)).toEqual(['In Other']);
    const lastKeys = encodeURIComponent(JSON.stringify(firstPage.json.lastKey));
    expect(titles(await get(`${path}?limit=1&lastKeys=${lastKeys}`))).toEqual(['In General']);
    const gzipped = await get(path, { 'accept-encoding': 'gzip' });
    expect(gzipped.gzipped).toBe(true);
    expect(titles(gzipped)).toEqual(['In Other', 'In General']);
  });

  it("never answers a signed-in reader or an editor's view from it", async () => {
    const owner = await createUser(database.db);
    const publication = await createPublication(database.db, { owner });
    await createPost(database.db, { author: owner, publication, status: 'pending', title: 'Under review' });
    const path = `/api/posts/publications/${publication.id}`;
    expect((await get(path)).headers.get('etag')).toBeTruthy();
    const cookie = await sessionCookie(owner.id);
    const { publicationPostsCache } = await getRuntime();
    const asked = { method: 'GET', url: path, acceptsGzip: false };
    expect(await publicationPostsCache.lookup({ ...asked, headers: {} })).toMatchObject({ status: 200 });
    expect(await publicationPostsCache.lookup({ ...asked, headers: { cookie } })).toBeNull();
    expect(
      await publicationPostsCache.lookup({ ...asked, url: `${path}?forAdmin=true`, headers: {} }),
    ).toBeNull();
    const signedIn = await get(path, { cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('etag')).toBeNull();
    const desk = await get(`${path}?forAdmin=true`, { cookie });
    expect(titles(desk)).toEqual(['Under review']);
    expect(desk.headers.get('etag')).toBeNull();
    // Anonymous forAdmin is refused by the API itself, not answered from the public copy.
    expect((await get(`${path}?forAdmin=true`)).status).toBe(401);
  });

  it('leaves an unknown or deleted publication to the API (404) at once', async () => {
    const publication = await createPublication(database.db);
    await createPost(database.db, { publication });
    const path = `/api/posts/publications/${publication.id}`;
    expect((await get(path)).status).toBe(200);
    await database.db.delete(publications).where(eq(publications.id, publication.id));
    expect((await get(path)).status).toBe(404);
    expect((await get('/api/posts/publications/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
