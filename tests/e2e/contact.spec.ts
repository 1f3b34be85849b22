// Issue 19: "Help & support" was a mailto: at MAIL_FROM's domain, which on a default install reached
// nobody. It now leads to /contact, which shows the way to reach the site's team the server is
// configured with (SUPPORT_EMAIL here, playwright.config.ts); the bare pages' footers link it too.
import { DEMO_OWNER, E2E_SUPPORT_EMAIL } from './demo-accounts';
import { expect, keepPublicationPopupAway, signIn, test } from './fixtures';

test('Help & support in the publication menu leads to the contact page and its configured address', async ({
  page,
  baseURL,
}) => {
  await keepPublicationPopupAway(page.context(), baseURL!);
  await page.goto('/daily-bread');
  await signIn(page, DEMO_OWNER);
  await page
    .getByRole('navigation', { name: 'Manage this publication' })
    .getByRole('link', { name: 'Admin' })
    .click();
  await page.getByRole('button', { name: 'Publication menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Publication menu' });
  await menu.getByRole('link', { name: 'Help & support' }).click();

  await expect(page).toHaveURL(`${baseURL}/contact`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  const address = page
    .getByRole('list', { name: 'Ways to reach us' })
    .getByRole('link', { name: E2E_SUPPORT_EMAIL });
  await expect(address).toHaveAttribute('href', `mailto:${E2E_SUPPORT_EMAIL}`);
  await expect(page).toHaveTitle('Contact · Lamplight');
});

test('the footers of the bare pages link the contact page', async ({ page, baseURL }) => {
  for (const bare of ['/dailydevotion', '/publication-landing']) {
    await page.goto(bare);
    // A <footer> inside <main> (the bare layout) is not a contentinfo landmark: found as an element.
    await page.locator('footer').getByRole('link', { name: 'Contact' }).click();
    await expect(page, bare).toHaveURL(`${baseURL}/contact`);
    await expect(page.getByRole('link', { name: E2E_SUPPORT_EMAIL })).toBeVisible();
  }
});
