// Issue 11 home page, as a new visitor goes through it in Chromium: every section shows seeded
// stories (editor pick, latest, popular, top tags, top publications, top authors); scrolling to the
// end of the latest stories loads the next page without repeating one; the language-reign dialog
// switches the page to Chinese stories with Chinese dates. Screenshots at 1280 and 375 px go to
// test-results/screenshots/home/ for a person to look at.
import type { Page } from '@playwright/test';
import { createStory, expect, test } from './fixtures';
import { shoot, shootBoth } from './shots';

const latestTitles = (page: Page) => page.getByTestId('latest-stories').getByRole('heading', { level: 3 });

test.describe('home page', () => {
  test('every section shows seeded stories and scrolling loads more without repeats', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Stories that carry light.' })).toBeVisible();
    for (const id of ['home-editor-pick', 'home-latest', 'home-popular']) {
      await expect(page.getByTestId(id).getByRole('link').first()).toBeVisible();
    }
    await expect(page.getByTestId('home-tags').getByRole('link').first()).toHaveAttribute(
      'href',
      /^\/tags\//,
    );
    await expect(page.getByTestId('home-publications').getByRole('link').first()).toBeVisible();
    await expect(page.getByTestId('home-authors').getByRole('link').first()).toHaveAttribute('href', /^\/@/);

    const titles = latestTitles(page);
    await expect(titles).toHaveCount(10);
    const firstPage = await titles.allTextContents();
    // Scrolling near the end loads the next page by itself (the button is there for keyboards).
    await page.getByRole('button', { name: 'More stories' }).scrollIntoViewIfNeeded();
    await expect.poll(() => titles.count()).toBeGreaterThan(10);
    const links = await page
      .getByTestId('latest-stories')
      .locator('article h3 a, article a:has(h3)')
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
    expect(new Set(links).size).toBe(links.length);
    const all = await titles.allTextContents();
    expect(all.slice(0, 10)).toEqual(firstPage);
    await shootBoth(page, 'home', 'home-en');
  });

  test('the hero holds its buttons, and a gap separates it from the Editor’s pick', async ({ page }) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const hero = page.getByRole('region', { name: 'Stories that carry light.' });
      const actions = [
        hero.getByRole('button', { name: 'Start writing' }),
        hero.getByRole('link', { name: 'Explore publications' }),
      ];
      const box = (await hero.boundingBox())!;
      for (const action of actions) {
        const inner = (await action.boundingBox())!;
        // Inside the hero with room to spare: the buttons never touch (or cross) its bottom border.
        expect(inner.x, `${width}px`).toBeGreaterThanOrEqual(box.x);
        expect(inner.x + inner.width, `${width}px`).toBeLessThanOrEqual(box.x + box.width);
        expect(inner.y, `${width}px`).toBeGreaterThan(box.y);
        expect(
          box.y + box.height - (inner.y + inner.height),
          `${width}px: below the buttons`,
        ).toBeGreaterThanOrEqual(24);
      }
      const heading = (await page.getByRole('heading', { level: 2, name: 'Editor’s pick' }).boundingBox())!;
      expect(heading.y - (box.y + box.height), `${width}px: hero to Editor's pick`).toBeGreaterThanOrEqual(
        24,
      );
      await shoot(page, 'home', 'home-hero', { fullPage: false });
    }
  });

  test('the language switch shows Chinese stories with Chinese dates', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /^Language:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Language' });
    await dialog.getByRole('radio', { name: '中文' }).check();
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Save' }).click()]);
    await expect(page.getByRole('button', { name: /^Language:/ })).toContainText('中文');
    const titles = latestTitles(page);
    await expect(titles.first()).toBeVisible();
    for (const title of await titles.allTextContents()) expect(title).toMatch(/[\u4e00-\u9fff]/);
    await expect(page.getByTestId('latest-stories').locator('time').first()).toHaveText(
      /\d{4}年\d{1,2}月\d{1,2}日/,
    );
    await shootBoth(page, 'home', 'home-zh');

    // Back to English the same way (the cookie keeps the choice).
    await page.getByRole('button', { name: /^Language:/ }).click();
    await page.getByRole('dialog', { name: 'Language' }).getByRole('radio', { name: 'English' }).check();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Save' }).click()]);
    await expect(page.getByRole('button', { name: /^Language:/ })).toContainText('English');
  });

  test("an anonymous reader's kept home page shows a story the moment it is published", async ({
    page,
    browser,
    baseURL,
    sharedUser,
  }) => {
    // The anonymous home page is kept by the listing cache (docs/decisions/026-listing-page-caches.md):
    // the same copy twice (one ETag), with the hreflang links between its language versions. The
    // first request of a fresh server renders the page (no ETag yet): ask once before comparing.
    expect((await page.request.get('/')).status()).toBe(200);
    const first = await page.request.get('/');
    const second = await page.request.get('/');
    expect(second.headers()['etag']).toBeTruthy();
    expect(second.headers()['etag']).toBe(first.headers()['etag']);
    await page.goto('/');
    // Absolute addresses (issue 19); Next writes the site's root without its closing slash.
    const escaped = (text: string) => text.replace(/[.?/]/g, (character) => `\\${character}`);
    for (const [lang, path] of [
      ['en', '/?languageCode=en'],
      ['zh', '/?languageCode=zh'],
      ['x-default', '/?'],
    ]) {
      await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute(
        'href',
        new RegExp(`^${escaped(baseURL!)}${path === '/?' ? '/?' : escaped(path)}$`),
      );
    }

    const writer = await browser.newContext({ baseURL, storageState: sharedUser.storageState });
    try {
      const title = `Kept pages never lie ${Date.now()}`;
      await createStory(writer.request, baseURL!, {
        title,
        excerpt: 'A story published while the home page was kept.',
        bodyHtml: '<p>Published while the home page was kept in the cache.</p>',
        languageCode: 'en',
      });
      await page.goto('/');
      await expect(latestTitles(page).first()).toHaveText(title);
    } finally {
      await writer.close();
    }
  });
});
