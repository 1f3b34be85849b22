import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { newUuid } from '../../src/server/lib/ids';
import { createPost, createSubtopic, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// SPEC §7 GET /api/subtopics?slug (the subtopics of a tag) and GET /api/subtopics/{id} (one subtopic
// with its stories). A subtopic belongs to the tags of the published stories it holds.

let db: Db;
const ids = (list: { id: string }[]) => list.map((story) => story.id);

beforeAll(async () => {
  db = (await useTestDatabase()).db;
});

describe('subtopics API', () => {
  it('lists the subtopics holding published stories with the tag, oldest first', async () => {
    const a = await createPost(db, { tags: ['Grief'] });
    const b = await createPost(db, { tags: ['Grief', 'Hope'] });
    const other = await createPost(db, { tags: ['Hope'] });
    const draft = await createPost(db, { status: 'draft', tags: ['Grief'] });
    const first = await createSubtopic(db, { subtopicName: 'Walking Through Loss', posts: [a] });
    const second = await createSubtopic(db, { subtopicName: 'Hope After Grief', posts: [b, other] });
    await createSubtopic(db, { subtopicName: 'Only Hope', posts: [other] });
    await createSubtopic(db, { subtopicName: 'Only a Draft', posts: [draft] });

    const res = await call('GET', '/api/subtopics?slug=grief');
    expect(res.status).toBe(200);
    const found: { id: string; createTimestamp: number }[] = res.json.subtopics;
    expect(new Set(found.map((s) => s.id))).toEqual(new Set([first.id, second.id]));
    expect(found.map((s) => s.createTimestamp)).toEqual(found.map((s) => s.createTimestamp).sort());
    expect(found.find((s) => s.id === second.id)).toEqual({
      id: second.id,
      slug: second.slug,
      subtopicName: 'Hope After Grief',
      name: 'Hope After Grief',
      description: second.description,
      createTimestamp: second.createdAt.getTime(),
      storyCount: 2,
    });
    expect((await call('GET', '/api/subtopics?slug=no-such-tag')).json).toEqual({ subtopics: [] });
  });

  it('gives one subtopic with its published stories in the order staff set', async () => {
    const author = await createUser(db);
    const one = await createPost(db, { author, tags: ['Songs'] });
    const two = await createPost(db, { author, tags: ['Songs'] });
    const draft = await createPost(db, { author, status: 'draft' });
    const subtopic = await createSubtopic(db, {
      subtopicName: 'Songs in the Night',
      description: 'Psalms for dark hours.',
      posts: [two, draft, one],
    });
    // The author sees their own draft elsewhere, but a subtopic shows published stories only.
    for (const as of [undefined, author.id]) {
      const res = await call('GET', `/api/subtopics/${subtopic.id}`, { as });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        id: subtopic.id,
        subtopicName: 'Songs in the Night',
        name: 'Songs in the Night',
        description: 'Psalms for dark hours.',
        storyCount: 2,
      });
      expect(ids(res.json.posts)).toEqual([two.id, one.id]);
    }
  });

  it('leaves a banned writer’s stories out except for site admins', async () => {
    const banned = await createUser(db, { status: 'banned' });
    const admin = await createUser(db, { roles: ['admin'] });
    const hidden = await createPost(db, { author: banned, tags: ['Exile'] });
    const shown = await createPost(db, { tags: ['Exile'] });
    const subtopic = await createSubtopic(db, { posts: [hidden, shown] });
    const anonymous = await call('GET', `/api/subtopics/${subtopic.id}`);
    expect(ids(anonymous.json.posts)).toEqual([shown.id]);
    expect(anonymous.json.storyCount).toBe(1);
    const asAdmin = await call('GET', `/api/subtopics/${subtopic.id}`, { as: admin.id });
    expect(ids(asAdmin.json.posts)).toEqual([hidden.id, shown.id]);
    // Only the banned writer's story has the tag: nobody but admins finds the subtopic by it.
    const lonely = await createSubtopic(db, { posts: [hidden] });
    expect(
      (await call('GET', '/api/subtopics?slug=exile')).json.subtopics.map((s: { id: string }) => s.id),
    ).toEqual([subtopic.id]);
    const adminList = await call('GET', '/api/subtopics?slug=exile', { as: admin.id });
    expect(new Set(adminList.json.subtopics.map((s: { id: string }) => s.id))).toEqual(
      new Set([subtopic.id, lonely.id]),
    );
  });

  it('answers 404 for an unknown subtopic and 400 for a malformed id or a missing slug', async () => {
    const unknown = await call('GET', `/api/subtopics/${newUuid()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({ code: 'not_found', message: 'Subtopic not found' });
    const malformed = await call('GET', '/api/subtopics/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('validation_failed');
    expect((await call('GET', '/api/subtopics')).status).toBe(400);
    expect((await call('GET', '/api/subtopics?slug=')).status).toBe(400);
    expect((await call('GET', `/api/subtopics?slug=${'a'.repeat(201)}`)).status).toBe(400);
  });
});
