import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorOf, type Actor } from '../../src/server/auth/actor';
import type { Db } from '../../src/server/db/client';
import { posts, publications, users } from '../../src/server/db/schema';
import { createStoryPageCache } from '../../src/server/modules/posts/posts-page.cache';
import {
  getStoryPage,
  probeStoryPage,
  storyIdOfSlug,
  type StoryPageResult,
} from '../../src/server/modules/posts/posts-page.service';
import { addPublicationMember, createPost, createPublication, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// The story page's service (/stories/{slug}): who sees which story, outdated slugs, banned authors,
// and the response cache in front of the page never serving a page that changed.

let db: Db;

const asActor = (user: { id: string; roles?: readonly string[] } | null): Actor =>
  user ? actorOf({ id: user.id, roles: user.roles ?? [], status: 'active' }) : null;
const view = (slug: string, viewer: { id: string; roles?: readonly string[] } | null = null) =>
  getStoryPage(slug, async () => asActor(viewer));
const slugOf = (post: { slug: string; id: string }) => (post.slug ? `${post.slug}-${post.id}` : post.id);
const kind = (result: StoryPageResult) => result.kind;

describe('story page service: what /stories/{slug} shows to whom', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('shows a published story to anyone, with byline, publication, tags and sanitised body', async () => {
    const author = await createUser(db, {
      name: 'Grace Whitfield',
      subdomain: `grace-${Date.now().toString(36)}`,
    });
    const publication = await createPublication(db, { owner: author });
    const post = await createPost(db, {
      author,
      publication,
      title: 'Light for the Long Road',
      tags: ['Faith', 'Hope'],
      body: 'First paragraph.\n\nSecond paragraph.',
    });
    const result = await view(slugOf(post));
    expect(result.kind).toBe('story');
    if (result.kind !== 'story') return;
    expect(result.story).toMatchObject({
      id: post.id,
      path: `/stories/light-for-the-long-road-${post.id}`,
      title: 'Light for the Long Road',
      isPublic: true,
      status: 'published',
      author: { id: author.id, name: 'Grace Whitfield', subdomain: author.subdomain },
      publication: { id: publication.id, name: publication.name, subdomain: publication.subdomain },
      tags: [
        { name: 'Faith', slug: 'faith' },
        { name: 'Hope', slug: 'hope' },
      ],
    });
    expect(result.story.bodyHtml).toBe('<p>First paragraph.</p><p>Second paragraph.</p>');
    expect(result.story.publishedAt).toBeGreaterThan(0);
    // The view carries no editor document: the page renders the sanitised HTML only.
    expect(result.story).not.toHaveProperty('bodyJson');
  });

  it('answers an outdated slug, or the bare id, with the current address', async () => {
    const post = await createPost(db, { title: 'Grace Upon Grace' });
    expect(await view(`an-old-title-${post.id}`)).toEqual({
      kind: 'redirect',
      path: `/stories/grace-upon-grace-${post.id}`,
    });
    expect(await view(post.id)).toEqual({ kind: 'redirect', path: `/stories/grace-upon-grace-${post.id}` });
    // A title without slug-able characters lives at /stories/{id}.
    const chinese = await createPost(db, { title: '信心' });
    expect(await view(`xin-xin-${chinese.id}`)).toEqual({ kind: 'redirect', path: `/stories/${chinese.id}` });
    expect(kind(await view(chinese.id))).toBe('story');
  });

  it('is not found for unknown ids and for slugs that cannot end in an id', async () => {
    expect(await view('a-story-that-never-was-AAAAAAAAAAAAAAAAAAAAA')).toEqual({ kind: 'not-found' });
    expect(await view('short')).toEqual({ kind: 'not-found' });
    expect(await view('bad-chars-AAAAAAAAAAAAAAAAAAA<>')).toEqual({ kind: 'not-found' });
    expect(storyIdOfSlug('x-AAAAAAAAAAAAAAAAAAAAA')).toBe('AAAAAAAAAAAAAAAAAAAAA');
  });

  it('hides every non-public state from anonymous readers and other writers, also at an outdated slug', async () => {
    const author = await createUser(db);
    const stranger = await createUser(db);
    const siteEditor = await createUser(db, { roles: ['editor'] });
    for (const status of ['draft', 'pending', 'rejected', 'scheduled'] as const) {
      const post = await createPost(db, { author, status, title: `A ${status} story` });
      expect(kind(await view(slugOf(post))), `${status}: anonymous`).toBe('not-found');
      expect(kind(await view(slugOf(post), stranger)), `${status}: another writer`).toBe('not-found');
      // Site editors edit excerpts of what they can see; other people's drafts are not that (002).
      expect(kind(await view(slugOf(post), siteEditor)), `${status}: site editor`).toBe('not-found');
      expect(kind(await view(`old-${post.id}`)), `${status}: outdated slug`).toBe('not-found');
    }
  });

  it('lets the author, site admins and (in a publication) its owner and editors preview it', async () => {
    const owner = await createUser(db);
    const editor = await createUser(db);
    const writer = await createUser(db);
    const otherWriter = await createUser(db);
    const admin = await createUser(db, { roles: ['admin'] });
    const publication = await createPublication(db, { owner });
    await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
    await addPublicationMember(db, { publication, user: writer, role: 'publication_author' });
    await addPublicationMember(db, { publication, user: otherWriter, role: 'publication_author' });
    const pending = await createPost(db, {
      author: writer,
      publication,
      status: 'pending',
      title: 'Under review',
    });
    for (const viewer of [writer, owner, editor, admin]) {
      const result = await view(slugOf(pending), viewer);
      expect(result.kind).toBe('story');
      if (result.kind === 'story') expect(result.story).toMatchObject({ isPublic: false, status: 'pending' });
    }
    expect(kind(await view(slugOf(pending), otherWriter))).toBe('not-found');
    expect(kind(await view(slugOf(pending)))).toBe('not-found');
    // A permitted viewer at an outdated slug is sent to the current one.
    expect(await view(`old-${pending.id}`, writer)).toEqual({
      kind: 'redirect',
      path: `/stories/under-review-${pending.id}`,
    });
  });

  it("hides a banned author's published stories from everyone but site admins; unbanning brings them back", async () => {
    const author = await createUser(db);
    const admin = await createUser(db, { roles: ['admin'] });
    const post = await createPost(db, { author, title: 'Still here' });
    await db.update(users).set({ status: 'banned' }).where(eq(users.id, author.id));
    expect(kind(await view(slugOf(post)))).toBe('not-found');
    // The author's own session stops working when banned (DESIGN §5): they are anonymous.
    expect(kind(await getStoryPage(slugOf(post), async () => null))).toBe('not-found');
    const seenByAdmin = await view(slugOf(post), admin);
    expect(seenByAdmin.kind).toBe('story');
    if (seenByAdmin.kind === 'story') expect(seenByAdmin.story.isPublic).toBe(false);
    await db.update(users).set({ status: 'active' }).where(eq(users.id, author.id));
    expect(kind(await view(slugOf(post)))).toBe('story');
  });

  it('never asks who is looking for a public story', async () => {
    const post = await createPost(db);
    let asked = 0;
    const result = await getStoryPage(slugOf(post), async () => {
      asked += 1;
      return null;
    });
    expect(result.kind).toBe('story');
    expect(asked).toBe(0);
  });
});

describe('story page fingerprint and response cache: nothing stale after a change', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  const page = (html: string) => ({
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', vary: 'rsc', 'set-cookie': undefined },
    body: Buffer.from(html),
  });

  /** What a reader gets at `path`: the cached page, or the render made (and stored) on a miss. */
  async function read(cache: ReturnType<typeof createStoryPageCache>, path: string, render: string) {
    const decision = await cache.lookup({ pathname: path, acceptsGzip: false });
    if (decision.action === 'render') {
      cache.store(decision.token, page(render));
      return `rendered:${render}`;
    }
    if (decision.action === 'serve') return `cached:${decision.body?.toString()}`;
    if (decision.action === 'redirect') return `redirect:${decision.headers.location}`;
    return 'pass';
  }

  it('probes one story: fingerprint, public state and address', async () => {
    const post = await createPost(db, { title: 'Probe me' });
    const probe = await probeStoryPage(slugOf(post));
    expect(probe).toMatchObject({
      kind: 'story',
      id: post.id,
      isPublic: true,
      path: `/stories/probe-me-${post.id}`,
    });
    expect(await probeStoryPage('nothing-AAAAAAAAAAAAAAAAAAAAB')).toEqual({ kind: 'none' });
    const draft = await createPost(db, { status: 'draft' });
    expect(await probeStoryPage(slugOf(draft))).toMatchObject({ kind: 'story', isPublic: false });
  });

  it('serves the stored page until the story, its author or its publication changes', async () => {
    const author = await createUser(db);
    const publication = await createPublication(db, { owner: author });
    const post = await createPost(db, { author, publication, title: 'Fresh Bread' });
    const cache = createStoryPageCache({ maxBytes: 1024 * 1024, probe: probeStoryPage });
    const path = `/stories/${slugOf(post)}`;

    expect(await read(cache, path, 'v1')).toBe('rendered:v1');
    expect(await read(cache, path, 'unused')).toBe('cached:v1');

    // An update through the API (version bump) → the next reader gets a new render.
    const saved = await call('PATCH', `/api/posts/${post.id}`, {
      as: author.id,
      body: { version: post.version, bodyHtml: '<p>New text</p>' },
    });
    expect(saved.status).toBe(200);
    expect(await read(cache, path, 'v2')).toBe('rendered:v2');
    expect(await read(cache, path, 'unused')).toBe('cached:v2');

    // The author's new name, the publication's new name: bylines change at once.
    await db.update(users).set({ name: 'Renamed Writer' }).where(eq(users.id, author.id));
    expect(await read(cache, path, 'v3')).toBe('rendered:v3');
    await db
      .update(publications)
      .set({ name: 'Renamed Publication' })
      .where(eq(publications.id, publication.id));
    expect(await read(cache, path, 'v4')).toBe('rendered:v4');

    // Unpublish: the page (not the cache) answers, which is a 404 for readers.
    const unpublished = await call('PATCH', `/api/posts/manage_posts/unpublish_post/${post.id}`, {
      as: author.id,
    });
    expect(unpublished.status).toBe(200);
    expect(await read(cache, path, 'never')).toBe('pass');
    // Publish again: rendered afresh, not the old stored page.
    const published = await call('PATCH', `/api/posts/manage_posts/publish_post/${post.id}`, {
      as: author.id,
    });
    expect(published.status).toBe(200);
    expect(await read(cache, path, 'v5')).toBe('rendered:v5');

    // A ban hides it at once; deleting it too.
    await db.update(users).set({ status: 'banned' }).where(eq(users.id, author.id));
    expect(await read(cache, path, 'never')).toBe('pass');
    await db.update(users).set({ status: 'active' }).where(eq(users.id, author.id));
    expect(await read(cache, path, 'v6')).toBe('rendered:v6');
    await db.delete(posts).where(eq(posts.id, post.id));
    expect(await read(cache, path, 'never')).toBe('pass');
  });

  it('redirects an outdated slug after a title change, and serves gzip and 304s', async () => {
    const author = await createUser(db);
    const post = await createPost(db, { author, title: 'First Title' });
    const cache = createStoryPageCache({ maxBytes: 1024 * 1024, probe: probeStoryPage });
    expect(await read(cache, `/stories/${slugOf(post)}`, 'first')).toBe('rendered:first');
    const renamed = await call('PATCH', `/api/posts/${post.id}`, {
      as: author.id,
      body: { version: post.version, title: 'Second Title' },
    });
    expect(renamed.status).toBe(200);
    expect(await read(cache, `/stories/${slugOf(post)}`, 'never')).toBe(
      `redirect:/stories/second-title-${post.id}`,
    );
    const current = `/stories/second-title-${post.id}`;
    expect(await read(cache, current, 'second')).toBe('rendered:second');
    const gzip = await cache.lookup({ pathname: current, acceptsGzip: true });
    expect(gzip).toMatchObject({ action: 'serve', status: 200 });
    if (gzip.action !== 'serve') return;
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('rsc, Accept-Encoding');
    const etag = String(gzip.headers.etag);
    expect(await cache.lookup({ pathname: current, acceptsGzip: true, ifNoneMatch: etag })).toMatchObject({
      action: 'serve',
      status: 304,
    });
  });

  it('keeps within its byte budget, dropping the least recently read pages', async () => {
    const budget = 40 * 1024;
    const cache = createStoryPageCache({ maxBytes: budget, probe: probeStoryPage });
    // Random hex gzips to ~4.5 KB a page: twelve of them do not fit in 40 KB.
    const stories = await Promise.all(Array.from({ length: 12 }, () => createPost(db)));
    for (const post of stories)
      await read(cache, `/stories/${slugOf(post)}`, randomBytes(4000).toString('hex'));
    const stats = cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(budget);
    expect(stats.evictions).toBeGreaterThan(0);
    // The newest is still there; the oldest was dropped.
    expect(await read(cache, `/stories/${slugOf(stories[11])}`, 'x')).toMatch(/^cached:/);
    expect(await read(cache, `/stories/${slugOf(stories[0])}`, 'again')).toBe('rendered:again');
  });
});
