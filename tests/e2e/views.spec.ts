import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_STAFF_PASSWORD } from './demo-accounts';
import { expect, listedPublication, signIn, test, visitorAddress } from './fixtures';
import { shootBoth } from './shots';

// Page views (issue 11): the story page's beacon counts each reader once a day, however often they
// reload, and the publication's owner reads the count in the publication admin's stats.

const GRACE = { email: 'grace@lamplight.local', password: DEMO_STAFF_PASSWORD };
type StatsAnswer = { posts: { id: string; views: number }[]; total: number };

/** The UTC day `daysAgo` days back ('YYYY-MM-DD'). */
const dayBefore = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** The story's views from a day on (today by default), as its publication's owner reads them. */
async function viewsOf(
  request: APIRequestContext,
  publicationId: string,
  storyId: string,
  startDate = dayBefore(0),
): Promise<number> {
  const response = await request.get(
    `/api/publications/stats/by_post?id=${publicationId}&startDate=${startDate}`,
  );
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as StatsAnswer;
  return answer.posts.find((p) => p.id === storyId)?.views ?? 0;
}

/** Loads the story page and waits for its beacon to be answered. */
async function readStory(page: Page, url: string): Promise<void> {
  const beacon = page.waitForResponse(
    (r) => r.url().endsWith('/api/stats/view') && r.request().method() === 'POST',
  );
  await page.goto(url);
  expect((await beacon).status()).toBe(204);
}

test('three readers loading one story several times count three views', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  // Grace owns Daily Bread (the demo content): she reads its stats.
  await page.goto('/');
  await signIn(page, GRACE);
  const daily = await listedPublication(page.request, 'daily-bread');
  const stories = await (await page.request.get(`/api/posts/publications/${daily.id}?limit=5`)).json();
  const story = stories.posts[stories.posts.length - 1] as { id: string; slug: string; title: string };
  const url = `${baseURL}/stories/${story.slug ? `${story.slug}-${story.id}` : story.id}`;
  const before = await viewsOf(page.request, daily.id, story.id);

  // Three guests, each at an address of their own, each loading the story three times.
  const readers = await Promise.all(
    [0, 1, 2].map(() =>
      browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': visitorAddress(testInfo.workerIndex) } }),
    ),
  );
  for (const reader of readers) {
    const tab = await reader.newPage();
    for (let load = 0; load < 3; load++) await readStory(tab, url);
  }
  // Views are written in batches every ~1.5 s.
  await expect.poll(() => viewsOf(page.request, daily.id, story.id), { timeout: 15_000 }).toBe(before + 3);
  // More loads by the same readers the same day add nothing.
  await readStory(await readers[0]!.newPage(), url);
  await page.waitForTimeout(2_500);
  expect(await viewsOf(page.request, daily.id, story.id)).toBe(before + 3);
  await Promise.all(readers.map((reader) => reader.close()));

  // The publication admin shows the stats: the chart and the story's row (its last 7 days: the demo
  // content has views on earlier days too).
  const lastWeek = await viewsOf(page.request, daily.id, story.id, dayBefore(6));
  await page.goto(`/publications/admin/${daily.id}`);
  const stats = page.getByRole('region', { name: 'Stats' });
  await expect(stats.getByRole('img', { name: /^Views per day from / })).toBeVisible();
  await stats.getByRole('button', { name: '7 days' }).click();
  await expect(stats.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  const row = stats.getByRole('row').filter({ has: page.getByRole('link', { name: story.title }) });
  await expect(row.getByRole('cell').last()).toHaveText(lastWeek.toLocaleString('en'));
  await stats.scrollIntoViewIfNeeded();
  await shootBoth(page, 'views', 'publication-stats');
});
