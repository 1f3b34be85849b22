import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { moderationLog, users } from '../../src/server/db/schema';
import { authenticateWithPassword } from '../../src/server/modules/users/accounts.service';
import { siteFeed, tagFeed, writerFeed } from '../../src/server/modules/feeds/feeds.service';
import { sitemapPart } from '../../src/server/modules/feeds/sitemap.service';
import { getStoryPage, probeStoryPage } from '../../src/server/modules/posts/posts-page.service';
import {
  addPostToList,
  createList,
  createPin,
  createPost,
  createPublication,
  createSubtopic,
  createUser,
  setCuratedSet,
  uniqueSuffix,
} from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 13 "Done when": a ban (PATCH /api/users/ban_user/{id}) takes a writer's stories off every
// public surface at the next request — story page and its cache probe, home, tag page, search,
// feeds, sitemap, a reader's list and pins, curated sets, subtopics, the publication's stories,
// profile, sessions, sign-in — and unban brings every one of them back. Nothing is deleted.

let db: Db;
const ids = (json: { posts?: { id: string }[] } | undefined) => (json?.posts ?? []).map((p) => p.id);

describe('ban and unban, every surface', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('hides the writer everywhere at once, and unban restores all of it', async () => {
    const admin = await createUser(db, { roles: ['admin'] });
    const reader = await createUser(db);
    const writer = await createUser(db);
    const word = `zq${uniqueSuffix()}`;
    const tag = `Tag ${word}`;
    const tagSlug = `tag-${word}`;
    const publication = await createPublication(db, { owner: writer });
    const story = await createPost(db, {
      author: writer,
      publication,
      title: `The ${word} morning`,
      languageCode: 'bq',
      tags: [tag],
    });
    const list = await createList(db, { owner: reader, privacyStatus: 'public' });
    await addPostToList(db, { list, post: story });
    await createPin(db, { user: reader, post: story });
    await setCuratedSet(db, {
      kind: 'editor_pick',
      languageCode: 'bq',
      countryCode: 'US',
      itemIds: [story.id],
    });
    await setCuratedSet(db, {
      kind: 'top_authors',
      languageCode: 'bq',
      countryCode: 'US',
      itemIds: [writer.id],
    });
    const subtopic = await createSubtopic(db, { posts: [story] });
    const slug = `${story.slug}-${story.id}`;

    const surfaces = async () => {
      const as = reader.id;
      const sitemap = await sitemapPart('stories-1.xml');
      return {
        storyApi: (await call('GET', `/api/posts/${story.id}`, { as })).status,
        storyPage: (await getStoryPage(slug, async () => null)).kind,
        storyCache: ((p) => (p.kind === 'story' ? p.isPublic : null))(await probeStoryPage(slug)),
        home: ids((await call('GET', '/api/posts/latest_posts/for_home_page/bq')).json).includes(story.id),
        tag: ids((await call('GET', `/api/posts/tag_posts/${tagSlug}`)).json).includes(story.id),
        search: ids((await call('GET', `/api/posts/search?q=${word}`)).json).includes(story.id),
        authorPosts: (await call('GET', `/api/posts/user_posts/latest_posts/${writer.id}`)).status,
        profile: (await call('GET', `/api/users/${writer.id}`)).status,
        list: ids((await call('GET', `/api/posts/get_posts_by_list_id?id=${list.id}`, { as })).json).includes(
          story.id,
        ),
        pins: ids((await call('GET', `/api/users/pin_post?userId=${reader.id}`)).json).includes(story.id),
        editorPick: ids((await call('GET', '/api/posts/editor_pick/bq/US')).json).includes(story.id),
        topAuthors: ((await call('GET', '/api/users/top_authors/bq/US')).json.authors as { id: string }[])
          .map((a) => a.id)
          .includes(writer.id),
        subtopic: ids((await call('GET', `/api/subtopics/${subtopic.id}`)).json).includes(story.id),
        publication: ids((await call('GET', `/api/posts/publications/${publication.id}`)).json).includes(
          story.id,
        ),
        siteFeed: (await siteFeed()).includes(story.id),
        writerFeed: (await writerFeed(writer.subdomain!)) !== null,
        tagFeed: (await tagFeed(tagSlug))?.includes(story.id) ?? false,
        sitemap: sitemap?.includes(story.id) ?? false,
        writerSession: (await call('GET', '/api/users/moderation_log', { as: writer.id })).status,
      };
    };
    const visible = {
      storyApi: 200,
      storyPage: 'story',
      storyCache: true,
      home: true,
      tag: true,
      search: true,
      authorPosts: 200,
      profile: 200,
      list: true,
      pins: true,
      editorPick: true,
      topAuthors: true,
      subtopic: true,
      publication: true,
      siteFeed: true,
      writerFeed: true,
      tagFeed: true,
      sitemap: true,
      // Signed in, a writer; the log is staff's: 403 (not 401: the session works).
      writerSession: 403,
    };
    expect(await surfaces()).toEqual(visible);

    const ban = await call('PATCH', `/api/users/ban_user/${writer.id}`, {
      as: admin.id,
      body: { reason: 'Spam in every comment' },
    });
    expect(ban.status).toBe(200);
    expect(ban.json).toEqual({ id: writer.id, name: writer.name, status: 'banned' });
    // The log offers the admin the way back (a writer with no story left has no menu to unban from);
    // a site editor reads the log but may not unban.
    const banRow = async (as: string) =>
      (await call('GET', '/api/users/moderation_log', { as })).json.entries.find(
        (e: { target: { id: string }; action: string }) => e.target.id === writer.id && e.action === 'ban',
      );
    expect(await banRow(admin.id)).toMatchObject({ canUnban: true });
    const siteEditor = await createUser(db, { roles: ['editor'] });
    expect(await banRow(siteEditor.id)).toMatchObject({ canUnban: false });

    expect(await surfaces()).toEqual({
      storyApi: 404,
      storyPage: 'not-found',
      storyCache: false,
      home: false,
      tag: false,
      search: false,
      authorPosts: 404,
      profile: 404,
      list: false,
      pins: false,
      editorPick: false,
      topAuthors: false,
      subtopic: false,
      publication: false,
      siteFeed: false,
      writerFeed: false,
      tagFeed: false,
      sitemap: false,
      // The writer's session no longer counts: they are no one (401), on the very next request.
      writerSession: 401,
    });
    // Sign-in is refused with a clear message.
    await expect(
      authenticateWithPassword({ email: writer.email, password: writer.password }),
    ).rejects.toThrow('Your account has been banned.');
    // A site admin still sees the story (DESIGN §5: nothing is deleted).
    expect((await call('GET', `/api/posts/${story.id}`, { as: admin.id })).status).toBe(200);

    const unban = await call('PATCH', `/api/users/ban_user/${writer.id}`, { as: admin.id });
    expect(unban.status).toBe(200);
    expect(unban.json.status).toBe('active');
    expect(await surfaces()).toEqual(visible);
    await expect(
      authenticateWithPassword({ email: writer.email, password: writer.password }),
    ).resolves.toMatchObject({ id: writer.id });

    // Both recorded: who, when, the reason given.
    const log = await db.select().from(moderationLog).where(eq(moderationLog.targetUserId, writer.id));
    expect(log.map((row) => [row.action, row.actorId, row.reason]).sort()).toEqual([
      ['ban', admin.id, 'Spam in every comment'],
      ['unban', admin.id, ''],
    ]);
    const seen = await call('GET', '/api/users/moderation_log', { as: admin.id });
    expect(seen.status).toBe(200);
    const mine = seen.json.entries.filter((e: { target: { id: string } }) => e.target.id === writer.id);
    expect(mine.map((e: { action: string }) => e.action)).toEqual(['unban', 'ban']);
    expect(mine[1]).toMatchObject({
      canUnban: false,
      reason: 'Spam in every comment',
      actor: { id: admin.id, name: admin.name },
    });
  });

  it('refuses banning oneself and unknown ids, changing nothing', async () => {
    const admin = await createUser(db, { roles: ['admin'] });
    const self = await call('PATCH', `/api/users/ban_user/${admin.id}`, { as: admin.id });
    expect(self.status).toBe(403);
    expect(self.json.error.message).toBe('You cannot ban yourself');
    const [row] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(row.status).toBe('active');

    const unknown = await call('PATCH', '/api/users/ban_user/7d9a3a47-8f0e-4b8e-9d1f-2f3c4b5a6d7e', {
      as: admin.id,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe('User not found');
    const malformed = await call('PATCH', '/api/users/ban_user/not-a-user', { as: admin.id });
    expect(malformed.status).toBe(400);
    const tooLong = await call('PATCH', `/api/users/ban_user/${(await createUser(db)).id}`, {
      as: admin.id,
      body: { reason: 'x'.repeat(501) },
    });
    expect(tooLong.status).toBe(400);
    expect((await db.select().from(moderationLog).where(eq(moderationLog.actorId, admin.id))).length).toBe(0);
  });
});
