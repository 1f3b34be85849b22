import { eq } from 'drizzle-orm';
import Parser from 'rss-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as siteFeedRoute } from '../../src/app/feed/route';
import { GET as publicationFeedRoute } from '../../src/app/feed/publications/[subdomain]/route';
import { GET as tagFeedRoute } from '../../src/app/feed/tags/[slug]/route';
import { GET as writerFeedRoute } from '../../src/app/feed/writers/[subdomain]/route';
import { GET as robotsRoute } from '../../src/app/robots.txt/route';
import { GET as sitemapPartRoute } from '../../src/app/sitemap/[name]/route';
import { GET as sitemapRoute } from '../../src/app/sitemap.xml/route';
import type { Db } from '../../src/server/db/client';
import { posts, publications, users } from '../../src/server/db/schema';
import { env } from '../../src/server/lib/env';
import { sitemapDocument, sitemapPart } from '../../src/server/modules/feeds/sitemap.service';
import { createPost, createPublication, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';
import { schemaProblems } from '../helpers/xml-schema';

// The RSS feeds, sitemap.xml and robots.txt: what feed readers and crawlers get. Each feed is
// read with a real feed parser (rss-parser); each sitemap is validated against the sitemaps.org
// schema (tests/fixtures/*.xsd) by libxml2 compiled to WebAssembly (tests/helpers/xml-schema.ts).

let db: Db;
const parser = new Parser({ customFields: { item: [['content:encoded', 'contentEncoded']] } });
const base = env.PUBLIC_URL.replace(/\/+$/, '');
const params = <T>(value: T) => ({ params: Promise.resolve(value) });
const dummy = new Request('http://localhost/feed');

async function parseFeed(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
  expect(response.headers.get('cache-control')).toMatch(/^public, max-age=300/);
  return parser.parseString(await response.text());
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('feeds: RSS 2.0 for the site, writers, publications and tags', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('the site feed has the latest 20 public stories, newest first, with full absolute content', async () => {
    const author = await createUser(db, { name: 'Ruth & "Naomi" <Writers>' });
    const t0 = Date.now() - 3_600_000;
    const made = [];
    for (let i = 0; i < 22; i++)
      made.push(await createPost(db, { author, publishedAt: new Date(t0 + i * 60_000), tags: ['Hope'] }));
    const newest = made[21];
    // A body with a relative upload, a relative link, and characters XML must escape.
    await db
      .update(posts)
      .set({
        title: 'Bread & wine <for> "all"',
        bodyHtml:
          '<p>Grace ]]> & peace</p><p><img src="/uploads/a/b.png" alt="x"><a href="/@ruth">me</a></p>',
        featureImageUrl: '/uploads/c/cover.jpg',
      })
      .where(eq(posts.id, newest.id));
    await createPost(db, { author, status: 'draft', title: 'Not out yet' });
    const banned = await createUser(db, { status: 'banned' });
    const hidden = await createPost(db, { author: banned, publishedAt: new Date() });

    const feed = await parseFeed(await siteFeedRoute());
    expect(feed.title).toBe('Lamplight');
    expect(feed.link).toBe(`${base}/`);
    // RSS 2.0 <language>: the site's (DEFAULT_LANGUAGE, 'en' unless configured).
    expect(feed.language).toBe('en');
    expect(feed.items).toHaveLength(20);
    const ids = feed.items.map((item) => item.link!.slice(-21));
    expect(ids).not.toContain(hidden.id);
    expect(feed.items.map((item) => item.title)).not.toContain('Not out yet');
    expect(ids.slice(0, 2)).toEqual([newest.id, made[20].id]);
    const first = feed.items[0];
    expect(first.title).toBe('Bread & wine <for> "all"');
    expect(first.link).toBe(`${base}/stories/${newest.slug}-${newest.id}`);
    expect(first.guid).toBe(first.link);
    expect(first.creator).toBe('Ruth & "Naomi" <Writers>');
    expect(first.categories).toEqual(['Hope']);
    // RFC 822, the story's own publication time.
    expect(first.pubDate).toBe(newest.publishedAt!.toUTCString());
    expect(new Date(first.pubDate!).getTime()).toBe(Math.floor(newest.publishedAt!.getTime() / 1000) * 1000);
    const content = (first as unknown as { contentEncoded: string }).contentEncoded;
    expect(content).toContain('Grace ]]> & peace');
    expect(content).toContain(`<img src="${base}/uploads/a/b.png"`);
    expect(content).toContain(`<img src="${base}/uploads/c/cover.jpg"`);
    expect(content).toContain(`<a href="${base}/@ruth">`);
    expect(content).not.toMatch(/(src|href)="\//);
  });

  it('a writer’s feed holds only their stories; unknown and banned writers are 404', async () => {
    const writer = await createUser(db, { subdomain: `ruth-${Date.now().toString(36)}` });
    const mine = await createPost(db, { author: writer, title: 'Gleaning in the fields' });
    await createPost(db);
    const feed = await parseFeed(await writerFeedRoute(dummy, params({ subdomain: writer.subdomain! })));
    expect(feed.title).toBe(`${writer.name} on Lamplight`);
    expect(feed.language).toBe('en');
    expect(feed.link).toBe(`${base}/@${writer.subdomain}`);
    expect(feed.items.map((item) => item.title)).toEqual([mine.title]);
    // The handle in another case is the same writer.
    const upper = await writerFeedRoute(dummy, params({ subdomain: writer.subdomain!.toUpperCase() }));
    expect(upper.status).toBe(200);
    expect((await writerFeedRoute(dummy, params({ subdomain: 'nobody-here-at-all' }))).status).toBe(404);
    expect((await writerFeedRoute(dummy, params({ subdomain: '../x' }))).status).toBe(404);
    const banned = await createUser(db, { status: 'banned', subdomain: `gone-${Date.now().toString(36)}` });
    await createPost(db, { author: banned });
    expect((await writerFeedRoute(dummy, params({ subdomain: banned.subdomain! }))).status).toBe(404);
  });

  it('a publication’s feed holds its published stories; an unknown publication is 404', async () => {
    const owner = await createUser(db);
    const publication = await createPublication(db, { owner });
    const inside = await createPost(db, { author: owner, publication });
    await createPost(db, { author: owner, publication, status: 'pending' });
    await createPost(db, { author: owner });
    const feed = await parseFeed(
      await publicationFeedRoute(dummy, params({ subdomain: publication.subdomain })),
    );
    expect(feed.title).toBe(publication.name);
    expect(feed.language).toBe('en');
    expect(feed.link).toBe(`${base}/${publication.subdomain}`);
    expect(feed.items.map((item) => item.title)).toEqual([inside.title]);
    expect((await publicationFeedRoute(dummy, params({ subdomain: 'no-such-pub' }))).status).toBe(404);
  });

  it('a tag’s feed holds the stories with that tag; an unknown tag is 404', async () => {
    const tagged = await createPost(db, { tags: ['Psalms of Ascent'] });
    await createPost(db, { tags: ['Proverbs'] });
    const feed = await parseFeed(await tagFeedRoute(dummy, params({ slug: 'psalms-of-ascent' })));
    expect(feed.title).toBe('Psalms of Ascent on Lamplight');
    expect(feed.language).toBe('en');
    expect(feed.link).toBe(`${base}/tags/psalms-of-ascent`);
    expect(feed.items.map((item) => item.title)).toEqual([tagged.title]);
    expect((await tagFeedRoute(dummy, params({ slug: 'never-used-tag' }))).status).toBe(404);
  });

  it('each feed names its language: the publication’s setting, the language most stories are in', async () => {
    const suffix = Date.now().toString(36);
    const writer = await createUser(db, { subdomain: `lydia-${suffix}` });
    await db.update(users).set({ preferLanguageCode: 'zh' }).where(eq(users.id, writer.id));
    // No stories yet: the writer's chosen language.
    const empty = await parseFeed(await writerFeedRoute(dummy, params({ subdomain: writer.subdomain! })));
    expect(empty.language).toBe('zh');
    const publication = await createPublication(db, { owner: writer });
    await db.update(publications).set({ languageCode: 'zh' }).where(eq(publications.id, publication.id));
    const tag = `Lamp-${suffix}`;
    const chinese = [];
    for (let i = 0; i < 2; i++)
      chinese.push(await createPost(db, { author: writer, publication, tags: [tag] }));
    const english = await createPost(db, { author: writer, tags: [tag] });
    for (const story of chinese)
      await db.update(posts).set({ languageCode: 'zh' }).where(eq(posts.id, story.id));
    await db.update(posts).set({ languageCode: 'en' }).where(eq(posts.id, english.id));

    const writerFeed = await parseFeed(
      await writerFeedRoute(dummy, params({ subdomain: writer.subdomain! })),
    );
    expect(writerFeed.items).toHaveLength(3);
    expect(writerFeed.language).toBe('zh');
    const publicationFeed = await parseFeed(
      await publicationFeedRoute(dummy, params({ subdomain: publication.subdomain })),
    );
    expect(publicationFeed.language).toBe('zh');
    const tagFeed = await parseFeed(await tagFeedRoute(dummy, params({ slug: tag.toLowerCase() })));
    expect(tagFeed.language).toBe('zh');
    // The element itself, once, inside the channel (what a feed reader without rss-parser reads).
    const xml = await (
      await publicationFeedRoute(dummy, params({ subdomain: publication.subdomain }))
    ).text();
    expect(xml.match(/<language>zh<\/language>/g)).toHaveLength(1);
    expect(xml.indexOf('<language>')).toBeLessThan(xml.indexOf('<item>'));
  });
});

describe('sitemap.xml and robots.txt', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('lists a story after it is published and not after it is unpublished, valid against the schema', async () => {
    const author = await createUser(db);
    const publication = await createPublication(db, { owner: author });
    await createPost(db, { author, publication, tags: ['Lament'] });
    const draft = await createPost(db, { author, status: 'draft', title: 'Waiting on the Lord' });
    const storyUrl = `${base}/stories/${draft.slug}-${draft.id}`;

    const before = await sitemapRoute();
    expect(before.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const beforeXml = await before.text();
    expect(await schemaProblems(beforeXml, 'sitemap')).toBe('');
    expect(locs(beforeXml)).not.toContain(storyUrl);
    expect(locs(beforeXml)).toEqual(
      expect.arrayContaining([
        `${base}/`,
        `${base}/@${author.subdomain}`,
        `${base}/${publication.subdomain}`,
        `${base}/tags/lament`,
      ]),
    );

    expect(
      (await call('PATCH', `/api/posts/manage_posts/publish_post/${draft.id}`, { as: author.id })).status,
    ).toBe(200);
    const published = await (await sitemapRoute()).text();
    expect(await schemaProblems(published, 'sitemap')).toBe('');
    expect(locs(published)).toContain(storyUrl);
    expect(published).toMatch(
      new RegExp(
        `<loc>${storyUrl}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z</lastmod>`,
      ),
    );

    expect(
      (await call('PATCH', `/api/posts/manage_posts/unpublish_post/${draft.id}`, { as: author.id })).status,
    ).toBe(200);
    expect(locs(await (await sitemapRoute()).text())).not.toContain(storyUrl);
  });

  it('the schema check refuses documents that break the sitemaps.org schema', async () => {
    const valid = await sitemapDocument();
    expect(await schemaProblems(valid, 'sitemap')).toBe('');
    // An element the schema does not allow, a <loc> missing, a date of the wrong form, a url set
    // where an index is expected, and a document that is not XML at all.
    const unknownElement = valid.replace('<url><loc>', '<url><where>x</where><loc>');
    expect(unknownElement).not.toBe(valid);
    expect(await schemaProblems(unknownElement, 'sitemap')).toMatch(/where.*not expected/);
    expect(await schemaProblems(valid.replace(/<loc>[^<]*<\/loc>/, ''), 'sitemap')).not.toBe('');
    const badDate = valid.replace(/<lastmod>[^<]*<\/lastmod>/, '<lastmod>yesterday</lastmod>');
    expect(badDate).not.toBe(valid);
    expect(await schemaProblems(badDate, 'sitemap')).toMatch(/lastmod/);
    expect(await schemaProblems(valid, 'siteindex')).not.toBe('');
    expect(await schemaProblems('<urlset', 'sitemap')).not.toBe('');
  });

  it('leaves out banned writers, their stories and their tags', async () => {
    const banned = await createUser(db);
    const story = await createPost(db, { author: banned, tags: ['Only-banned-tag'] });
    await db.update(users).set({ status: 'banned' }).where(eq(users.id, banned.id));
    const xml = await sitemapDocument();
    expect(xml).not.toContain(story.id);
    expect(xml).not.toContain(`/@${banned.subdomain}<`);
    expect(xml).not.toContain('/tags/only-banned-tag<');
  });

  it('past the limit, /sitemap.xml is an index of valid parts that hold every address once', async () => {
    for (let i = 0; i < 3; i++) await createPost(db);
    const index = await sitemapDocument(2);
    expect(index).toContain('<sitemapindex');
    expect(await schemaProblems(index, 'siteindex')).toBe('');
    const parts = locs(index);
    expect(parts).toContain(`${base}/sitemap/stories-1.xml`);
    const all: string[] = [];
    for (const part of parts) {
      const name = part.slice(`${base}/sitemap/`.length);
      const xml = await sitemapPart(name, 2);
      expect(xml, name).not.toBeNull();
      expect(await schemaProblems(xml!, 'sitemap'), name).toBe('');
      expect(locs(xml!).length).toBeLessThanOrEqual(2);
      all.push(...locs(xml!));
    }
    expect(new Set(all).size).toBe(all.length);
    const whole = locs(await sitemapDocument()).filter((loc) => loc !== `${base}/`);
    expect([...all].sort()).toEqual([...whole].sort());
    // Through the route (50,000 a part): the first part of stories exists, a name outside the scheme is 404.
    expect((await sitemapPartRoute(dummy, params({ name: 'stories-1.xml' }))).status).toBe(200);
    expect((await sitemapPartRoute(dummy, params({ name: 'stories-999.xml' }))).status).toBe(404);
    expect((await sitemapPartRoute(dummy, params({ name: 'users-1.xml' }))).status).toBe(404);
  });

  it('robots.txt allows the site, keeps crawlers out of private areas and names the sitemap', async () => {
    const response = robotsRoute();
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of [
      '/api/',
      '/me',
      '/stories/edit',
      '/stories/new-story',
      '/authors/edit-profile',
      '/publications/*/studio',
      '/publications/*/edit',
      '/publications/admin',
    ])
      expect(text).toContain(`\nDisallow: ${path}\n`);
    expect(text).toContain(`\nSitemap: ${base}/sitemap.xml\n`);
  });
});
