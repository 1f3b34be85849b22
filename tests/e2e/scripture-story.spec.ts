// Issue 24 item 2 on the story page, as a new writer and their readers go through it in Chromium:
// a story written in the editor citing "John 3:16" (in English) or "约翰福音 3:16" (in Chinese) is
// published; its page links each reference to the passage page and lists the passages under
// "Scripture in this story"; hovering a reference, focusing it with the keyboard, or tapping it on
// a phone shows the verse in the story's translation (the World English Bible, the Chinese Union
// Version), fetched once from the site itself; without JavaScript the links are plain links.
// Screenshots at 1280 and 375 px with the preview open go to test-results/screenshots/scripture-story/.
import type { Locator, Page } from '@playwright/test';
import { createStory, expect, newUserTest, siteHeader, test } from './fixtures';
import { DESKTOP, PHONE, resize, shoot } from './shots';

// This file and its sibling (scripture-passages / scripture-story) publish stories citing John 3 and
// expect theirs to be the newest there — the passage page, its feed, the search: they hold one lock,
// so the two never run at the same time (they run beside any other file).
test.describe.configure({ lock: 'stories-citing-john-3' });

const WEB_JOHN_3_16 = 'For God so loved the world, that he gave his only born Son';
const CUV_JOHN_3_16 = '神爱世人，甚至将他的独生子赐给他们';
const WEB_PSALM_23_1 = 'Yahweh is my shepherd';

const stamp = () => Date.now().toString(36);

/** Writes a story in the editor, one paragraph per entry, and publishes it in the given language. */
async function publishStory(
  page: Page,
  story: { title: string; excerpt: string; paragraphs: string[]; chinese?: boolean },
) {
  await page.goto('/stories/new-story');
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toBeEditable();
  await title.fill(story.title);
  await page.getByRole('textbox', { name: 'Excerpt', exact: true }).fill(story.excerpt);
  await page.getByRole('textbox', { name: 'Story body' }).click();
  for (const [index, paragraph] of story.paragraphs.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.insertText(paragraph);
  }
  await siteHeader(page)
    .getByRole('button', { name: /^Next: open/ })
    .click();
  const settings = page.getByRole('dialog', { name: 'Story settings' });
  await expect(settings).toBeVisible();
  const language = settings.getByRole('combobox', { name: 'Language' });
  if (story.chinese) {
    await settings.getByRole('button', { name: 'Use Chinese (中文)' }).click();
    await expect(language).toHaveValue('zh');
  } else {
    await expect(language).toHaveValue('en');
  }
  await settings.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('heading', { name: story.title, level: 1 })).toBeVisible({ timeout: 20_000 });
}

/** The story body's reference links to a passage (these stories' are in paragraphs; the list's in items). */
const bodyLinks = (page: Page, osis: string): Locator =>
  page.locator(`article p a.scripture-ref[data-osis="${osis}"]`);

/** Where the article and a link lie on the page (not the viewport): a preview must move neither. */
const layoutOf = (link: Locator) =>
  link.evaluate((el) => {
    const box = (node: Element) => {
      const rect = node.getBoundingClientRect();
      return [rect.left + scrollX, rect.top + scrollY, rect.width, rect.height];
    };
    return { article: box(el.closest('article')!), link: box(el) };
  });
const section = (page: Page, name: string): Locator => page.getByRole('region', { name });
const preview = (page: Page, name: string): Locator => page.getByRole('dialog', { name, exact: true });

/** Every request the page makes, so a test can say none left the site and each passage came once. */
function recordRequests(page: Page, baseURL: string): { offSite: string[]; passageCalls: string[] } {
  const seen = { offSite: [] as string[], passageCalls: [] as string[] };
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:'))
      seen.offSite.push(url);
    if (new URL(url).pathname.startsWith('/api/scripture/'))
      seen.passageCalls.push(url.slice(baseURL.length));
  });
  return seen;
}

/** Viewport screenshots at 1280 and 375 px, the preview opened afresh at each width by `open`. */
async function shootOpen(page: Page, name: string, open: () => Promise<void>): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await resize(page, viewport);
    await page.mouse.move(0, 0);
    await open();
    await shoot(page, 'scripture-story', name, { fullPage: false });
    await page.keyboard.press('Escape');
  }
  await resize(page, DESKTOP);
}

/** Presses Tab until `target` has the focus (a real keyboard path from the top of the page). */
async function tabTo(page: Page, target: Locator, most = 60): Promise<void> {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the link');
}

test.describe('scripture on the story page', () => {
  newUserTest(
    'an English story links John 3:16, lists it, and previews it in the WEB on hover and keyboard focus',
    async ({ page, baseURL }) => {
      const title = `Loved by God ${stamp()}`;
      await publishStory(page, {
        title,
        excerpt: 'One verse for the long night.',
        paragraphs: [
          'For God so loved the world (John 3:16). That one verse has carried more people through the dark than any sermon I know.',
          'The Lord is my shepherd (Psalm 23), and I keep coming back to John 3:16 when the night is long.',
          'Some things are not scripture at all: Mark 2 days in your calendar.',
        ],
      });
      const requests = recordRequests(page, baseURL!);
      await page.reload();

      // The references are links to their passage pages; the list names each passage once.
      const john = bodyLinks(page, 'John.3.16');
      await expect(john).toHaveCount(2);
      await expect(john.first()).toHaveText('John 3:16');
      await expect(john.first()).toHaveAttribute('href', '/scripture/John.3.16');
      await expect(bodyLinks(page, 'Ps.23')).toHaveText('Psalm 23');
      await expect(page.locator('article a.scripture-ref')).toHaveCount(2 + 1 + 2);
      const list = section(page, 'Scripture in this story');
      await expect(list.getByRole('link')).toHaveText(['John 3:16', 'Psalm 23']);
      await expect(list.getByRole('link', { name: 'Psalm 23' })).toHaveAttribute('href', '/scripture/Ps.23');
      await expect(page.getByText('Mark 2 days in your calendar.')).toBeVisible();

      // Hover: the verse in the World English Bible, with "Read more" to the passage page.
      const before = await layoutOf(john.first());
      await john.first().hover();
      const card = preview(page, 'John 3:16');
      await expect(card).toBeVisible();
      await expect(card).toContainText(WEB_JOHN_3_16);
      await expect(card).toContainText('World English Bible');
      await expect(card.getByRole('link', { name: 'Read more' })).toHaveAttribute(
        'href',
        '/scripture/John.3.16',
      );
      // Laid over the page: nothing moved.
      expect(await layoutOf(john.first())).toEqual(before);
      // Moving away closes it; the second hover is answered without asking the server again.
      await page.mouse.move(5, 5);
      await expect(card).toBeHidden();
      await john.nth(1).hover();
      await expect(preview(page, 'John 3:16')).toContainText(WEB_JOHN_3_16);
      await page.mouse.move(5, 5);
      await expect(card).toBeHidden();
      expect(requests.passageCalls).toEqual(['/api/scripture/John.3.16?translation=web']);

      // Keyboard: Tab to the reference shows it, Tab enters it ("Read more"), Tab again goes on to
      // the next reference, which shows its own; Shift+Tab comes back; Escape closes it and gives
      // the link back its focus, and Tab then goes on as if it had never opened.
      await page.goto(page.url());
      await tabTo(page, john.first());
      await expect(card).toContainText(WEB_JOHN_3_16);
      const readMore = card.getByRole('link', { name: 'Read more' });
      await page.keyboard.press('Tab');
      await expect(readMore).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(bodyLinks(page, 'Ps.23')).toBeFocused();
      const psalm = preview(page, 'Psalm 23');
      await expect(psalm).toContainText(WEB_PSALM_23_1);
      await expect(card).toBeHidden();
      // A long passage shows its first three verses; the rest is on the passage page.
      await expect(psalm.locator('p sup')).toHaveText(['1', '2', '3']);
      await page.keyboard.press('Shift+Tab');
      await expect(john.first()).toBeFocused();
      await expect(card).toContainText(WEB_JOHN_3_16);
      await expect(psalm).toBeHidden();
      await page.keyboard.press('Tab');
      await expect(readMore).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(card).toBeHidden();
      await expect(john.first()).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(bodyLinks(page, 'Ps.23')).toBeFocused();
      await expect(psalm).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(psalm).toBeHidden();
      await expect(bodyLinks(page, 'Ps.23')).toBeFocused();

      await shootOpen(page, 'story-en-preview', async () => {
        await john.first().scrollIntoViewIfNeeded();
        await john.first().hover();
        await expect(card).toContainText(WEB_JOHN_3_16);
      });
      expect(requests.offSite).toEqual([]);
    },
  );

  newUserTest(
    'a Chinese story links 约翰福音 3:16, lists it in Chinese, and previews it in the CUV',
    async ({ page, baseURL }) => {
      const title = `神爱世人 ${stamp()}`;
      await publishStory(page, {
        title,
        chinese: true,
        excerpt: '一节经文，一份安慰。',
        paragraphs: ['正如约翰福音 3:16所说，神爱世人。每当夜深人静，我都会想起这节经文，心里就得着安慰。'],
      });
      const requests = recordRequests(page, baseURL!);

      const john = bodyLinks(page, 'John.3.16');
      await expect(john).toHaveText('约翰福音 3:16');
      await expect(john).toHaveAttribute('href', '/scripture/John.3.16');
      await expect(section(page, '本文引用的经文').getByRole('link')).toHaveText(['约翰福音 3:16']);

      await john.hover();
      const card = preview(page, '约翰福音 3:16');
      await expect(card).toContainText(CUV_JOHN_3_16);
      await expect(card).toContainText('和合本');
      await expect(card).not.toContainText('For God so loved');
      await expect(card.getByRole('link', { name: '阅读全文' })).toHaveAttribute(
        'href',
        '/scripture/John.3.16',
      );
      await page.mouse.move(5, 5);
      await expect(card).toBeHidden();

      await tabTo(page, john);
      await expect(card).toContainText(CUV_JOHN_3_16);
      await page.keyboard.press('Escape');
      await expect(card).toBeHidden();

      await shootOpen(page, 'story-zh-preview', async () => {
        await john.scrollIntoViewIfNeeded();
        await john.hover();
        await expect(card).toContainText(CUV_JOHN_3_16);
      });
      expect(requests.passageCalls).toEqual(['/api/scripture/John.3.16?translation=cuv']);
      expect(requests.offSite).toEqual([]);
    },
  );
});

test.describe('scripture on the story page, on a phone and without JavaScript', () => {
  newUserTest(
    'a first tap shows the preview, a second tap or "Read more" goes to the passage page; no script, plain links',
    async ({ page, browser, baseURL }) => {
      const story = await createStory(page.request, baseURL!, {
        title: `Rest for the weary ${stamp()}`,
        excerpt: 'A short note on rest.',
        bodyJson: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Come to me, all you who labour (Matthew 11:28), and John 3:16.' },
              ],
            },
          ],
        },
      });

      const phone = await browser.newContext({
        baseURL,
        viewport: PHONE,
        hasTouch: true,
        isMobile: true,
      });
      const tapper = await phone.newPage();
      await tapper.goto(story.path);
      const john = bodyLinks(tapper, 'John.3.16');
      await john.tap();
      const card = preview(tapper, 'John 3:16');
      await expect(card).toContainText(WEB_JOHN_3_16);
      expect(new URL(tapper.url()).pathname).toBe(story.path);
      await shoot(tapper, 'scripture-story', 'story-en-tap', { fullPage: false });
      // A tap elsewhere closes it.
      await tapper.getByRole('heading', { level: 1 }).tap();
      await expect(card).toBeHidden();
      // Tap, then "Read more".
      await john.tap();
      await card.getByRole('link', { name: 'Read more' }).tap();
      await expect(tapper).toHaveURL(/\/scripture\/John\.3\.16$/);
      // Tap, then the same reference again.
      await tapper.goto(story.path);
      await bodyLinks(tapper, 'Matt.11.28').tap();
      await expect(preview(tapper, 'Matthew 11:28')).toBeVisible();
      await bodyLinks(tapper, 'Matt.11.28').tap();
      await expect(tapper).toHaveURL(/\/scripture\/Matt\.11\.28$/);
      await phone.close();

      // Without JavaScript the reference is a plain link to the passage page.
      const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
      const reader = await plain.newPage();
      await reader.goto(story.path);
      await expect(section(reader, 'Scripture in this story').getByRole('link')).toHaveText([
        'Matthew 11:28',
        'John 3:16',
      ]);
      await bodyLinks(reader, 'John.3.16').click();
      await expect(reader).toHaveURL(/\/scripture\/John\.3\.16$/);
      await plain.close();
    },
  );
});
