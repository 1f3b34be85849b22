// Issue 21 (decision 031): the public pages are one HTML for every reader, kept in caches; what a
// signed-in reader may do comes after the page in one personal call. This journey signs in as the
// owner of the demo publication and checks, page kind by page kind, that her controls appear and
// open what they should — and that a guest, served the very same pages, sees none of them.
// Nothing is changed: the dialogs are opened and closed, so other tests' demo data stays as it was.
import type { Page } from '@playwright/test';
import { DEMO_OWNER } from './demo-accounts';
import { expect, signIn, test, userMenuButton } from './fixtures';

const OWNER_HOME = '/@gracewhitfield';
const PUBLICATION = '/daily-bread';

/** The address of the first story on the owner's home. */
async function ownersStory(page: Page): Promise<string> {
  await page.goto(OWNER_HOME);
  const href = await page.getByRole('main').locator('a[href^="/stories/"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  return href!;
}

test('a signed-in owner finds her controls on every page kind, and a guest finds none', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/');
  await signIn(page, DEMO_OWNER);
  await expect(userMenuButton(page)).toBeVisible();
  // The home page's hero is for visitors: a member never sees it, not even for a moment.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Stories that carry light.' })).toBeHidden();

  // Her home: Edit profile, and Pin or Unpin on each of her stories.
  const story = await ownersStory(page);
  await expect(page.getByRole('link', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Pin|Unpin) “/ }).first()).toBeVisible();

  // Her publication: Studio, Admin and Edit profile; Studio opens the studio.
  await page.goto(PUBLICATION);
  const manage = page.getByRole('navigation', { name: 'Manage this publication' });
  for (const name of ['Studio', 'Admin', 'Edit profile']) {
    await expect(manage.getByRole('link', { name })).toBeVisible();
  }
  await manage.getByRole('link', { name: 'Studio' }).click();
  await expect(page).toHaveURL(/\/publications\/[0-9a-f-]{36}\/studio$/);

  // Her story: Save to a list and Story actions, each opening its dialog.
  await page.goto(story);
  await page.getByRole('button', { name: 'Save to a list' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Save to list' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Story actions' }).first().click();
  const actions = page.getByRole('dialog', { name: 'Story actions' });
  await expect(actions.getByRole('button', { name: 'Edit story' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(actions).toBeHidden();

  // A guest gets the same pages, and not one of those controls.
  const guest = await browser.newPage({ baseURL });
  try {
    await guest.goto('/');
    await expect(guest.getByRole('heading', { name: 'Stories that carry light.' })).toBeVisible();
    await guest.goto(OWNER_HOME);
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(guest.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
    await expect(guest.getByRole('button', { name: /^(Pin|Unpin) “/ })).toHaveCount(0);
    await guest.goto(PUBLICATION);
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(guest.getByRole('navigation', { name: 'Manage this publication' })).toBeHidden();
    await guest.goto(story);
    await expect(guest.getByRole('button', { name: 'Share this story' }).first()).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Save to a list' })).toHaveCount(0);
    await expect(guest.getByRole('button', { name: 'Story actions' })).toHaveCount(0);
  } finally {
    await guest.close();
  }
});
