import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { postRevisions, posts } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { publishDueStories } from '../../src/server/modules/posts/posts-lifecycle.service';
import { keepStoryRevision } from '../../src/server/modules/revisions/revisions.service';
import { createPost, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 23 item 4, docs/decisions/039-story-revisions.md: every save of a story keeps a revision
// (autosaves coalesced, every publish kept, the newest 100 kept); its author lists them, reads one
// and restores it; nobody else may.

let db: Db;

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const revisionsPath = (postId: string, query = '') => `/api/posts/${postId}/revisions${query}`;
const revisionPath = (postId: string, revisionId: string) => `/api/posts/${postId}/revisions/${revisionId}`;
const restorePath = (postId: string, revisionId: string) =>
  `/api/posts/${postId}/revisions/${revisionId}/restore`;

/** The story's revisions as stored, newest first. */
const storedRevisions = (postId: string) =>
  db
    .select()
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(sql`${postRevisions.createdAt} desc, ${postRevisions.id} desc`);

/**
 * Moves the story's whole history back by `minutes`, as if its saves had been made that long ago:
 * the next save by the same writer then falls outside the coalescing window.
 */
const ageHistory = (postId: string, minutes = 11) =>
  db
    .update(postRevisions)
    .set({
      createdAt: sql`${postRevisions.createdAt} - make_interval(mins => ${minutes})`,
      updatedAt: sql`${postRevisions.updatedAt} - make_interval(mins => ${minutes})`,
    })
    .where(eq(postRevisions.postId, postId));

/** A full history of 100 edits titled 'Old 0' to 'Old 99', the n-th kept at `at(n)`. */
const keepOldEdits = (postId: string, actorId: string, at: (n: number) => Date) =>
  db.insert(postRevisions).values(
    Array.from({ length: 100 }, (_, n) => ({
      id: newUuid(),
      postId,
      actorId,
      kind: 'edit' as const,
      title: `Old ${n}`,
      excerpt: '',
      bodyJson: doc(`old ${n}`),
      bodyHtml: `<p>old ${n}</p>`,
      languageCode: 'en',
      status: 'draft' as const,
      createdAt: at(n),
      updatedAt: at(n),
    })),
  );

const versionOf = async (postId: string) =>
  (await db.select({ version: posts.version }).from(posts).where(eq(posts.id, postId)))[0].version;

/** PATCH /api/posts/{id} with the story's current version, as the editor's autosave does. */
async function save(as: string, postId: string, body: Record<string, unknown>) {
  const res = await call('PATCH', `/api/posts/${postId}`, {
    as,
    body: { version: await versionOf(postId), ...body },
  });
  expect(res.status, res.text).toBe(200);
  return res.json;
}

async function history(as: string, postId: string, query = '') {
  const res = await call('GET', revisionsPath(postId, query), { as });
  expect(res.status, res.text).toBe(200);
  return res.json as { revisions: any[]; lastKey: { t: number; id: string } | null };
}

describe('story revisions API', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  describe('edit five times, restore the second', () => {
    it('keeps every save, restores the second version, and the history shows all six', async () => {
      const author = await createUser(db, { name: 'Hannah Writer' });
      // A story from before revisions existed: its first save still gets one.
      const story = await createPost(db, { author, status: 'draft', title: 'Before history' });
      expect((await history(author.id, story.id)).revisions).toEqual([]);

      for (let n = 1; n <= 5; n++) {
        await ageHistory(story.id);
        await save(author.id, story.id, {
          title: `Version ${n}`,
          bodyJson: doc(`The body of version ${n}, with words of its own.`),
          tags: [{ name: `tag${n}` }],
        });
      }
      const five = await history(author.id, story.id);
      expect(five.revisions.map((r) => r.title)).toEqual([
        'Version 5',
        'Version 4',
        'Version 3',
        'Version 2',
        'Version 1',
      ]);
      for (const revision of five.revisions) {
        expect(revision).toMatchObject({
          kind: 'edit',
          actor: { id: author.id, name: 'Hannah Writer' },
          status: 'draft',
          wordCount: 10,
          restoredFromId: null,
        });
      }
      const second = five.revisions[3];

      const detail = await call('GET', revisionPath(story.id, second.id), { as: author.id });
      expect(detail.status).toBe(200);
      expect(detail.json).toMatchObject({
        id: second.id,
        title: 'Version 2',
        tags: ['tag2'],
        excerpt: story.excerpt,
        languageCode: 'en',
      });
      expect(detail.json.bodyHtml).toContain('The body of version 2');
      expect(detail.json.bodyJson).toEqual(doc('The body of version 2, with words of its own.'));

      const version = await versionOf(story.id);
      const restored = await call('POST', restorePath(story.id, second.id), {
        as: author.id,
        body: { version },
      });
      expect(restored.status, restored.text).toBe(200);
      expect(restored.json.story).toMatchObject({
        id: story.id,
        title: 'Version 2',
        tags: [{ name: 'tag2', slug: 'tag2' }],
        version: version + 1,
        status: 'draft',
      });
      expect(restored.json.story.bodyHtml).toContain('The body of version 2');
      expect(restored.json.revision).toMatchObject({
        kind: 'restore',
        title: 'Version 2',
        restoredFromId: second.id,
        actor: { id: author.id, name: 'Hannah Writer' },
      });
      expect(restored.json.excerptRestored).toBe(true);

      // The story reads as the second version, for its author and through GET.
      const read = await call('GET', `/api/posts/${story.id}`, { as: author.id });
      expect(read.json).toMatchObject({ title: 'Version 2', version: version + 1 });
      expect(read.json.bodyHtml).toContain('The body of version 2');
      expect(read.json.bodyHtml).not.toContain('version 5');

      // Nothing was lost: the five versions and the restore.
      const six = await history(author.id, story.id);
      expect(six.revisions.map((r) => [r.kind, r.title])).toEqual([
        ['restore', 'Version 2'],
        ['edit', 'Version 5'],
        ['edit', 'Version 4'],
        ['edit', 'Version 3'],
        ['edit', 'Version 2'],
        ['edit', 'Version 1'],
      ]);
      expect(six.revisions.slice(1).map((r) => r.id)).toEqual(five.revisions.map((r) => r.id));
      expect(six.lastKey).toBeNull();

      // The next save, with the version the restore answered, is taken (not a 409).
      const next = await call('PATCH', `/api/posts/${story.id}`, {
        as: author.id,
        body: { version: restored.json.story.version, title: 'Version 2, revised' },
      });
      expect(next.status).toBe(200);
    });

    it('pages the history newest first with lastKey', async () => {
      const author = await createUser(db);
      const story = await createPost(db, { author, status: 'draft' });
      for (let n = 1; n <= 5; n++) {
        await ageHistory(story.id);
        await save(author.id, story.id, { title: `Page ${n}` });
      }
      const first = await history(author.id, story.id, '?limit=2');
      expect(first.revisions.map((r) => r.title)).toEqual(['Page 5', 'Page 4']);
      expect(first.lastKey).toEqual({ t: first.revisions[1].createdAt, id: first.revisions[1].id });
      const key = encodeURIComponent(JSON.stringify(first.lastKey));
      const second = await history(author.id, story.id, `?limit=2&lastKey=${key}`);
      expect(second.revisions.map((r) => r.title)).toEqual(['Page 3', 'Page 2']);
      const third = await history(
        author.id,
        story.id,
        `?limit=2&lastKey=${encodeURIComponent(JSON.stringify(second.lastKey))}`,
      );
      expect(third.revisions.map((r) => r.title)).toEqual(['Page 1']);
      expect(third.lastKey).toBeNull();

      const bad = await call('GET', revisionsPath(story.id, '?lastKey=%7B'), { as: author.id });
      expect(bad.status).toBe(400);
    });
  });

  describe('coalescing', () => {
    it("folds one writer's saves within 10 minutes into their latest edit revision", async () => {
      const author = await createUser(db);
      const story = await createPost(db, { author, status: 'draft' });
      await save(author.id, story.id, { title: 'First words' });
      const [first] = await storedRevisions(story.id);
      await save(author.id, story.id, { title: 'First words, more' });
      await save(author.id, story.id, { title: 'First words, more and more' });

      const rows = await storedRevisions(story.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: first.id, kind: 'edit', title: 'First words, more and more' });
      expect(rows[0].createdAt.getTime()).toBe(first.createdAt.getTime());
      expect(rows[0].updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());

      // Ten minutes after the revision began, the next save starts a new one, even mid-flow.
      await db
        .update(postRevisions)
        .set({ createdAt: sql`${postRevisions.createdAt} - interval '10 minutes'` })
        .where(eq(postRevisions.id, first.id));
      await save(author.id, story.id, { title: 'A new stretch of writing' });
      expect((await storedRevisions(story.id)).map((r) => r.title)).toEqual([
        'A new stretch of writing',
        'First words, more and more',
      ]);
    });

    it('starts a new revision for another person, and keeps a save that changes nothing out', async () => {
      const author = await createUser(db);
      const siteEditor = await createUser(db, { roles: ['editor'] });
      const story = await createPost(db, { author, status: 'published', excerpt: 'The first excerpt' });
      await save(author.id, story.id, { title: 'A published story, saved' });
      // A site editor changes the excerpt (SPEC §5) within the author's window: their own revision.
      await save(siteEditor.id, story.id, { excerpt: 'A better excerpt' });
      // A save with nothing new keeps nothing new.
      const unchanged = await call('PATCH', `/api/posts/${story.id}`, {
        as: author.id,
        body: { version: await versionOf(story.id), title: 'A published story, saved' },
      });
      expect(unchanged.status).toBe(200);

      const rows = await storedRevisions(story.id);
      expect(rows.map((r) => [r.actorId, r.excerpt, r.status])).toEqual([
        [siteEditor.id, 'A better excerpt', 'published'],
        [author.id, 'The first excerpt', 'published'],
      ]);
    });

    it('never folds a save into a publish: the next save after it is a revision of its own', async () => {
      const author = await createUser(db);
      const story = await createPost(db, { author, status: 'draft', excerpt: 'Ready to go' });
      await save(author.id, story.id, { title: 'Before publishing' });
      const published = await call('PATCH', `/api/posts/manage_posts/publish_post/${story.id}`, {
        as: author.id,
      });
      expect(published.status).toBe(200);
      await save(author.id, story.id, { title: 'After publishing' });
      await save(author.id, story.id, { title: 'After publishing, again' });

      const rows = await storedRevisions(story.id);
      expect(rows.map((r) => [r.kind, r.title, r.status])).toEqual([
        ['edit', 'After publishing, again', 'published'],
        ['publish', 'Before publishing', 'published'],
        ['edit', 'Before publishing', 'draft'],
      ]);
    });
  });

  describe('publishes', () => {
    it('keeps a story created straight into publication once, as its publish', async () => {
      const author = await createUser(db);
      const created = await call('POST', '/api/posts/new/publish', {
        as: author.id,
        body: { title: 'Out at once', excerpt: 'Published when written', bodyJson: doc('Hello.') },
      });
      expect(created.status, created.text).toBe(201);
      const rows = await storedRevisions(created.json.id);
      expect(rows.map((r) => [r.kind, r.title, r.status, r.actorId])).toEqual([
        ['publish', 'Out at once', 'published', author.id],
      ]);
    });

    it('keeps a republish, and a scheduled story the scheduler publishes (no one named)', async () => {
      const author = await createUser(db);
      const story = await createPost(db, { author, status: 'published' });
      await save(author.id, story.id, { title: 'Republished', republish: true });
      await save(author.id, story.id, { title: 'Republished, edited' });
      expect((await storedRevisions(story.id)).map((r) => [r.kind, r.title])).toEqual([
        ['edit', 'Republished, edited'],
        ['publish', 'Republished'],
      ]);

      const scheduled = await createPost(db, {
        author,
        status: 'scheduled',
        title: 'On time',
        scheduledTime: new Date(Date.now() - 60_000),
      });
      expect(await publishDueStories(scheduled.id)).toEqual([scheduled.id]);
      const [kept] = await storedRevisions(scheduled.id);
      expect(kept).toMatchObject({ kind: 'publish', actorId: null, title: 'On time', status: 'published' });
      const listed = await history(author.id, scheduled.id);
      expect(listed.revisions[0]).toMatchObject({ kind: 'publish', actor: null });
    });
  });

  it('keeps the newest 100 revisions, pruning the oldest on the same save', async () => {
    const author = await createUser(db);
    const story = await createPost(db, { author, status: 'draft' });
    const start = Date.now() - 200 * 3_600_000;
    await keepOldEdits(story.id, author.id, (n) => new Date(start + n * 3_600_000));
    await save(author.id, story.id, { title: 'The hundred and first' });

    const rows = await storedRevisions(story.id);
    expect(rows).toHaveLength(100);
    expect(rows[0].title).toBe('The hundred and first');
    expect(rows.at(-1)!.title).toBe('Old 1');
    expect(rows.some((r) => r.title === 'Old 0')).toBe(false);
    // Another story's history is untouched by the pruning.
    const count = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(postRevisions)
      .where(and(eq(postRevisions.postId, story.id), eq(postRevisions.kind, 'edit')));
    expect(count[0].n).toBe(100);
  });

  it('keeps a publish after the newest revision even when that one is ahead of the clock, pruning to 100', async () => {
    const author = await createUser(db);
    const story = await createPost(db, { author, tags: ['Hope', 'Grace'] });
    // A history timed a minute ahead (another process's clock): the publish goes after its newest.
    const ahead = Date.now() + 60_000;
    await keepOldEdits(story.id, author.id, (n) => new Date(ahead - (99 - n) * 1_000));

    const kept = await keepStoryRevision({ postId: story.id, actorId: author.id, kind: 'publish' });

    const rows = await storedRevisions(story.id);
    expect(rows).toHaveLength(100);
    expect(rows[0]).toMatchObject({
      id: kept,
      kind: 'publish',
      actorId: author.id,
      title: story.title,
      excerpt: story.excerpt,
      bodyHtml: story.bodyHtml,
      tags: ['Hope', 'Grace'],
      status: 'published',
      wordCount: story.wordCount,
    });
    expect(rows[0].createdAt.getTime()).toBe(ahead + 1);
    expect(rows.at(-1)!.title).toBe('Old 1');
    // A story deleted meanwhile keeps nothing.
    expect(await keepStoryRevision({ postId: 'gone-story', actorId: author.id, kind: 'publish' })).toBeNull();
  });

  describe('restoring', () => {
    it('keeps a published story published, and brings the excerpt back only where the policy allows', async () => {
      const author = await createUser(db);
      const siteEditor = await createUser(db, { roles: ['editor'] });
      const story = await createPost(db, { author, status: 'published', excerpt: 'Excerpt one' });
      await save(author.id, story.id, { title: 'Published one', bodyJson: doc('One.') });
      await ageHistory(story.id);
      await save(siteEditor.id, story.id, { excerpt: 'Excerpt two' });
      await ageHistory(story.id);
      await save(author.id, story.id, { title: 'Published two', bodyJson: doc('Two.') });
      const [, , first] = (await history(author.id, story.id)).revisions;
      expect(first).toMatchObject({ title: 'Published one' });

      const res = await call('POST', restorePath(story.id, first.id), {
        as: author.id,
        body: { version: await versionOf(story.id) },
      });
      expect(res.status, res.text).toBe(200);
      // The author may not change an excerpt the story has: the current one stays.
      expect(res.json.excerptRestored).toBe(false);
      expect(res.json.story).toMatchObject({
        title: 'Published one',
        excerpt: 'Excerpt two',
        status: 'published',
        publishedAt: story.publishedAt!.getTime(),
      });
      expect(res.json.story.bodyHtml).toBe('<p>One.</p>');
    });

    it('restoring content equal to the current still records the restore', async () => {
      const author = await createUser(db);
      const story = await createPost(db, { author, status: 'draft' });
      await save(author.id, story.id, { title: 'Only version', bodyJson: doc('Only this.') });
      const [only] = (await history(author.id, story.id)).revisions;
      const version = await versionOf(story.id);
      const res = await call('POST', restorePath(story.id, only.id), { as: author.id, body: { version } });
      expect(res.status, res.text).toBe(200);
      expect(res.json.story).toMatchObject({ title: 'Only version', bodyHtml: '<p>Only this.</p>' });
      expect(res.json.revision).toMatchObject({ kind: 'restore', restoredFromId: only.id });
      expect((await history(author.id, story.id)).revisions.map((r) => r.kind)).toEqual(['restore', 'edit']);
    });

    it('keeps a save whose revision was lost before replacing it', async () => {
      const author = await createUser(db);
      const story = await createPost(db, { author, status: 'draft' });
      await save(author.id, story.id, { title: 'Kept' });
      const [kept] = (await history(author.id, story.id)).revisions;
      // A save whose process died before its revision was written.
      await db
        .update(posts)
        .set({ title: 'Saved but never kept', version: sql`${posts.version} + 1` })
        .where(eq(posts.id, story.id));

      const res = await call('POST', restorePath(story.id, kept.id), {
        as: author.id,
        body: { version: await versionOf(story.id) },
      });
      expect(res.status, res.text).toBe(200);
      expect((await history(author.id, story.id)).revisions.map((r) => [r.kind, r.title, r.actor])).toEqual([
        ['restore', 'Kept', { id: author.id, name: author.name }],
        ['edit', 'Saved but never kept', null],
        ['edit', 'Kept', { id: author.id, name: author.name }],
      ]);
    });

    it('refuses a stale version (409) and changes nothing', async () => {
      const author = await createUser(db);
      const story = await createPost(db, { author, status: 'draft' });
      await save(author.id, story.id, { title: 'One' });
      await ageHistory(story.id);
      await save(author.id, story.id, { title: 'Two' });
      const [, one] = (await history(author.id, story.id)).revisions;
      const version = await versionOf(story.id);

      const res = await call('POST', restorePath(story.id, one.id), {
        as: author.id,
        body: { version: version - 1 },
      });
      expect(res.status).toBe(409);
      expect(res.json.error.code).toBe('conflict');
      const read = await call('GET', `/api/posts/${story.id}`, { as: author.id });
      expect(read.json).toMatchObject({ title: 'Two', version });
      expect((await storedRevisions(story.id)).map((r) => r.title)).toEqual(['Two', 'One']);
    });
  });

  describe('who may', () => {
    it('refuses another writer (403; 404 where they cannot see the story), staff, and anonymous callers (401)', async () => {
      const author = await createUser(db);
      const other = await createUser(db);
      const siteAdmin = await createUser(db, { roles: ['admin'] });
      const published = await createPost(db, { author, status: 'published' });
      const draft = await createPost(db, { author, status: 'draft' });
      for (const story of [published, draft]) await save(author.id, story.id, { title: 'Mine' });
      const [revision] = await storedRevisions(published.id);
      const [draftRevision] = await storedRevisions(draft.id);
      const body = { version: await versionOf(published.id) };

      for (const as of [other.id, siteAdmin.id]) {
        const list = await call('GET', revisionsPath(published.id), { as });
        expect(list.status, `list as ${as}`).toBe(403);
        expect(list.json.error.code).toBe('forbidden');
        expect((await call('GET', revisionPath(published.id, revision.id), { as })).status).toBe(403);
        expect((await call('POST', restorePath(published.id, revision.id), { as, body })).status).toBe(403);
      }
      // A draft is not there at all for another writer.
      expect((await call('GET', revisionsPath(draft.id), { as: other.id })).status).toBe(404);
      expect((await call('GET', revisionPath(draft.id, draftRevision.id), { as: other.id })).status).toBe(
        404,
      );

      const anonymous = [
        await call('GET', revisionsPath(published.id)),
        await call('GET', revisionPath(published.id, revision.id)),
        await call('POST', restorePath(published.id, revision.id), { body }),
      ];
      expect(anonymous.map((res) => res.status)).toEqual([401, 401, 401]);
      expect(anonymous[0].json.error.code).toBe('unauthorized');

      // Nothing changed.
      expect(await storedRevisions(published.id)).toHaveLength(1);
      expect((await call('GET', `/api/posts/${published.id}`)).json.title).toBe('Mine');
    });

    it('answers 404 for an unknown revision or another story’s, 400 for a malformed id', async () => {
      const author = await createUser(db);
      const story = await createPost(db, { author, status: 'draft' });
      const another = await createPost(db, { author, status: 'draft' });
      await save(author.id, another.id, { title: 'Elsewhere' });
      const [elsewhere] = await storedRevisions(another.id);
      const version = await versionOf(story.id);

      for (const revisionId of [newUuid(), elsewhere.id]) {
        const read = await call('GET', revisionPath(story.id, revisionId), { as: author.id });
        expect(read.status).toBe(404);
        expect(read.json.error).toMatchObject({ code: 'not_found', message: 'Revision not found' });
        const restore = await call('POST', restorePath(story.id, revisionId), {
          as: author.id,
          body: { version },
        });
        expect(restore.status).toBe(404);
      }
      expect((await call('GET', revisionPath(story.id, 'not-a-uuid'), { as: author.id })).status).toBe(400);
      expect((await call('GET', revisionsPath('unknownStoryId_123456'), { as: author.id })).status).toBe(404);
      expect(await versionOf(story.id)).toBe(version);
    });
  });

  it('goes with its story', async () => {
    const author = await createUser(db);
    const story = await createPost(db, { author, status: 'draft' });
    await save(author.id, story.id, { title: 'Soon gone' });
    expect(await storedRevisions(story.id)).toHaveLength(1);
    expect((await call('DELETE', `/api/posts/${story.id}`, { as: author.id })).status).toBe(204);
    expect(
      await db
        .select()
        .from(postRevisions)
        .where(eq(postRevisions.postId, story.id))
        .orderBy(asc(postRevisions.id)),
    ).toEqual([]);
  });
});
