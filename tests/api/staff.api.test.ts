import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { curatedSets, posts, publicationStorySets, subtopics, users } from '../../src/server/db/schema';
import { grantSiteRole } from '../../src/server/modules/users/moderation.service';
import { createPost, createPublication, createUser, uniqueSuffix } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 13's staff endpoints: what they do, and every bad input of its "Done when" answered with a
// clear 4xx that changes nothing (curated sets of 1,000 ids, unknown ids, unknown language codes;
// revoking the last admin; a subtopic with a blank name). Bans: staff-ban.api.test.ts.

let db: Db;
let admin: Awaited<ReturnType<typeof createUser>>;

const setRow = (kind: 'editor_pick' | 'top_tags', languageCode: string, countryCode: string) =>
  db
    .select()
    .from(curatedSets)
    .where(eq(curatedSets.kind, kind))
    .then((rows) => rows.find((r) => r.languageCode === languageCode && r.countryCode === countryCode));

describe('staff API', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    admin = await createUser(db, { roles: ['admin'] });
  });

  it('sets every curated set in order, and the GETs answer it', async () => {
    const writer = await createUser(db);
    const [a, b] = [await createPost(db, { author: writer }), await createPost(db, { author: writer })];
    const pub = await createPublication(db, { owner: writer });
    await createPost(db, { author: writer, tags: ['Quiet Hope'] });
    const put = (path: string, ids: string[]) =>
      call('PUT', `/api${path}/zh/tw`, { as: admin.id, body: { ids } });

    const pick = await put('/posts/editor_pick', [b.id, a.id]);
    expect(pick.status).toBe(200);
    expect(pick.json.posts.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
    expect(
      (await call('GET', '/api/posts/editor_pick/zh/TW')).json.posts.map((p: { id: string }) => p.id),
    ).toEqual([b.id, a.id]);
    expect((await put('/posts/popular_stories', [a.id])).json.posts).toHaveLength(1);
    expect((await put('/publications/top_publications', [pub.id])).json.publications[0].id).toBe(pub.id);
    expect((await put('/tags/top_tags', ['quiet-hope'])).json.tags).toEqual([
      { name: 'Quiet Hope', slug: 'quiet-hope' },
    ]);
    expect((await put('/users/top_authors', [writer.id])).json.authors[0].id).toBe(writer.id);
    expect((await put('/users/authors', [writer.id])).json.authors[0].id).toBe(writer.id);
    // An empty list clears the set: the computed default shows again.
    const cleared = await put('/posts/popular_stories', []);
    expect(cleared.status).toBe(200);
    expect(cleared.json.curated).toBe(false);
  });

  it('refuses a set of 1,000 ids, unknown ids, duplicates or an unknown language, changing nothing', async () => {
    const story = await createPost(db);
    const before = await call('PUT', '/api/posts/editor_pick/en/NZ', {
      as: admin.id,
      body: { ids: [story.id] },
    });
    expect(before.status).toBe(200);
    const attempt = (path: string, body: unknown) => call('PUT', `/api${path}`, { as: admin.id, body });

    const thousand = await attempt('/posts/editor_pick/en/NZ', {
      ids: Array.from({ length: 1000 }, (_, i) => `story-id-${String(i).padStart(12, '0')}`),
    });
    expect(thousand.status).toBe(400);
    expect(thousand.json.error.detail).toMatch(/At most 50 items/);
    // Well-formed ids that name nothing: 404, as for any unknown id (the document cannot know them).
    const unknown = await attempt('/posts/editor_pick/en/NZ', { ids: [story.id, 'no-such-story-0000000'] });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.detail).toMatch(/no such item: no-such-story-0000000/);
    expect((await attempt('/posts/editor_pick/en/NZ', { ids: [story.id, story.id] })).status).toBe(400);
    const language = await attempt('/posts/editor_pick/xx/NZ', { ids: [story.id] });
    expect(language.status).toBe(400);
    expect(language.json.error.detail).toMatch(/Unknown language code/);
    expect((await attempt('/posts/editor_pick/en/NZL', { ids: [story.id] })).status).toBe(400);
    expect((await attempt('/tags/top_tags/en/NZ', { ids: ['no-such-tag-here'] })).status).toBe(404);
    expect((await attempt('/users/top_authors/en/NZ', { ids: ['not-a-uuid'] })).status).toBe(404);
    expect((await attempt('/posts/editor_pick/en/NZ', { ids: 'not a list' })).status).toBe(400);
    expect((await attempt('/posts/editor_pick/en/NZ', { ids: ['   '] })).status).toBe(400);
    expect((await setRow('editor_pick', 'en', 'NZ'))?.itemIds).toEqual([story.id]);
    expect(await setRow('top_tags', 'en', 'NZ')).toBeUndefined();
    // And none of it for anyone but a site admin.
    const editor = await createUser(db, { roles: ['editor'] });
    const refused = await call('PUT', '/api/posts/editor_pick/en/NZ', { as: editor.id, body: { ids: [] } });
    expect(refused.status).toBe(403);
    expect((await setRow('editor_pick', 'en', 'NZ'))?.itemIds).toEqual([story.id]);
  });

  it('sets publication devotion and trending from the publication’s own stories only', async () => {
    const writer = await createUser(db);
    const pub = await createPublication(db, { owner: writer });
    const [s1, s2] = [
      await createPost(db, { author: writer, publication: pub }),
      await createPost(db, { author: writer, publication: pub }),
    ];
    const elsewhere = await createPost(db, { author: writer });
    const fallback = await call('GET', `/api/publications/publication_devotion/${pub.id}`);
    expect(fallback.json.curated).toBe(false);
    expect(fallback.json.posts.map((p: { id: string }) => p.id).sort()).toEqual([s1.id, s2.id].sort());

    for (const kind of ['publication_devotion', 'publication_trending']) {
      const set = await call('PUT', `/api/publications/${kind}/${pub.id}`, {
        as: admin.id,
        body: { postIds: [s2.id, s1.id] },
      });
      expect(set.status).toBe(200);
      expect(set.json).toMatchObject({ curated: true });
      const read = await call('GET', `/api/publications/${kind}/${pub.id}`);
      expect(read.json.posts.map((p: { id: string }) => p.id)).toEqual([s2.id, s1.id]);
    }
    const foreign = await call('PUT', `/api/publications/publication_devotion/${pub.id}`, {
      as: admin.id,
      body: { postIds: [elsewhere.id] },
    });
    expect(foreign.status).toBe(404); // not a story of this publication: none by that id here
    expect(foreign.json.error.detail).toContain(elsewhere.id);
    const noPub = await call(
      'PUT',
      '/api/publications/publication_trending/7d9a3a47-8f0e-4b8e-9d1f-2f3c4b5a6d7e',
      {
        as: admin.id,
        body: { postIds: [] },
      },
    );
    expect(noPub.status).toBe(404);
    const rows = await db
      .select()
      .from(publicationStorySets)
      .where(eq(publicationStorySets.publicationId, pub.id));
    expect(rows.map((r) => r.postIds)).toEqual([
      [s2.id, s1.id],
      [s2.id, s1.id],
    ]);
  });

  it('creates, edits, fills and deletes subtopics; a blank name is refused', async () => {
    const story = await createPost(db, { tags: ['Stillness'] });
    const blank = await call('POST', '/api/subtopics/create', {
      as: admin.id,
      body: { subtopicName: '   ', description: 'Nothing' },
    });
    expect(blank.status).toBe(400);
    expect(blank.json.error.detail).toMatch(/Please enter a subtopic name\./);
    const name = `Still Waters ${uniqueSuffix().slice(0, 4)}`;
    const created = await call('POST', '/api/subtopics/create', {
      as: admin.id,
      body: { subtopicName: name, description: 'Quiet stories' },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ subtopicName: name, description: 'Quiet stories', storyCount: 0 });
    const id = created.json.id;
    // The same name again gets its own address.
    const twin = await call('POST', '/api/subtopics/create', { as: admin.id, body: { subtopicName: name } });
    expect(twin.status).toBe(201);
    expect(twin.json.slug).not.toBe(created.json.slug);

    const blankEdit = await call('PATCH', `/api/subtopics/${id}`, {
      as: admin.id,
      body: { subtopicId: id, subtopicName: '' },
    });
    expect(blankEdit.status).toBe(400);
    const edited = await call('PATCH', `/api/subtopics/${id}`, {
      as: admin.id,
      body: { subtopicId: id, subtopicName: 'Still Waters', description: 'Stories of rest' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ subtopicName: 'Still Waters', description: 'Stories of rest' });
    const assigned = await call('POST', `/api/subtopics/posts?subtopicId=${id}`, {
      as: admin.id,
      body: { posts: [story.id] },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.json.posts.map((p: { id: string }) => p.id)).toEqual([story.id]);
    const unknown = await call('POST', `/api/subtopics/posts?subtopicId=${id}`, {
      as: admin.id,
      body: { posts: ['no-such-story-0000000'] },
    });
    // A well-formed id that names nothing: 404, as for any unknown id.
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.detail).toBe('posts: no such stories: no-such-story-0000000');
    expect((await call('GET', `/api/subtopics/${id}`)).json.posts).toHaveLength(1);

    expect((await call('DELETE', `/api/subtopics/${id}`, { as: admin.id })).status).toBe(204);
    expect((await call('GET', `/api/subtopics/${id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/subtopics/${id}`, { as: admin.id })).status).toBe(404);
    // The story stays.
    expect((await db.select().from(posts).where(eq(posts.id, story.id))).length).toBe(1);
    expect((await db.select().from(subtopics).where(eq(subtopics.id, id))).length).toBe(0);
  });

  it('grants and revokes site roles, never removing the last admin', async () => {
    const loneAdmin = await createUser(db, { roles: ['admin'] });
    // Only loneAdmin stays admin: everyone else's admin role goes first (its own database per test file).
    const others = (await db.select().from(users)).filter(
      (u) => u.id !== loneAdmin.id && u.roles.includes('admin'),
    );
    for (const other of others) await db.update(users).set({ roles: [] }).where(eq(users.id, other.id));
    const last = await call('POST', '/api/users/site_roles/revoke', {
      as: loneAdmin.id,
      body: { userId: loneAdmin.id, role: 'admin' },
    });
    expect(last.status).toBe(409);
    expect(last.json.error.message).toBe('The last site admin cannot be removed');
    expect((await db.select().from(users).where(eq(users.id, loneAdmin.id)))[0].roles).toEqual(['admin']);

    const helper = await createUser(db);
    const granted = await call('POST', '/api/users/site_roles/grant', {
      as: loneAdmin.id,
      body: { email: helper.email.toUpperCase(), role: 'admin' },
    });
    expect(granted.status).toBe(200);
    expect(granted.json.siteRoles).toEqual(['admin']);
    expect(
      (await call('GET', '/api/users/site_roles', { as: loneAdmin.id })).json.staff.map(
        (s: { id: string }) => s.id,
      ),
    ).toEqual(expect.arrayContaining([loneAdmin.id, helper.id]));
    // Now there are two: one may step down.
    const stepDown = await call('POST', '/api/users/site_roles/revoke', {
      as: loneAdmin.id,
      body: { userId: loneAdmin.id, role: 'admin' },
    });
    expect(stepDown.status).toBe(200);
    expect(stepDown.json.siteRoles).toEqual([]);
    // …and is no longer allowed to manage roles.
    const after = await call('POST', '/api/users/site_roles/grant', {
      as: loneAdmin.id,
      body: { email: helper.email, role: 'editor' },
    });
    expect(after.status).toBe(403);
    const noSuch = await call('POST', '/api/users/site_roles/grant', {
      as: helper.id,
      body: { email: 'nobody-here@example.test', role: 'editor' },
    });
    expect(noSuch.status).toBe(404);
    expect(
      (
        await call('POST', '/api/users/site_roles/grant', {
          as: helper.id,
          body: { email: 'x', role: 'editor' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/users/site_roles/grant', {
          as: helper.id,
          body: { email: helper.email, role: 'owner' },
        })
      ).status,
    ).toBe(400);
    // The command line (npm run admin -- grant EMAIL) goes through the same service.
    const cli = await grantSiteRole('command-line', { email: loneAdmin.email, role: 'admin' });
    expect(cli.siteRoles).toEqual(['admin']);
    for (const other of others)
      await db.update(users).set({ roles: other.roles }).where(eq(users.id, other.id));
  });

  it('searches all posts with filters for site admins only', async () => {
    const writer = await createUser(db);
    const word = `qz${uniqueSuffix()}`;
    const draft = await createPost(db, { author: writer, status: 'draft', title: `Draft ${word}` });
    const pending = await createPost(db, {
      author: writer,
      status: 'pending',
      title: `Pending ${word}`,
      languageCode: 'zh',
    });
    await createPost(db, { title: `Other ${word}` });
    const all = await call('GET', `/api/posts/search_all?q=${word}`, { as: admin.id });
    expect(all.status).toBe(200);
    expect(all.json.posts).toHaveLength(3);
    const byWriter = await call('GET', `/api/posts/search_all?authorId=${writer.id}`, { as: admin.id });
    expect(byWriter.json.posts.map((p: { id: string }) => p.id)).toEqual([pending.id, draft.id]);
    const drafts = await call('GET', `/api/posts/search_all?q=${word}&status=draft`, { as: admin.id });
    expect(drafts.json.posts.map((p: { id: string }) => p.id)).toEqual([draft.id]);
    const zh = await call('GET', `/api/posts/search_all?q=${word}&languageCode=zh`, { as: admin.id });
    expect(zh.json.posts.map((p: { id: string }) => p.id)).toEqual([pending.id]);
    const paged = await call('GET', `/api/posts/search_all?authorId=${writer.id}&limit=1`, { as: admin.id });
    expect(paged.json.lastKey).not.toBeNull();
    const next = await call(
      'GET',
      `/api/posts/search_all?authorId=${writer.id}&limit=1&lastKey=${encodeURIComponent(JSON.stringify(paged.json.lastKey))}`,
      { as: admin.id },
    );
    expect(next.json.posts.map((p: { id: string }) => p.id)).toEqual([draft.id]);
    expect((await call('GET', '/api/posts/search_all?status=lost', { as: admin.id })).status).toBe(400);
    expect((await call('GET', '/api/posts/search_all?lastKey=%7B%7D', { as: admin.id })).status).toBe(400);
    const editor = await createUser(db, { roles: ['editor'] });
    expect((await call('GET', `/api/posts/search_all?q=${word}`, { as: editor.id })).status).toBe(403);
  });

  it('lets a site editor edit the excerpt of an unpublished story, and nothing else of it', async () => {
    const editor = await createUser(db, { roles: ['editor'] });
    const draft = await createPost(db, { status: 'draft', title: 'Unfinished psalm' });
    const read = await call('GET', `/api/posts/${draft.id}`, { as: editor.id });
    expect(read.status).toBe(200);
    expect(read.json.can).toMatchObject({ canEdit: false, canEditExcerpt: true, canBanAuthor: false });
    const excerpt = await call('PATCH', `/api/posts/${draft.id}`, {
      as: editor.id,
      body: { version: read.json.version, excerpt: 'A better summary of the psalm.' },
    });
    expect(excerpt.status).toBe(200);
    expect(excerpt.json.excerpt).toBe('A better summary of the psalm.');
    const title = await call('PATCH', `/api/posts/${draft.id}`, {
      as: editor.id,
      body: { version: excerpt.json.version, title: 'Taken over' },
    });
    expect(title.status).toBe(403);
    const [row] = await db.select().from(posts).where(eq(posts.id, draft.id));
    expect(row.title).toBe('Unfinished psalm');
    // Other writers still cannot see the draft.
    expect((await call('GET', `/api/posts/${draft.id}`, { as: (await createUser(db)).id })).status).toBe(404);
  });
});
