// Decision 059: a page view asks the server for its own files and the reader's own part, never for
// the pages behind its links (next/link's viewport prefetch asked for 10 to 17 of them on every
// listing). Pointing at a link prefetches its page, and the click that follows uses it: the next page
// comes without a document load.
import type { Page, Request } from '@playwright/test';
import { expect, expectSignedOut, test } from './fixtures';

/** The Next.js router's requests for a page's payload (a prefetch or a navigation). */
const isRouterRequest = (request: Request) => new URL(request.url()).searchParams.has('_rsc');

function watch(page: Page) {
  const seen = { router: [] as string[], documents: [] as string[] };
  page.on('request', (request) => {
    if (isRouterRequest(request)) seen.router.push(new URL(request.url()).pathname);
    else if (request.resourceType() === 'document') seen.documents.push(new URL(request.url()).pathname);
  });
  return seen;
}

/** The number of requests once a second has passed without a new one. */
async function settled(requests: string[]): Promise<number> {
  for (let count = -1; count !== requests.length;) {
    count = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return requests.length;
}

test('a listing fetches no page behind its links; pointing at one prefetches it and the click uses it', async ({
  page,
}) => {
  const seen = watch(page);
  await page.goto('/tags/anxiety');
  await expectSignedOut(page);
  const story = page.getByTestId('tag-stories').locator('a[href^="/stories/"]').first();
  await expect(story).toBeVisible();
  await settled(seen.router);
  expect(seen.router, 'no prefetch while the page loads and shows its links').toEqual([]);

  const href = (await story.getAttribute('href'))!;
  await story.hover();
  await expect.poll(() => seen.router, { message: 'the pointed-at story is prefetched' }).toContain(href);
  // Prefetched once however often the pointer comes back (one prefetch is two requests of the
  // router's: the route's tree, then its data).
  const asked = await settled(seen.router);
  await page.mouse.move(0, 0);
  await story.hover();
  expect(await settled(seen.router)).toBe(asked);

  const documentsBefore = seen.documents.length;
  await story.click();
  await expect(page).toHaveURL((url) => url.pathname === href);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(seen.documents.length, 'a client-side navigation, no document load').toBe(documentsBefore);
});
