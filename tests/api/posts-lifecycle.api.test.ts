import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { posts } from '../../src/server/db/schema';
import { publishDueStories } from '../../src/server/modules/posts/posts-lifecycle.service';
import { publishDueJob } from '../../src/server/modules/posts/posts.jobs';
import {
  addPublicationMember,
  createNewsletterEntry,
  createPost,
  createPublication,
  createUser,
} from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

let db: Db;
const inMinutes = (n: number) => Math.ceil((Date.now() + n * 60_000) / 60_000) * 60_000;
const manage = (action: string, id: string, as?: string, body?: unknown) =>
  call('PATCH', `/api/posts/manage_posts/${action}/${id}`, { as, body });

async function pubWithMembers() {
  const owner = await createUser(db);
  const editor = await createUser(db);
  const writer = await createUser(db);
  const publication = await createPublication(db, { owner });
  await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
  await addPublicationMember(db, { publication, user: writer, role: 'publication_author' });
  return { owner, editor, writer, publication };
}

describe('posts API: the lifecycle (DESIGN §3)', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('draft → schedule → reschedule → cancel → publish → unpublish, each by the author', async () => {
    const author = await createUser(db);
    const post = await createPost(db, { author, status: 'draft' });
    const t1 = inMinutes(10);
    const scheduled = await manage('schedule_post', post.id, author.id, { id: post.id, scheduledTime: t1 });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json).toMatchObject({ status: 'scheduled', scheduledTime: t1, publishedAt: null });
    const t2 = inMinutes(20);
    const moved = await manage('schedule_post', post.id, author.id, { scheduledTime: t2 });
    expect(moved.json).toMatchObject({ status: 'scheduled', scheduledTime: t2 });
    const cancelled = await manage('cancel_schedule_post', post.id, author.id);
    expect(cancelled.json).toMatchObject({ status: 'draft', scheduledTime: null, publishedAt: null });
    const before = Date.now();
    const published = await manage('publish_post', post.id, author.id);
    expect(published.status).toBe(200);
    expect(published.json).toMatchObject({ status: 'published', scheduledTime: null });
    expect(published.json.publishedAt).toBeGreaterThanOrEqual(before);
    expect(published.json.version).toBe(post.version + 4);
    const unpublished = await manage('unpublish_post', post.id, author.id);
    expect(unpublished.json).toMatchObject({ status: 'draft', publishedAt: null, publicationId: null });
  });

  it('refuses the wrong state with 409: unpublish a draft, cancel a published schedule, publish twice', async () => {
    const author = await createUser(db);
    const draft = await createPost(db, { author, status: 'draft' });
    const published = await createPost(db, { author });
    const checks: Array<[string, string, unknown?]> = [
      ['unpublish_post', draft.id],
      ['cancel_schedule_post', draft.id],
      ['cancel_schedule_post', published.id],
      ['publish_post', published.id],
      ['schedule_post', published.id, { scheduledTime: inMinutes(5) }],
    ];
    for (const [action, id, body] of checks) {
      const res = await manage(action, id, author.id, body);
      expect(res.status, `${action} ${id === draft.id ? 'draft' : 'published'}`).toBe(409);
      expect(res.json.error.code).toBe('conflict');
    }
    const stillPublished = await call('GET', `/api/posts/${published.id}`);
    expect(stillPublished.json.status).toBe('published');
  });

  it('refuses the wrong person: 401 anonymous, 403 a stranger on a public story, 404 on a hidden one', async () => {
    const author = await createUser(db);
    const stranger = await createUser(db);
    const published = await createPost(db, { author });
    const draft = await createPost(db, { author, status: 'draft' });
    expect((await manage('unpublish_post', published.id)).status).toBe(401);
    expect((await manage('unpublish_post', published.id, stranger.id)).status).toBe(403);
    expect((await manage('publish_post', draft.id, stranger.id)).status).toBe(404);
    expect((await call('DELETE', `/api/posts/${published.id}`, { as: stranger.id })).status).toBe(403);
    expect((await call('DELETE', `/api/posts/${draft.id}`, { as: stranger.id })).status).toBe(404);
  });

  it('schedule_post refuses a past time (422, a rule of the clock) and a body id that is not the address (400)', async () => {
    const author = await createUser(db);
    const draft = await createPost(db, { author, status: 'draft' });
    const past = await manage('schedule_post', draft.id, author.id, { scheduledTime: Date.now() - 1 });
    expect(past.status).toBe(422);
    expect(past.json.error).toMatchObject({
      code: 'unprocessable',
      message: 'The scheduled time must be in the future',
    });
    const other = await createPost(db, { author, status: 'draft' });
    expect(
      (await manage('schedule_post', draft.id, author.id, { id: other.id, scheduledTime: inMinutes(5) }))
        .status,
    ).toBe(400);
    expect((await manage('schedule_post', draft.id, author.id, {})).status).toBe(400);
  });

  describe('inside a publication', () => {
    it('a publication_author cannot publish or schedule there (403); the desk approves or rejects', async () => {
      const { owner, editor, writer, publication } = await pubWithMembers();
      const a = await createPost(db, { author: writer, publication, status: 'pending' });
      const b = await createPost(db, { author: writer, publication, status: 'pending' });
      expect((await manage('publish_post', a.id, writer.id)).status).toBe(403);
      expect((await manage('schedule_post', a.id, writer.id, { scheduledTime: inMinutes(5) })).status).toBe(
        403,
      );
      expect((await manage('approve_post', a.id, writer.id)).status).toBe(403);
      const approved = await manage('approve_post', a.id, editor.id);
      expect(approved.status).toBe(200);
      expect(approved.json.status).toBe('published');
      expect((await manage('approve_post', a.id, owner.id)).status).toBe(409);
      const rejected = await manage('reject_post', b.id, owner.id, { reason: 'Please cite the verse.' });
      expect(rejected.json).toMatchObject({ status: 'rejected', rejectionReason: 'Please cite the verse.' });
      expect((await manage('reject_post', b.id, owner.id, {})).status).toBe(409);
    });

    it('the desk schedules a submission; cancelling returns it to review (pending)', async () => {
      const { editor, writer, publication } = await pubWithMembers();
      const post = await createPost(db, { author: writer, publication, status: 'pending' });
      const scheduled = await manage('schedule_post', post.id, editor.id, { scheduledTime: inMinutes(30) });
      expect(scheduled.json.status).toBe('scheduled');
      expect((await manage('cancel_schedule_post', post.id, writer.id)).status).toBe(403);
      const cancelled = await manage('cancel_schedule_post', post.id, editor.id);
      expect(cancelled.json.status).toBe('pending');
    });

    it('the author unpublishes their story: it leaves the publication and its collection', async () => {
      const { writer, publication } = await pubWithMembers();
      const post = await createPost(db, { author: writer, publication });
      const res = await manage('unpublish_post', post.id, writer.id);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        status: 'draft',
        publicationId: null,
        collectionId: null,
        publication: null,
      });
    });

    it('an editor unpublishes a story of the publication and gets the result, then loses sight of it', async () => {
      const { editor, writer, publication } = await pubWithMembers();
      const post = await createPost(db, { author: writer, publication });
      const res = await manage('unpublish_post', post.id, editor.id);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ status: 'draft', publicationId: null });
      expect((await call('GET', `/api/posts/${post.id}`, { as: editor.id })).status).toBe(404);
      expect((await call('GET', `/api/posts/${post.id}`, { as: writer.id })).status).toBe(200);
    });

    it('isInNewsletter tells whether the story is in a newsletter', async () => {
      const { owner, publication } = await pubWithMembers();
      const post = await createPost(db, { author: owner, publication });
      await createNewsletterEntry(db, { publication, post });
      expect((await call('GET', `/api/posts/${post.id}`)).json.isInNewsletter).toBe(true);
    });
  });

  it('DELETE removes the story (204) for its author and for a site admin', async () => {
    const author = await createUser(db);
    const admin = await createUser(db, { roles: ['admin'] });
    const mine = await createPost(db, { author });
    const theirs = await createPost(db, { author });
    expect((await call('DELETE', `/api/posts/${mine.id}`, { as: author.id })).status).toBe(204);
    expect((await call('DELETE', `/api/posts/${theirs.id}`, { as: admin.id })).status).toBe(204);
    expect((await call('GET', `/api/posts/${mine.id}`, { as: author.id })).status).toBe(404);
    expect((await call('DELETE', `/api/posts/${mine.id}`, { as: author.id })).status).toBe(404);
  });

  describe('the scheduler', () => {
    const makeDue = (id: string, secondsAgo: number) =>
      db
        .update(posts)
        .set({ scheduledTime: sql`now() - make_interval(secs => ${secondsAgo})` })
        .where(eq(posts.id, id));

    it('publishes each due story exactly once, with publishedAt = scheduledTime', async () => {
      const author = await createUser(db);
      const due = await createPost(db, { author, status: 'scheduled' });
      const later = await createPost(db, { author, status: 'scheduled' });
      await makeDue(due.id, 5);
      const [{ scheduledTime }] = await db
        .select({ scheduledTime: posts.scheduledTime })
        .from(posts)
        .where(eq(posts.id, due.id));
      const first = await publishDueStories();
      expect(first).toContain(due.id);
      expect(first).not.toContain(later.id);
      expect(await publishDueStories()).not.toContain(due.id);
      const story = (await call('GET', `/api/posts/${due.id}`)).json;
      expect(story).toMatchObject({
        status: 'published',
        scheduledTime: null,
        publishedAt: scheduledTime!.getTime(),
      });
      expect(story.version).toBe(due.version + 1);
      expect((await call('GET', `/api/posts/${later.id}`, { as: author.id })).json.status).toBe('scheduled');
    });

    it('the job publishes its own story only, and a cancelled schedule is left alone', async () => {
      const author = await createUser(db);
      const mine = await createPost(db, { author, status: 'scheduled' });
      const other = await createPost(db, { author, status: 'scheduled' });
      await makeDue(mine.id, 1);
      await makeDue(other.id, 1);
      const ctx = { db } as Parameters<typeof publishDueJob.handler>[1];
      await publishDueJob.handler({ postId: mine.id }, ctx);
      await publishDueJob.handler({ postId: mine.id }, ctx);
      const rows = await db
        .select({ id: posts.id, status: posts.status, version: posts.version })
        .from(posts);
      expect(rows.find((r) => r.id === mine.id)).toMatchObject({
        status: 'published',
        version: mine.version + 1,
      });
      expect(rows.find((r) => r.id === other.id)?.status).toBe('scheduled');

      const cancelled = await createPost(db, { author, status: 'scheduled' });
      expect((await manage('cancel_schedule_post', cancelled.id, author.id)).status).toBe(200);
      await publishDueJob.handler({ postId: cancelled.id }, ctx);
      expect((await call('GET', `/api/posts/${cancelled.id}`, { as: author.id })).json.status).toBe('draft');
    });
  });
});
