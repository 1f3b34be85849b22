// Issue 24 item 4 — the verse of the day (docs/decisions/049-verse-of-the-day.md). A site editor
// opens the staff area's "Verse of the day", types "Psalm 23:1" and schedules it for today (the
// site's day, UTC); /dailydevotion then shows it to an English reader from the World English Bible
// and to a Chinese reader (Accept-Language zh-CN) from the 和合本, its name linking to its passage
// page. A reference that is not a passage is refused with the API's words; verses added to the
// rotation are reordered; removing the scheduled verse gives the day to the rotation. Screenshots of the page (both languages) and of the
// staff section at 1280 and 375 px: test-results/screenshots/verse-of-the-day/.
import type { Browser } from '@playwright/test';
import { DEMO_SITE_EDITOR } from './demo-accounts';
import { expect, signIn, test, visitorAddress } from './fixtures';
import { DESKTOP, shootBoth } from './shots';

/** A person in a browser context of their own (own cookies, own client address, own language). */
async function personPage(browser: Browser, baseURL: string, workerIndex: number, locale = 'en-US') {
  const context = await browser.newContext({
    baseURL,
    locale,
    viewport: DESKTOP,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress(workerIndex) },
  });
  await context.addCookies([{ name: 'lastShowedAt', value: String(Date.now()), url: baseURL }]);
  return context.newPage();
}

/** The site's day: UTC, as the daily devotion counts it. */
const siteToday = () => new Date().toISOString().slice(0, 10);

test('staff schedule Psalm 23:1 for today; /dailydevotion shows it in English and in Chinese', async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
  const today = siteToday();

  const staff = await personPage(browser, baseURL, info.workerIndex);
  await staff.goto('/');
  await signIn(staff, DEMO_SITE_EDITOR);
  await staff.goto('/admin');
  await staff
    .getByRole('navigation', { name: 'Staff area' })
    .getByRole('link', { name: 'Verse of the day' })
    .click();
  await expect(staff).toHaveURL(/section=verses/);
  const form = staff.getByRole('region', { name: 'Add a verse' });

  // Not a passage: refused with the API's words, nothing added.
  await form.getByLabel('Reference').fill('John 3 people');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByRole('alert')).toContainText('ERROR: "John 3 people" is not a Bible passage');

  await form.getByLabel('Reference').fill('Psalm 23:1');
  await form.getByLabel('Day (UTC)').fill(today);
  await expect(form.getByLabel('Readers')).toHaveValue('both');
  await form.getByRole('button', { name: 'Add' }).click();
  const message = staff.getByRole('dialog', { name: 'Message' });
  await expect(message).toContainText('Added Psalm 23:1');
  await message.getByRole('button', { name: 'OK' }).click();
  const scheduled = staff.getByRole('region', { name: 'Scheduled' });
  await expect(scheduled.getByTestId('daily-verse').filter({ hasText: 'Psalm 23:1' })).toContainText(today);
  await expect(staff.getByTestId('verse-today-en')).toContainText('Psalm 23:1');
  await expect(staff.getByTestId('verse-today-en')).toContainText('scheduled for today');
  await expect(staff.getByTestId('verse-today-zh')).toContainText('诗篇 23:1');

  // Two verses for the rotation — one for everybody, one for Chinese readers only — then reordered.
  await form.getByLabel('Reference').fill('Romans 8:28');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(message).toContainText('Added Romans 8:28');
  await message.getByRole('button', { name: 'OK' }).click();
  await form.getByLabel('Reference').fill('约3:16');
  await form.getByLabel('Readers').selectOption('zh');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(message).toContainText('Added John 3:16');
  await message.getByRole('button', { name: 'OK' }).click();
  const rotation = staff.getByRole('region', { name: 'Rotation' }).getByTestId('daily-verse');
  await expect(rotation).toHaveText([/Romans 8:28/, /John 3:16 · 约翰福音 3:16.*Chinese only/]);
  await staff.getByRole('button', { name: 'Move John 3:16 up' }).click();
  await expect(rotation).toHaveText([/John 3:16/, /Romans 8:28/]);
  await expect(staff.getByRole('button', { name: 'Move John 3:16 up' })).toBeDisabled();
  await staff.evaluate(() => window.scrollTo(0, 0)); // the sticky header and tab bar at the top
  await shootBoth(staff, 'verse-of-the-day', 'verse-of-the-day-admin');

  // An English reader, not signed in.
  const reader = await personPage(browser, baseURL, info.workerIndex);
  await reader.goto('/dailydevotion');
  const verse = reader.getByTestId('verse-of-the-day');
  await expect(verse.getByRole('heading', { name: 'Verse of the day' })).toBeVisible();
  await expect(verse).toContainText('Yahweh is my shepherd; I shall lack nothing.');
  await expect(verse).toContainText('World English Bible');
  await expect(verse.getByRole('link', { name: 'Psalm 23:1' })).toHaveAttribute('href', '/scripture/Ps.23.1');
  await shootBoth(reader, 'verse-of-the-day', 'verse-of-the-day-en');

  // A Chinese reader: the browser asks for Chinese.
  const chinese = await personPage(browser, baseURL, info.workerIndex, 'zh-CN');
  await chinese.goto('/dailydevotion');
  const zh = chinese.getByTestId('verse-of-the-day');
  await expect(zh.getByRole('heading', { name: '每日经文' })).toBeVisible();
  await expect(zh).toContainText('耶和华是我的牧者');
  await expect(zh).toContainText('和合本');
  await expect(zh).toHaveAttribute('lang', 'zh-CN');
  await expect(zh.getByRole('link', { name: '诗篇 23:1' })).toHaveAttribute('href', '/scripture/Ps.23.1');
  await shootBoth(chinese, 'verse-of-the-day', 'verse-of-the-day-zh');

  // The English reader's copy is still English (one copy per language).
  await reader.reload();
  await expect(verse).toContainText('Yahweh is my shepherd');

  // Removed: the day goes to the rotation at once — for English readers its only verse for them.
  await scheduled.getByRole('button', { name: 'Remove Psalm 23:1' }).click();
  await expect(scheduled.getByTestId('daily-verse')).toHaveCount(0);
  await expect(staff.getByTestId('verse-today-en')).toContainText('Romans 8:28');
  await expect(staff.getByTestId('verse-today-en')).toContainText('from the rotation');
  await reader.reload();
  await expect(verse.getByRole('link', { name: 'Romans 8:28' })).toHaveAttribute(
    'href',
    '/scripture/Rom.8.28',
  );
  await expect(verse).toContainText('all things work together for good');

  for (const page of [staff, reader, chinese]) await page.context().close();
});
