import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import {
  collections,
  listPosts,
  lists,
  newsletterEntries,
  pins,
  postTags,
  postViewsDaily,
  posts,
  publicationMembers,
  publicationStorySets,
  publications,
  subdomains,
  subtopicPosts,
  subtopics,
  topics,
  users,
} from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { storyPageCacheSlot } from '../../src/server/modules/posts/story-page-cache-slot';
import { findPublicationPage } from '../../src/server/modules/publications/publications.service';
import {
  addPostToList,
  addPostViews,
  addPublicationMember,
  createCollection,
  createList,
  createNewsletterEntry,
  createPin,
  createPost,
  createPublication,
  createSubtopic,
  createTopic,
  createUser,
  publicationSnapshot,
  setPublicationStorySet,
  uniqueSuffix,
} from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// SPEC §7 Publications (create, read, list, profile, background image, delete), DESIGN §2 (one
// namespace for users and publications) and §4 (who may). Members and roles:
// publications-contributors.api.test.ts; collections: collections.api.test.ts.

let db: Db;
const key = (value: unknown) => encodeURIComponent(value as string);
const newSubdomain = () => `pub-${uniqueSuffix()}`;
const createBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Morning Light',
  description: 'Daily devotions for busy people.',
  subdomain: newSubdomain(),
  createdTime: Date.now(),
  ...overrides,
});
const publicationsOf = (ownerId: string) =>
  db.select().from(publications).where(eq(publications.ownerId, ownerId));

/** A picture uploaded through the local driver, as the forms do; returns its fileUrl. */
async function uploadPicture(userId: string): Promise<string> {
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#48c' } })
    .png()
    .toBuffer();
  const target = await call(
    'GET',
    `/api/images/get_presigned_url?fileExtension=png&fileSize=${png.byteLength}`,
    { as: userId },
  );
  expect(target.status).toBe(200);
  const put = await call('PUT', target.json.preSignedUrl, {
    as: userId,
    rawBody: png,
    headers: { 'content-type': 'image/png' },
  });
  expect(put.status).toBe(200);
  return target.json.fileUrl as string;
}

/** A publication with an owner, an editor and an author (and its one collection). */
async function staffedPublication(overrides: Parameters<typeof createPublication>[1] = {}) {
  const publication = await createPublication(db, overrides);
  const editor = await createUser(db);
  const author = await createUser(db);
  await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
  await addPublicationMember(db, { publication, user: author, role: 'publication_author' });
  return { publication, owner: publication.owner, editor, author };
}

describe('publications API', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  describe('POST /api/publications/create', () => {
    it('creates the publication with the caller as owner and claims its subdomain', async () => {
      const owner = await createUser(db);
      const logo = await uploadPicture(owner.id);
      const word = newSubdomain();
      const res = await call('POST', '/api/publications/create', {
        as: owner.id,
        body: createBody({
          name: '  Morning Light  ',
          image: logo,
          subdomain: `  ${word.toUpperCase()} `,
          languageCode: 'zh',
        }),
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        id: expect.any(String),
        name: 'Morning Light',
        image: logo,
        description: 'Daily devotions for busy people.',
        subdomain: word,
        languageCode: 'zh',
        collections: [],
        hasNewsletters: false,
        backgroundImage: null,
        createdTime: expect.any(Number),
        userRelation: ['admin'],
        can: { canPublishStories: true, canScheduleStories: true, submitsStoriesForReview: false },
        capabilities: {
          canOpenStudio: true,
          canReview: true,
          canOpenAdmin: true,
          canEditProfile: true,
          canManageCollections: true,
          canManageContributors: true,
          canChangeRoles: true,
          canDelete: true,
          canSubmitStories: true,
        },
      });
      const id = res.json.id as string;
      expect(await publicationsOf(owner.id)).toEqual([
        expect.objectContaining({ id, ownerId: owner.id, subdomain: word, image: logo }),
      ]);
      expect(
        await db.select().from(publicationMembers).where(eq(publicationMembers.publicationId, id)),
      ).toEqual([expect.objectContaining({ userId: owner.id, role: 'publication_owner' })]);
      expect(await db.select().from(subdomains).where(eq(subdomains.subdomain, word))).toEqual([
        expect.objectContaining({ publicationId: id, userId: null }),
      ]);
      // The shared namespace now answers "taken" for it, as for a user's handle.
      const taken = await call('GET', `/api/subdomains/${word}`);
      expect(taken.status).toBe(200);
      expect(taken.json).toEqual({ subdomain: word, taken: true });
      // The user menu lists it.
      const mine = await call('GET', `/api/publications/getPublicationsByUserId?userId=${owner.id}`);
      expect(mine.json.publications).toEqual([
        { id, name: 'Morning Light', image: logo, subdomain: word, collections: [] },
      ]);
    });

    it('refuses blank, missing and over-long fields with the SPEC messages, writing nothing', async () => {
      const owner = await createUser(db);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '   ' }, 'publication name is required!', 'name'],
        [{ name: undefined }, 'publication name is required!', 'name'],
        [{ name: 'x'.repeat(10_000) }, 'At most 100 characters', 'name'],
        [{ description: '' }, 'publication description is required!', 'description'],
        [{ description: 'd'.repeat(10_000) }, 'At most 1000 characters', 'description'],
        [{ subdomain: '  ' }, 'publication subdomain is required!', 'subdomain'],
        [{ subdomain: undefined }, 'publication subdomain is required!', 'subdomain'],
        [{ subdomain: 'ab' }, 'Subdomain must be at least 4 characters.', 'subdomain'],
        [{ subdomain: 'no spaces here' }, 'Subdomain may contain only', 'subdomain'],
        [{ subdomain: 'a'.repeat(31) }, 'Subdomain must be at most 30 characters.', 'subdomain'],
        [{ image: 'javascript:alert(1)' }, 'Must be an image address', 'image'],
        [{ languageCode: 'english' }, 'Not a language code', 'languageCode'],
      ];
      for (const [overrides, message, field] of cases) {
        const res = await call('POST', '/api/publications/create', {
          as: owner.id,
          body: createBody(overrides),
        });
        expect(res.status, JSON.stringify(overrides).slice(0, 60)).toBe(400);
        expect(res.json.error.code).toBe('validation_failed');
        expect(`${res.json.error.message} ${res.json.error.detail}`).toContain(message);
        expect(res.json.error.detail).toContain(field);
      }
      expect(await publicationsOf(owner.id)).toEqual([]);
    });

    it('takes only images this platform issued', async () => {
      const owner = await createUser(db);
      for (const image of [
        '/uploads/0123456789abcdef0123456789abcdef.webp',
        'https://elsewhere.example/logo.png',
      ]) {
        const res = await call('POST', '/api/publications/create', {
          as: owner.id,
          body: createBody({ image }),
        });
        // The shape is right (the document's pattern); no such upload: 404 (decision 028).
        expect(res.status, image).toBe(404);
        expect(res.json.error.detail).toMatch(/image/);
      }
      expect(await publicationsOf(owner.id)).toEqual([]);
    });

    it('answers 409 for a subdomain a publication or a user holds, or a reserved word', async () => {
      const owner = await createUser(db);
      const other = await createPublication(db);
      const someone = await createUser(db);
      for (const subdomain of [other.subdomain, someone.subdomain!.toUpperCase(), 'admin', 'publications']) {
        const before = await db
          .select()
          .from(subdomains)
          .where(eq(subdomains.subdomain, subdomain.toLowerCase()));
        const res = await call('POST', '/api/publications/create', {
          as: owner.id,
          body: createBody({ subdomain }),
        });
        expect(res.status, subdomain).toBe(409);
        expect(res.json.error).toMatchObject({ code: 'conflict', message: 'That subdomain is taken' });
        expect(
          await db.select().from(subdomains).where(eq(subdomains.subdomain, subdomain.toLowerCase())),
        ).toEqual(before);
      }
      expect(await publicationsOf(owner.id)).toEqual([]);
      expect(
        await db.select().from(publicationMembers).where(eq(publicationMembers.userId, owner.id)),
      ).toEqual([]);
    });

    it("a user cannot take a publication's subdomain as their handle either", async () => {
      const publication = await createPublication(db);
      const user = await createUser(db, { subdomain: null });
      const res = await call('PATCH', `/api/users/${user.id}`, {
        as: user.id,
        body: { subdomain: publication.subdomain },
      });
      expect(res.status).toBe(409);
      expect((await db.select().from(users).where(eq(users.id, user.id)))[0].subdomain).toBeNull();
      expect(
        await db.select().from(subdomains).where(eq(subdomains.subdomain, publication.subdomain)),
      ).toEqual([expect.objectContaining({ publicationId: publication.id, userId: null })]);
    });

    it('of two creations racing for one subdomain exactly one wins', async () => {
      const [a, b] = [await createUser(db), await createUser(db)];
      const subdomain = newSubdomain();
      const answers = await Promise.all(
        [a, b].map((user) =>
          call('POST', '/api/publications/create', { as: user.id, body: createBody({ subdomain }) }),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
      expect(await db.select().from(publications).where(eq(publications.subdomain, subdomain))).toHaveLength(
        1,
      );
      expect(await db.select().from(subdomains).where(eq(subdomains.subdomain, subdomain))).toHaveLength(1);
    });

    it('needs a session (401) and a same-origin request (403); a banned account is signed out', async () => {
      const anonymous = await call('POST', '/api/publications/create', { body: createBody() });
      expect(anonymous.status).toBe(401);
      const user = await createUser(db);
      const crossSite = await call('POST', '/api/publications/create', {
        as: user.id,
        origin: 'https://evil.example',
        body: createBody(),
      });
      expect(crossSite.status).toBe(403);
      const banned = await createUser(db, { status: 'banned' });
      expect(
        (await call('POST', '/api/publications/create', { as: banned.id, body: createBody() })).status,
      ).toBe(401);
      expect(await publicationsOf(user.id)).toEqual([]);
      expect(await publicationsOf(banned.id)).toEqual([]);
    });
  });

  describe('GET /api/publications/{id}', () => {
    it('answers the publication to anyone; with getUserRelation, the caller’s relation and capabilities', async () => {
      const { publication, owner, editor, author } = await staffedPublication();
      const stranger = await createUser(db);
      const plain = await call('GET', `/api/publications/${publication.id}`);
      expect(plain.status).toBe(200);
      expect(plain.json).toMatchObject({
        id: publication.id,
        name: publication.name,
        subdomain: publication.subdomain,
        hasNewsletters: true,
        collections: [
          {
            id: publication.collection.id,
            name: 'General',
            description: '',
            createTimestamp: publication.collection.createdAt.getTime(),
          },
        ],
      });
      expect(plain.json.userRelation).toBeUndefined();
      expect(plain.json.capabilities).toBeUndefined();

      const relation = async (as?: string) =>
        (await call('GET', `/api/publications/${publication.id}?getUserRelation=true`, { as })).json;
      expect(await relation(owner.id)).toMatchObject({
        userRelation: ['admin'],
        capabilities: { canDelete: true, canChangeRoles: true, canReview: true },
      });
      expect(await relation(editor.id)).toMatchObject({
        userRelation: ['editor'],
        can: { canPublishStories: true, submitsStoriesForReview: false },
        capabilities: {
          canReview: true,
          canEditProfile: true,
          canManageContributors: false,
          canDelete: false,
        },
      });
      expect(await relation(author.id)).toMatchObject({
        userRelation: ['author'],
        can: { canPublishStories: false, canScheduleStories: false, submitsStoriesForReview: true },
        capabilities: {
          canOpenStudio: true,
          canReview: false,
          canEditProfile: false,
          canSubmitStories: true,
        },
      });
      for (const as of [stranger.id, undefined]) {
        expect(await relation(as)).toMatchObject({
          userRelation: [],
          capabilities: { canOpenStudio: false, canSubmitStories: false, canDelete: false },
        });
      }
    });

    it('answers 404 for an unknown publication and 400 for a malformed id', async () => {
      const unknown = await call('GET', `/api/publications/${newUuid()}`);
      expect(unknown.status).toBe(404);
      expect(unknown.json.error).toEqual({ code: 'not_found', message: 'Publication not found' });
      expect((await call('GET', '/api/publications/not-an-id')).status).toBe(400);
    });
  });

  describe('findPublicationPage (the publication page)', () => {
    it('finds it by id or by subdomain (any case), with members; null when nobody holds the name', async () => {
      const { publication, owner, editor, author } = await staffedPublication();
      const bySubdomain = await findPublicationPage(
        { id: editor.id, roles: [], status: 'active' },
        { subdomain: ` ${publication.subdomain.toUpperCase()} ` },
      );
      expect(bySubdomain).toMatchObject({
        publication: { id: publication.id, userRelation: ['editor'], capabilities: { canReview: true } },
        owners: [{ userId: owner.id, userRole: 'publication_owner' }],
        editors: [{ userId: editor.id, userRole: 'publication_editor' }],
        authors: [{ userId: author.id, userRole: 'publication_author' }],
      });
      const byId = await findPublicationPage(null, { id: publication.id });
      expect(byId?.publication).toMatchObject({ id: publication.id, userRelation: [] });
      expect(await findPublicationPage(null, { subdomain: newSubdomain() })).toBeNull();
      expect(await findPublicationPage(null, { id: newUuid() })).toBeNull();
    });
  });

  describe('GET /api/publications', () => {
    it('lists newest first, a page at a time, with published story counts by active writers', async () => {
      const languageCode = 'fr';
      const base = Date.now() - 3_600_000;
      const made = [];
      for (let i = 0; i < 5; i++) {
        made.push(await createPublication(db, { languageCode, createdAt: new Date(base + i * 1000) }));
      }
      const [oldest, , middle] = made;
      await createPost(db, { publication: middle });
      await createPost(db, { publication: middle });
      await createPost(db, { publication: middle, status: 'draft' });
      await createPost(db, { publication: middle, status: 'pending' });
      await createPost(db, { publication: middle, author: await createUser(db, { status: 'banned' }) });
      await createPost(db, { publication: oldest });

      const seen: { id: string; storyCount: number }[] = [];
      let lastKey: string | null = null;
      do {
        const query: string = `languageCode=${languageCode}&limit=2${lastKey ? `&lastKey=${key(lastKey)}` : ''}`;
        const res = await call('GET', `/api/publications?${query}`);
        expect(res.status).toBe(200);
        expect(res.json.publications.length).toBeLessThanOrEqual(2);
        seen.push(...res.json.publications);
        lastKey = res.json.lastKey;
      } while (lastKey);
      expect(seen.map((p) => p.id)).toEqual(made.map((p) => p.id).reverse());
      expect(seen.find((p) => p.id === middle.id)).toMatchObject({
        name: middle.name,
        subdomain: middle.subdomain,
        description: middle.description,
        image: null,
        languageCode,
        storyCount: 2,
        createdTime: middle.createdAt.getTime(),
      });
      expect(seen.find((p) => p.id === oldest.id)?.storyCount).toBe(1);

      const everyLanguage = await call('GET', '/api/publications?limit=50');
      expect(everyLanguage.status).toBe(200);
      expect(everyLanguage.json.publications.map((p: { id: string }) => p.id)).toEqual(
        expect.arrayContaining(made.map((p) => p.id)),
      );
    });

    it('refuses a malformed cursor, limit or language (400)', async () => {
      for (const query of [
        'lastKey=oops',
        `lastKey=${key('{"t":"x"}')}`,
        'limit=0',
        'limit=51',
        'languageCode=EN',
      ]) {
        const res = await call('GET', `/api/publications?${query}`);
        expect(res.status, query).toBe(400);
      }
    });
  });

  describe('PATCH /api/publications/{id}', () => {
    it('the owner and editors change the profile; absent fields stay', async () => {
      const { publication, owner, editor } = await staffedPublication();
      const logo = await uploadPicture(editor.id);
      const res = await call('PATCH', `/api/publications/${publication.id}`, {
        as: editor.id,
        body: { name: ' Evening Light ', image: logo, languageCode: 'zh' },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        id: publication.id,
        name: 'Evening Light',
        image: logo,
        description: publication.description,
        languageCode: 'zh',
        subdomain: publication.subdomain,
        userRelation: ['editor'],
      });
      const byOwner = await call('PATCH', `/api/publications/${publication.id}`, {
        as: owner.id,
        body: { description: 'New words.', image: null },
      });
      expect(byOwner.status).toBe(200);
      expect(
        (await db.select().from(publications).where(eq(publications.id, publication.id)))[0],
      ).toMatchObject({
        name: 'Evening Light',
        image: null,
        description: 'New words.',
        languageCode: 'zh',
      });
    });

    it('refuses authors, strangers, owners of another publication, anonymous; bad input — nothing changes', async () => {
      const { publication, author } = await staffedPublication();
      const otherOwner = (await createPublication(db)).owner;
      const siteEditor = await createUser(db, { roles: ['editor'] });
      const before = await publicationSnapshot(db, publication.id);
      const patch = (as: string | undefined, body: Record<string, unknown>, id = publication.id) =>
        call('PATCH', `/api/publications/${id}`, { as, body });
      for (const [as, status] of [
        [author.id, 403],
        [otherOwner.id, 403],
        [siteEditor.id, 403],
        [undefined, 401],
      ] as const) {
        expect((await patch(as, { name: 'Hijacked' })).status, `${as}`).toBe(status);
      }
      const owner = publication.owner.id;
      for (const body of [
        { name: '' },
        { name: 'n'.repeat(10_000) },
        { description: '  ' },
        { languageCode: 'xx-yy' },
      ]) {
        expect((await patch(owner, body)).status, JSON.stringify(body).slice(0, 50)).toBe(400);
      }
      // Image addresses of the document's shape that name no upload: 404 (decision 028).
      for (const body of [
        { image: '/uploads/0123456789abcdef0123456789abcdef.webp' },
        { backgroundImage: 'https://elsewhere.example/bg.png' },
      ]) {
        expect((await patch(owner, body)).status, JSON.stringify(body).slice(0, 50)).toBe(404);
      }
      expect((await patch(owner, { name: 'Fine' }, newUuid())).status).toBe(404);
      expect((await patch(owner, { name: 'Fine' }, 'nope')).status).toBe(400);
      expect(await publicationSnapshot(db, publication.id)).toEqual(before);
    });
  });

  describe('PATCH /api/publications/updateBackgroundImage', () => {
    it('sets and removes the background image (owner and editors only, issued images only)', async () => {
      const { publication, owner, author } = await staffedPublication();
      const picture = await uploadPicture(owner.id);
      const set = await call('PATCH', '/api/publications/updateBackgroundImage', {
        as: owner.id,
        body: { id: publication.id, backgroundImage: picture },
      });
      expect(set.status).toBe(200);
      expect(set.json).toMatchObject({ id: publication.id, backgroundImage: picture });

      const before = await publicationSnapshot(db, publication.id);
      const refused = [
        [author.id, { id: publication.id, backgroundImage: null }, 403],
        [undefined, { id: publication.id, backgroundImage: null }, 401],
        [owner.id, { id: publication.id, backgroundImage: 'https://elsewhere.example/x.png' }, 404],
        [owner.id, { backgroundImage: null }, 400],
        [owner.id, { id: 'nope', backgroundImage: null }, 400],
        [owner.id, { id: newUuid(), backgroundImage: null }, 404],
      ] as const;
      for (const [as, body, status] of refused) {
        const res = await call('PATCH', '/api/publications/updateBackgroundImage', { as, body });
        expect(res.status, JSON.stringify(body)).toBe(status);
      }
      expect(await publicationSnapshot(db, publication.id)).toEqual(before);

      // null, or no backgroundImage at all, removes it.
      const removed = await call('PATCH', '/api/publications/updateBackgroundImage', {
        as: owner.id,
        body: { id: publication.id },
      });
      expect(removed.status).toBe(200);
      expect(removed.json.backgroundImage).toBeNull();
    });
  });

  describe('DELETE /api/publications/{id}', () => {
    /** A publication with stories in every state, each listed, pinned, tagged and in the newsletter. */
    async function fullPublication() {
      const { publication, owner, editor, author } = await staffedPublication();
      const second = await createCollection(db, { publication });
      const reader = await createUser(db);
      const list = await createList(db, { owner: reader, privacyStatus: 'public' });
      const stories = [];
      for (const status of ['published', 'pending', 'scheduled', 'draft', 'rejected'] as const) {
        stories.push(
          await createPost(db, {
            publication,
            collection: second,
            author,
            status,
            tags: [`tag-${uniqueSuffix()}`],
          }),
        );
      }
      const published = stories[0];
      await addPostToList(db, { list, post: published });
      await createPin(db, { user: reader, post: published });
      await createPin(db, { user: reader, post: published, list });
      await createNewsletterEntry(db, { publication, post: published });
      await createTopic(db, { publication });
      await addPostViews(db, { post: published, views: 3 });
      const subtopic = await createSubtopic(db, { posts: [published] });
      await setPublicationStorySet(db, { publication, kind: 'trending', postIds: [published.id] });
      const elsewhere = await createPost(db, { author });
      await addPostToList(db, { list, post: elsewhere });
      return { publication, owner, editor, author, reader, list, stories, elsewhere, subtopic };
    }

    it('the owner deletes it with its collections, members, claim, newsletter and stories; nothing is left half-linked', async () => {
      const { publication, owner, author, reader, list, stories, elsewhere, subtopic } =
        await fullPublication();
      const ids = stories.map((story) => story.id);
      const res = await call('DELETE', `/api/publications/${publication.id}`, { as: owner.id });
      expect(res.status).toBe(204);
      expect(await db.select().from(publications).where(eq(publications.id, publication.id))).toEqual([]);
      expect(
        await db.select().from(collections).where(eq(collections.publicationId, publication.id)),
      ).toEqual([]);
      expect(
        await db
          .select()
          .from(publicationMembers)
          .where(eq(publicationMembers.publicationId, publication.id)),
      ).toEqual([]);
      expect(
        await db.select().from(subdomains).where(eq(subdomains.subdomain, publication.subdomain)),
      ).toEqual([]);
      expect(await db.select().from(topics).where(eq(topics.publicationId, publication.id))).toEqual([]);
      expect(
        await db.select().from(newsletterEntries).where(eq(newsletterEntries.publicationId, publication.id)),
      ).toEqual([]);
      expect(await db.select().from(posts).where(inArray(posts.id, ids))).toEqual([]);
      expect(await db.select().from(listPosts).where(inArray(listPosts.postId, ids))).toEqual([]);
      expect(await db.select().from(pins).where(inArray(pins.postId, ids))).toEqual([]);
      expect(await db.select().from(postTags).where(inArray(postTags.postId, ids))).toEqual([]);
      expect(await db.select().from(postViewsDaily).where(inArray(postViewsDaily.postId, ids))).toEqual([]);
      expect(await db.select().from(subtopicPosts).where(inArray(subtopicPosts.postId, ids))).toEqual([]);
      expect(
        await db
          .select()
          .from(publicationStorySets)
          .where(eq(publicationStorySets.publicationId, publication.id)),
      ).toEqual([]);
      expect(await db.select().from(subtopics).where(eq(subtopics.id, subtopic.id))).toHaveLength(1);
      // The people, the reader's list and the author's other story are untouched.
      expect(
        await db
          .select()
          .from(users)
          .where(inArray(users.id, [owner.id, author.id, reader.id])),
      ).toHaveLength(3);
      expect(await db.select().from(lists).where(eq(lists.id, list.id))).toHaveLength(1);
      expect(await db.select().from(listPosts).where(eq(listPosts.listId, list.id))).toEqual([
        expect.objectContaining({ postId: elsewhere.id }),
      ]);
      // Its address is free again, its pages are gone.
      expect((await call('GET', `/api/subdomains/${publication.subdomain}`)).status).toBe(404);
      expect((await call('GET', `/api/publications/${publication.id}`)).status).toBe(404);
      expect((await call('GET', `/api/posts/${stories[0].id}`)).status).toBe(404);
      expect(
        (await call('GET', `/api/publications/getPublicationsByUserId?userId=${author.id}`)).json,
      ).toEqual({
        publications: [],
      });
    });

    it("empties this process's story page cache once the publication and its stories are gone", async () => {
      const { publication, owner } = await fullPublication();
      // The story core hears of the delete through publicationDeleted (src/server/lib/events.ts).
      let emptied = 0;
      storyPageCacheSlot.set({ clear: () => void emptied++ });
      try {
        const refused = await call('DELETE', `/api/publications/${publication.id}`, {});
        expect(refused.status).toBe(401);
        expect(emptied).toBe(0);
        await call('DELETE', `/api/publications/${publication.id}`, { as: owner.id });
        expect(emptied).toBe(1);
      } finally {
        storyPageCacheSlot.set(undefined);
      }
    });

    it('a site admin may delete it too', async () => {
      const { publication } = await fullPublication();
      const admin = await createUser(db, { roles: ['admin'] });
      expect((await call('DELETE', `/api/publications/${publication.id}`, { as: admin.id })).status).toBe(
        204,
      );
      expect(await db.select().from(publications).where(eq(publications.id, publication.id))).toEqual([]);
    });

    it('refuses editors, authors, strangers, other owners, site editors and anonymous; nothing changes', async () => {
      const { publication, editor, author, reader } = await fullPublication();
      const otherOwner = (await createPublication(db)).owner;
      const siteEditor = await createUser(db, { roles: ['editor'] });
      const before = await publicationSnapshot(db, publication.id);
      for (const [as, status] of [
        [editor.id, 403],
        [author.id, 403],
        [reader.id, 403],
        [otherOwner.id, 403],
        [siteEditor.id, 403],
        [undefined, 401],
      ] as const) {
        const res = await call('DELETE', `/api/publications/${publication.id}`, { as });
        expect(res.status, `${as}`).toBe(status);
      }
      expect(await publicationSnapshot(db, publication.id)).toEqual(before);
      expect((await call('DELETE', `/api/publications/${newUuid()}`, { as: editor.id })).status).toBe(404);
      expect((await call('DELETE', '/api/publications/nope', { as: editor.id })).status).toBe(400);
    });
  });
});
