import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { newUuid } from '../../src/server/lib/ids';
import {
  addPublicationMember,
  createCollection,
  createPublication,
  createUser,
  storyPayload,
} from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

let db: Db;
const inAMinute = () => Math.ceil((Date.now() + 120_000) / 60_000) * 60_000;

describe('posts API: creating stories', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('POST /new/publish publishes now and answers the whole story (201)', async () => {
    const author = await createUser(db);
    const before = Date.now();
    const res = await call('POST', '/api/posts/new/publish', {
      as: author.id,
      body: storyPayload({
        title: 'Grace & Peace — Day 1',
        tags: [{ name: 'Finding Peace' }, { name: '信心' }],
        languageCode: 'zh',
      }),
    });
    expect(res.status).toBe(201);
    const story = res.json;
    expect(story).toMatchObject({
      title: 'Grace & Peace — Day 1',
      slug: 'grace-peace-day-1',
      status: 'published',
      scheduledTime: null,
      publicationId: null,
      collectionId: null,
      publication: null,
      isInNewsletter: false,
      languageCode: 'zh',
      version: 1,
      tags: [
        { name: 'Finding Peace', slug: 'finding-peace' },
        { name: '信心', slug: '信心' },
      ],
      author: {
        id: author.id,
        name: author.name,
        status: 'active',
        image: null,
        subdomain: author.subdomain,
      },
      bodyHtml: '<h2>Morning</h2><p>Rest in the promises written in His Word.</p>',
      readingMinutes: 1,
      wordCount: 9,
      rejectionReason: null,
    });
    expect(story.id).toMatch(/^[0-9A-Za-z_-]{21}$/);
    expect(story.publishedAt).toBeGreaterThanOrEqual(before);
    expect(story.createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(story.bodyJson.type).toBe('doc');
    // The author's answer says what they may do with it; a reader's the same story with nothing to do.
    expect(story.can).toMatchObject({
      canEdit: true,
      canUnpublish: true,
      canRepublish: true,
      canDelete: true,
    });
    // GET answers the same story, and the scripture passages it cites (issue 24: none here).
    expect((await call('GET', `/api/posts/${story.id}`, { as: author.id })).json).toEqual({
      ...story,
      scriptureRefs: [],
    });
    const again = await call('GET', `/api/posts/${story.id}`);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({
      ...story,
      scriptureRefs: [],
      can: Object.fromEntries(
        Object.entries(story.can).map(([name, value]) => [name, Array.isArray(value) ? [] : false]),
      ),
    });
  });

  it('POST /new/draft saves a draft nobody else can see (404)', async () => {
    const author = await createUser(db);
    const stranger = await createUser(db);
    const res = await call('POST', '/api/posts/new/draft', {
      as: author.id,
      body: { title: '', excerpt: '' },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      status: 'draft',
      publishedAt: null,
      scheduledTime: null,
      title: '',
      bodyHtml: '',
    });
    const id = res.json.id;
    expect((await call('GET', `/api/posts/${id}`, { as: author.id })).status).toBe(200);
    for (const as of [undefined, stranger.id]) {
      const hidden = await call('GET', `/api/posts/${id}`, { as });
      expect(hidden.status).toBe(404);
      expect(hidden.json.error).toEqual({ code: 'not_found', message: 'Story not found' });
    }
  });

  it('POST /new/schedule schedules at the minute given, rounded down', async () => {
    const author = await createUser(db);
    const at = inAMinute();
    const res = await call('POST', '/api/posts/new/schedule', {
      as: author.id,
      body: storyPayload({ scheduledTime: at + 1234 }),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: 'scheduled', scheduledTime: at, publishedAt: null });
    expect((await call('GET', `/api/posts/${res.json.id}`)).status).toBe(404);
  });

  it('refuses anonymous callers (401), a missing or malformed schedule time (400), and one the clock rules out (422)', async () => {
    const author = await createUser(db);
    expect((await call('POST', '/api/posts/new/draft', { body: storyPayload() })).status).toBe(401);
    for (const scheduledTime of [undefined, 'tomorrow']) {
      const res = await call('POST', '/api/posts/new/schedule', {
        as: author.id,
        body: storyPayload({ scheduledTime }),
      });
      expect(res.status, String(scheduledTime)).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
    }
    // The document's keywords are met; the rule it states in words (future, within five years) is not.
    const sixYears = 6 * 366 * 86_400_000;
    for (const [scheduledTime, message] of [
      [Date.now() - 60_000, 'The scheduled time must be in the future'],
      [Date.now(), 'The scheduled time must be in the future'],
      [Date.now() + sixYears, 'The scheduled time is too far ahead'],
    ] as const) {
      const res = await call('POST', '/api/posts/new/schedule', {
        as: author.id,
        body: storyPayload({ scheduledTime }),
      });
      expect(res.status, String(scheduledTime)).toBe(422);
      expect(res.json.error).toMatchObject({ code: 'unprocessable', message });
    }
  });

  it('enforces the tag rules of SPEC §5: at most 5, non-blank, no case-insensitive duplicates', async () => {
    const author = await createUser(db);
    const cases: Array<[unknown, string]> = [
      [['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ({ name })), 'at most 5 tags'],
      [[{ name: 'Faith' }, { name: 'faith' }], 'Duplicate tag: faith'],
      [[{ name: 'Hope' }, { name: ' HOPE ' }], 'Duplicate tag'],
      [[{ name: '   ' }], 'blank'],
      [[{ name: 'x'.repeat(41) }], 'at most 40'],
      [[{ name: '!!!' }], 'letter or a digit'],
      [['Faith'], 'tags.0'],
    ];
    for (const [tags, hint] of cases) {
      const res = await call('POST', '/api/posts/new/publish', {
        as: author.id,
        body: storyPayload({ tags }),
      });
      expect(res.status, JSON.stringify(tags)).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
      expect(res.json.error.detail).toContain(hint);
    }
    const five = await call('POST', '/api/posts/new/publish', {
      as: author.id,
      body: storyPayload({ tags: ['One', 'Two', 'Three', 'Four', 'Five'].map((name) => ({ name })) }),
    });
    expect(five.status).toBe(201);
    expect(five.json.tags.map((t: { slug: string }) => t.slug)).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
    ]);
  });

  it('answers 400 for malformed JSON, wrong types and over-long fields', async () => {
    const author = await createUser(db);
    const malformed = await call('POST', '/api/posts/new/draft', {
      as: author.id,
      rawBody: '{"title": "x",',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('bad_request');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ excerpt: 'x'.repeat(501) }, 'excerpt'],
      [{ title: 42 }, 'title'],
      [{ bodyJson: { type: 'paragraph' } }, 'bodyJson'],
      [{ featureImageUrl: 'javascript:alert(1)' }, 'featureImageUrl'],
      [{ publicationId: 'nope' }, 'publicationId'],
      [{ languageCode: 'english' }, 'languageCode'],
    ];
    for (const [overrides, hint] of cases) {
      const res = await call('POST', '/api/posts/new/draft', {
        as: author.id,
        body: storyPayload(overrides),
      });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.json.error.detail).toContain(hint);
    }
  });

  it("search's copy of a published story holds its vector, and Chinese bigrams only when it has Chinese (migrations 0009, 0014)", async () => {
    const author = await createUser(db);
    const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
    for (const [text, bigrams] of [
      ['Rest in the promises written in His Word.', []],
      ['以利亚 prayed, and 医治 came', ['以利', '利亚', '医治']],
      ['One 信 alone makes no pair', []],
    ] as const) {
      const res = await call('POST', '/api/posts/new/publish', {
        as: author.id,
        body: storyPayload({ bodyJson: { type: 'doc', content: [paragraph(text)] } }),
      });
      expect(res.status).toBe(201);
      const { rows } = (await db.execute(sql`select s.search_vector = p.search_vector
          || post_search_cjk_bigrams(concat_ws(' ', p.title, p.excerpt, p.tags_text, p.body_text)) as "same",
          s.search_vector::text as "vector", p.search_vector::text as "own"
        from post_search s join posts p on p.id = s.post_id where s.post_id = ${res.json.id}`)) as unknown as {
        rows: { same: boolean; vector: string; own: string }[];
      };
      expect(rows).toHaveLength(1);
      expect(rows[0].same, text).toBe(true);
      if (bigrams.length === 0) expect(rows[0].vector).toBe(rows[0].own);
      for (const pair of bigrams) expect(rows[0].vector).toContain(`'${pair}'`);
    }
  });

  it('a story needs a title and an excerpt to go out (drafts may have neither)', async () => {
    const author = await createUser(db);
    for (const overrides of [{ title: '  ' }, { excerpt: '' }]) {
      const res = await call('POST', '/api/posts/new/publish', {
        as: author.id,
        body: storyPayload(overrides),
      });
      expect(res.status).toBe(400);
    }
  });

  describe('inside a publication', () => {
    it('a publication without a collection answers SPEC §5 alert; a foreign collection is refused', async () => {
      const owner = await createUser(db);
      const publication = await createPublication(db, { owner });
      const other = await createPublication(db);
      const noCollection = await call('POST', '/api/posts/new/publish', {
        as: owner.id,
        body: storyPayload({ publicationId: publication.id }),
      });
      expect(noCollection.status).toBe(400);
      expect(noCollection.json.error.message).toBe('Please choose/create a collection firstly');
      const foreign = await call('POST', '/api/posts/new/publish', {
        as: owner.id,
        body: storyPayload({ publicationId: publication.id, collectionId: other.collection.id }),
      });
      expect(foreign.status).toBe(400);
      expect(foreign.json.error.detail).toContain('collectionId');
      const missing = await call('POST', '/api/posts/new/draft', {
        as: owner.id,
        body: storyPayload({ publicationId: newUuid(), collectionId: newUuid() }),
      });
      expect(missing.status).toBe(404);
    });

    it('the owner and editors publish directly; the story carries its publication', async () => {
      const owner = await createUser(db);
      const editor = await createUser(db);
      const publication = await createPublication(db, { owner });
      await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
      const second = await createCollection(db, { publication });
      for (const [as, collection] of [
        [owner, publication.collection],
        [editor, second],
      ] as const) {
        const res = await call('POST', '/api/posts/new/publish', {
          as: as.id,
          body: storyPayload({ publicationId: publication.id, collectionId: collection.id }),
        });
        expect(res.status).toBe(201);
        expect(res.json).toMatchObject({
          status: 'published',
          publicationId: publication.id,
          collectionId: collection.id,
          publication: {
            id: publication.id,
            name: publication.name,
            newsletterDescription: publication.newsletterDescription,
          },
        });
      }
    });

    it('the answer is the story as stored: what GET answers the writer, tags in their order and first spelling', async () => {
      const owner = await createUser(db);
      const editor = await createUser(db);
      const publication = await createPublication(db, { owner });
      await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
      // 'Grace' is known already under another spelling; 'Quiet Morning …' is new.
      const first = await call('POST', '/api/posts/new/draft', {
        as: owner.id,
        body: storyPayload({ tags: [{ name: 'GRACE' }] }),
      });
      expect(first.json.tags).toEqual([{ name: 'GRACE', slug: 'grace' }]);
      const fresh = `Quiet Morning ${newUuid().slice(0, 8)}`;
      for (const [mode, extra] of [
        ['publish', {}],
        ['draft', {}],
        ['schedule', { scheduledTime: inAMinute() }],
      ] as const) {
        const res = await call('POST', `/api/posts/new/${mode}`, {
          as: editor.id,
          body: storyPayload({
            ...extra,
            publicationId: publication.id,
            collectionId: publication.collection.id,
            tags: [{ name: fresh }, { name: 'grace' }, { name: 'Hope' }],
            featureImageUrl: 'https://images.example.test/a.jpg',
            languageCode: 'zh',
          }),
        });
        expect(res.status, mode).toBe(201);
        expect(res.json.tags.map((tag: { name: string }) => tag.name)).toEqual([fresh, 'GRACE', 'Hope']);
        expect(res.json.can.canEdit).toBe(true);
        // GET adds the scripture passages the story cites (issue 24), after the same story.
        const read = (await call('GET', `/api/posts/${res.json.id}`, { as: editor.id })).text;
        expect(read).toBe(`${res.text.slice(0, -1)},"scriptureRefs":[]}`);
      }
    });

    it('a publication_author may not publish or schedule there (403); their draft goes to review (pending)', async () => {
      const writer = await createUser(db);
      const publication = await createPublication(db);
      await addPublicationMember(db, { publication, user: writer, role: 'publication_author' });
      const placement = { publicationId: publication.id, collectionId: publication.collection.id };
      const publish = await call('POST', '/api/posts/new/publish', {
        as: writer.id,
        body: storyPayload(placement),
      });
      expect(publish.status).toBe(403);
      expect(publish.json.error.message).toContain('submit it for review');
      const schedule = await call('POST', '/api/posts/new/schedule', {
        as: writer.id,
        body: storyPayload({ ...placement, scheduledTime: inAMinute() }),
      });
      expect(schedule.status).toBe(403);
      const draft = await call('POST', '/api/posts/new/draft', {
        as: writer.id,
        body: storyPayload(placement),
      });
      expect(draft.status).toBe(201);
      expect(draft.json.status).toBe('pending');
      // The desk sees it; the public does not.
      expect((await call('GET', `/api/posts/${draft.json.id}`, { as: publication.owner.id })).status).toBe(
        200,
      );
      expect((await call('GET', `/api/posts/${draft.json.id}`)).status).toBe(404);
    });

    it('a writer who is not a member cannot put a story in the publication (403)', async () => {
      const writer = await createUser(db);
      const publication = await createPublication(db);
      const res = await call('POST', '/api/posts/new/draft', {
        as: writer.id,
        body: storyPayload({ publicationId: publication.id, collectionId: publication.collection.id }),
      });
      expect(res.status).toBe(403);
    });
  });
});
