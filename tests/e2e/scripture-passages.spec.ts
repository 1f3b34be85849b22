// Issue 24's passage pages as readers meet them (docs/decisions/046-stored-references.md,
// 047-passage-pages.md): a new writer publishes a story containing "John 3:16" through the editor;
// the passage page /scripture/John.3.16 shows the verse in the World English Bible and lists the
// story first; the page names its RSS feed, whose newest item is the story; a search for "Jn 3:16"
// finds it first; a Chinese reader gets the 和合本; without JavaScript the page pages its stories
// through "More stories". Screenshots at 1280 and 375 px go to
// test-results/screenshots/scripture-passages/ for a person to look at.
import type { Page } from '@playwright/test';
import Parser from 'rss-parser';
import { createStory, expect, newUserTest, siteHeader, test } from './fixtures';
import { shootBoth } from './shots';

// This file and its sibling (scripture-passages / scripture-story) publish stories citing John 3 and
// expect theirs to be the newest there — the passage page, its feed, the search: they hold one lock,
// so the two never run at the same time (they run beside any other file).
test.describe.configure({ lock: 'stories-citing-john-3' });

/** A title no other run uses. */
const titled = (words: string) => `${words} ${Date.now().toString(36)}`;

const storyTitles = (page: Page) => page.getByTestId('passage-stories').getByRole('heading', { level: 3 });

newUserTest(
  'a story citing John 3:16 is listed on its passage page, in its feed, and found first by "Jn 3:16"',
  async ({ page, baseURL }) => {
    const title = titled('Loved into the light');
    await page.goto('/stories/new-story');
    const titleBox = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect(titleBox).toBeEditable();
    await titleBox.fill(title);
    await page.getByRole('textbox', { name: 'Excerpt', exact: true }).fill('On the best-known verse.');
    await page.getByRole('textbox', { name: 'Story body' }).click();
    await page.keyboard.type('For God so loved the world (John 3:16). We read it again this morning.');
    await siteHeader(page)
      .getByRole('button', { name: /^Next: open/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Story settings' })
      .getByRole('button', { name: 'Publish now' })
      .click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });

    // The passage page: the verse in the reader's translation, and the story, newest first.
    await page.goto('/scripture/John.3.16');
    await expect(page.getByRole('heading', { level: 1, name: 'John 3:16' })).toBeVisible();
    await expect(page.getByTestId('passage-text')).toContainText('For God so loved the world');
    await expect(page.getByText('World English Bible').first()).toBeVisible();
    await expect(page.getByText(/Public Domain/)).toBeVisible();
    await expect(storyTitles(page).first()).toHaveText(title);
    await expect(page).toHaveTitle('John 3:16 · Lamplight');
    await shootBoth(page, 'scripture-passages', 'passage-verse');

    // Its feed, named in the head, has the story as its newest item.
    const feedLink = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
    await expect(feedLink).toHaveCount(1);
    const feedUrl = (await feedLink.getAttribute('href'))!;
    expect(feedUrl).toBe(`${baseURL}/scripture/John.3.16/feed`);
    const response = await page.request.get(feedUrl);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = await new Parser().parseString(await response.text());
    expect(feed.title).toBe('John 3:16 on Lamplight');
    expect(feed.items[0]?.title).toBe(title);

    // Search understands the reference, abbreviated.
    await page.goto(`/search?q=${encodeURIComponent('Jn 3:16')}`);
    await expect(
      page.getByRole('list', { name: 'Stories found' }).getByRole('heading', { level: 3 }).first(),
    ).toHaveText(title);

    // Its chapter and book pages.
    await page.goto('/scripture/John.3');
    await expect(page.getByRole('heading', { level: 1, name: 'John 3' })).toBeVisible();
    await expect(storyTitles(page).first()).toHaveText(title);
    await page.goto('/scripture/Ps.23');
    await expect(page.getByTestId('passage-text')).toContainText('Yahweh is my shepherd');
    await expect(page.getByRole('link', { name: /Psalm 24/ })).toBeVisible();
    await shootBoth(page, 'scripture-passages', 'passage-chapter');
    await page.goto('/scripture/Gen');
    await expect(page.getByRole('link', { name: 'Genesis 50', exact: true })).toBeVisible();
    await shootBoth(page, 'scripture-passages', 'passage-book');
  },
);

test('a Chinese reader gets the 和合本; another spelling moves to the passage; a wrong one is 404', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    locale: 'zh-CN',
    extraHTTPHeaders: { 'accept-language': 'zh-CN' },
  });
  const page = await context.newPage();
  await page.goto(`${baseURL}/scripture/John.3.16`);
  await expect(page.getByRole('heading', { level: 1, name: '约翰福音 3:16' })).toBeVisible();
  await expect(page.getByTestId('passage-text')).toContainText('神爱世人');
  await expect(page.getByText('和合本').first()).toBeVisible();
  await shootBoth(page, 'scripture-passages', 'passage-verse-zh');
  await context.close();

  const english = await browser.newPage();
  await english.goto(`${baseURL}/scripture/${encodeURIComponent('John 3:16')}`);
  await expect(english).toHaveURL(`${baseURL}/scripture/John.3.16`);
  await english.goto(`${baseURL}/scripture/John.3.16-John.3.16`);
  await expect(english).toHaveURL(`${baseURL}/scripture/John.3.16`);
  const missing = await english.goto(`${baseURL}/scripture/Gen.999.999`);
  expect(missing?.status()).toBe(404);
  await english.close();
});

newUserTest(
  'without JavaScript the page pages its stories through "More stories"',
  async ({ page, browser, baseURL }) => {
    // Eleven stories citing a verse nobody else cites in these tests: one more than a page.
    const titles: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const story = await createStory(page.request, baseURL!, {
        title: titled(`Fig tree ${i}`),
        excerpt: 'Though the fig tree does not blossom.',
        bodyJson: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: `Habakkuk 3:17, note ${i}.` }] }],
        },
        tags: [],
      });
      titles.push(story.title);
    }
    const context = await browser.newContext({ javaScriptEnabled: false });
    const reader = await context.newPage();
    await reader.goto(`${baseURL}/scripture/Hab.3.17`);
    await expect(storyTitles(reader)).toHaveCount(10);
    await expect(storyTitles(reader).first()).toHaveText(titles[10]);
    await reader.getByRole('link', { name: 'More stories' }).click();
    await expect(reader).toHaveURL(/\/scripture\/Hab\.3\.17\?lastKey=/);
    await expect(storyTitles(reader).first()).toHaveText(titles[0]);
    await expect(reader.getByRole('link', { name: 'More stories' })).toHaveCount(0);
    await expect(reader.getByRole('link', { name: 'Back to the newest stories' })).toBeVisible();
    await context.close();
  },
);
