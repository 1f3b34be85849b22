// Issue 11 item 3, search as a reader meets it: the header's box finds a story by a word of its body
// and ranks a story with the word in its title first, with the word marked; a Chinese story is found
// by a two-character word; the writers dialog finds a writer by name and leads to their home.
// Screenshots at 1280 and 375 px go to test-results/screenshots/search/ for a person to look at.
import type { Page } from '@playwright/test';
import { createStory, expect, signedInTest, test } from './fixtures';
import { shootBoth } from './shots';

const body = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
/** A made-up word no seeded story holds (letters only: the 'simple' parser keeps it whole). */
const newWord = () =>
  `lampwick${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
const resultTitles = (page: Page) =>
  page.getByRole('list', { name: 'Stories found' }).getByRole('heading', { level: 3 });

signedInTest(
  'the header search finds a story by a word of its body and ranks a title match first',
  async ({ page, baseURL }) => {
    const word = newWord();
    const inBody = await createStory(page.request, baseURL!, {
      title: 'Evening notes from the porch',
      excerpt: 'Small things seen at dusk.',
      bodyJson: body(
        `The ${word} burned low, and the ${word} smoke rose; we sat with the ${word} until dark.`,
      ),
      tags: [],
    });
    const inTitle = await createStory(page.request, baseURL!, {
      title: `The ${word} and the morning`,
      excerpt: 'A candle for one more step.',
      bodyJson: body('Nothing but a quiet morning here.'),
      tags: [],
    });

    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search stories' });
    await box.fill(word);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&range=blogs$`));
    await expect(page.getByRole('heading', { level: 1, name: `Results for “${word}”` })).toBeVisible();
    await expect(resultTitles(page)).toHaveText([inTitle.title, inBody.title]);
    await expect(resultTitles(page).first().locator('mark')).toHaveText(word);
    await expect(page.getByRole('list', { name: 'Stories found' }).locator('p mark').first()).toHaveText(
      word,
    );
    await shootBoth(page, 'search', 'search-results');

    await resultTitles(page).nth(1).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${inBody.path}$`));
  },
);

signedInTest('a Chinese story is found by a two-character word', async ({ page, baseURL }) => {
  const story = await createStory(page.request, baseURL!, {
    // A word of its own in the title: each run (and a rerun on the same database) finds its own story.
    title: `园中的橄榄树 ${newWord()}`,
    excerpt: '一棵老树的故事。',
    bodyJson: body('祖父在园子里种了一棵橄榄树，每年秋天我们一同采摘果子，记念神的信实。'),
    tags: [],
    languageCode: 'zh',
  });
  await page.goto(`/search?q=${encodeURIComponent('橄榄')}`);
  await expect(resultTitles(page).filter({ hasText: story.title })).toHaveCount(1);
  const found = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: story.title }) });
  await expect(found.locator('p mark').first()).toHaveText('橄榄');
  await shootBoth(page, 'search', 'search-chinese');
});

test('the writers dialog finds a writer by name and opens their home', async ({ page }) => {
  await page.goto('/search');
  await page.getByRole('button', { name: 'Find writers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Writers' });
  await dialog.getByRole('searchbox', { name: /name or handle/i }).fill('okafor');
  const writer = dialog.getByRole('link', { name: /Daniel Okafor/ });
  await expect(writer).toBeVisible();
  await expect(writer).toHaveAttribute('href', '/@danielokafor');
  await shootBoth(page, 'search', 'search-writers-dialog');
  await writer.click();
  await expect(page).toHaveURL(/\/@danielokafor$/);
  await expect(dialog).toBeHidden();
});

test('a query too long is refused with a clear message, and hostile text is just text', async ({ page }) => {
  await page.goto(`/search?q=${'a'.repeat(1000)}`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Search text must be at most 200 characters',
  );
  for (const q of ["'", '%', '\\', '&|!:*()', '🙏']) {
    const response = await page.goto(`/search?q=${encodeURIComponent(q)}`);
    expect(response?.status(), q).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

// Issue 21 (decision 031): a query's page is every reader's, kept until the site changes. One
// reader's "Too many searches" is theirs alone: it is never kept for the next reader. Each reader
// here has an address of its own (the browser tests' server trusts one proxy hop).
test('the search page is kept for every reader, but one address being limited is never kept', async ({
  request,
}) => {
  const word = newWord();
  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
  const limited = `198.51.100.${10 + Math.floor(Math.random() * 200)}`;
  // The page and GET /api/posts/search count against one limit per address: spend it.
  for (let i = 0; ; i++) {
    const res = await request.get(`/api/posts/search?q=${newWord()}`, from(limited));
    if (res.status() === 429) break;
    expect(res.status()).toBe(200);
    expect(i, 'the search limit was reached').toBeLessThan(100);
  }
  const refused = await (await request.get(`/search?q=${word}`, from(limited))).text();
  expect(refused).toContain('Too many searches');

  // Another reader asking the same words gets the results, not the first reader's refusal…
  // …and that page is the one kept: the limited reader now gets it too, without a search counted.
  // A change anywhere on the site (another test's publish, in the other worker) empties the cache
  // between the two requests now and then; the pair is asked again then, a few times at most.
  let other = '';
  let kept = '';
  for (let attempt = 0; attempt < 5 && (attempt === 0 || kept !== other); attempt++) {
    other = await (await request.get(`/search?q=${word}`, from('203.0.113.77'))).text();
    expect(other).not.toContain('Too many searches');
    expect(other).toContain(`Results for “${word}”`);
    kept = await (await request.get(`/search?q=${word}`, from(limited))).text();
  }
  expect(kept).toBe(other);
});
