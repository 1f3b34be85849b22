// Issue 11, tags and subtopics as a reader meets them: a story's tag opens /tags/{slug} with the
// tag's name, stories, subtopics (tabs) and SEO head; "Load more" brings the next page without
// repeating a story; an unknown tag is the 404 page. Screenshots at 1280 and 375 px go to
// test-results/screenshots/tags/ for a person to look at.
import type { Page } from '@playwright/test';
import { createStory, expect, signedInTest, test } from './fixtures';
import { shootBoth } from './shots';

const storyLinks = (page: Page) => page.getByTestId('tag-stories').getByRole('heading', { level: 3 });

test('a story’s tag opens its tag page, with subtopics as tabs and a canonical address', async ({
  page,
  baseURL,
}) => {
  // A seeded story tagged Anxiety (the demo's "Peace in Anxiety" subtopic gathers such stories).
  const res = await page.request.get('/api/posts/tag_posts/anxiety');
  expect(res.status()).toBe(200);
  const [story] = (await res.json()).posts;
  await page.goto(`/stories/${story.slug}-${story.id}`);
  await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Anxiety', exact: true }).click();
  await expect(page).toHaveURL(/\/tags\/anxiety$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Anxiety' })).toBeVisible();
  await expect(storyLinks(page).first()).toBeVisible();
  // After a client-side navigation the story's head gives way to the tag page's a moment later.
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/tags/anxiety`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/tags/anxiety`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Anxiety');
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    `${baseURL}/tags/anxiety/feed`,
  );
  await shootBoth(page, 'tags', 'tag-anxiety');

  const tabs = page.getByRole('navigation', { name: 'Latest stories and subtopics' });
  await expect(tabs.getByRole('link', { name: 'Latest' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Peace in Anxiety' }).click();
  await expect(page).toHaveURL(/\/tags\/anxiety\?subtopic=/);
  await expect(tabs.getByRole('link', { name: 'Peace in Anxiety' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Stories for anxious hearts and sleepless nights.').first()).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await shootBoth(page, 'tags', 'tag-subtopic');
});

test('an unknown tag is the 404 page', async ({ page }) => {
  const response = await page.goto('/tags/no-such-tag-at-all');
  expect(response?.status()).toBe(404);
});

signedInTest(
  'Load more brings the next stories of the tag without repeating one',
  async ({ page, baseURL }) => {
    const name = `Lanterns ${Date.now().toString(36)}`;
    const slug = name.toLowerCase().replace(/ /g, '-');
    const titles: string[] = [];
    for (let i = 0; i < 13; i += 1) {
      const title = `Lantern story ${i + 1}`;
      titles.push(title);
      await createStory(page.request, baseURL!, {
        title,
        excerpt: 'A small light for one more step.',
        tags: [{ name }],
        bodyJson: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title }] }] },
      });
    }
    await page.goto(`/tags/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('13 stories')).toBeVisible();
    await expect(storyLinks(page)).toHaveCount(10);
    // Newest first.
    await expect(storyLinks(page).first()).toHaveText('Lantern story 13');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(storyLinks(page)).toHaveCount(13);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    const shown = await storyLinks(page).allTextContents();
    expect(new Set(shown).size).toBe(13);
    expect([...shown].sort()).toEqual([...titles].sort());
  },
);
