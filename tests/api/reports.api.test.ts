import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { moderationLog, posts, reports, responses, users, type PostRow } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { REPORTS_PER_USER } from '../../src/server/modules/reports/reports.service';
import { createPost, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 25 item 3 (docs/decisions/054-reports.md): readers report responses and stories; site staff
// dismiss, hide or ban from the queue; each action in the moderation log, with its effect.

let db: Db;
let siteEditor: string;
let siteAdmin: string;

const report = (as: string | undefined, body: unknown) => call('POST', '/api/reports', { as, body });
const queue = (as: string | undefined, query = '') => call('GET', `/api/reports${query}`, { as });
const act = (as: string | undefined, id: string, body: unknown) =>
  call('PATCH', `/api/reports/${id}`, { as, body });

async function createResponse(
  post: Pick<PostRow, 'id'>,
  authorId: string,
  extra: Partial<typeof responses.$inferInsert> = {},
) {
  const [row] = await db
    .insert(responses)
    .values({
      id: newUuid(),
      postId: post.id,
      authorId,
      text: `Praying for you ${newUuid().slice(0, 6)}`,
      ...extra,
    })
    .returning();
  return row;
}

const logRows = (subjectId: string) =>
  db.select().from(moderationLog).where(eq(moderationLog.subjectId, subjectId));
const reportRows = (subjectId: string) => db.select().from(reports).where(eq(reports.subjectId, subjectId));
const storyResponses = async (postId: string, as?: string) => {
  const res = await call('GET', `/api/posts/${postId}/responses`, { as });
  expect(res.status).toBe(200);
  const items = (res.json.responses ?? res.json.items ?? []) as { id: string; replies?: { id: string }[] }[];
  return items.flatMap((item) => [item.id, ...(item.replies ?? []).map((reply) => reply.id)]);
};

describe('reports API (/api/reports)', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    siteEditor = (await createUser(db, { roles: ['editor'] })).id;
    siteAdmin = (await createUser(db, { roles: ['admin'] })).id;
  });

  it('a reader reports a response; again while it is open answers the same report; details keep line breaks', async () => {
    const writer = await createUser(db);
    const story = await createPost(db, { author: writer });
    const a = await createUser(db);
    const c = await createUser(db);
    const response = await createResponse(story, a.id);

    const first = await report(c.id, {
      kind: 'response',
      id: response.id,
      reason: 'harassment',
      details: 'Mocking someone who asked for prayer.\nSecond line.',
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      kind: 'response',
      subjectId: response.id,
      reason: 'harassment',
      status: 'open',
      details: 'Mocking someone who asked for prayer.\nSecond line.',
    });
    const again = await report(c.id, { kind: 'response', id: response.id, reason: 'spam' });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    expect(again.json.reason).toBe('harassment');
    const [row] = await reportRows(response.id);
    expect(row).toMatchObject({ postId: story.id, responseId: response.id, reporterId: c.id });
    expect(await reportRows(response.id)).toHaveLength(1);

    // Two clicks racing still make one report.
    const d = await createUser(db);
    const racing = await Promise.all(
      [1, 2, 3].map(() => report(d.id, { kind: 'response', id: response.id, reason: 'spam' })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await reportRows(response.id)).toHaveLength(2);
  });

  it('a reader reports a published story; not one they cannot see, nor their own', async () => {
    const writer = await createUser(db);
    const story = await createPost(db, { author: writer });
    const reader = await createUser(db);
    const res = await report(reader.id, { kind: 'story', id: story.id, reason: 'misinformation' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ kind: 'story', subjectId: story.id, details: '' });

    const own = await report(writer.id, { kind: 'story', id: story.id, reason: 'spam' });
    expect(own.status).toBe(403);
    expect(own.json.error).toMatchObject({
      code: 'forbidden',
      message: 'You cannot report something you wrote',
    });

    const draft = await createPost(db, { author: writer, status: 'draft' });
    expect((await report(reader.id, { kind: 'story', id: draft.id, reason: 'spam' })).status).toBe(404);
    // Site staff may open a draft by id (excerpt edits), yet a report is about what readers see.
    expect((await report(siteEditor, { kind: 'story', id: draft.id, reason: 'spam' })).status).toBe(404);
    const unknown = 'x'.repeat(21);
    expect((await report(reader.id, { kind: 'story', id: unknown, reason: 'spam' })).status).toBe(404);
    // A banned writer's story is gone for readers.
    const banned = await createUser(db, { status: 'banned' });
    const bannedStory = await createPost(db, { author: banned });
    expect((await report(reader.id, { kind: 'story', id: bannedStory.id, reason: 'spam' })).status).toBe(404);
    expect(await reportRows(draft.id)).toHaveLength(0);
  });

  it('refuses own, hidden, removed, banned-author and unknown responses, and guests', async () => {
    const story = await createPost(db);
    const a = await createUser(db);
    const reader = await createUser(db);
    const mine = await createResponse(story, reader.id);
    const hidden = await createResponse(story, a.id, { hiddenAt: new Date() });
    const removed = await createResponse(story, a.id, { removedAt: new Date() });
    const bannedAuthor = await createUser(db, { status: 'banned' });
    const byBanned = await createResponse(story, bannedAuthor.id);
    const draft = await createPost(db, { status: 'draft' });
    const onDraft = await createResponse(draft, a.id);
    const shown = await createResponse(story, a.id);

    expect((await report(reader.id, { kind: 'response', id: mine.id, reason: 'spam' })).status).toBe(403);
    for (const subject of [hidden, removed, byBanned, onDraft]) {
      const res = await report(reader.id, { kind: 'response', id: subject.id, reason: 'spam' });
      expect(res.status, subject.id).toBe(404);
      expect(res.json.error.code).toBe('not_found');
    }
    expect((await report(reader.id, { kind: 'response', id: newUuid(), reason: 'spam' })).status).toBe(404);
    const guest = await report(undefined, { kind: 'response', id: shown.id, reason: 'spam' });
    expect(guest.status).toBe(401);
    // A banned reader's session no longer counts: they are a guest.
    const bannedReader = await createUser(db, { status: 'banned' });
    expect((await report(bannedReader.id, { kind: 'response', id: shown.id, reason: 'spam' })).status).toBe(
      401,
    );
    const [count] = await db.select().from(reports).where(eq(reports.postId, story.id));
    expect(count).toBeUndefined();
  });

  it('refuses bad input with 400 (or 413; 404 for an id of the wrong form) and stores nothing', async () => {
    const story = await createPost(db);
    const response = await createResponse(story, (await createUser(db)).id);
    const reader = (await createUser(db)).id;
    const bad: [unknown, number][] = [
      [{ kind: 'comment', id: response.id, reason: 'spam' }, 400],
      // An id of the other kind's form names nothing of this kind: not found.
      [{ kind: 'response', id: story.id, reason: 'spam' }, 404],
      [{ kind: 'story', id: response.id, reason: 'spam' }, 404],
      [{ kind: 'response', id: response.id, reason: 'rude' }, 400],
      [{ kind: 'response', id: response.id }, 400],
      [{ kind: 'response', id: response.id, reason: 'spam', details: 'x'.repeat(1001) }, 400],
      [{ kind: 'response', id: response.id, reason: 'spam', details: 'bell\u0007' }, 400],
      [{ kind: 'response', id: response.id, reason: 'spam', details: 'nul\u0000' }, 400],
      [{ kind: 'response', id: `${response.id}\n`, reason: 'spam' }, 400],
      ['not an object', 400],
    ];
    for (const [body, status] of bad) {
      const res = await report(reader, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json.error.message).toBeTruthy();
    }
    const huge = await report(reader, {
      kind: 'response',
      id: response.id,
      reason: 'spam',
      details: 'x'.repeat(1 << 20),
    });
    expect([400, 413]).toContain(huge.status);
    expect(await reportRows(response.id)).toHaveLength(0);

    const [open] = [await report(reader, { kind: 'response', id: response.id, reason: 'other' })];
    expect(open.status).toBe(201);
    for (const body of [
      { action: 'delete' },
      { action: 'dismiss', note: 'x'.repeat(501) },
      { action: 'dismiss', note: 'tab\u0007' },
      {},
    ]) {
      expect((await act(siteEditor, open.json.id, body)).status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await act(siteEditor, 'not-a-uuid', { action: 'dismiss' })).status).toBe(400);
    expect((await act(siteEditor, newUuid(), { action: 'dismiss' })).status).toBe(404);
    expect((await queue(siteEditor, '?status=everything')).status).toBe(400);
    expect((await queue(siteEditor, '?lastKey=nope')).status).toBe(400);
    const [row] = await reportRows(response.id);
    expect(row.status).toBe('open');
  });

  it(`limits one reader to ${REPORTS_PER_USER.limit} new reports an hour (429); a repeat is not counted`, async () => {
    const reader = (await createUser(db)).id;
    const author = (await createUser(db)).id;
    const story = await createPost(db);
    const subjects = await Promise.all(
      Array.from({ length: REPORTS_PER_USER.limit + 1 }, () => createResponse(story, author)),
    );
    for (const subject of subjects.slice(0, REPORTS_PER_USER.limit)) {
      expect((await report(reader, { kind: 'response', id: subject.id, reason: 'spam' })).status).toBe(201);
    }
    expect((await report(reader, { kind: 'response', id: subjects[0].id, reason: 'spam' })).status).toBe(200);
    const over = await report(reader, { kind: 'response', id: subjects.at(-1)!.id, reason: 'spam' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await reportRows(subjects.at(-1)!.id)).toHaveLength(0);
  });

  it('the queue is site staff’s: one row per subject with its count, oldest first, keyset pages', async () => {
    const reader = await createUser(db);
    expect((await queue(undefined)).status).toBe(401);
    expect((await queue(reader.id)).status).toBe(403);

    // Resolve whatever earlier tests left open, so this one sees only its own.
    for (let page = await queue(siteAdmin); page.json.reports.length > 0; page = await queue(siteAdmin)) {
      for (const item of page.json.reports)
        expect((await act(siteAdmin, item.id, { action: 'dismiss' })).status).toBe(200);
    }

    const author = await createUser(db, { name: 'Quarrelsome Writer' });
    const story = await createPost(db, { title: 'Grief and grace' });
    const subjects = [];
    for (let i = 0; i < 23; i++)
      subjects.push(await createResponse(story, author.id, { text: `Response ${i}` }));
    const reporters = [
      await createUser(db, { name: 'First Reporter' }),
      await createUser(db),
      await createUser(db),
    ];
    for (const subject of subjects) {
      expect(
        (await report(reporters[0].id, { kind: 'response', id: subject.id, reason: 'spam' })).status,
      ).toBe(201);
    }
    // The first subject, reported three times: one row, counted 3.
    for (const r of reporters.slice(1)) {
      expect((await report(r.id, { kind: 'response', id: subjects[0].id, reason: 'hate' })).status).toBe(201);
    }

    const first = await queue(siteEditor);
    expect(first.status).toBe(200);
    expect(first.json.reports).toHaveLength(20);
    expect(first.json.lastKey).not.toBeNull();
    const top = first.json.reports[0];
    expect(top).toMatchObject({
      kind: 'response',
      reason: 'spam',
      reportCount: 3,
      reporter: { id: reporters[0].id, name: 'First Reporter' },
      subject: {
        id: subjects[0].id,
        postId: story.id,
        storyTitle: 'Grief and grace',
        text: 'Response 0',
        author: { id: author.id, name: 'Quarrelsome Writer', status: 'active' },
        state: 'visible',
      },
      resolution: null,
      // A site editor dismisses and removes responses; bans are the site admins'.
      can: { dismiss: true, hide: true, ban: false },
    });
    expect(top.subject.storyPath).toMatch(new RegExp(`^/stories/.*${story.id}$`));
    const second = await queue(
      siteEditor,
      `?lastKey=${encodeURIComponent(JSON.stringify(first.json.lastKey))}`,
    );
    expect(second.json.reports).toHaveLength(3);
    expect(second.json.lastKey).toBeNull();
    const ids = [...first.json.reports, ...second.json.reports].map(
      (r: { subject: { id: string } }) => r.subject.id,
    );
    expect(ids).toEqual(subjects.map((s) => s.id));
    expect((await queue(siteAdmin)).json.reports[0].can).toEqual({ dismiss: true, hide: true, ban: true });

    // Dismissing the first resolves its three reports at once.
    const dismissed = await act(siteEditor, top.id, { action: 'dismiss', note: 'Firm, not abusive' });
    expect(dismissed.status).toBe(200);
    expect(dismissed.json).toMatchObject({ status: 'dismissed', resolution: 'dismiss', resolvedCount: 3 });
    expect((await queue(siteEditor)).json.reports[0].subject.id).toBe(subjects[1].id);
    const resolved = await queue(siteEditor, '?status=resolved');
    expect(resolved.json.reports.slice(0, 3).map((r: { subject: { id: string } }) => r.subject.id)).toEqual([
      subjects[0].id,
      subjects[0].id,
      subjects[0].id,
    ]);
    expect(resolved.json.reports[0]).toMatchObject({
      status: 'dismissed',
      reportCount: 3,
      resolution: { action: 'dismiss', note: 'Firm, not abusive', by: { id: siteEditor } },
      can: { dismiss: false, hide: false, ban: false },
    });
    for (const item of [...first.json.reports.slice(1), ...second.json.reports])
      await act(siteAdmin, item.id, { action: 'dismiss' });
  });

  it('dismiss: the report and its subject’s other open reports dismissed, one dismiss_report log row; twice is 409', async () => {
    const story = await createPost(db);
    const a = await createUser(db);
    const response = await createResponse(story, a.id);
    const c = await createUser(db);
    const d = await createUser(db);
    const mine = await report(c.id, { kind: 'response', id: response.id, reason: 'harassment' });
    await report(d.id, { kind: 'response', id: response.id, reason: 'spam' });

    expect((await act(c.id, mine.json.id, { action: 'dismiss' })).status).toBe(403);
    expect((await act(undefined, mine.json.id, { action: 'dismiss' })).status).toBe(401);
    const res = await act(siteEditor, mine.json.id, { action: 'dismiss' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: mine.json.id,
      status: 'dismissed',
      resolution: 'dismiss',
      resolvedCount: 2,
    });
    const rows = await reportRows(response.id);
    expect(rows.map((r) => r.status)).toEqual(['dismissed', 'dismissed']);
    expect(rows.every((r) => r.resolvedBy === siteEditor && r.resolvedAt)).toBe(true);
    const log = await logRows(mine.json.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'dismiss_report', targetUserId: a.id, actorId: siteEditor });
    // The response stays where it was.
    const [still] = await db.select().from(responses).where(eq(responses.id, response.id));
    expect(still.removedAt).toBeNull();

    const twice = await act(siteAdmin, mine.json.id, { action: 'dismiss' });
    expect(twice.status).toBe(409);
    expect(await logRows(mine.json.id)).toHaveLength(1);
    // Once dismissed, the reader may report it again (a new open report).
    expect((await report(c.id, { kind: 'response', id: response.id, reason: 'harassment' })).status).toBe(
      201,
    );

    // The moderation log lists it for staff, with its subject.
    const page = await call('GET', '/api/users/moderation_log', { as: siteAdmin });
    const entry = page.json.entries.find((e: { subjectId: string | null }) => e.subjectId === mine.json.id);
    expect(entry).toMatchObject({
      action: 'dismiss_report',
      target: { id: a.id },
      actor: { id: siteEditor },
    });
  });

  it('hide a response: removed by staff, logged remove_response, gone from the story’s responses', async () => {
    const story = await createPost(db);
    const a = await createUser(db);
    const keep = await createResponse(story, a.id);
    const response = await createResponse(story, a.id);
    const c = await createUser(db);
    const filed = await report(c.id, { kind: 'response', id: response.id, reason: 'hate' });
    expect(await storyResponses(story.id)).toContain(response.id);

    const res = await act(siteEditor, filed.json.id, { action: 'hide' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'actioned', resolution: 'hide', resolvedCount: 1 });
    const [row] = await db.select().from(responses).where(eq(responses.id, response.id));
    expect(row.removedAt).not.toBeNull();
    expect(row.removedBy).toBe(siteEditor);
    const log = await logRows(response.id);
    expect(log.map((l) => [l.action, l.targetUserId, l.actorId])).toEqual([
      ['remove_response', a.id, siteEditor],
    ]);
    const shown = await storyResponses(story.id, c.id);
    expect(shown).not.toContain(response.id);
    expect(shown).toContain(keep.id);
    expect((await act(siteEditor, filed.json.id, { action: 'hide' })).status).toBe(409);
  });

  it('hide a story: site admins unpublish it (logged unpublish_story); site editors may not', async () => {
    const writer = await createUser(db);
    const story = await createPost(db, { author: writer });
    const c = await createUser(db);
    const filed = await report(c.id, { kind: 'story', id: story.id, reason: 'sexual' });
    expect(filed.status).toBe(201);

    const editor = await act(siteEditor, filed.json.id, { action: 'hide' });
    expect(editor.status).toBe(403);
    expect(editor.json.error.message).toBe('Only a site admin can unpublish a reported story');
    expect((await reportRows(story.id))[0].status).toBe('open');

    const res = await act(siteAdmin, filed.json.id, { action: 'hide', note: 'Explicit' });
    expect(res.status).toBe(200);
    expect(res.json.resolution).toBe('hide');
    const [row] = await db.select().from(posts).where(eq(posts.id, story.id));
    expect(row.status).toBe('draft');
    const log = await logRows(story.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'unpublish_story',
      targetUserId: writer.id,
      actorId: siteAdmin,
      reason: 'Explicit',
    });
    expect((await call('GET', `/api/posts/${story.id}`, { as: c.id })).status).toBe(404);
  });

  it('ban: the author banned (logged ban), their responses gone, and back after unban', async () => {
    const story = await createPost(db);
    const rude = await createUser(db);
    const first = await createResponse(story, rude.id);
    const second = await createResponse(story, rude.id);
    const reader = await createUser(db);
    const filed = await report(reader.id, { kind: 'response', id: first.id, reason: 'harassment' });
    const other = await report(reader.id, { kind: 'response', id: second.id, reason: 'harassment' });

    expect((await act(siteEditor, filed.json.id, { action: 'ban' })).status).toBe(403);
    expect((await storyResponses(story.id)).filter((id) => [first.id, second.id].includes(id))).toHaveLength(
      2,
    );

    const res = await act(siteAdmin, filed.json.id, { action: 'ban', note: 'Repeated harassment' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'actioned', resolution: 'ban' });
    const [user] = await db.select().from(users).where(eq(users.id, rude.id));
    expect(user.status).toBe('banned');
    const log = await db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.targetUserId, rude.id), eq(moderationLog.action, 'ban')));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actorId: siteAdmin, reason: 'Repeated harassment' });
    expect(await storyResponses(story.id)).not.toContain(first.id);
    expect(await storyResponses(story.id)).not.toContain(second.id);
    // The other report of the same author's other response is still open, and a ban again is 409.
    const again = await act(siteAdmin, other.json.id, { action: 'ban' });
    expect(again.status).toBe(409);
    expect((await act(siteAdmin, other.json.id, { action: 'dismiss' })).status).toBe(200);

    const unban = await call('PATCH', `/api/users/ban_user/${rude.id}`, { as: siteAdmin, body: {} });
    expect(unban.json.status).toBe('active');
    const back = await storyResponses(story.id);
    expect(back).toContain(first.id);
    expect(back).toContain(second.id);
  });

  it('a site admin cannot ban themself from a report of their own response', async () => {
    const story = await createPost(db);
    const response = await createResponse(story, siteAdmin);
    const reader = await createUser(db);
    const filed = await report(reader.id, { kind: 'response', id: response.id, reason: 'other' });
    const res = await act(siteAdmin, filed.json.id, { action: 'ban' });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe('You cannot ban yourself');
    expect((await act(siteAdmin, filed.json.id, { action: 'dismiss' })).status).toBe(200);
  });
});
