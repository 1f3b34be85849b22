import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import {
  addPublicationMember,
  createCollection,
  createPost,
  createPublication,
  createUser,
} from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// The studio's story-filter (SPEC §2 'story-filter'): status, collection, time range and writer
// filters on GET /api/posts/user_posts/all_posts/{user_id}, the desk scope, keyset pages under a
// filter, and the filter choices from GET /api/posts/user_posts/studio_filters/{user_id}.

let db: Db;
const key = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const DAY = 86_400_000;
type Post = Awaited<ReturnType<typeof createPost>>;

/** Follows lastKey until null; returns every page's ids. */
async function allPages(path: string, as?: string): Promise<string[][]> {
  const pages: string[][] = [];
  let lastKey: unknown = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res = await call('GET', lastKey ? `${path}${sep}lastKeys=${key(lastKey)}` : path, { as });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    pages.push(res.json.posts.map((p: { id: string }) => p.id));
    lastKey = res.json.lastKey;
    expect(pages.length).toBeLessThan(30);
  } while (lastKey);
  return pages;
}

const idsOf = (list: Post[]) => list.map((p) => p.id);
/** Newest created first, as the studio orders them. */
const newestFirst = (list: Post[]) =>
  [...list].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));

describe('posts API: the studio’s story-filter', () => {
  let writer: Awaited<ReturnType<typeof createUser>>;
  let pub: Awaited<ReturnType<typeof createPublication>>;
  let second: Awaited<ReturnType<typeof createCollection>>;
  const made: Post[] = [];
  const studio = () => `/api/posts/user_posts/all_posts/${writer.id}?forStudio=true`;

  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    writer = await createUser(db);
    pub = await createPublication(db, { owner: writer });
    second = await createCollection(db, { publication: pub, name: 'Prayers' });
    const now = Date.now();
    // [status, days ago, collection]: solo stories and stories in either collection, over three years.
    const plan: [Post['status'], number, 'none' | 'first' | 'second'][] = [
      ['published', 1, 'first'],
      ['draft', 2, 'none'],
      ['published', 3, 'second'],
      ['rejected', 5, 'first'],
      ['pending', 6, 'second'],
      ['scheduled', 10, 'first'],
      ['draft', 20, 'none'],
      ['published', 40, 'none'],
      ['published', 60, 'first'],
      ['draft', 100, 'second'],
      ['published', 200, 'none'],
      ['rejected', 400, 'second'],
      ['published', 500, 'first'],
      ['draft', 800, 'none'],
      ['published', 1000, 'first'],
    ];
    for (const [status, daysAgo, where] of plan) {
      const collection = where === 'first' ? pub.collection : where === 'second' ? second : null;
      made.push(
        await createPost(db, {
          author: writer,
          status,
          publication: where === 'none' ? undefined : pub,
          collection,
          createdAt: new Date(now - daysAgo * DAY),
          publishedAt: status === 'published' ? new Date(now - daysAgo * DAY + 3_600_000) : null,
        }),
      );
    }
  });

  it('without filters answers as before: every status, newest created first', async () => {
    const pages = await allPages(`${studio()}&limit=4`, writer.id);
    expect(pages.map((p) => p.length)).toEqual([4, 4, 4, 3]);
    expect(pages.flat()).toEqual(idsOf(newestFirst(made)));
    const all = await allPages(`${studio()}&status=all&time=all&limit=50`, writer.id);
    expect(all.flat()).toEqual(idsOf(newestFirst(made)));
  });

  it('filters by each status, Under review being pending', async () => {
    for (const status of ['published', 'rejected', 'draft', 'pending', 'scheduled'] as const) {
      const ids = (await allPages(`${studio()}&status=${status}&limit=50`, writer.id)).flat();
      expect(ids, status).toEqual(idsOf(newestFirst(made.filter((p) => p.status === status))));
      expect(ids.length, status).toBeGreaterThan(0);
    }
  });

  it('filters by collection', async () => {
    for (const collection of [pub.collection, second]) {
      const ids = (await allPages(`${studio()}&collectionId=${collection.id}&limit=50`, writer.id)).flat();
      expect(ids).toEqual(idsOf(newestFirst(made.filter((p) => p.collectionId === collection.id))));
    }
  });

  it('filters by each time range of SPEC §2', async () => {
    const ranges = { week: 7, month: 30, '3months': 91, year: 365, '2years': 730 };
    for (const [range, days] of Object.entries(ranges)) {
      const since = Date.now() - days * DAY;
      const ids = (await allPages(`${studio()}&time=${range}&limit=50`, writer.id)).flat();
      expect(ids, range).toEqual(idsOf(newestFirst(made.filter((p) => p.createdAt.getTime() >= since))));
    }
  });

  it('pages correctly under combined filters (no duplicates, no gaps)', async () => {
    const expected = newestFirst(
      made.filter(
        (p) => p.collectionId === pub.collection.id && p.createdAt.getTime() >= Date.now() - 730 * DAY,
      ),
    );
    expect(expected.length).toBe(5);
    const pages = await allPages(
      `${studio()}&collectionId=${pub.collection.id}&time=2years&limit=2`,
      writer.id,
    );
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(idsOf(expected));
    const published = await allPages(`${studio()}&status=published&time=year&limit=1`, writer.id);
    expect(published.flat()).toEqual(
      idsOf(
        newestFirst(
          made.filter((p) => p.status === 'published' && p.createdAt.getTime() >= Date.now() - 365 * DAY),
        ),
      ),
    );
    expect(published.length).toBe(5);
  });

  it('the public list takes the same filters over published stories only', async () => {
    const stranger = await createUser(db);
    const path = `/api/posts/user_posts/all_posts/${writer.id}?collectionId=${pub.collection.id}&limit=50`;
    const ids = (await allPages(path, stranger.id)).flat();
    const expected = made
      .filter((p) => p.status === 'published' && p.collectionId === pub.collection.id)
      .sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime());
    expect(ids).toEqual(idsOf(expected));
    const drafts = await call('GET', `/api/posts/user_posts/all_posts/${writer.id}?status=draft`, {
      as: stranger.id,
    });
    expect(drafts.status).toBe(200);
    expect(drafts.json.posts).toEqual([]);
  });

  it('refuses another user’s studio, with or without filters (401 anonymous, 403 signed in)', async () => {
    const stranger = await createUser(db);
    for (const query of ['', '&status=draft', '&scope=desk', `&writerId=${writer.id}`]) {
      expect((await call('GET', `${studio()}${query}`, { as: stranger.id })).status).toBe(403);
      expect((await call('GET', `${studio()}${query}`)).status).toBe(401);
    }
    const filters = `/api/posts/user_posts/studio_filters/${writer.id}`;
    expect((await call('GET', filters, { as: stranger.id })).status).toBe(403);
    expect((await call('GET', filters)).status).toBe(401);
    const admin = await createUser(db, { roles: ['admin'] });
    expect((await call('GET', `${studio()}&status=draft`, { as: admin.id })).json.posts.length).toBe(
      made.filter((p) => p.status === 'draft').length,
    );
  });

  it('answers 400 for an unknown status, time range or malformed ids', async () => {
    for (const bad of [
      'status=deleted',
      'time=decade',
      'collectionId=nope',
      'writerId=42',
      'scope=everyone',
    ]) {
      const res = await call('GET', `${studio()}&${bad}`, { as: writer.id });
      expect(res.status, bad).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
    }
  });
});

describe('posts API: the desk scope and the writer filter', () => {
  it('lists other writers’ non-draft stories in the owner’s and editor’s publications, filterable by writer', async () => {
    db = (await useTestDatabase()).db;
    const owner = await createUser(db, { name: 'Owner' });
    const editor = await createUser(db, { name: 'Editor' });
    const contributor = await createUser(db, { name: 'Contributor' });
    const outsider = await createUser(db, { name: 'Outsider' });
    const banned = await createUser(db, { name: 'Banned', status: 'banned' });
    const pub = await createPublication(db, { owner });
    const otherPub = await createPublication(db, { owner: outsider });
    await addPublicationMember(db, { publication: pub, user: editor, role: 'publication_editor' });
    await addPublicationMember(db, { publication: pub, user: contributor, role: 'publication_author' });
    await addPublicationMember(db, { publication: pub, user: banned, role: 'publication_author' });
    await addPublicationMember(db, { publication: otherPub, user: contributor, role: 'publication_author' });
    const base = Date.now() - 100_000;
    let n = 0;
    const at = () => new Date(base + n++ * 1000);
    const ownerSolo = await createPost(db, { author: owner, status: 'draft', createdAt: at() });
    const ownerInPub = await createPost(db, { author: owner, publication: pub, createdAt: at() });
    const submitted = await createPost(db, {
      author: contributor,
      status: 'pending',
      publication: pub,
      createdAt: at(),
    });
    const published = await createPost(db, { author: contributor, publication: pub, createdAt: at() });
    const scheduled = await createPost(db, {
      author: editor,
      status: 'scheduled',
      publication: pub,
      createdAt: at(),
    });
    // Not on the owner's desk: someone's draft, a solo story, another publication, a banned writer.
    await createPost(db, { author: editor, status: 'draft', publication: pub, createdAt: at() });
    await createPost(db, { author: contributor, status: 'published', createdAt: at() });
    await createPost(db, { author: contributor, status: 'pending', publication: otherPub, createdAt: at() });
    await createPost(db, { author: banned, status: 'pending', publication: pub, createdAt: at() });

    const desk = `/api/posts/user_posts/all_posts/${owner.id}?forStudio=true&scope=desk`;
    const ids = (await allPages(`${desk}&limit=2`, owner.id)).flat();
    expect(ids).toEqual([scheduled, published, submitted, ownerInPub, ownerSolo].map((p) => p.id));
    // Without scope the studio stays the writer's own.
    const own = (
      await allPages(`/api/posts/user_posts/all_posts/${owner.id}?forStudio=true`, owner.id)
    ).flat();
    expect(own).toEqual([ownerInPub.id, ownerSolo.id]);
    // The writer filter, alone and with a status.
    expect((await allPages(`${desk}&writerId=${contributor.id}&limit=1`, owner.id)).flat()).toEqual([
      published.id,
      submitted.id,
    ]);
    expect((await allPages(`${desk}&writerId=${contributor.id}&status=pending`, owner.id)).flat()).toEqual([
      submitted.id,
    ]);
    // The editor's desk is the same publication; a publication's author has no desk.
    const editorDesk = (
      await allPages(`/api/posts/user_posts/all_posts/${editor.id}?forStudio=true&scope=desk`, editor.id)
    ).flat();
    expect(editorDesk).toContain(submitted.id);
    expect(editorDesk).toContain(ownerInPub.id);
    expect(editorDesk).not.toContain(ownerSolo.id);
    const contributorDesk = (
      await allPages(
        `/api/posts/user_posts/all_posts/${contributor.id}?forStudio=true&scope=desk`,
        contributor.id,
      )
    ).flat();
    expect(contributorDesk).not.toContain(ownerInPub.id);
    expect(contributorDesk).not.toContain(scheduled.id);

    // The filter choices follow the same scope.
    const choices = await call('GET', `/api/posts/user_posts/studio_filters/${owner.id}?scope=desk`, {
      as: owner.id,
    });
    expect(choices.status).toBe(200);
    expect(choices.json.writers.map((w: { id: string }) => w.id)).toEqual([
      owner.id,
      contributor.id,
      editor.id,
    ]);
    expect(choices.json.collections).toEqual([
      { id: pub.collection.id, name: pub.collection.name, publicationId: pub.id, publicationName: pub.name },
    ]);
    expect(choices.json.publications).toEqual([{ id: pub.id, name: pub.name, role: 'owner' }]);
    const ownChoices = await call('GET', `/api/posts/user_posts/studio_filters/${contributor.id}`, {
      as: contributor.id,
    });
    expect(ownChoices.json.writers.map((w: { id: string }) => w.id)).toEqual([contributor.id]);
    expect(ownChoices.json.publications.map((p: { role: string }) => p.role)).toEqual(['author', 'author']);
  });
});
