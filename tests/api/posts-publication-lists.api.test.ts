import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import {
  countPublishedByCollection,
  countPublishedByPublication,
} from '../../src/server/modules/reading/publication-stories.service';
import {
  addPublicationMember,
  createCollection,
  createPost,
  createPublication,
  createUser,
} from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// A publication's story lists (SPEC §4 pending/scheduled/published split, §7 Posts):
// GET /api/posts/publications/{id}?forAdmin&lastKeys&collectionId, the studio's
// GET /api/posts/publications/{id}/posts/{pending|scheduled|published}, and what the posts service
// answers the publications module (story ids, published counts).

let db: Db;
const key = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const MINUTE = 60_000;
type Post = Awaited<ReturnType<typeof createPost>>;
type User = Awaited<ReturnType<typeof createUser>>;
type Pub = Awaited<ReturnType<typeof createPublication>>;

/** Follows lastKey (sent as `param`) until null; every page's ids, under the answer's `list` key. */
async function allPages(path: string, list: string, as?: string, param = 'lastKeys'): Promise<string[][]> {
  const pages: string[][] = [];
  let lastKey: unknown = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res = await call('GET', lastKey ? `${path}${sep}${param}=${key(lastKey)}` : path, { as });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    pages.push(res.json[list].map((p: { id: string }) => p.id));
    lastKey = res.json.lastKey;
    expect(pages.length).toBeLessThan(40);
  } while (lastKey);
  return pages;
}

/** Newest first by a time, ties by id descending: the order of every keyset list. */
const newestBy = (list: Post[], time: (post: Post) => Date | null) =>
  [...list]
    .sort((a, b) => time(b)!.getTime() - time(a)!.getTime() || (a.id < b.id ? 1 : -1))
    .map((post) => post.id);

describe('posts API: a publication’s stories', () => {
  let owner: User;
  let editor: User;
  let author: User;
  let otherAuthor: User;
  let stranger: User;
  let siteAdmin: User;
  let bannedWriter: User;
  let pub: Pub;
  let prayers: Awaited<ReturnType<typeof createCollection>>;
  const published: Post[] = [];
  let hiddenPost: Post;
  const byStatus: Record<'pending' | 'scheduled' | 'rejected' | 'draft', Post[]> = {
    pending: [],
    scheduled: [],
    rejected: [],
    draft: [],
  };

  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    owner = await createUser(db);
    editor = await createUser(db);
    author = await createUser(db);
    otherAuthor = await createUser(db);
    stranger = await createUser(db);
    siteAdmin = await createUser(db, { roles: ['admin'] });
    bannedWriter = await createUser(db);
    pub = await createPublication(db, { owner });
    prayers = await createCollection(db, { publication: pub, name: 'Prayers' });
    await addPublicationMember(db, { publication: pub, user: editor, role: 'publication_editor' });
    await addPublicationMember(db, { publication: pub, user: author, role: 'publication_author' });
    await addPublicationMember(db, { publication: pub, user: otherAuthor, role: 'publication_author' });
    await addPublicationMember(db, { publication: pub, user: bannedWriter, role: 'publication_author' });
    const now = Date.now();
    // 23 published stories over both collections, two of them at the same instant (the id breaks ties).
    for (let i = 0; i < 23; i += 1) {
      const at = new Date(now - (i === 5 ? 4 : i) * 3_600_000);
      published.push(
        await createPost(db, {
          author: i % 2 ? author : otherAuthor,
          publication: pub,
          collection: i % 3 ? pub.collection : prayers,
          publishedAt: at,
          createdAt: at,
        }),
      );
    }
    hiddenPost = await createPost(db, { author: bannedWriter, publication: pub });
    await db.update(users).set({ status: 'banned' }).where(eq(users.id, bannedWriter.id));
    for (const [i, status] of (['pending', 'scheduled', 'rejected', 'draft'] as const).entries()) {
      for (const [j, writer] of [author, otherAuthor, author].entries()) {
        byStatus[status].push(
          await createPost(db, {
            author: writer,
            publication: pub,
            status,
            createdAt: new Date(now - (i * 10 + j) * MINUTE),
            scheduledTime: status === 'scheduled' ? new Date(now + (j + 1) * 3_600_000) : undefined,
          }),
        );
      }
    }
    // Stories elsewhere never show up here.
    await createPost(db, { author });
    await createPost(db, { author: owner, publication: await createPublication(db, { owner }) });
  });

  describe('GET /api/posts/publications/{id}', () => {
    it('lists the published stories newest first, a keyset page at a time, for anyone', async () => {
      const pages = await allPages(`/api/posts/publications/${pub.id}?limit=10`, 'posts');
      expect(pages.map((page) => page.length)).toEqual([10, 10, 3]);
      expect(pages.flat()).toEqual(newestBy(published, (p) => p.publishedAt));
      const first = await call('GET', `/api/posts/publications/${pub.id}?limit=2`);
      expect(first.json.posts[0]).toMatchObject({
        status: 'published',
        publicationId: pub.id,
        publication: { id: pub.id, name: pub.name },
        author: { status: 'active' },
      });
      expect(first.json.posts[0].can).toBeUndefined();
      expect(first.json.lastKey).toEqual({ t: expect.any(Number), id: first.json.posts[1].id });
      // lastKey is accepted under both names (SPEC's lastKeys, the cursor helper's lastKey).
      const next = await call(
        'GET',
        `/api/posts/publications/${pub.id}?limit=2&lastKey=${key(first.json.lastKey)}`,
      );
      expect(next.json.posts.map((p: Post) => p.id)).toEqual(pages.flat().slice(2, 4));
    });

    it('lists one collection with collectionId', async () => {
      const inPrayers = published.filter((post) => post.collectionId === prayers.id);
      const pages = await allPages(
        `/api/posts/publications/${pub.id}?collectionId=${prayers.id}&limit=3`,
        'posts',
      );
      expect(pages.flat()).toEqual(newestBy(inPrayers, (p) => p.publishedAt));
    });

    it('leaves out a banned writer’s stories except for site admins', async () => {
      const anonymous = (await allPages(`/api/posts/publications/${pub.id}?limit=50`, 'posts')).flat();
      expect(anonymous).not.toContain(hiddenPost.id);
      expect(
        (await allPages(`/api/posts/publications/${pub.id}?limit=50`, 'posts', owner.id)).flat(),
      ).not.toContain(hiddenPost.id);
      const admin = (
        await allPages(`/api/posts/publications/${pub.id}?limit=50`, 'posts', siteAdmin.id)
      ).flat();
      expect(admin).toContain(hiddenPost.id);
      expect(admin).toHaveLength(published.length + 1);
    });

    it('answers 404 for an unknown publication or a collection of another one, 400 for bad input', async () => {
      const unknown = await call('GET', '/api/posts/publications/00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(unknown.json.error).toMatchObject({ code: 'not_found', message: 'Publication not found' });
      const elsewhere = await createPublication(db);
      const foreign = await call(
        'GET',
        `/api/posts/publications/${pub.id}?collectionId=${elsewhere.collection.id}`,
      );
      expect(foreign.status).toBe(404);
      expect(foreign.json.error.message).toBe('Collection not found');
      for (const path of [
        `/api/posts/publications/not-a-uuid`,
        `/api/posts/publications/${pub.id}?lastKeys=nonsense`,
        `/api/posts/publications/${pub.id}?lastKeys=${key({ t: 'x', id: 'y' })}`,
        `/api/posts/publications/${pub.id}?limit=51`,
        `/api/posts/publications/${pub.id}?collectionId=nope`,
        `/api/posts/publications/${pub.id}?forAdmin=maybe`,
      ]) {
        const res = await call('GET', path);
        expect(res.status, path).toBe(400);
        expect(res.json.error.code, path).toBe('validation_failed');
      }
    });

    it('answers an empty page for a publication without published stories', async () => {
      const empty = await createPublication(db);
      const res = await call(
        'GET',
        `/api/posts/publications/${empty.id}?collectionId=${empty.collection.id}`,
      );
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ posts: [], lastKey: null });
    });

    it('forAdmin: every story but drafts, with can flags, for the publication’s editors only', async () => {
      const path = `/api/posts/publications/${pub.id}?forAdmin=true&limit=50`;
      expect((await call('GET', path)).status).toBe(401);
      for (const user of [stranger, author, siteAdmin]) {
        const res = await call('GET', path, { as: user.id });
        expect(res.status).toBe(403);
      }
      expect(
        (
          await call('GET', '/api/posts/publications/00000000-0000-4000-8000-000000000000?forAdmin=true', {
            as: owner.id,
          })
        ).status,
      ).toBe(404);
      const notDrafts = [...published, ...byStatus.pending, ...byStatus.scheduled, ...byStatus.rejected];
      for (const user of [owner, editor]) {
        const pages = await allPages(
          `/api/posts/publications/${pub.id}?forAdmin=true&limit=7`,
          'posts',
          user.id,
        );
        expect(pages.flat()).toEqual(newestBy(notDrafts, (p) => p.createdAt));
      }
      const res = await call('GET', path, { as: editor.id });
      const pending = res.json.posts.find((p: Post) => p.id === byStatus.pending[0].id);
      expect(pending.can).toMatchObject({
        canApprove: true,
        canReject: true,
        canSchedule: true,
        canEdit: false,
      });
      const out = res.json.posts.find((p: Post) => p.id === published[0].id);
      expect(out.can).toMatchObject({ canUnpublish: true, canApprove: false });
    });
  });

  describe('GET /api/posts/publications/{id}/posts/{pending|scheduled|published}', () => {
    const queue = (name: string) => `/api/posts/publications/${pub.id}/posts/${name}`;

    it('refuses anyone who is not a member: 401 anonymous, 403 strangers and site admins, 404 unknown', async () => {
      for (const name of ['pending', 'scheduled', 'published']) {
        expect((await call('GET', queue(name))).status).toBe(401);
        expect((await call('GET', queue(name), { as: stranger.id })).status).toBe(403);
        expect((await call('GET', queue(name), { as: siteAdmin.id })).status).toBe(403);
        const unknown = `/api/posts/publications/00000000-0000-4000-8000-000000000000/posts/${name}`;
        expect((await call('GET', unknown, { as: owner.id })).status).toBe(404);
      }
      expect(
        (await call('GET', `/api/posts/publications/${pub.id}/posts/rejected`, { as: owner.id })).status,
      ).toBe(404);
    });

    it('editors see every submission: pending by creation, scheduled by time, published by publication', async () => {
      for (const user of [owner, editor]) {
        expect(
          (await allPages(`${queue('pending')}?limit=2`, 'pendingPosts', user.id, 'lastKey')).flat(),
        ).toEqual(newestBy(byStatus.pending, (p) => p.createdAt));
        expect(
          (await allPages(`${queue('scheduled')}?limit=2`, 'scheduledPosts', user.id, 'lastKey')).flat(),
        ).toEqual(newestBy(byStatus.scheduled, (p) => p.scheduledTime));
        expect(
          (await allPages(`${queue('published')}?limit=10`, 'publishedPosts', user.id, 'lastKey')).flat(),
        ).toEqual(newestBy(published, (p) => p.publishedAt));
      }
      const res = await call('GET', queue('pending'), { as: editor.id });
      expect(Object.keys(res.json).sort()).toEqual(['lastKey', 'pendingPosts']);
      expect(res.json.pendingPosts[0].can).toMatchObject({ canApprove: true, canReject: true });
      const scheduled = await call('GET', queue('scheduled'), { as: owner.id });
      expect(scheduled.json.scheduledPosts[0].can).toMatchObject({
        canReschedule: true,
        canCancelSchedule: true,
      });
    });

    it('an author sees only their own pending and scheduled stories, and every published one', async () => {
      const mine = (list: Post[]) => list.filter((post) => post.authorId === author.id);
      const pending = await call('GET', queue('pending'), { as: author.id });
      expect(pending.json.pendingPosts.map((p: Post) => p.id)).toEqual(
        newestBy(mine(byStatus.pending), (p) => p.createdAt),
      );
      expect(pending.json.pendingPosts[0].can).toMatchObject({
        canApprove: false,
        canReject: false,
        canEdit: true,
      });
      const scheduled = await call('GET', queue('scheduled'), { as: author.id });
      expect(scheduled.json.scheduledPosts.map((p: Post) => p.id)).toEqual(
        newestBy(mine(byStatus.scheduled), (p) => p.scheduledTime),
      );
      const all = await allPages(`${queue('published')}?limit=50`, 'publishedPosts', author.id, 'lastKey');
      expect(all.flat()).toEqual(newestBy(published, (p) => p.publishedAt));
    });
  });

  describe('for the publication and collection listings', () => {
    it('counts published stories by active writers per publication and per collection', async () => {
      const empty = await createPublication(db);
      const byPublication = await countPublishedByPublication([pub.id, empty.id]);
      expect(byPublication).toEqual(
        new Map([
          [pub.id, published.length],
          [empty.id, 0],
        ]),
      );
      const inPrayers = published.filter((post) => post.collectionId === prayers.id).length;
      const byCollection = await countPublishedByCollection([
        prayers.id,
        pub.collection.id,
        empty.collection.id,
      ]);
      expect(byCollection).toEqual(
        new Map([
          [prayers.id, inPrayers],
          [pub.collection.id, published.length - inPrayers],
          [empty.collection.id, 0],
        ]),
      );
      expect(await countPublishedByPublication([])).toEqual(new Map());
    });
  });
});
