// Helpers of the community specs (issue 25: responses, reports, notifications, and the journey that
// goes through them all in community-journey.spec.ts): people in browsers of their own, and the
// locators and steps of the story page's responses, the report dialog, the staff queue and the bell.
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, visitorAddress } from './fixtures';
import { DESKTOP, shootBoth } from './shots';

/** A person in a browser context of their own (own cookies, own client address). */
export async function personPage(browser: Browser, baseURL: string, workerIndex: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress(workerIndex) },
  });
  await context.addCookies([{ name: 'lastShowedAt', value: String(Date.now()), url: baseURL }]);
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

/** The story page's responses section. */
export const responses = (page: Page): Locator => page.getByTestId('responses');

/** The responses by this person (a response's article holds its replies' articles too). */
export const responseBy = (page: Page, name: string): Locator =>
  responses(page).getByRole('article', { name: `Response by ${name}` });

/** The response holding `text` on the story page, with its actions (the nearest block that has a Report). */
export const responseBlock = (page: Page, text: string): Locator =>
  page
    .getByText(text, { exact: true })
    .locator('xpath=ancestor::*[.//button[@aria-label="Report this response"]][1]');

/** Fills and sends the report dialog; shots of it at both widths when `shots` names them. */
export async function sendReport(
  page: Page,
  reason: RegExp,
  details: string,
  shots?: { area: string; name: string },
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /^Report (response|story)$/ });
  await expect(dialog).toBeVisible();
  // Sending without a reason says what is missing.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose a reason');
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByLabel('Details (optional)').fill(details);
  if (shots) await shootBoth(page, shots.area, shots.name);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const thanks = page.getByRole('dialog', { name: 'Thank you for telling us' });
  await expect(thanks).toBeVisible();
  await expect(thanks).toContainText('Site staff will look at this');
  await thanks.getByRole('button', { name: 'Done' }).click();
  await expect(thanks).toBeHidden();
}

/** The staff queue's card of a reported subject, found by a piece of its text. */
export const queueCard = (page: Page, text: string): Locator =>
  page.getByTestId('report-card').filter({ hasText: text });

/** The header's bell (its name carries the unread count). */
export const bell = (page: Page): Locator =>
  page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

/** The notifications page's items. */
export const items = (page: Page): Locator =>
  page.getByRole('list', { name: 'Your notifications' }).getByRole('listitem');
