import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { storyJsonLd } from '../../src/components/story-page/story-seo';
import type { Db } from '../../src/server/db/client';
import { moderationLog, responses, users } from '../../src/server/db/schema';
import { encodeCursor } from '../../src/server/lib/cursor';
import { createStoryPageCache } from '../../src/server/modules/posts/posts-page.cache';
import { getStoryPage, probeStoryPage } from '../../src/server/modules/posts/posts-page.service';
import { RESPONSE_LIMITS, storyPageComments } from '../../src/server/modules/responses/responses.service';
import {
  addPublicationMember,
  createPost,
  createPublication,
  createResponse,
  createUser,
} from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 25 item 2: responses under a published story — posting, paging, one level of replies, the
// 15-minute edit window, deleting, hiding (writer, editors) and removing (site staff, logged), bans
// hiding a writer's responses until unbanned, turning responses off, the story page's JSON-LD and its
// cache — and the bad input of the issue's "Done when", each a clear 4xx that leaves nothing behind.

let db: Db;
const slugOf = (post: { slug: string; id: string }) => (post.slug ? `${post.slug}-${post.id}` : post.id);

const respond = (as: string | undefined, postId: string, body: unknown) =>
  call('POST', `/api/posts/${postId}/responses`, { as, body });
const list = (postId: string, as?: string, lastKey?: unknown) =>
  call(
    'GET',
    `/api/posts/${postId}/responses${lastKey ? `?lastKey=${encodeURIComponent(JSON.stringify(lastKey))}` : ''}`,
    { as },
  );
const rowsOf = async (postId: string) =>
  (await db.select({ n: count() }).from(responses).where(eq(responses.postId, postId)))[0]!.n;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('responses', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('posts a response and lists it with its writer, times and what each reader may do', async () => {
    const writer = await createUser(db);
    const reader = await createUser(db, { name: 'Ruth Reader' });
    const post = await createPost(db, { author: writer });
    const text = 'Praying for you.\n\nRead https://example.com/psalm-23 and ask @nobody-here';
    const res = await respond(reader.id, post.id, { text: `  ${text}  ` });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      postId: post.id,
      parentId: null,
      text, // trimmed, line breaks kept
      editedAt: null,
      author: { id: reader.id, name: 'Ruth Reader', handle: reader.subdomain },
      hidden: false,
      removed: false,
      can: { edit: true, delete: true, hide: false, remove: false, report: false },
    });

    const anonymous = await list(post.id);
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toMatchObject({
      count: 1,
      open: true,
      signedIn: false,
      lastKey: null,
      can: { respond: false, close: false },
    });
    expect(anonymous.json.items[0]).toMatchObject({
      id: res.json.id,
      text,
      replies: [],
      replyCount: 0,
      can: { edit: false, delete: false, hide: false, remove: false, report: false },
    });
    const asWriter = await list(post.id, writer.id);
    expect(asWriter.json.can).toEqual({ respond: true, close: true });
    expect(asWriter.json.items[0].can).toMatchObject({
      edit: false,
      delete: false,
      hide: true,
      report: true,
    });
  });

  it('keeps HTML and script as the text they are', async () => {
    const post = await createPost(db);
    const reader = await createUser(db);
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)> <b>bold</b>';
    const res = await respond(reader.id, post.id, { text });
    expect(res.status).toBe(201);
    const [row] = await db.select().from(responses).where(eq(responses.id, res.json.id));
    expect(row!.text).toBe(text);
    expect((await list(post.id)).json.items[0].text).toBe(text);
    // In the story page's JSON-LD it cannot close the script element.
    const page = await getStoryPage(slugOf(post), async () => null);
    if (page.kind !== 'story') throw new Error('no page');
    const ld = storyJsonLd(page.story, 'https://lamplight.test', await storyPageComments(post.id));
    expect(ld).not.toContain('</script');
    expect(ld).not.toContain('<img');
    expect(JSON.parse(ld).comment[0].text).toBe(text);
  });

  it('pages top-level responses newest first, and each one’s replies oldest first', async () => {
    const post = await createPost(db);
    const people = [await createUser(db), await createUser(db), await createUser(db)];
    const made = [];
    for (let i = 0; i < 25; i++) {
      made.push(
        await createResponse(db, {
          post,
          author: people[i % 3]!,
          text: `r${i}`,
          createdAt: minutesAgo(100 - i),
        }),
      );
    }
    const first = made[24]!;
    for (let i = 0; i < 5; i++) {
      await createResponse(db, {
        post,
        author: people[i % 3]!,
        parent: first,
        text: `reply ${i}`,
        createdAt: minutesAgo(20 - i),
      });
    }
    const seen: string[] = [];
    let lastKey: unknown = null;
    let pages = 0;
    do {
      const page = await list(post.id, undefined, lastKey);
      expect(page.status).toBe(200);
      expect(page.json.count).toBe(30);
      seen.push(...page.json.items.map((item: { text: string }) => item.text));
      lastKey = page.json.lastKey;
      pages++;
    } while (lastKey && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `r${24 - i}`));

    const top = (await list(post.id)).json.items[0];
    expect(top.replies.map((r: { text: string }) => r.text)).toEqual(['reply 0', 'reply 1', 'reply 2']);
    expect(top.replyCount).toBe(5);
    const more = await call(
      'GET',
      `/api/responses/${first.id}/replies?lastKey=${encodeURIComponent(encodeCursor(top.repliesLastKey))}`,
    );
    expect(more.status).toBe(200);
    expect(more.json.items.map((r: { text: string }) => r.text)).toEqual(['reply 3', 'reply 4']);
    expect(more.json.lastKey).toBeNull();
    // A reply has no replies to page.
    expect((await call('GET', `/api/responses/${top.replies[0].id}/replies`)).status).toBe(404);
  });

  it('replies one level deep, to a shown response of the same story only', async () => {
    const writer = await createUser(db);
    const post = await createPost(db, { author: writer });
    const other = await createPost(db, { author: writer });
    const a = await createUser(db);
    const b = await createUser(db);
    const top = await respond(a.id, post.id, { text: 'A response' });
    const reply = await respond(b.id, post.id, { text: 'A reply', parentId: top.json.id });
    expect(reply.status).toBe(201);
    expect(reply.json.parentId).toBe(top.json.id);

    const before = await rowsOf(post.id);
    const toReply = await respond(a.id, post.id, { text: 'Deeper', parentId: reply.json.id });
    expect(toReply.status).toBe(403);
    expect(toReply.json.error.message).toMatch(/one level/);
    expect((await respond(a.id, other.id, { text: 'Elsewhere', parentId: top.json.id })).status).toBe(404);

    // Hidden by the writer: no replies.
    await call('POST', `/api/responses/${top.json.id}/hide`, { as: writer.id, body: { hidden: true } });
    const toHidden = await respond(b.id, post.id, { text: 'To a hidden one', parentId: top.json.id });
    expect(toHidden.status).toBe(409);
    // By a banned writer: none either.
    const c = await createUser(db);
    const byBanned = await createResponse(db, { post, author: c });
    await db.update(users).set({ status: 'banned' }).where(eq(users.id, c.id));
    expect((await respond(b.id, post.id, { text: 'To a banned one', parentId: byBanned.id })).status).toBe(
      409,
    );
    // Deleted: gone.
    const gone = await respond(b.id, post.id, { text: 'Soon gone' });
    expect((await call('DELETE', `/api/responses/${gone.json.id}`, { as: b.id })).status).toBe(204);
    expect((await respond(a.id, post.id, { text: 'To a deleted one', parentId: gone.json.id })).status).toBe(
      404,
    );
    expect(await rowsOf(post.id)).toBe(before + 1); // the banned writer's response, made directly
  });

  it('lets its writer edit it for 15 minutes, and no one else', async () => {
    const post = await createPost(db);
    const a = await createUser(db);
    const res = await respond(a.id, post.id, { text: 'Frist' });
    const edited = await call('PATCH', `/api/responses/${res.json.id}`, {
      as: a.id,
      body: { text: 'First' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.text).toBe('First');
    expect(edited.json.editedAt).toBeGreaterThan(0);
    const stranger = await createUser(db);
    expect(
      (await call('PATCH', `/api/responses/${res.json.id}`, { as: stranger.id, body: { text: 'Mine' } }))
        .status,
    ).toBe(403);

    await db
      .update(responses)
      .set({ createdAt: minutesAgo(16) })
      .where(eq(responses.id, res.json.id));
    const late = await call('PATCH', `/api/responses/${res.json.id}`, { as: a.id, body: { text: 'Late' } });
    expect(late.status).toBe(403);
    expect(late.json.error.message).toMatch(/15 minutes/);
    expect((await list(post.id, a.id)).json.items[0]).toMatchObject({ text: 'First', can: { edit: false } });
  });

  it('deletes a response with its replies, by its writer only', async () => {
    const post = await createPost(db);
    const a = await createUser(db);
    const b = await createUser(db);
    const top = await respond(a.id, post.id, { text: 'Top' });
    await respond(b.id, post.id, { text: 'Reply', parentId: top.json.id });
    expect((await call('DELETE', `/api/responses/${top.json.id}`, { as: b.id })).status).toBe(403);
    expect((await call('DELETE', `/api/responses/${top.json.id}`)).status).toBe(401);
    expect(await rowsOf(post.id)).toBe(2);
    expect((await call('DELETE', `/api/responses/${top.json.id}`, { as: a.id })).status).toBe(204);
    expect(await rowsOf(post.id)).toBe(0);
    expect((await call('DELETE', `/api/responses/${top.json.id}`, { as: a.id })).status).toBe(404);
  });

  it('lets the writer and the publication’s editors hide and unhide; shows hidden ones marked to them only', async () => {
    const writer = await createUser(db);
    const publication = await createPublication(db);
    await addPublicationMember(db, { publication, user: writer, role: 'publication_author' });
    const editor = await createUser(db);
    await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
    const post = await createPost(db, { author: writer, publication });
    const rude = await createUser(db);
    const res = await respond(rude.id, post.id, { text: 'Something rude' });
    const stranger = await createUser(db);
    expect(
      (await call('POST', `/api/responses/${res.json.id}/hide`, { as: stranger.id, body: { hidden: true } }))
        .status,
    ).toBe(403);
    const hidden = await call('POST', `/api/responses/${res.json.id}/hide`, {
      as: writer.id,
      body: { hidden: true },
    });
    expect(hidden.json).toEqual({ id: res.json.id, hidden: true, removed: false });
    expect((await list(post.id)).json).toMatchObject({ count: 0, items: [] });
    expect((await list(post.id, rude.id)).json.items).toEqual([]);
    const asEditor = await list(post.id, editor.id);
    expect(asEditor.json.items[0]).toMatchObject({ id: res.json.id, hidden: true, can: { hide: true } });
    const shown = await call('POST', `/api/responses/${res.json.id}/hide`, {
      as: editor.id,
      body: { hidden: false },
    });
    expect(shown.json.hidden).toBe(false);
    expect((await list(post.id)).json.count).toBe(1);
  });

  it('makes a site staff hide a removal, logged; a writer cannot show a removed one again', async () => {
    const writer = await createUser(db);
    const post = await createPost(db, { author: writer });
    const a = await createUser(db);
    const res = await respond(a.id, post.id, { text: 'Spam spam spam' });
    const staff = await createUser(db, { roles: ['editor'] });
    const removed = await call('POST', `/api/responses/${res.json.id}/hide`, {
      as: staff.id,
      body: { hidden: true },
    });
    expect(removed.json).toEqual({ id: res.json.id, hidden: false, removed: true });
    const logRows = () =>
      db
        .select({
          action: moderationLog.action,
          actorId: moderationLog.actorId,
          target: moderationLog.targetUserId,
        })
        .from(moderationLog)
        .where(eq(moderationLog.subjectId, res.json.id))
        .orderBy(moderationLog.createdAt);
    expect(await logRows()).toEqual([{ action: 'remove_response', actorId: staff.id, target: a.id }]);
    // Again: nothing changes, nothing more is logged.
    await call('POST', `/api/responses/${res.json.id}/hide`, { as: staff.id, body: { hidden: true } });
    expect(await logRows()).toHaveLength(1);

    expect((await list(post.id)).json.count).toBe(0);
    // The writer does not see it and cannot bring it back.
    expect((await list(post.id, writer.id)).json.items).toEqual([]);
    expect(
      (await call('POST', `/api/responses/${res.json.id}/hide`, { as: writer.id, body: { hidden: false } }))
        .status,
    ).toBe(404);
    expect((await list(post.id, staff.id)).json.items[0]).toMatchObject({
      removed: true,
      can: { remove: true },
    });

    const restored = await call('POST', `/api/responses/${res.json.id}/hide`, {
      as: staff.id,
      body: { hidden: false },
    });
    expect(restored.json).toEqual({ id: res.json.id, hidden: false, removed: false });
    expect((await logRows()).map((r) => r.action)).toEqual(['remove_response', 'restore_response']);
    expect((await list(post.id)).json.count).toBe(1);
  });

  it('hides a banned writer’s responses everywhere, and an unban brings them back', async () => {
    const post = await createPost(db);
    const a = await createUser(db);
    const c = await createUser(db);
    const top = await createResponse(db, { post, author: a, createdAt: minutesAgo(5) });
    await createResponse(db, { post, author: c, parent: top, text: 'C replies' });
    await createResponse(db, { post, author: c, text: 'C responds' });
    expect((await list(post.id)).json.count).toBe(3);

    await db.update(users).set({ status: 'banned' }).where(eq(users.id, c.id));
    const banned = await list(post.id);
    expect(banned.json.count).toBe(1);
    expect(banned.json.items).toHaveLength(1);
    expect(banned.json.items[0]).toMatchObject({ replies: [], replyCount: 0 });
    expect((await storyPageComments(post.id)).count).toBe(1);

    await db.update(users).set({ status: 'active' }).where(eq(users.id, c.id));
    expect((await list(post.id)).json.count).toBe(3);
  });

  it('turns responses off per story (its writer) and per publication (its editors)', async () => {
    const owner = await createUser(db);
    const publication = await createPublication(db, { owner });
    const writer = await createUser(db);
    await addPublicationMember(db, { publication, user: writer, role: 'publication_author' });
    const post = await createPost(db, { author: writer, publication });
    const reader = await createUser(db);

    const off = await call('PUT', `/api/posts/${post.id}/responses/settings`, {
      as: writer.id,
      body: { open: false },
    });
    expect(off.json).toEqual({ open: false, closedForStory: true, closedByPublication: false });
    const refused = await respond(reader.id, post.id, { text: 'Hello?' });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe('Responses are turned off for this story');
    expect((await list(post.id, reader.id)).json).toMatchObject({ open: false, can: { respond: false } });
    expect(
      (await call('PUT', `/api/posts/${post.id}/responses/settings`, { as: reader.id, body: { open: true } }))
        .status,
    ).toBe(403);
    await call('PUT', `/api/posts/${post.id}/responses/settings`, { as: writer.id, body: { open: true } });
    expect((await respond(reader.id, post.id, { text: 'Hello!' })).status).toBe(201);

    const pubOff = await call('PUT', `/api/publications/${publication.id}/responses/settings`, {
      as: owner.id,
      body: { open: false },
    });
    expect(pubOff.json).toEqual({ open: false });
    expect((await respond(reader.id, post.id, { text: 'Again?' })).status).toBe(403);
    expect((await call('GET', `/api/posts/${post.id}/responses/settings`, { as: writer.id })).json).toEqual({
      open: false,
      closedForStory: false,
      closedByPublication: true,
    });
    expect(
      (
        await call('PUT', `/api/publications/${publication.id}/responses/settings`, {
          as: writer.id,
          body: { open: true },
        })
      ).status,
    ).toBe(403);
    await call('PUT', `/api/publications/${publication.id}/responses/settings`, {
      as: owner.id,
      body: { open: true },
    });
    expect((await respond(reader.id, post.id, { text: 'Again!' })).status).toBe(201);
  });

  it('answers 404 for drafts and stories the reader may not see', async () => {
    const writer = await createUser(db);
    const draft = await createPost(db, { author: writer, status: 'draft' });
    const reader = await createUser(db);
    expect((await list(draft.id)).status).toBe(404);
    expect((await list(draft.id, writer.id)).status).toBe(404);
    expect((await respond(reader.id, draft.id, { text: 'Hi' })).status).toBe(404);
    expect((await respond(writer.id, draft.id, { text: 'Hi' })).status).toBe(404);
    expect((await list('AAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect(await rowsOf(draft.id)).toBe(0);
  });

  it('carries the newest shown responses as JSON-LD comments, and the page cache renders once after a change', async () => {
    const writer = await createUser(db);
    const post = await createPost(db, { author: writer, title: 'Cached with comments' });
    const a = await createUser(db, { name: 'Anna' });
    const cache = createStoryPageCache({ maxBytes: 1024 * 1024, probe: probeStoryPage });
    const path = `/stories/${slugOf(post)}`;
    const page = (html: string) => ({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', vary: 'rsc', 'set-cookie': undefined },
      body: Buffer.from(html),
    });
    const read = async (render: string) => {
      const decision = await cache.lookup({ pathname: path, acceptsGzip: false });
      if (decision.action === 'render') {
        cache.store(decision.token, page(render));
        return `rendered:${render}`;
      }
      if (decision.action === 'serve') return `cached:${decision.body?.toString()}`;
      return decision.action;
    };
    expect(await read('v1')).toBe('rendered:v1');
    expect(await read('unused')).toBe('cached:v1');

    const res = await respond(a.id, post.id, { text: 'Amen' });
    expect(await read('v2')).toBe('rendered:v2');
    expect(await read('unused')).toBe('cached:v2');

    const story = await getStoryPage(slugOf(post), async () => null);
    if (story.kind !== 'story') throw new Error('no page');
    const ld = JSON.parse(
      storyJsonLd(story.story, 'https://lamplight.test', await storyPageComments(post.id)),
    );
    expect(ld.commentCount).toBe(1);
    expect(ld.comment).toEqual([
      {
        '@type': 'Comment',
        text: 'Amen',
        dateCreated: new Date(res.json.createdAt).toISOString(),
        author: { '@type': 'Person', name: 'Anna', url: `https://lamplight.test/@${a.subdomain}` },
      },
    ]);

    // Hidden, shown again, the responder banned and unbanned: each renders the page once more.
    await call('POST', `/api/responses/${res.json.id}/hide`, { as: writer.id, body: { hidden: true } });
    expect(await read('v3')).toBe('rendered:v3');
    expect(await read('unused')).toBe('cached:v3');
    await call('POST', `/api/responses/${res.json.id}/hide`, { as: writer.id, body: { hidden: false } });
    expect(await read('v4')).toBe('rendered:v4');
    await db.update(users).set({ status: 'banned' }).where(eq(users.id, a.id));
    expect(await read('v5')).toBe('rendered:v5');
    expect(await read('unused')).toBe('cached:v5');
    await db.update(users).set({ status: 'active' }).where(eq(users.id, a.id));
    expect(await read('v6')).toBe('rendered:v6');
    // A response elsewhere changes nothing here.
    await respond(a.id, (await createPost(db)).id, { text: 'Elsewhere' });
    expect(await read('unused')).toBe('cached:v6');
  });

  describe('bad input', () => {
    it('refuses a 1 MB response before parsing it, an empty one and one past 5,000 characters', async () => {
      const post = await createPost(db);
      const a = await createUser(db);
      const huge = await respond(a.id, post.id, { text: 'x'.repeat(1024 * 1024) });
      expect(huge.status).toBe(413);
      expect(huge.json.error.code).toBe('payload_too_large');
      const long = await respond(a.id, post.id, { text: 'x'.repeat(5001) });
      expect(long.status).toBe(400);
      expect(long.json.error.detail).toMatch(/^text: A response is at most 5000 characters/);
      expect((await respond(a.id, post.id, { text: '   \n ' })).status).toBe(400);
      expect((await respond(a.id, post.id, { text: 'Bell\u0007' })).json.error).toEqual({
        code: 'validation_failed',
        message: 'Invalid input',
        detail: 'text: Control characters are not allowed',
      });
      expect((await respond(a.id, post.id, { text: 'ok', parentId: 'nope' })).status).toBe(400);
      expect((await respond(a.id, post.id, { text: 'ok', extra: 1 })).status).toBe(400);
      expect((await respond(a.id, post.id, { text: 'x'.repeat(5000) })).status).toBe(201);
      expect(await rowsOf(post.id)).toBe(1);
    });

    it('answers 100 responses in a second from one account with 429s past the limit, and stores no more', async () => {
      const post = await createPost(db);
      const a = await createUser(db);
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => respond(a.id, post.id, { text: `Flood ${i}` })),
      );
      const created = answers.filter((r) => r.status === 201).length;
      const limited = answers.filter((r) => r.status === 429);
      expect(created).toBe(RESPONSE_LIMITS.perUser.limit);
      expect(limited).toHaveLength(100 - created);
      expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited[0]!.json.error.code).toBe('rate_limited');
      expect(await rowsOf(post.id)).toBe(created);
    });

    it('limits a story’s responses per minute whoever writes them', async () => {
      const post = await createPost(db);
      const people = await Promise.all(Array.from({ length: 7 }, () => createUser(db)));
      const statuses: number[] = [];
      for (const person of people) {
        for (let i = 0; i < 5; i++)
          statuses.push((await respond(person.id, post.id, { text: `Hi ${i}` })).status);
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(RESPONSE_LIMITS.perStory.limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(35 - RESPONSE_LIMITS.perStory.limit);
      const [row] = await db
        .select({ n: count() })
        .from(responses)
        .where(and(eq(responses.postId, post.id), sql`true`));
      expect(row!.n).toBe(RESPONSE_LIMITS.perStory.limit);
    });
  });
});
