// Issue 11 languages and dates, as a new writer goes through them in Chromium: a story written in
// Chinese gets the "Looks like Chinese" hint in its settings, is published in Chinese, and its page
// (and studio row) show a Chinese date; an English story keeps the English default and date.
// Screenshots of the settings dialog and the story page at 1280 and 375 px go to
// test-results/screenshots/languages/ for a person to look at.
import type { Page } from '@playwright/test';
import { formatDate } from '../../src/lib/format-date';
import { expect, newUserTest, siteHeader } from './fixtures';
import { shootBoth } from './shots';

const stamp = () => Date.now().toString(36);

/** Fills the editor's title, excerpt and a paragraph of body text, then opens the story settings. */
async function writeAndOpenSettings(page: Page, story: { title: string; excerpt: string; body: string }) {
  await page.goto('/stories/new-story');
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toBeEditable();
  await title.fill(story.title);
  await page.getByRole('textbox', { name: 'Excerpt', exact: true }).fill(story.excerpt);
  await page.getByRole('textbox', { name: 'Story body' }).click();
  await page.keyboard.type(story.body);
  await siteHeader(page)
    .getByRole('button', { name: /^Next: open/ })
    .click();
  const settings = page.getByRole('dialog', { name: 'Story settings' });
  await expect(settings).toBeVisible();
  return settings;
}

/** The date under the story's byline. */
const storyDate = (page: Page) => page.getByRole('article').locator('header time').first();

newUserTest.describe('story languages and dates', () => {
  newUserTest(
    'a story written in Chinese is published in Chinese and shows a Chinese date',
    async ({ page }) => {
      const title = `恩典的早晨 ${stamp()}`;
      const settings = await writeAndOpenSettings(page, {
        title,
        excerpt: '一篇关于恩典的短文。',
        body: '今天早晨我们一起读诗篇，思想神的恩典与信实。',
      });
      const language = settings.getByRole('combobox', { name: 'Language' });
      // A new writer's preferLanguageCode is the default en; the text says otherwise, as a hint only.
      await expect(language).toHaveValue('en');
      await expect(settings.getByText('Looks like Chinese.')).toBeVisible();
      await shootBoth(page, 'languages', 'settings-hint');
      await settings.getByRole('button', { name: 'Use Chinese (中文)' }).click();
      await expect(language).toHaveValue('zh');
      await expect(settings.getByText('Looks like Chinese.')).toBeHidden();

      await settings.getByRole('button', { name: 'Publish now' }).click();
      await expect(page).toHaveURL(/\/stories\/[^/]+$/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      const chinese = /^\d{4}年\d{1,2}月\d{1,2}日$/;
      await expect(storyDate(page)).toHaveText(chinese);
      await expect(storyDate(page)).toHaveText(formatDate(Date.now(), 'zh'));
      await shootBoth(page, 'languages', 'story-zh');

      // The studio lists it with the story's own (Chinese) date too.
      await page.goto('/me');
      const row = page
        .getByRole('list', { name: 'Stories' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await expect(row.getByText(/^Published \d{4}年\d{1,2}月\d{1,2}日$/)).toBeVisible();
    },
  );

  newUserTest('a story written in English stays English and shows an English date', async ({ page }) => {
    const title = `Morning grace ${stamp()}`;
    const settings = await writeAndOpenSettings(page, {
      title,
      excerpt: 'A short piece on grace.',
      body: 'This morning we read the psalms together and thought about grace.',
    });
    await expect(settings.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    await expect(settings.getByText(/^Looks like/)).toHaveCount(0);
    await settings.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(storyDate(page)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(storyDate(page)).toHaveText(formatDate(Date.now(), 'en'));
  });
});
