// A new writer's own space, as they would go through it (issue 4): sign up → the onboarding opens
// by itself → photo (progress bar), name, bio → an address (a taken one shows the error icon, a free
// one the ok icon) → all set → their home /@{subdomain} with photo and name; a story pinned there
// comes first; the profile form saves; a failed upload says 'Error: …'. Screenshots of every
// step at 1280 and 375 px go to test-results/screenshots/onboarding/ (a dialog as the screen shows
// it, a page whole).
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  createStory,
  expect,
  newAccount,
  onboardingDialog,
  openUserMenu,
  sessionFromPage,
  signUp,
  test,
} from './fixtures';
import { shootBoth } from './shots';

async function photoFile() {
  const buffer = await sharp({
    create: { width: 480, height: 480, channels: 3, background: { r: 196, g: 120, b: 48 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="480" height="480"><circle cx="240" cy="200" r="90" fill="#fbe3bb"/><rect x="110" y="320" width="260" height="160" rx="120" fill="#fbe3bb"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  return { name: 'me.png', mimeType: 'image/png', buffer };
}

/**
 * Holds every upload PUT until the returned function is called, so the test can see its progress bar
 * (uploads to localhost are instant) and then let it finish.
 */
async function holdUploads(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/images/upload/**', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Publishes a story through the API with the page's session (same origin); answers its id. */
async function publishStory(page: Page, title: string): Promise<string> {
  const story = await createStory(page.request, new URL(page.url()).origin, {
    title,
    excerpt: `A short reflection: ${title}.`,
    bodyJson: {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: `${title}, in a few words.` }] }],
    },
    tags: [{ name: 'Faith' }],
  });
  return story.id;
}

test.describe('onboarding and the user home', () => {
  test('a new writer signs up, goes through onboarding, and pins a story on their home', async ({ page }) => {
    const account = newAccount('onboard');
    const subdomain = `onb-${Date.now().toString(36)}`;
    await page.goto('/');
    await signUp(page, account, { onboarding: 'keep' });

    // Step 1: photo (with a progress bar), name, bio.
    const step1 = page.getByRole('dialog', { name: 'Welcome to Lamplight' });
    await expect(step1).toBeVisible();
    await expect(step1.getByRole('img', { name: 'Step 1 of 3' })).toBeVisible();
    await expect(step1.getByLabel('Name', { exact: true })).toHaveValue(account.name);
    await shootBoth(page, 'onboarding', 'onboarding-1-profile');

    const releaseUpload = await holdUploads(page);
    await step1.getByLabel('Choose a profile photo').setInputFiles(await photoFile());
    await expect(step1.getByRole('progressbar', { name: 'Uploading photo' })).toBeVisible();
    await shootBoth(page, 'onboarding', 'onboarding-1-uploading');
    releaseUpload();
    await expect(step1.getByRole('progressbar')).toBeHidden({ timeout: 15_000 });
    const avatar = step1.locator('img[src^="/uploads/"]');
    await expect(avatar).toBeVisible();
    await expect(avatar).toHaveAttribute('width', '120');
    const photoUrl = await avatar.getAttribute('src');
    await step1.getByLabel('Name', { exact: true }).fill('Ruth Onboarding');
    await step1.getByLabel('Bio').fill('I write about small mercies and long walks.');
    await shootBoth(page, 'onboarding', 'onboarding-1-filled');
    await step1.getByRole('button', { name: 'Continue' }).click();

    // Step 2: the address, checked as it is typed.
    const step2 = page.getByRole('dialog', { name: 'Choose your address' });
    await expect(step2).toBeVisible();
    const input = step2.getByLabel('Your address');
    const host = new URL(page.url()).host;
    await expect(step2.getByText(`${host}/@`, { exact: true })).toBeVisible();
    const continueButton = step2.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled(); // blank

    await input.fill('Miriam Hale'); // a seeded writer's address, slugged while typing
    await expect(input).toHaveValue('miriam-hale');
    await expect(step2.getByRole('img', { name: 'Not available' })).toBeVisible();
    await expect(step2.getByText('This subdomain is already taken.')).toBeVisible();
    await expect(continueButton).toBeDisabled();
    await shootBoth(page, 'onboarding', 'onboarding-2-taken');

    await input.fill('abc'); // under 4 characters
    await expect(step2.getByRole('img', { name: 'Not available' })).toBeVisible();
    await expect(step2.getByText('Subdomain must be at least 4 characters.')).toBeVisible();
    await expect(continueButton).toBeDisabled();

    await input.fill(subdomain);
    await expect(step2.getByRole('img', { name: 'Available' })).toBeVisible();
    await expect(continueButton).toBeEnabled();
    await expect(step2.getByText(`${host}/@${subdomain}`)).toBeVisible();
    await shootBoth(page, 'onboarding', 'onboarding-2-available');
    await continueButton.click();

    // Step 3: all set; go leads to /.
    const step3 = page.getByRole('dialog', { name: 'You’re all set' });
    await expect(step3).toBeVisible();
    await expect(step3.getByRole('link', { name: `${host}/@${subdomain}` })).toBeVisible();
    await shootBoth(page, 'onboarding', 'onboarding-3-all-set');
    await step3.getByRole('button', { name: 'Go' }).click();
    await expect(onboardingDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/$/);

    // The session no longer asks for onboarding, and a reload does not reopen it.
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu for / })).toBeVisible();
    // The page's session (what the onboarding opener reads) no longer asks for it: nothing opens.
    expect((await sessionFromPage(page)).user.showOnboarding).toBe(false);
    await expect(onboardingDialog(page)).toHaveCount(0);

    // The user menu's Home goes to the new address.
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Home' })).toHaveAttribute('href', `/@${subdomain}`);
    await page.keyboard.press('Escape');

    // Two stories, then the home: photo, name, bio, latest first.
    const first = await publishStory(page, `Morning mercies ${subdomain}`);
    await publishStory(page, `Evening psalm ${subdomain}`);
    await page.goto(`/@${subdomain}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ruth Onboarding' })).toBeVisible();
    await expect(page.getByText(`@${subdomain}`, { exact: true })).toBeVisible();
    await expect(page.getByText('I write about small mercies and long walks.')).toBeVisible();
    await expect(page.locator(`#main header img[src="${photoUrl}"]`)).toHaveAttribute('width', '120');
    await expect(page.getByRole('banner').locator(`img[src="${photoUrl}"]`)).toBeVisible(); // the menu's avatar
    const titles = page.locator('article h3');
    await expect(titles).toHaveText([`Evening psalm ${subdomain}`, `Morning mercies ${subdomain}`]);
    await expect(page).toHaveTitle(new RegExp(`Ruth Onboarding \\(@${subdomain}\\)`));

    // Pin the older story: it comes first, under Pinned, and stays there after a reload.
    await page.getByRole('button', { name: `Pin “Morning mercies ${subdomain}”` }).click();
    const pinned = page.getByRole('region', { name: 'Pinned' });
    await expect(pinned.locator('article h3')).toHaveText([`Morning mercies ${subdomain}`]);
    await page.reload();
    await expect(titles).toHaveText([`Morning mercies ${subdomain}`, `Evening psalm ${subdomain}`]);
    await expect(page.getByRole('region', { name: 'Pinned' })).toBeVisible();
    await shootBoth(page, 'onboarding', 'home-owner');
    const pins = await page.request.get('/api/users/pin_post');
    expect((await pins.json()).postIds).toEqual([first]);

    // Signed out, the same page without the owner's controls.
    const anonymous = await page.context().browser()!.newPage();
    await anonymous.goto(`${new URL(page.url()).origin}/@${subdomain}`);
    await expect(anonymous.getByRole('heading', { level: 1, name: 'Ruth Onboarding' })).toBeVisible();
    await expect(anonymous.locator('article h3').first()).toHaveText(`Morning mercies ${subdomain}`);
    await expect(anonymous.getByRole('button', { name: /^(Pin|Unpin) / })).toHaveCount(0);
    await anonymous.close();

    // An unknown handle is the 404 page.
    const missing = await page.goto('/@nobody-here-at-all');
    expect(missing?.status()).toBe(404);
  });

  test('edit profile saves name, bio and address; a failed upload says Error', async ({ page }) => {
    const account = newAccount('profile');
    await page.goto('/');
    await signUp(page, account); // skips the onboarding
    await page.goto('/authors/edit-profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue(account.name);
    await shootBoth(page, 'onboarding', 'edit-profile-empty');

    // The upload fails (its link expired on the way): the message dialog says 'Error: …' (SPEC §8).
    await page.route('**/api/images/upload/**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'forbidden', message: 'This upload link has expired: please upload the file again' },
        }),
      }),
    );
    await page.getByLabel('Choose a profile photo').setInputFiles(await photoFile());
    const message = page.getByRole('dialog', { name: 'Something went wrong' });
    await expect(message.getByRole('alert')).toHaveText(
      'Error: This upload link has expired: please upload the file again',
    );
    await shootBoth(page, 'onboarding', 'edit-profile-upload-error');
    await message.getByRole('button', { name: 'OK' }).click();
    await page.unroute('**/api/images/upload/**');

    const subdomain = `prof-${Date.now().toString(36)}`;
    await name.fill('Silas Profile');
    await page.getByLabel('Bio').fill('Hymns, history and hope.');
    await page.getByLabel('Your address').fill('gracewhitfield');
    await expect(page.getByRole('img', { name: 'Not available' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await page.getByLabel('Your address').fill(subdomain);
    await expect(page.getByRole('img', { name: 'Available' })).toBeVisible();
    await page.getByLabel('Choose a profile photo').setInputFiles(await photoFile());
    await expect(page.locator('img[src^="/uploads/"]')).toBeVisible({ timeout: 15_000 });
    await shootBoth(page, 'onboarding', 'edit-profile-filled');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = page.getByRole('dialog', { name: 'Message' });
    await expect(saved.getByRole('status')).toHaveText('Saved successfully');
    await saved.getByRole('button', { name: 'OK' }).click();

    // The header follows at once (session refreshed), and so does the menu's Home.
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Account menu for Silas Profile' }),
    ).toBeVisible();
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Home' })).toHaveAttribute('href', `/@${subdomain}`);
    await page.keyboard.press('Escape');
    // Its own address counts as fine.
    await expect(page.getByRole('img', { name: 'Available' })).toBeVisible();

    await page.goto(`/@${subdomain}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Silas Profile' })).toBeVisible();
    await expect(page.getByText('Hymns, history and hope.')).toBeVisible();
    await expect(page.getByText('You haven’t published a story yet.')).toBeVisible();
    await shootBoth(page, 'onboarding', 'home-empty');

    // A seeded writer's home, as a visitor sees it.
    await page.goto('/@gracewhitfield');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('article').first()).toBeVisible();
    await shootBoth(page, 'onboarding', 'home-seeded');
  });
});
