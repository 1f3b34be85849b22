import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { posts } from '../../src/server/db/schema';
import { publishDueStories } from '../../src/server/modules/posts/posts-lifecycle.service';
import {
  addPublicationMember,
  createCollection,
  createPublication,
  createUser,
  storyPayload,
} from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// The review loop of a publication, end to end through the API (DESIGN §3, SPEC §4–§5): an author
// saves a story into the publication (pending, "Under review") → the owner rejects it with a reason
// → the author sees the reason, edits and resubmits → the owner schedules it → the scheduler
// publishes it into its collection → it is on the publication's lists → unpublishing takes it out
// of the publication (SPEC §4). Another submission is approved (published now) by an editor.

let db: Db;
const inMinutes = (n: number) => Math.ceil((Date.now() + n * 60_000) / 60_000) * 60_000;
const manage = (action: string, id: string, as: string, body?: unknown) =>
  call('PATCH', `/api/posts/manage_posts/${action}/${id}`, { as, body });
const ids = (list: { id: string }[]) => list.map((post) => post.id);

describe('posts API: a publication’s review loop', () => {
  let owner: Awaited<ReturnType<typeof createUser>>;
  let editor: Awaited<ReturnType<typeof createUser>>;
  let author: Awaited<ReturnType<typeof createUser>>;
  let pub: Awaited<ReturnType<typeof createPublication>>;
  let prayers: Awaited<ReturnType<typeof createCollection>>;
  const base = () => `/api/posts/publications/${pub.id}`;
  const queue = async (name: 'pending' | 'scheduled' | 'published', as: string) => {
    const res = await call('GET', `${base()}/posts/${name}`, { as });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json[`${name}Posts`] as { id: string; status: string; can: Record<string, unknown> }[];
  };
  const publicList = async (query = '') => ids((await call('GET', `${base()}${query}`)).json.posts);
  const studioOf = async (userId: string) =>
    (await call('GET', `/api/posts/user_posts/all_posts/${userId}?forStudio=true`, { as: userId })).json
      .posts as { id: string; status: string; rejectionReason: string | null }[];

  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    owner = await createUser(db);
    editor = await createUser(db);
    author = await createUser(db);
    pub = await createPublication(db, { owner });
    prayers = await createCollection(db, { publication: pub, name: 'Prayers' });
    await addPublicationMember(db, { publication: pub, user: editor, role: 'publication_editor' });
    await addPublicationMember(db, { publication: pub, user: author, role: 'publication_author' });
  });

  it('submit → reject with a reason → edit and resubmit → schedule → published by the scheduler → unpublish', async () => {
    // The author saves a story into the publication: it waits for review; publishing it is locked.
    const placement = { publicationId: pub.id, collectionId: prayers.id };
    const locked = await call('POST', '/api/posts/new/publish', {
      as: author.id,
      body: storyPayload(placement),
    });
    expect(locked.status).toBe(403);
    const saved = await call('POST', '/api/posts/new/draft', {
      as: author.id,
      body: storyPayload({ ...placement, title: 'Grace in the morning' }),
    });
    expect(saved.status).toBe(201);
    const id: string = saved.json.id;
    expect(saved.json).toMatchObject({ status: 'pending', publicationId: pub.id, collectionId: prayers.id });
    expect(saved.json.can).toMatchObject({
      canPublish: false,
      canSchedule: false,
      locked: ['publish', 'schedule'],
    });

    // Under review: in the owner's and the author's pending lists, not on the publication page.
    expect(ids(await queue('pending', owner.id))).toEqual([id]);
    expect((await queue('pending', owner.id))[0].can).toMatchObject({ canApprove: true, canReject: true });
    expect(ids(await queue('pending', author.id))).toEqual([id]);
    expect(await publicList()).toEqual([]);

    // Rejected with a reason: the author sees it in their studio and on the story.
    const rejected = await manage('reject_post', id, owner.id, { reason: 'Please cite the verse.' });
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({ status: 'rejected', rejectionReason: 'Please cite the verse.' });
    expect(await queue('pending', owner.id)).toEqual([]);
    expect((await studioOf(author.id)).find((post) => post.id === id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Please cite the verse.',
    });
    const seen = await call('GET', `/api/posts/${id}`, { as: author.id });
    expect(seen.json).toMatchObject({ status: 'rejected', rejectionReason: 'Please cite the verse.' });
    expect(seen.json.can).toMatchObject({ canEdit: true, canSubmitForReview: true, canAutosave: true });

    // An autosave of the edit keeps it rejected, reason and all.
    const edited = await call('PATCH', `/api/posts/${id}`, {
      as: author.id,
      body: { version: seen.json.version, title: 'Grace in the morning (John 1:16)' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ status: 'rejected', rejectionReason: 'Please cite the verse.' });

    // Saving it again from story-settings (content, placement and the review flag in one PATCH,
    // as the editor sends it) resubmits it: pending, the old reason gone.
    const resubmitted = await call('PATCH', `/api/posts/${id}`, {
      as: author.id,
      body: {
        ...storyPayload({ ...placement, title: 'Grace upon grace (John 1:16)' }),
        version: edited.json.version,
        submitForReview: true,
      },
    });
    expect(resubmitted.status, JSON.stringify(resubmitted.json)).toBe(200);
    expect(resubmitted.json).toMatchObject({
      status: 'pending',
      rejectionReason: null,
      title: 'Grace upon grace (John 1:16)',
      collectionId: prayers.id,
    });
    expect(ids(await queue('pending', editor.id))).toEqual([id]);
    const again = await call('PATCH', `/api/posts/${id}`, {
      as: author.id,
      body: { version: resubmitted.json.version, submitForReview: true },
    });
    expect(again.status).toBe(409);

    // The owner schedules it: on the scheduled lists (the author's too), not yet public.
    const at = inMinutes(10);
    const scheduled = await manage('schedule_post', id, owner.id, { scheduledTime: at });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json).toMatchObject({ status: 'scheduled', scheduledTime: at, publishedAt: null });
    expect(ids(await queue('scheduled', owner.id))).toEqual([id]);
    expect(ids(await queue('scheduled', author.id))).toEqual([id]);
    expect(await queue('pending', owner.id)).toEqual([]);
    expect(await publicList()).toEqual([]);

    // The scheduler publishes it at its time, into its collection.
    await db
      .update(posts)
      .set({ scheduledTime: sql`now() - interval '1 second'` })
      .where(eq(posts.id, id));
    expect(await publishDueStories()).toContain(id);
    expect(await queue('scheduled', owner.id)).toEqual([]);
    expect(ids(await queue('published', author.id))).toEqual([id]);
    expect(await publicList()).toEqual([id]);
    expect(await publicList(`?collectionId=${prayers.id}`)).toEqual([id]);
    expect(await publicList(`?collectionId=${pub.collection.id}`)).toEqual([]);
    const collectionPage = await call('GET', `/api/collections/${prayers.id}`);
    expect(collectionPage.status).toBe(200);
    expect(ids(collectionPage.json.posts)).toEqual([id]);
    const story = (await call('GET', `/api/posts/${id}`)).json;
    expect(story).toMatchObject({ status: 'published', scheduledTime: null, collectionId: prayers.id });

    // Unpublished (SPEC §4: it leaves the publication): a draft of the author's, on no list here.
    const unpublished = await manage('unpublish_post', id, owner.id);
    expect(unpublished.status).toBe(200);
    expect(unpublished.json).toMatchObject({ status: 'draft', publicationId: null, collectionId: null });
    expect(await publicList()).toEqual([]);
    expect(await queue('published', owner.id)).toEqual([]);
    expect((await call('GET', `/api/collections/${prayers.id}`)).json.posts).toEqual([]);
    expect((await studioOf(author.id)).find((post) => post.id === id)).toMatchObject({
      status: 'draft',
      rejectionReason: null,
    });
  });

  it('an editor approves a submission: published now, on the publication’s lists', async () => {
    const saved = await call('POST', '/api/posts/new/draft', {
      as: author.id,
      body: storyPayload({ publicationId: pub.id, collectionId: pub.collection.id }),
    });
    expect(saved.json.status).toBe('pending');
    expect((await manage('approve_post', saved.json.id, author.id)).status).toBe(403);
    const before = Date.now();
    const approved = await manage('approve_post', saved.json.id, editor.id);
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ status: 'published', scheduledTime: null, rejectionReason: null });
    expect(approved.json.publishedAt).toBeGreaterThanOrEqual(before);
    expect(await publicList()).toContain(saved.json.id);
    expect(ids(await queue('published', editor.id))).toContain(saved.json.id);
    expect(await publicList(`?collectionId=${pub.collection.id}`)).toEqual([saved.json.id]);
  });
});
