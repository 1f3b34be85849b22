import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { dailyVerses, type UserRow } from '../../src/server/db/schema';
import { resetMailTransport, setMailTransport, smtpTransport } from '../../src/server/lib/mail';
import { sendDueNewsletters } from '../../src/server/modules/newsletters/newsletters-sender.service';
import { publicationTopicSlug } from '../../src/server/modules/newsletters/newsletters.table';
import {
  listingFingerprint,
  listingPageAddress,
  takesListingPage,
} from '../../src/server/modules/page-cache/listing-addresses';
import { createListingPageCache } from '../../src/server/modules/page-cache/listing-page.cache';
import { findSiteVersion } from '../../src/server/modules/page-cache/site-version.repository';
import type { VersionedPageCache } from '../../src/server/modules/page-cache/versioned-page.cache';
import { siteDayOf } from '../../src/server/modules/scripture/daily-verses.choice';
import { getVerseOfTheDay } from '../../src/server/modules/scripture/daily-verses.service';
import { yearlyVerse } from '../../src/server/modules/scripture/daily-verses.yearly';
import {
  createNewsletterEntry,
  createPost,
  createPublication,
  createSubscription,
  createTopic,
  createUser,
  setPublicationStorySet,
} from '../factories';
import { call } from '../helpers/api-client';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { useTestDatabase } from '../helpers/test-db';

// The verse of the day (issue 24 item 4; docs/decisions/049-verse-of-the-day.md) on the real
// database: staff add verses by typing references, schedule and order them; every reader of a
// language gets the same passage on a day, in their translation; /dailydevotion's cached copy is
// dropped when the list changes and at the day's end; the daily devotional's newsletter opens with it.

const LIST = '/api/scripture/daily_verses';
const DAY_MS = 86_400_000;

let db: Db;
let sink: SmtpSink;
let editor: UserRow;
let admin: UserRow;

const today = () => siteDayOf(new Date()).date;
const dayAfter = (days: number) => siteDayOf(new Date(Date.now() + days * DAY_MS)).date;
const rows = async () => (await db.select({ n: count() }).from(dailyVerses))[0]!.n;
const add = (body: Record<string, unknown>, as = editor.id) => call('POST', LIST, { as, body });

beforeAll(async () => {
  db = (await useTestDatabase()).db;
  editor = await createUser(db, { roles: ['editor'] });
  admin = await createUser(db, { roles: ['admin'] });
  sink = await startSmtpSink();
  await setMailTransport(smtpTransport(sink.url, 1));
});
afterAll(async () => {
  await resetMailTransport();
  await sink.close();
});
beforeEach(async () => {
  await db.delete(dailyVerses).where(sql`true`);
});

describe('staff add verses by typing a reference', () => {
  it('reads English and Chinese references into passages, scheduled or in the rotation', async () => {
    const psalm = await add({ reference: 'Psalm 23:1', scheduledFor: today() });
    expect(psalm.status, psalm.text).toBe(201);
    expect(psalm.json).toMatchObject({
      osis: 'Ps.23.1',
      display: { en: 'Psalm 23:1', zh: '诗篇 23:1' },
      language: 'both',
      scheduledFor: today(),
    });
    const john = await add({ reference: '约3:16', language: 'zh' }, admin.id);
    expect(john.status, john.text).toBe(201);
    expect(john.json).toMatchObject({ osis: 'John.3.16', language: 'zh', scheduledFor: null });
    const range = await add({ reference: 'Rom 8:38–39' });
    expect(range.json).toMatchObject({ osis: 'Rom.8.38-Rom.8.39', display: { en: 'Romans 8:38–39' } });

    const list = await call('GET', LIST, { as: editor.id });
    expect(list.status).toBe(200);
    expect(list.json.scheduled.map((v: { osis: string }) => v.osis)).toEqual(['Ps.23.1']);
    expect(list.json.rotation.map((v: { osis: string }) => v.osis)).toEqual([
      'John.3.16',
      'Rom.8.38-Rom.8.39',
    ]);
  });

  it('refuses what is not a passage, a passage of more than five verses, a passed day, with nothing stored', async () => {
    const refusals: [Record<string, unknown>, number, RegExp][] = [
      [{ reference: 'hello world' }, 422, /"hello world" is not a Bible passage/],
      [{ reference: 'John 3 people' }, 422, /is not a Bible passage/],
      [{ reference: 'Genesis 999:999' }, 422, /is not a Bible passage/],
      [{ reference: 'John 3:16 and Romans 8:28' }, 422, /is not a Bible passage/],
      [{ reference: '詩篇 23篇' }, 422, /Psalm 23 is longer than 5 verses/],
      [{ reference: '1 Corinthians 13' }, 422, /1 Corinthians 13 is longer than 5 verses/],
      [{ reference: 'Psalm 23:1', scheduledFor: dayAfter(-1) }, 422, /has passed/],
      [{ reference: '' }, 400, /Invalid input/],
      [{ reference: 'John 3:16\r\nBcc: x@example.com' }, 400, /Invalid input/],
      [{ reference: 'Psalm 23:1', scheduledFor: '2030-02-30' }, 400, /Invalid input/],
      [{ reference: 'Psalm 23:1', language: 'fr' }, 400, /Invalid input/],
    ];
    for (const [body, status, message] of refusals) {
      const res = await add(body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(status);
      expect(res.json.error.message).toMatch(message);
    }
    const tooLong = await add({ reference: 'Psalm 23' });
    expect(tooLong.json.error.detail).toBe(
      'reference: a verse of the day is at most 5 verses; type a part of it',
    );
    expect(await rows()).toBe(0);
  });

  it('keeps one verse a day for each language: a second for the same readers is a conflict', async () => {
    const day = dayAfter(3);
    expect((await add({ reference: 'Psalm 23:1', scheduledFor: day, language: 'zh' })).status).toBe(201);
    const taken = await add({ reference: 'John 3:16', scheduledFor: day });
    expect(taken.status).toBe(409);
    expect(taken.json.error.message).toBe(`Psalm 23:1 is already the verse of ${day}`);
    expect((await add({ reference: 'John 3:16', scheduledFor: day, language: 'en' })).status).toBe(201);
    expect(await rows()).toBe(2);
  });
});

describe('the verse of the day', () => {
  it('is the scheduled verse, in English from the WEB and in Chinese from the CUV', async () => {
    await add({ reference: 'Psalm 23:1', scheduledFor: today() });
    const english = await call('GET', '/api/scripture/daily?language=en');
    expect(english.status).toBe(200);
    expect(english.json).toEqual({
      date: today(),
      language: 'en',
      osis: 'Ps.23.1',
      display: 'Psalm 23:1',
      href: '/scripture/Ps.23.1',
      translation: 'web',
      translationName: 'World English Bible',
      verses: [{ osis: 'Ps.23.1', number: 1, text: 'Yahweh is my shepherd; I shall lack nothing.' }],
      source: 'scheduled',
    });
    const chinese = await call('GET', '/api/scripture/daily?language=zh');
    expect(chinese.json).toMatchObject({
      display: '诗篇 23:1',
      translation: 'cuv',
      translationName: '和合本',
      source: 'scheduled',
    });
    expect(chinese.json.verses[0].text).toContain('耶和华是我的牧者');
    // No language named: the site's default (English).
    expect((await call('GET', '/api/scripture/daily')).json.display).toBe('Psalm 23:1');
    expect((await call('GET', '/api/scripture/daily?language=fr')).status).toBe(400);
  });

  it("keeps a verse for one language away from the other's readers", async () => {
    await add({ reference: 'Psalm 23:1', scheduledFor: today(), language: 'en' });
    const now = siteDayOf(new Date());
    expect((await call('GET', '/api/scripture/daily?language=en')).json.osis).toBe('Ps.23.1');
    expect((await call('GET', '/api/scripture/daily?language=zh')).json).toMatchObject({
      osis: yearlyVerse(now.month, now.day),
      source: 'yearly',
    });
  });

  it('falls back to the built-in yearly list, the same passage in both languages', async () => {
    for (const date of ['2027-01-01', '2028-02-29', '2027-12-25']) {
      const at = new Date(`${date}T12:00:00Z`);
      const [en, zh] = await Promise.all([getVerseOfTheDay('en', at), getVerseOfTheDay('zh', at)]);
      const { month, day } = siteDayOf(at);
      expect(en).toMatchObject({ date, source: 'yearly', osis: yearlyVerse(month, day), translation: 'web' });
      expect(zh).toMatchObject({ date, source: 'yearly', osis: en.osis, translation: 'cuv' });
      expect(en.verses.length).toBeGreaterThan(0);
      expect(zh.verses[0]!.text).not.toBe(en.verses[0]!.text);
    }
    expect((await getVerseOfTheDay('en', new Date('2027-12-25T00:00:00Z'))).display).toBe('Isaiah 9:6');
  });

  it('walks the rotation one verse a day in the staff order, which they move up and down', async () => {
    const ids: string[] = [];
    for (const reference of ['John 3:16', 'Romans 8:28', 'Philippians 4:13'])
      ids.push((await add({ reference })).json.id);
    const start = Math.ceil(Date.now() / DAY_MS / 6) * 6 + 6; // a day number divisible by 2 and 3, ahead
    const on = (offset: number) => new Date((start + offset) * DAY_MS + 3_600_000);
    const week = async () =>
      Promise.all([0, 1, 2, 3].map(async (offset) => (await getVerseOfTheDay('en', on(offset))).osis));
    expect(await week()).toEqual(['John.3.16', 'Rom.8.28', 'Phil.4.13', 'John.3.16']);
    expect((await getVerseOfTheDay('zh', on(1))).source).toBe('rotation');

    // Philippians up: John, Philippians, Romans.
    const moved = await call('PATCH', `${LIST}/${ids[2]}`, { as: editor.id, body: { move: 'up' } });
    expect(moved.status, moved.text).toBe(200);
    expect(await week()).toEqual(['John.3.16', 'Phil.4.13', 'Rom.8.28', 'John.3.16']);
    // John down: Philippians, John, Romans. The first cannot go further up.
    await call('PATCH', `${LIST}/${ids[0]}`, { as: editor.id, body: { move: 'down' } });
    await call('PATCH', `${LIST}/${ids[2]}`, { as: editor.id, body: { move: 'up' } });
    expect(await week()).toEqual(['Phil.4.13', 'John.3.16', 'Rom.8.28', 'Phil.4.13']);
    const list = await call('GET', LIST, { as: editor.id });
    expect(list.json.rotation.map((v: { position: number }) => v.position)).toEqual([1, 2, 3]);

    // Removed: two left, in turn.
    expect((await call('DELETE', `${LIST}/${ids[0]}`, { as: editor.id })).status).toBe(204);
    expect((await call('DELETE', `${LIST}/${ids[0]}`, { as: editor.id })).status).toBe(404);
    expect(await week()).toEqual(['Phil.4.13', 'Rom.8.28', 'Phil.4.13', 'Rom.8.28']);
  });

  it('schedules a verse of the rotation for a day and puts it back at the end', async () => {
    const first = (await add({ reference: 'John 3:16' })).json.id;
    await add({ reference: 'Romans 8:28' });
    const day = dayAfter(2);
    const scheduled = await call('PATCH', `${LIST}/${first}`, { as: editor.id, body: { scheduledFor: day } });
    expect(scheduled.json).toMatchObject({ scheduledFor: day });
    const noMove = await call('PATCH', `${LIST}/${first}`, { as: editor.id, body: { move: 'down' } });
    expect(noMove.status).toBe(409);
    expect((await getVerseOfTheDay('en', new Date(`${day}T08:00:00Z`))).osis).toBe('John.3.16');
    const back = await call('PATCH', `${LIST}/${first}`, { as: editor.id, body: { scheduledFor: null } });
    expect(back.json.scheduledFor).toBeNull();
    const list = await call('GET', LIST, { as: editor.id });
    expect(list.json.rotation.map((v: { osis: string }) => v.osis)).toEqual(['Rom.8.28', 'John.3.16']);
    // A passed day is refused, and an unknown verse is not found.
    const passed = await call('PATCH', `${LIST}/${first}`, {
      as: editor.id,
      body: { scheduledFor: '2020-01-01' },
    });
    expect(passed.status).toBe(422);
    const unknown = await call('PATCH', `${LIST}/00000000-0000-4000-8000-000000000000`, {
      as: editor.id,
      body: { move: 'up' },
    });
    expect(unknown.status).toBe(404);
  });

  it('is answered from what was kept, until the list changes', async () => {
    const before = await call('GET', '/api/scripture/daily?language=en');
    expect(before.json.source).toBe('yearly');
    const version = await findSiteVersion();
    await add({ reference: 'Psalm 23:1', scheduledFor: today() });
    const afterAdd = await findSiteVersion();
    expect(afterAdd).not.toBe(version);
    expect((await call('GET', '/api/scripture/daily?language=en')).json.osis).toBe('Ps.23.1');
    const id = (await call('GET', LIST, { as: editor.id })).json.scheduled[0].id;
    await call('DELETE', `${LIST}/${id}`, { as: editor.id });
    expect(await findSiteVersion()).not.toBe(afterAdd);
    expect((await call('GET', '/api/scripture/daily?language=en')).json.source).toBe('yearly');
  });
});

describe('/dailydevotion in the listing page cache', () => {
  const page = (html: string) => ({
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: Buffer.from(html),
  });
  async function read(cache: VersionedPageCache, url: string, render: string, headers = {}) {
    const decision = await cache.lookup({ pathname: url, headers, acceptsGzip: false });
    if (decision.action === 'render') {
      cache.store(decision.token, page(render));
      return `rendered:${render}`;
    }
    if (decision.action === 'serve') return `cached:${decision.body?.toString()}`;
    return 'pass';
  }

  it('takes the page, and the page of one publication, in their plain forms', () => {
    expect(takesListingPage('/dailydevotion')).toBe(true);
    expect(takesListingPage('/dailydevotion?id=0b9f1a52-3f7e-4c1a-9a57-3d1c2b7f7e10')).toBe(true);
    expect(takesListingPage('/dailydevotion?id=nope')).toBe(false);
    expect(takesListingPage('/dailydevotion?utm_source=mail')).toBe(false);
  });

  it('keeps one copy per language, within the site day', () => {
    const key = (headers: Record<string, string>) =>
      listingPageAddress({ url: '/dailydevotion', headers }).key;
    expect(key({ cookie: 'lamplight-lang=zh' })).not.toBe(key({ 'accept-language': 'en-GB' }));
    expect(key({ 'accept-language': 'zh-CN,zh;q=0.9' })).toBe(key({ cookie: 'lamplight-lang=zh' }));
    const address = listingPageAddress({ url: '/dailydevotion', headers: {} });
    const noon = Date.parse('2026-11-28T12:00:00Z');
    expect(listingFingerprint(address, '7', noon)).toBe(
      listingFingerprint(address, '7', Date.parse('2026-11-28T23:59:59Z')),
    );
    expect(listingFingerprint(address, '7', noon)).not.toBe(
      listingFingerprint(address, '7', Date.parse('2026-11-29T00:00:00Z')),
    );
  });

  it('misses the kept copy once staff change the list', async () => {
    const cache = createListingPageCache({ maxBytes: 1024 * 1024 });
    const zh = { cookie: 'lamplight-lang=zh' };
    expect(await read(cache, '/dailydevotion', 'en-1')).toBe('rendered:en-1');
    expect(await read(cache, '/dailydevotion', 'zh-1', zh)).toBe('rendered:zh-1');
    expect(await read(cache, '/dailydevotion', 'x')).toBe('cached:en-1');
    expect(await read(cache, '/dailydevotion', 'x', zh)).toBe('cached:zh-1');
    await add({ reference: 'Psalm 23:1', scheduledFor: today() });
    expect(await read(cache, '/dailydevotion', 'en-2')).toBe('rendered:en-2');
    expect(await read(cache, '/dailydevotion', 'zh-2', zh)).toBe('rendered:zh-2');
  });
});

describe('the daily devotional newsletter opens with the verse of the day', () => {
  /** A publication with newsletters, a subscriber, and a story of `languageCode` in it. */
  async function newsletter(languageCode: string, title: string) {
    const publication = await createPublication(db);
    const topic = await createTopic(db, { slug: publicationTopicSlug(publication.subdomain), publication });
    const reader = await createSubscription(db, { topic });
    const story = await createPost(db, { author: publication.owner, publication, languageCode, title });
    return { publication, reader, story };
  }
  const sendNow = async (publication: { id: string }, post: { id: string }) => {
    await createNewsletterEntry(db, {
      publication,
      post,
      status: 'scheduled',
      scheduledTime: new Date(Date.now() - 1000),
    });
    await sendDueNewsletters();
  };

  it("in the story's language, HTML and text, for the publication whose devotion the page shows", async () => {
    await add({ reference: 'Psalm 23:1', scheduledFor: today() });
    const bread = await newsletter('en', `Morning bread ${Date.now()}`);
    const chinese = await createPost(db, {
      author: bread.publication.owner,
      publication: bread.publication,
      languageCode: 'zh',
      title: `晨祷 ${Date.now()}`,
    });
    // Its devotion set is the one curated last: /dailydevotion shows its devotion.
    await setPublicationStorySet(db, {
      publication: bread.publication,
      kind: 'devotion',
      postIds: [bread.story.id],
    });
    const other = await newsletter('en', `Other letter ${Date.now()}`);

    await sendNow(bread.publication, bread.story);
    await sendNow(bread.publication, chinese);
    await sendNow(other.publication, other.story);

    const [mail] = await sink.waitFor((m) => m.subject === bread.story.title);
    expect(mail!.html).toContain('Verse of the day');
    expect(mail!.html).toContain('Yahweh is my shepherd; I shall lack nothing.');
    expect(mail!.html).toMatch(
      /<a href="http:\/\/localhost:\d+\/scripture\/Ps\.23\.1"[^>]*>Psalm 23:1<\/a> · World English Bible/,
    );
    // At the top: after the publication's name, before the story.
    expect(mail!.html.indexOf('Verse of the day')).toBeLessThan(mail!.html.indexOf(bread.story.title));
    expect(mail!.text).toContain(
      'Verse of the day\nYahweh is my shepherd; I shall lack nothing.\n— Psalm 23:1 (World English Bible)\n',
    );
    expect(mail!.text.indexOf('Verse of the day')).toBeLessThan(mail!.text.indexOf(bread.story.title));

    const [zh] = await sink.waitFor((m) => m.subject === chinese.title);
    expect(zh!.html).toContain('每日经文');
    expect(zh!.html).toContain('耶和华是我的牧者');
    expect(zh!.text).toMatch(/每日经文\n.*耶和华是我的牧者.*\n— 诗篇 23:1 \(和合本\)\n/);

    // Another publication's newsletter is not the daily devotional.
    const [plain] = await sink.waitFor((m) => m.subject === other.story.title);
    expect(plain!.html).not.toContain('Verse of the day');
    expect(plain!.text).not.toContain('Yahweh');
  });
});
