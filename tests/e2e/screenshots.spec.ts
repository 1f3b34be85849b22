// Screenshots of the frame and the story page, for a person to look at (not compared to a baseline):
// test-results/screenshots/frame/{name}-{width}.png. Signed-in shots reuse the shared account.
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
import { DESKTOP, PHONE, shoot } from './shots';

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`screenshots at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('home, anonymous', async ({ page }) => {
      await page.goto('/');
      await expectSignedOut(page);
      await shoot(page, 'frame', 'home-anonymous');
    });

    test('sso dialog open', async ({ page }) => {
      await page.goto('/');
      await headerSignInButton(page).click();
      await expect(ssoDialog(page)).toBeVisible();
      await expect(ssoDialog(page).getByLabel('E-mail', { exact: true })).toBeFocused();
      await shoot(page, 'frame', 'sso-dialog');
    });

    signedInTest('home, signed in, user menu open', async ({ page }) => {
      await page.goto('/');
      await expectSignedIn(page);
      const menu = await openUserMenu(page);
      await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
      await shoot(page, 'frame', 'home-signed-in-menu');
    });

    test('a demo story and its share widget', async ({ page }) => {
      // A story of a seeded writer (their home lists their stories).
      await page.goto('/@gracewhitfield');
      const href = await page.locator('main a[href^="/stories/"]').first().getAttribute('href');
      await page.goto(href!);
      await expect(page.locator('article h1')).toBeVisible();
      await shoot(page, 'frame', 'story-page');
      await page.getByRole('button', { name: 'Share this story' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Share this story' })).toBeVisible();
      await shoot(page, 'frame', 'share-widget');
    });

    signedInTest('new story header', async ({ page }) => {
      await page.goto('/stories/new-story');
      await expect(siteHeader(page).getByRole('button', { name: /^Next/ })).toBeVisible();
      await shoot(page, 'frame', 'new-story');
    });
  });
}
