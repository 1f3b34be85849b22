import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { collections, newsletterEntries, posts } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import {
  addPublicationMember,
  createCollection,
  createNewsletterEntry,
  createPost,
  createPublication,
  createUser,
  publicationSnapshot,
} from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// A publication's collections: POST /collections/create, PATCH and DELETE /collections/{id} (its
// owner and editors: publication.manageCollections) and SPEC §7 GET /collections/{id}?lastKey.
// Deleting a collection keeps its stories in the publication (docs/decisions/020).

let db: Db;
const key = (value: unknown) => encodeURIComponent(JSON.stringify(value));

async function staffedPublication() {
  const publication = await createPublication(db);
  const editor = await createUser(db);
  const author = await createUser(db);
  await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
  await addPublicationMember(db, { publication, user: author, role: 'publication_author' });
  return { publication, owner: publication.owner, editor, author };
}

const collectionRow = async (id: string) =>
  (await db.select().from(collections).where(eq(collections.id, id)))[0];

describe('collections API', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  describe('POST /api/collections/create', () => {
    it('the owner and editors add collections, trimmed; the publication lists them oldest first', async () => {
      const { publication, owner, editor } = await staffedPublication();
      const res = await call('POST', '/api/collections/create', {
        as: editor.id,
        body: { publicationId: publication.id, name: '  Psalms  ', description: ' Songs ' },
      });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({
        id: expect.any(String),
        publicationId: publication.id,
        name: 'Psalms',
        description: 'Songs',
        createTimestamp: expect.any(Number),
        storyCount: 0,
      });
      expect(await collectionRow(res.json.id)).toMatchObject({
        publicationId: publication.id,
        name: 'Psalms',
      });
      const byOwner = await call('POST', '/api/collections/create', {
        as: owner.id,
        body: { publicationId: publication.id, name: 'Proverbs' },
      });
      expect(byOwner.status).toBe(201);
      expect(byOwner.json.description).toBe('');
      const read = await call('GET', `/api/publications/${publication.id}`);
      expect(read.json.collections.map((c: { name: string }) => c.name)).toEqual([
        'General',
        'Psalms',
        'Proverbs',
      ]);
    });

    it('refuses authors, strangers, other owners, anonymous and bad input; nothing changes', async () => {
      const { publication, owner, author } = await staffedPublication();
      const other = await createPublication(db);
      const stranger = await createUser(db);
      const before = await publicationSnapshot(db, publication.id);
      const body = (overrides: Record<string, unknown>) => ({
        publicationId: publication.id,
        name: 'Psalms',
        ...overrides,
      });
      const cases: [string | undefined, Record<string, unknown>, number][] = [
        [author.id, body({}), 403],
        [stranger.id, body({}), 403],
        [other.owner.id, body({}), 403],
        [undefined, body({}), 401],
        [owner.id, body({ name: '   ' }), 400],
        [owner.id, body({ name: undefined }), 400],
        [owner.id, body({ name: 'n'.repeat(10_000) }), 400],
        [owner.id, body({ description: 'd'.repeat(10_000) }), 400],
        [owner.id, body({ publicationId: 'nope' }), 400],
        [owner.id, body({ publicationId: newUuid() }), 404],
      ];
      for (const [as, payload, status] of cases) {
        const res = await call('POST', '/api/collections/create', { as, body: payload });
        expect(res.status, `${as} ${JSON.stringify(payload).slice(0, 60)}`).toBe(status);
      }
      expect(await publicationSnapshot(db, publication.id)).toEqual(before);
    });
  });

  describe('PATCH /api/collections/{id}', () => {
    it('renames a collection and changes its description', async () => {
      const { publication, editor } = await staffedPublication();
      await createPost(db, { publication });
      const res = await call('PATCH', `/api/collections/${publication.collection.id}`, {
        as: editor.id,
        body: { name: ' Gospels ', description: 'Good news' },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        id: publication.collection.id,
        publicationId: publication.id,
        name: 'Gospels',
        description: 'Good news',
        storyCount: 1,
      });
      expect(await collectionRow(publication.collection.id)).toMatchObject({
        name: 'Gospels',
        description: 'Good news',
      });
      const nothing = await call('PATCH', `/api/collections/${publication.collection.id}`, {
        as: editor.id,
        body: {},
      });
      expect(nothing.status).toBe(200);
      expect(nothing.json.name).toBe('Gospels');
    });

    it('refuses a collection of another publication, non-editors and bad input; nothing changes', async () => {
      const { publication, owner, author } = await staffedPublication();
      const other = await createPublication(db);
      const before = await publicationSnapshot(db, publication.id);
      const cases: [string | undefined, string, Record<string, unknown>, number][] = [
        [other.owner.id, publication.collection.id, { name: 'Mine' }, 403],
        [author.id, publication.collection.id, { name: 'Mine' }, 403],
        [undefined, publication.collection.id, { name: 'Mine' }, 401],
        [owner.id, publication.collection.id, { name: '' }, 400],
        [owner.id, publication.collection.id, { name: 'n'.repeat(10_000) }, 400],
        [owner.id, newUuid(), { name: 'Mine' }, 404],
        [owner.id, 'nope', { name: 'Mine' }, 400],
      ];
      for (const [as, id, body, status] of cases) {
        const res = await call('PATCH', `/api/collections/${id}`, { as, body });
        expect(res.status, `${as} ${id} ${JSON.stringify(body).slice(0, 40)}`).toBe(status);
      }
      // The owner of this publication cannot reach into the other one's collection.
      const crossed = await call('PATCH', `/api/collections/${other.collection.id}`, {
        as: owner.id,
        body: { name: 'Mine' },
      });
      expect(crossed.status).toBe(403);
      expect((await collectionRow(other.collection.id)).name).toBe(other.collection.name);
      expect(await publicationSnapshot(db, publication.id)).toEqual(before);
    });
  });

  describe('DELETE /api/collections/{id}', () => {
    it('deletes the collection; its stories and newsletter entries stay in the publication with no collection', async () => {
      const { publication, editor, author } = await staffedPublication();
      const doomed = await createCollection(db, { publication, name: 'Doomed' });
      const published = await createPost(db, { publication, collection: doomed, author });
      const pending = await createPost(db, { publication, collection: doomed, author, status: 'pending' });
      const kept = await createPost(db, { publication, author });
      await createNewsletterEntry(db, { publication, post: published, collection: doomed });
      const res = await call('DELETE', `/api/collections/${doomed.id}`, { as: editor.id });
      expect(res.status).toBe(204);
      expect(await collectionRow(doomed.id)).toBeUndefined();
      const rows = await db.select().from(posts).where(eq(posts.publicationId, publication.id));
      expect(rows.map((row) => [row.id, row.status, row.collectionId]).sort()).toEqual(
        [
          [published.id, 'published', null],
          [pending.id, 'pending', null],
          [kept.id, 'published', publication.collection.id],
        ].sort(),
      );
      expect(
        await db.select().from(newsletterEntries).where(eq(newsletterEntries.postId, published.id)),
      ).toEqual([expect.objectContaining({ publicationId: publication.id, collectionId: null })]);
      // Still on the publication's page.
      const page = await call('GET', `/api/posts/publications/${publication.id}`);
      expect(page.json.posts.map((p: { id: string }) => p.id).sort()).toEqual([published.id, kept.id].sort());
    });

    it('refuses a collection of another publication, non-editors and unknown ids; nothing changes', async () => {
      const { publication, owner, author } = await staffedPublication();
      const other = await createPublication(db);
      await createPost(db, { publication });
      const before = await publicationSnapshot(db, publication.id);
      const otherBefore = await publicationSnapshot(db, other.id);
      const cases: [string | undefined, string, number][] = [
        [owner.id, other.collection.id, 403],
        [other.owner.id, publication.collection.id, 403],
        [author.id, publication.collection.id, 403],
        [undefined, publication.collection.id, 401],
        [owner.id, newUuid(), 404],
        [owner.id, 'nope', 400],
      ];
      for (const [as, id, status] of cases) {
        const res = await call('DELETE', `/api/collections/${id}`, { as });
        expect(res.status, `${as} ${id}`).toBe(status);
      }
      expect(await publicationSnapshot(db, publication.id)).toEqual(before);
      expect(await publicationSnapshot(db, other.id)).toEqual(otherBefore);
    });
  });

  describe('GET /api/collections/{id}', () => {
    it('answers the collection and its published stories, newest first, a page at a time', async () => {
      const { publication, author } = await staffedPublication();
      const other = await createCollection(db, { publication });
      const base = Date.now() - 3_600_000;
      const stories = [];
      for (let i = 0; i < 5; i++) {
        stories.push(await createPost(db, { publication, author, publishedAt: new Date(base + i * 60_000) }));
      }
      await createPost(db, { publication, author, status: 'pending' });
      await createPost(db, { publication, author, status: 'draft' });
      await createPost(db, { publication, collection: other, author });

      const seen: string[] = [];
      let lastKey: unknown = null;
      let first = true;
      do {
        const query = `limit=2${lastKey ? `&lastKey=${key(lastKey)}` : ''}`;
        const res = await call('GET', `/api/collections/${publication.collection.id}?${query}`);
        expect(res.status).toBe(200);
        if (first) {
          expect(res.json.collection).toMatchObject({
            id: publication.collection.id,
            publicationId: publication.id,
            name: 'General',
            storyCount: 5,
          });
          first = false;
        }
        seen.push(...res.json.posts.map((p: { id: string; collectionId: string }) => p.id));
        lastKey = res.json.lastKey;
      } while (lastKey);
      expect(seen).toEqual(stories.map((s) => s.id).reverse());
    });

    it('answers 404 for an unknown collection, 400 for a malformed id or cursor', async () => {
      const { publication } = await staffedPublication();
      expect((await call('GET', `/api/collections/${newUuid()}`)).status).toBe(404);
      expect((await call('GET', '/api/collections/nope')).status).toBe(400);
      expect((await call('GET', `/api/collections/${publication.collection.id}?lastKey=oops`)).status).toBe(
        400,
      );
      expect((await call('GET', `/api/collections/${publication.collection.id}?limit=0`)).status).toBe(400);
    });
  });
});
