// Issue 11 feeds and SEO through the real front server (scripts/server.mjs) as a feed reader and a
// crawler meet them: each page with a feed names it in <link rel="alternate">, the named address
// answers RSS 2.0 that a feed parser reads (the rewrites of /@{subdomain}/feed, /{subdomain}/feed
// and /tags/{slug}/feed), sitemap.xml validates against the sitemaps.org schema, and robots.txt
// points at it. The seeded demo content (a writer, a publication, a tag) is what is read.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Parser from 'rss-parser';
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
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-sitemap-')), 'sitemap.xml');
  writeFileSync(file, xml);
  // Throws with xmllint's complaint when the document does not validate.
  execFileSync('xmllint', ['--noout', '--schema', 'tests/fixtures/sitemap.xsd', file], { stdio: 'pipe' });
  for (const loc of [`${baseURL}/@chenyilin`, `${baseURL}/walk-with-god`, `${baseURL}/tags/anxiety`])
    expect(xml).toContain(`<loc>${loc}</loc>`);
});
