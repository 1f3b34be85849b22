// Full-page screenshots of the frame and the story page, for a person to look at (not compared to a
// baseline): test-results/screenshots/{name}-{width}.png. Signed-in shots reuse the shared account.
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  expect,
  expectSignedIn,
  expectSignedOut,
  headerSignInButton,
  openUserMenu,
  signedInTest,
  siteHeader,
  ssoDialog,
  test,
} from './fixtures';

const DIR = path.join('test-results', 'screenshots');
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

async function shoot(page: Page, name: string): Promise<void> {
  // Web fonts and images settled; CSS animations finished (animations: 'disabled').
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: path.join(DIR, `${name}-${width}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`screenshots at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('home, anonymous', async ({ page }) => {
      await page.goto('/');
      await expectSignedOut(page);
      await shoot(page, 'home-anonymous');
    });

    test('sso dialog open', async ({ page }) => {
      await page.goto('/');
      await headerSignInButton(page).click();
      await expect(ssoDialog(page)).toBeVisible();
      await expect(ssoDialog(page).getByLabel('E-mail', { exact: true })).toBeFocused();
      await shoot(page, 'sso-dialog');
    });

    signedInTest('home, signed in, user menu open', async ({ page }) => {
      await page.goto('/');
      await expectSignedIn(page);
      const menu = await openUserMenu(page);
      await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
      await shoot(page, 'home-signed-in-menu');
    });

    test('a demo story and its share widget', async ({ page }) => {
      // A story of a seeded writer (their home lists their stories).
      await page.goto('/@gracewhitfield');
      const href = await page.locator('main a[href^="/stories/"]').first().getAttribute('href');
      await page.goto(href!);
      await expect(page.locator('article h1')).toBeVisible();
      await shoot(page, 'story-page');
      await page.getByRole('button', { name: 'Share this story' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Share this story' })).toBeVisible();
      await shoot(page, 'share-widget');
    });

    signedInTest('new story header', async ({ page }) => {
      await page.goto('/stories/new-story');
      await expect(siteHeader(page).getByRole('button', { name: /^Next/ })).toBeVisible();
      await shoot(page, 'new-story');
    });
  });
}
