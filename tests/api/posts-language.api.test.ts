// A story's language (issue 11): the editor sends it on create and update; it decides how the story
// page's date reads (English or Chinese) and which readers' feeds the story joins.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { createPost, createUser, storyPayload } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

let db: Db;
const patch = (id: string, as: string, body: Record<string, unknown>) =>
  call('PATCH', `/api/posts/${id}`, { as, body });

describe('posts API: a story’s language', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('a story created without a language is English (SPEC §9 default en)', async () => {
    const author = await createUser(db);
    const res = await call('POST', '/api/posts/new/publish', { as: author.id, body: storyPayload() });
    expect(res.status).toBe(201);
    expect(res.json.languageCode).toBe('en');
  });

  it('PATCH changes the language, bumps the version, and the story reads back in it', async () => {
    const author = await createUser(db);
    const post = await createPost(db, { author });
    const res = await patch(post.id, author.id, { version: post.version, languageCode: 'zh' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ languageCode: 'zh', version: post.version + 1 });
    const read = await call('GET', `/api/posts/${post.id}`, { as: author.id });
    expect(read.json.languageCode).toBe('zh');

    // Sending the language it already has is no change: the version stays.
    const same = await patch(post.id, author.id, { version: post.version + 1, languageCode: 'zh' });
    expect(same.status).toBe(200);
    expect(same.json.version).toBe(post.version + 1);
  });

  it('a malformed language is a 400 naming the field, and nothing changes', async () => {
    const author = await createUser(db);
    const post = await createPost(db, { author, status: 'draft' });
    for (const languageCode of ['chinese', 'ZH', '', 'zh_CN', 42]) {
      const res = await patch(post.id, author.id, { version: post.version, languageCode });
      expect(res.status, String(languageCode)).toBe(400);
      expect(res.json.error.detail).toContain('languageCode');
    }
    const read = await call('GET', `/api/posts/${post.id}`, { as: author.id });
    expect(read.json).toMatchObject({ languageCode: 'en', version: post.version });
  });

  it('only someone who may edit the story may change its language', async () => {
    const author = await createUser(db);
    const stranger = await createUser(db);
    const post = await createPost(db, { author });
    const res = await patch(post.id, stranger.id, { version: post.version, languageCode: 'zh' });
    expect(res.status).toBe(403);
    const read = await call('GET', `/api/posts/${post.id}`, { as: author.id });
    expect(read.json.languageCode).toBe('en');
  });
});
