// Issue 11 feeds and SEO through the real front server (scripts/server.mjs) as a feed reader and a
// crawler meet them: each page with a feed names it in <link rel="alternate">, the named address
// answers RSS 2.0 that a feed parser reads (the rewrites of /@{subdomain}/feed, /{subdomain}/feed
// and /tags/{slug}/feed), sitemap.xml validates against the sitemaps.org schema, and robots.txt
// points at it. The seeded demo content (a writer, a publication, a tag) is what is read.
// Issue 19: every canonical, hreflang and og:url address on every kind of page is absolute, in the
// copies the front server's page caches keep too; every feed names its <language>; the pages that
// list stories name their feed; next-auth's /_log answers every level.
import type { Page } from '@playwright/test';
import Parser from 'rss-parser';
import { schemaProblems } from '../helpers/xml-schema';
import { expect, test } from './fixtures';

const parser = new Parser();

/** The RSS feed a page links to, as an absolute address on this server. */
async function feedLinkOf(page: Page, address: string): Promise<string> {
  await page.goto(address);
  const link = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
  await expect(link).toHaveCount(1);
  return (await link.getAttribute('href'))!;
}

async function readFeed(page: Page, url: string) {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  expect(response.headers()['cache-control']).toMatch(/^public, max-age=300/);
  return parser.parseString(await response.text());
}

test('pages name their feeds, and each feed parses with stories and absolute links', async ({
  page,
  baseURL,
}) => {
  const site = await feedLinkOf(page, '/search');
  expect(site).toBe(`${baseURL}/feed`);
  const siteFeed = await readFeed(page, site);
  expect(siteFeed.items.length).toBeGreaterThan(0);
  expect(siteFeed.items.length).toBeLessThanOrEqual(20);
  for (const item of siteFeed.items) expect(item.link).toMatch(new RegExp(`^${baseURL}/stories/`));

  const writer = await feedLinkOf(page, '/@chenyilin');
  expect(writer).toBe(`${baseURL}/@chenyilin/feed`);
  const writerFeed = await readFeed(page, writer);
  expect(writerFeed.link).toBe(`${baseURL}/@chenyilin`);
  expect(writerFeed.items.length).toBeGreaterThan(0);
  expect(new Set(writerFeed.items.map((item) => item.creator))).toEqual(new Set(['陈以琳']));

  const publication = await feedLinkOf(page, '/walk-with-god');
  expect(publication).toBe(`${baseURL}/walk-with-god/feed`);
  expect((await readFeed(page, publication)).items.length).toBeGreaterThan(0);

  const tagFeed = await readFeed(page, `${baseURL}/tags/anxiety/feed`);
  expect(tagFeed.title).toBe('Anxiety on Lamplight');
  expect(tagFeed.items.length).toBeGreaterThan(0);

  for (const missing of ['/@nobody-at-all/feed', '/no-such-publication/feed', '/tags/no-such-tag-here/feed'])
    expect((await page.request.get(missing)).status(), missing).toBe(404);
});

test('sitemap.xml validates against the schema and robots.txt names it', async ({ page, baseURL }) => {
  const robots = await page.request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain('Disallow: /api/\n');
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml\n`);

  const sitemap = await page.request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(await schemaProblems(xml, 'sitemap')).toBe('');
  for (const loc of [`${baseURL}/@chenyilin`, `${baseURL}/walk-with-god`, `${baseURL}/tags/anxiety`])
    expect(xml).toContain(`<loc>${loc}</loc>`);
});

/** Every canonical, alternate (hreflang or feed) and og:url address in a page's HTML, labelled. */
function headAddresses(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(link|meta)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
    const rel = attr('rel');
    if (rel === 'canonical' || rel === 'alternate')
      found.push(`${rel}${attr('hreflang') ? `[${attr('hreflang')}]` : ''} ${attr('href')}`);
    if (attr('property') === 'og:url') found.push(`og:url ${attr('content')}`);
  }
  return found;
}

/** The address of a story on the page (the first story link). */
async function firstStoryOf(page: Page, address: string): Promise<string> {
  await page.goto(address);
  const href = await page.locator('main a[href^="/stories/"]').first().getAttribute('href');
  expect(href, address).toBeTruthy();
  return href!;
}

test('every page type names only absolute canonical, hreflang and og:url addresses, cached copies too', async ({
  page,
  baseURL,
}) => {
  const story = await firstStoryOf(page, '/@chenyilin');
  const publicationId = await (
    await page.request.get('/api/publications?limit=1')
  )
    .json()
    .then((body: { publications: { id: string }[] }) => body.publications[0]!.id);
  const pages: [address: string, canonical: boolean][] = [
    ['/', true],
    ['/?languageCode=zh', true],
    ['/@chenyilin', true],
    ['/publications', true],
    ['/publications?languageCode=en', true],
    ['/walk-with-god', true],
    [`/publications/${publicationId}`, true],
    ['/tags/anxiety', true],
    [story, true],
    ['/search?q=grace', false],
    ['/daily-newsletter', false],
    ['/dailydevotion', false],
    ['/contact', true],
  ];
  // Next writes the site's root as the bare origin (no trailing slash): absolute all the same.
  const absolute = new RegExp(`^${baseURL}(/|$)`);
  for (const [address, hasCanonical] of pages) {
    // Twice, as an anonymous reader: the second answer of /, /@…, /publications and the
    // publication page is the copy their page cache keeps (scripts/server.mjs).
    for (const round of ['render', 'cached copy']) {
      const response = await page.request.get(address);
      expect(response.status(), address).toBe(200);
      const found = headAddresses(await response.text());
      const label = `${address} (${round})`;
      for (const entry of found) expect(entry.split(' ')[1], `${label}: ${entry}`).toMatch(absolute);
      if (hasCanonical)
        expect(
          found.filter((entry) => entry.startsWith('canonical ')),
          label,
        ).toHaveLength(1);
    }
  }
  // The hreflang links of a listing name each language's absolute address.
  const listing = headAddresses(await (await page.request.get('/publications')).text());
  expect(listing).toEqual(
    expect.arrayContaining([
      `canonical ${baseURL}/publications`,
      `alternate[en] ${baseURL}/publications?languageCode=en`,
      `alternate[zh] ${baseURL}/publications?languageCode=zh`,
      `alternate[x-default] ${baseURL}/publications`,
    ]),
  );
  const home = headAddresses(await (await page.request.get('/')).text());
  for (const language of ['en', 'zh'])
    expect(home).toContainEqual(
      expect.stringMatching(
        new RegExp(`^alternate\\[${language}\\] ${baseURL}/?\\?languageCode=${language}$`),
      ),
    );
  expect(home).toContainEqual(expect.stringMatching(new RegExp(`^alternate\\[x-default\\] ${baseURL}/?$`)));
  const writer = headAddresses(await (await page.request.get('/@chenyilin')).text());
  expect(writer).toEqual(
    expect.arrayContaining([`canonical ${baseURL}/@chenyilin`, `og:url ${baseURL}/@chenyilin`]),
  );
});

test('pages that list stories name their feed, and every feed names its language', async ({
  page,
  baseURL,
}) => {
  for (const address of ['/publications', '/daily-newsletter', '/dailydevotion'])
    expect(await feedLinkOf(page, address), address).toMatch(
      new RegExp(`^${baseURL}/(feed|[a-z0-9-]+/feed)$`),
    );
  expect(await feedLinkOf(page, '/publications')).toBe(`${baseURL}/feed`);
  expect(await feedLinkOf(page, '/daily-newsletter')).toBe(`${baseURL}/feed`);

  // A story page names its writer's feed first (then its publication's, when it has one).
  await page.goto(await firstStoryOf(page, '/@chenyilin'));
  const links = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
  await expect(links.first()).toHaveAttribute('href', `${baseURL}/@chenyilin/feed`);
  const storyFeeds = await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')!));

  const feeds = new Set([`${baseURL}/feed`, `${baseURL}/tags/anxiety/feed`, ...storyFeeds]);
  feeds.add(await feedLinkOf(page, '/dailydevotion'));
  feeds.add(await feedLinkOf(page, '/walk-with-god'));
  for (const feed of feeds) {
    const parsed = await readFeed(page, feed);
    expect(parsed.language, feed).toMatch(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/);
  }
  // 陈以琳 writes in Chinese: her feed says so.
  expect((await readFeed(page, `${baseURL}/@chenyilin/feed`)).language).toBe('zh');
});

test("next-auth's client log answers every level with 200", async ({ page, baseURL }) => {
  for (const level of ['error', 'warn', 'debug', 'info', 'trace', '__proto__']) {
    const response = await page.request.post('/api/auth/_log', {
      headers: { origin: baseURL! },
      form: { level, code: 'CLIENT_FETCH_ERROR', message: 'Failed to fetch', client: 'true' },
    });
    expect(response.status(), level).toBe(200);
  }
});
