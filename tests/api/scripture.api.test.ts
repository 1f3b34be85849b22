import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { postScriptureRefs, postScriptureScans, posts } from '../../src/server/db/schema';
import { passageFeed } from '../../src/server/modules/feeds/feeds.service';
import { findSiteVersion } from '../../src/server/modules/page-cache/site-version.repository';
import { readPassage } from '../../src/server/modules/scripture/passages';
import { getPassagePage } from '../../src/server/modules/scripture/passages.service';
import {
  readStoryReferences,
  readUnreadStoryReferences,
} from '../../src/server/modules/scripture/scripture-refs.service';
import { replaceStoryReferences } from '../../src/server/modules/scripture/scripture.repository';
import { MAX_REFS_PER_STORY, SCANNER_VERSION } from '../../src/server/modules/scripture/story-references';
import { DENSE_CITATIONS } from '../../src/server/modules/scripture/scripture-citations.selection';
import { bodyFromText } from '../../src/server/seed/story-body';
import { createPost, createUser, storyPayload } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 24 (docs/decisions/046-stored-references.md, 047-passage-pages.md): the references of every
// story stored on each save, the preview API, the stories citing a passage, its feed and search.

let db: Db;

const doc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

/** A story published through the API (so the story core's events run), as its author. */
async function publish(author: { id: string }, body: string, overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/posts/new/publish', {
    as: author.id,
    body: storyPayload({ bodyJson: doc(...body.split('\n\n')), ...overrides }),
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; version: number; title: string };
}

const storedRefs = (postId: string) =>
  db
    .select({
      osis: postScriptureRefs.osis,
      startKey: postScriptureRefs.startKey,
      endKey: postScriptureRefs.endKey,
      position: postScriptureRefs.position,
    })
    .from(postScriptureRefs)
    .where(eq(postScriptureRefs.postId, postId))
    .orderBy(asc(postScriptureRefs.position));

const osisOf = async (postId: string) => (await storedRefs(postId)).map((ref) => ref.osis);

/** Ids of the stories GET /api/scripture/{osis}/posts lists. */
async function citing(osis: string, query = '', as?: string): Promise<string[]> {
  const res = await call('GET', `/api/scripture/${osis}/posts${query}`, { as });
  expect(res.status, res.text).toBe(200);
  return res.json.posts.map((post: { id: string }) => post.id);
}

beforeAll(async () => {
  db = (await useTestDatabase()).db;
});

describe('references stored on every save', () => {
  it('a published story keeps each passage once, in order of first appearance, with verse keys', async () => {
    const author = await createUser(db);
    const story = await publish(
      author,
      'For God so loved the world (John 3:16).\n\nSee Romans 8:28, 31 and Psalm 23, and again John 3:16.',
      { title: 'Grace in Genesis 1:1' },
    );
    expect(await storedRefs(story.id)).toEqual([
      { osis: 'Gen.1.1', startKey: 1_001_001, endKey: 1_001_001, position: 0 },
      { osis: 'John.3.16', startKey: 43_003_016, endKey: 43_003_016, position: 1 },
      { osis: 'Rom.8.28', startKey: 45_008_028, endKey: 45_008_028, position: 2 },
      { osis: 'Rom.8.31', startKey: 45_008_031, endKey: 45_008_031, position: 3 },
      { osis: 'Ps.23', startKey: 19_023_001, endKey: 19_023_006, position: 4 },
    ]);
    const [scan] = await db.select().from(postScriptureScans).where(eq(postScriptureScans.postId, story.id));
    expect(scan).toMatchObject({ postVersion: story.version, scannerVersion: SCANNER_VERSION, found: 6 });
  });

  it('GET /api/posts/{id} carries scriptureRefs written in the story language', async () => {
    const author = await createUser(db);
    const english = await publish(author, 'Rest (Matthew 11:28-30) and John 3:16–18.');
    const res = await call('GET', `/api/posts/${english.id}`);
    expect(res.status).toBe(200);
    expect(res.json.scriptureRefs).toEqual([
      { osis: 'Matt.11.28-Matt.11.30', display: 'Matthew 11:28–30' },
      { osis: 'John.3.16-John.3.18', display: 'John 3:16–18' },
    ]);
    const chinese = await publish(author, '正如约翰福音3:16所说，神爱世人。又见詩篇 23篇。', {
      languageCode: 'zh',
    });
    const zh = await call('GET', `/api/posts/${chinese.id}`);
    expect(zh.json.scriptureRefs).toEqual([
      { osis: 'John.3.16', display: '约翰福音 3:16' },
      { osis: 'Ps.23', display: '诗篇 23' },
    ]);
    const none = await publish(author, 'Mark 2 days on the calendar; John 3 people came.');
    expect((await call('GET', `/api/posts/${none.id}`)).json.scriptureRefs).toEqual([]);
  });

  it('a save replaces the rows, a save without references empties them, a delete takes them', async () => {
    const author = await createUser(db);
    const story = await publish(author, 'Psalm 23 and John 3:16.');
    const saved = await call('PATCH', `/api/posts/${story.id}`, {
      as: author.id,
      body: { version: story.version, bodyJson: doc('Only Isaiah 40:31 now, and Psalm 23.') },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await osisOf(story.id)).toEqual(['Isa.40.31', 'Ps.23']);
    const emptied = await call('PATCH', `/api/posts/${story.id}`, {
      as: author.id,
      body: { version: saved.json.version, bodyJson: doc('No passage at all.') },
    });
    expect(emptied.status).toBe(200);
    expect(await osisOf(story.id)).toEqual([]);
    // A title change counts too (title and body are read).
    const titled = await call('PATCH', `/api/posts/${story.id}`, {
      as: author.id,
      body: { version: emptied.json.version, title: 'On 1 Corinthians 13' },
    });
    expect(titled.status).toBe(200);
    expect(await osisOf(story.id)).toEqual(['1Cor.13']);
    expect((await call('DELETE', `/api/posts/${story.id}`, { as: author.id })).status).toBe(204);
    expect(await storedRefs(story.id)).toEqual([]);
    expect(await db.select().from(postScriptureScans).where(eq(postScriptureScans.postId, story.id))).toEqual(
      [],
    );
  });

  it('of two readings out of order, the older version never replaces the newer', async () => {
    const author = await createUser(db);
    const story = await publish(author, 'John 3:16');
    const newer = { postId: story.id, scannerVersion: SCANNER_VERSION, found: 1 };
    expect(
      await replaceStoryReferences({
        ...newer,
        postVersion: story.version + 5,
        references: [{ osis: 'Ps.23', startKey: 19_023_001, endKey: 19_023_006, position: 0 }],
      }),
    ).toBe('changed');
    expect(
      await replaceStoryReferences({
        ...newer,
        postVersion: story.version,
        references: [{ osis: 'Gen.1.1', startKey: 1_001_001, endKey: 1_001_001, position: 0 }],
      }),
    ).toBe('stale');
    expect(await osisOf(story.id)).toEqual(['Ps.23']);
    expect(
      await replaceStoryReferences({
        ...newer,
        postId: 'gone-gone-gone-gone-xx',
        postVersion: 1,
        references: [],
      }),
    ).toBe('gone');
  });

  it('a published story whose passages change moves the site version (the caches of passage pages); a draft does not', async () => {
    const author = await createUser(db);
    const published = await createPost(db, { author, body: 'Psalm 121:1' });
    const draft = await createPost(db, { author, status: 'draft', body: 'Psalm 121:2' });
    const before = BigInt(await findSiteVersion());
    expect(await readStoryReferences(draft.id)).toBe('changed');
    expect(BigInt(await findSiteVersion())).toBe(before);
    expect(await readStoryReferences(published.id)).toBe('changed');
    expect(BigInt(await findSiteVersion())).toBe(before + 1n);
    // Read again at the same version: nothing to do, nothing moves.
    expect(await readStoryReferences(published.id)).toBe('current');
    expect(BigInt(await findSiteVersion())).toBe(before + 1n);
  });
});

describe('bad input: bounded, nothing stored wrong', () => {
  it('5,000 references keep the first MAX_REFS_PER_STORY distinct passages', async () => {
    const author = await createUser(db);
    const books = ['John', 'Romans', 'Genesis', 'Psalm', 'Matthew', '1 Cor', 'Isaiah'];
    const many = Array.from(
      { length: 5000 },
      (_, i) => `${books[i % books.length]} ${1 + (i % 9)}:${1 + (i % 19)}`,
    ).join(', ');
    const story = await publish(author, many);
    const refs = await storedRefs(story.id);
    expect(refs).toHaveLength(MAX_REFS_PER_STORY);
    expect(refs.map((ref) => ref.position)).toEqual(refs.map((_, i) => i));
    expect(refs[0]).toMatchObject({ osis: 'John.1.1', position: 0 });
    expect(new Set(refs.map((ref) => ref.osis)).size).toBe(MAX_REFS_PER_STORY);
  });

  it('"Genesis 999:999", mixed scripts and a 100 KB paragraph without spaces store only real passages', async () => {
    const author = await createUser(db);
    const story = await publish(
      author,
      [
        'Genesis 999:999 and John 3:99 are not passages; Jude 30 is not either.',
        'Mixed: 约翰福音3:16 and Romans 8:28 and 詩篇 23篇 in one line.',
        'x'.repeat(50_000) + '约3:16'.repeat(2_000) + 'y'.repeat(40_000),
      ].join('\n\n'),
    );
    expect(await osisOf(story.id)).toEqual(['John.3.16', 'Rom.8.28', 'Ps.23']);
    const long = await publish(author, 'ab'.repeat(50_000));
    expect(await osisOf(long.id)).toEqual([]);
  });
});

describe('the backfill reads stories no save has read', () => {
  it('reads stories written directly (imports of old, the seed), page by page, and then nothing', async () => {
    await readUnreadStoryReferences({ budgetMs: 60_000 });
    const author = await createUser(db);
    const rows = [];
    for (const text of ['Hebrews 11:1', 'Micah 6:8', 'No passage', 'Philippians 4:13']) {
      rows.push(await createPost(db, { author, body: text }));
    }
    expect(await osisOf(rows[0].id)).toEqual([]);
    // A budget of nothing stops after the first page of two.
    const first = await readUnreadStoryReferences({ batch: 2, budgetMs: 0 });
    expect(first).toMatchObject({ read: 2, done: false });
    const rest = await readUnreadStoryReferences({ afterId: first.lastId, batch: 2, budgetMs: 60_000 });
    expect(rest.done).toBe(true);
    expect(first.read + rest.read).toBe(4);
    expect(await osisOf(rows[0].id)).toEqual(['Heb.11.1']);
    expect(await osisOf(rows[1].id)).toEqual(['Mic.6.8']);
    expect(await osisOf(rows[3].id)).toEqual(['Phil.4.13']);
    expect(await readUnreadStoryReferences()).toMatchObject({ read: 0, done: true });
    // A story changed behind the listeners' back (its version moved) is read again.
    await db
      .update(posts)
      .set({ bodyText: 'Now Jonah 2:9', version: sql`${posts.version} + 1` })
      .where(eq(posts.id, rows[2].id));
    expect(await readUnreadStoryReferences()).toMatchObject({ read: 1, changed: 1 });
    expect(await osisOf(rows[2].id)).toEqual(['Jonah.2.9']);
  });
});

describe('GET /api/scripture/{osis}', () => {
  it('answers the first verses, the display and the page address, public and cached with an ETag', async () => {
    const res = await call('GET', '/api/scripture/John.3.16?translation=web');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      osis: 'John.3.16',
      display: 'John 3:16',
      translation: 'web',
      translationName: 'World English Bible',
      verses: [
        { osis: 'John.3.16', number: 16, text: expect.stringContaining('For God so loved the world') },
      ],
      more: false,
      url: '/scripture/John.3.16',
    });
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await call('GET', '/api/scripture/John.3.16?translation=web', {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
  });

  it('writes the passage in the translation language and stops a long passage at five verses', async () => {
    const cuv = await call('GET', '/api/scripture/John.3.16?translation=cuv');
    expect(cuv.json).toMatchObject({ display: '约翰福音 3:16', translationName: '和合本' });
    expect(cuv.json.verses[0].text).toContain('神爱世人');
    const kjv = await call('GET', '/api/scripture/John.3.16?translation=kjv');
    expect(kjv.json.verses[0].text).toContain('For God so loved the world, that he gave');
    const book = await call('GET', '/api/scripture/Gen?translation=web');
    expect(book.json.verses.map((v: { osis: string }) => v.osis)).toEqual([
      'Gen.1.1',
      'Gen.1.2',
      'Gen.1.3',
      'Gen.1.4',
      'Gen.1.5',
    ]);
    expect(book.json).toMatchObject({ display: 'Genesis', more: true, url: '/scripture/Gen' });
    // Another spelling of the same passage answers in the canonical one.
    const same = await call('GET', '/api/scripture/Ps.23.1-Ps.23.6?translation=web');
    expect(same.json).toMatchObject({ osis: 'Ps.23', display: 'Psalm 23', url: '/scripture/Ps.23' });
  });

  it('without a translation, the reader language chooses (cookie, else Accept-Language), and says it varies', async () => {
    const zh = await call('GET', '/api/scripture/Ps.23.1', {
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(zh.json).toMatchObject({ translation: 'cuv', display: '诗篇 23:1' });
    expect(zh.headers.get('vary')).toContain('Accept-Language');
    const cookie = await call('GET', '/api/scripture/Ps.23.1', {
      headers: { 'accept-language': 'zh-CN', cookie: 'lamplight-lang=en' },
    });
    expect(cookie.json.translation).toBe('web');
  });

  it('a wrong passage is 404 or 400 with a clear message', async () => {
    // A verse the WEB leaves out is a passage still: answered with the verse it is printed with.
    const merged = await call('GET', '/api/scripture/Luke.17.36?translation=web');
    expect(merged.status).toBe(200);
    expect(merged.json).toMatchObject({ osis: 'Luke.17.36', display: 'Luke 17:36' });
    for (const osis of ['Gen.999.999', 'John.3.99', 'Jude.2.1', 'John.3.18-John.3.16', 'Xyz.1.1']) {
      const res = await call('GET', `/api/scripture/${osis}`);
      expect(res.status, osis).toBe(404);
      expect(res.json.error).toMatchObject({ code: 'not_found', message: 'No such passage' });
      expect(res.json.error.detail).toContain(osis);
    }
    for (const osis of [
      'Genesis',
      'John 3:16',
      'john.3.16',
      'Rom.8.28,Rom.8.31',
      `${'John.3.16-'.repeat(5)}x`,
    ]) {
      const res = await call('GET', `/api/scripture/${encodeURIComponent(osis)}`);
      expect(res.status, osis).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
    }
    expect((await call('GET', '/api/scripture/John.3.16?translation=niv')).status).toBe(400);
  });
});

describe('the stories citing a passage', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const author = await createUser(db);
    ids = {};
    // Published in this order: the newest is listed first. Habakkuk is cited nowhere else here.
    for (const [name, text] of [
      ['exact', 'Though the fig tree does not blossom: Habakkuk 3:17.'],
      ['range', 'Read Habakkuk 3:16-18 slowly.'],
      ['chapter', 'All of Habakkuk 3.'],
      ['elsewhere', 'Habakkuk 2:4 and Psalm 24.'],
      ['book', 'The whole prophecy: Habakkuk 1–3.'],
    ] as const) {
      ids[name] = (await publish(author, text)).id;
    }
    const draft = await call('POST', '/api/posts/new/draft', {
      as: author.id,
      body: storyPayload({ bodyJson: doc('A draft on Habakkuk 3:17') }),
    });
    ids.draft = draft.json.id;
  });

  it('lists stories citing it or an overlapping passage, newest first, never a draft', async () => {
    expect(await osisOf(ids.book)).toEqual(['Hab']);
    expect(await osisOf(ids.draft)).toEqual(['Hab.3.17']);
    expect(await citing('Hab.3.17')).toEqual([ids.book, ids.chapter, ids.range, ids.exact]);
    expect(await citing('Hab.3.18')).toEqual([ids.book, ids.chapter, ids.range]);
    expect(await citing('Hab.3.19')).toEqual([ids.book, ids.chapter]);
    expect(await citing('Hab.3')).toEqual([ids.book, ids.chapter, ids.range, ids.exact]);
    expect(await citing('Hab.2.4')).toEqual([ids.book, ids.elsewhere]);
    expect(await citing('Ps.24')).toEqual([ids.elsewhere]);
    expect(await citing('Ps.25')).toEqual([]);
  });

  it('a passage cited by many stories (the walk of the newest) lists the same way as a rare one', async () => {
    // DENSE_CITATIONS drafts citing Habakkuk 3:1 make its citations common; three published stories
    // among them are all the list may show.
    const author = await createUser(db);
    const drafts = Array.from({ length: DENSE_CITATIONS }, (_, i) => ({
      id: `habdraft${String(i).padStart(13, '0')}`,
      authorId: author.id,
      title: `Draft ${i}`,
      status: 'draft' as const,
    }));
    await db.insert(posts).values(drafts);
    await db.insert(postScriptureRefs).values(
      drafts.map((draft) => ({
        postId: draft.id,
        osis: 'Hab.3.1',
        startKey: 35_003_001,
        endKey: 35_003_001,
        position: 0,
      })),
    );
    const published = [];
    for (const text of ['A prayer of Habakkuk 3:1.', 'Habakkuk 3:1-2', 'Habakkuk 3:1, again']) {
      published.push((await publish(author, text)).id);
    }
    expect(await citing('Hab.3.1', '?limit=2')).toEqual([published[2], published[1]]);
    expect(await citing('Hab.3.1')).toEqual([
      published[2],
      published[1],
      published[0],
      ids.book,
      ids.chapter,
    ]);
    const first = await call('GET', '/api/scripture/Hab.3.1/posts?limit=3');
    const next = await call(
      'GET',
      `/api/scripture/Hab.3.1/posts?limit=3&lastKey=${encodeURIComponent(JSON.stringify(first.json.lastKey))}`,
    );
    expect(next.json.posts.map((p: { id: string }) => p.id)).toEqual([ids.book, ids.chapter]);
    const feed = (await passageFeed('Hab.3.1'))!;
    for (const id of [...published, ids.book, ids.chapter]) expect(feed).toContain(id);
    expect(feed).not.toContain('habdraft');
  });

  it('pages by lastKey (keyset), and refuses a cursor that is none', async () => {
    const first = await call('GET', '/api/scripture/Hab.3.17/posts?limit=3');
    expect(first.json.posts.map((p: { id: string }) => p.id)).toEqual([ids.book, ids.chapter, ids.range]);
    expect(first.json.lastKey).toMatchObject({ id: ids.range });
    const next = await call(
      'GET',
      `/api/scripture/Hab.3.17/posts?limit=3&lastKey=${encodeURIComponent(JSON.stringify(first.json.lastKey))}`,
    );
    expect(next.json).toEqual({ posts: [expect.objectContaining({ id: ids.exact })], lastKey: null });
    expect((await call('GET', '/api/scripture/Hab.3.17/posts?lastKey=oops')).status).toBe(400);
    expect((await call('GET', '/api/scripture/Gen.999.999/posts')).status).toBe(404);
  });

  it('an unpublished story leaves the list, and comes back when published again', async () => {
    const [{ authorId }] = await db
      .select({ authorId: posts.authorId })
      .from(posts)
      .where(eq(posts.id, ids.exact));
    const off = await call('PATCH', `/api/posts/manage_posts/unpublish_post/${ids.exact}`, { as: authorId });
    expect(off.status, off.text).toBe(200);
    expect(await citing('Hab.3.17')).not.toContain(ids.exact);
    const on = await call('PATCH', `/api/posts/manage_posts/publish_post/${ids.exact}`, { as: authorId });
    expect(on.status, on.text).toBe(200);
    expect((await citing('Hab.3.17'))[0]).toBe(ids.exact);
  });

  it('the passage feed lists them as RSS, encoded as every feed is', async () => {
    const author = await createUser(db);
    await publish(author, 'On Micah 6:8.', { title: 'Justice & <mercy> "walk humbly"' });
    const feed = (await passageFeed('Mic.6.8'))!;
    expect(feed).toContain('<title>Micah 6:8 on Lamplight</title>');
    expect(feed).toContain('<title>Justice &amp; &lt;mercy&gt; &quot;walk humbly&quot;</title>');
    expect(feed).toContain('/scripture/Mic.6.8/feed" rel="self"');
    expect(await passageFeed('Gen.999.999')).toBeNull();
  });
});

describe('search understands references', () => {
  it('"John 3:16", "Jn 3:16" and "约3:16" find the stories citing it (or 3:14–18) above those only holding the words', async () => {
    const author = await createUser(db);
    const words = await publish(author, 'John came home; 3 of us waited until 16 o’clock. Jn too.', {
      title: 'John and the 3 16 train jn',
    });
    const cites = await publish(author, 'A quiet note on John 3:16.', { title: 'Loved' });
    const overlapping = await publish(author, '从约翰福音3章14到18节', { languageCode: 'zh', title: '爱' });
    const search = async (q: string): Promise<string[]> => {
      const res = await call('GET', `/api/posts/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.json.posts.map((post: { id: string }) => post.id);
    };
    // Its title holds every word: a plain search ranks it first (title matches first, decision 022).
    expect((await search('John 16 train'))[0]).toBe(words.id);
    for (const q of ['John 3:16', 'Jn 3:16', 'jn 3:16']) {
      const found = await search(q);
      expect(found.slice(0, 2).sort(), q).toEqual([cites.id, overlapping.id].sort());
      // Still found by its words, below every story citing the passage.
      expect(found.indexOf(words.id), q).toBeGreaterThan(1);
    }
    for (const q of ['约3:16', '约翰福音 3:16']) {
      expect((await search(q)).slice(0, 2).sort(), q).toEqual([cites.id, overlapping.id].sort());
    }
  });
});

describe('the passage page data', () => {
  it('a chapter: its verses, the chapters around it; a verse: its chapter; a book: its chapters', async () => {
    const psalm = await getPassagePage(readPassage('Ps.23')!, 'en');
    expect(psalm).toMatchObject({
      osis: 'Ps.23',
      display: 'Psalm 23',
      kind: 'chapter',
      translation: { id: 'web', name: 'World English Bible' },
      previous: { osis: 'Ps.22', display: 'Psalm 22' },
      next: { osis: 'Ps.24', display: 'Psalm 24' },
      chapter: null,
      chapterGroups: [],
    });
    expect(psalm.verses.map((v) => v.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(psalm.translation.licence).toContain('Public Domain');
    const verse = await getPassagePage(readPassage('John.3.16')!, 'zh');
    expect(verse).toMatchObject({
      display: '约翰福音 3:16',
      kind: 'verses',
      translation: { id: 'cuv' },
      chapter: { osis: 'John.3', display: '约翰福音 3' },
    });
    expect(verse.verses[0].text).toContain('神爱世人');
    const book = await getPassagePage(readPassage('Gen')!, 'en');
    expect(book).toMatchObject({ kind: 'book', verses: [], display: 'Genesis' });
    expect(book.chapterGroups).toHaveLength(1);
    expect(book.chapterGroups[0].chapters.map((c) => c.osis).slice(0, 2)).toEqual(['Gen.1', 'Gen.2']);
    expect(book.chapterGroups[0].chapters).toHaveLength(50);
    const firstChapter = await getPassagePage(readPassage('Gen.1')!, 'en');
    expect(firstChapter.previous).toBeNull();
    expect(firstChapter.next).toMatchObject({ osis: 'Gen.2' });
    const across = await getPassagePage(readPassage('Mal.4')!, 'en');
    expect(across.next).toMatchObject({ osis: 'Matt.1', display: 'Matthew 1' });
  });

  it('bodyFromText keeps blank-line paragraphs (the backfill reads body_text as stored)', () => {
    expect(bodyFromText('John 3:16\n\nPsalm 23').bodyText).toContain('\n');
  });
});
