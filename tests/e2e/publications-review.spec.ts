// Issue 10's review journey in Chromium, as the people involved go through it: an owner with a
// publication and a collection takes a second account on as author (by id); the author writes a
// story, places it in the publication and — publishing being locked for them (SPEC §5) — submits it;
// the owner finds it Under review in the publication studio and rejects it with a reason; the author
// reads the reason in their own studio, edits and resubmits; the owner schedules it a minute or two
// ahead, and it publishes by itself into its collection on the publication page. A second journey
// approves and unpublishes, and checks what an author and a stranger get in the studio.
// The publication and collection are made through the API (their own pages have their own journeys).
// Screenshots of the studio's tabs and the reject dialog at 1280 and 375 px go to
// test-results/screenshots/publications-review/ for a person to look at.
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import {
  expect,
  newAccount,
  sessionFromPage,
  siteHeader,
  signUp,
  test,
  visitorAddress,
  type Account,
} from './fixtures';
import { DESKTOP, shootBoth } from './shots';

type Person = { account: Account; id: string; page: Page; context: BrowserContext; errors: string[] };
type Publication = { id: string; name: string; subdomain: string };
type Collection = { id: string; name: string };

/** A stamp no other run uses, lower-case letters and digits. */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/**
 * A new account signed up through the UI in a browser context of its own (own cookies, own client
 * address), with its page errors collected like the fixtures' `pageErrors`.
 */
async function newPerson(
  browser: Browser,
  baseURL: string,
  workerIndex: number,
  tag: string,
): Promise<Person> {
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress(workerIndex) },
  });
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(`pageerror: ${error.error().message}`));
  const page = await context.newPage();
  const account = newAccount(tag);
  await page.goto('/');
  await signUp(page, account);
  const id = String((await sessionFromPage(page))?.user?.id ?? '');
  expect(id, `${tag} has a session user id`).not.toBe('');
  return { account, id, page, context, errors };
}

/** A JSON call from this person's session, from the site's origin as its pages make them. */
async function callApi<T>(
  person: Person,
  baseURL: string,
  method: 'post' | 'patch',
  url: string,
  data: unknown,
  expected: number,
): Promise<T> {
  const response = await person.page.request[method](url, { data, headers: { origin: baseURL } });
  expect(response.status(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(expected);
  return (await response.json()) as T;
}

/** The owner's publication and one collection in it, and the author taken on by id. */
async function publicationWithAuthor(owner: Person, author: Person, baseURL: string) {
  const tag = stamp();
  const publication = await callApi<Publication>(
    owner,
    baseURL,
    'post',
    '/api/publications/create',
    {
      name: `Lanterns ${tag}`,
      description: 'Short readings for the walk home.',
      subdomain: `lanterns-${tag}`,
    },
    201,
  );
  const collection = await callApi<Collection>(
    owner,
    baseURL,
    'post',
    '/api/collections/create',
    { publicationId: publication.id, name: 'Evening readings' },
    201,
  );
  await callApi(
    owner,
    baseURL,
    'post',
    '/api/publications/addContributorByUserId',
    { userId: author.id, publicationId: publication.id, userRole: 'publication_author' },
    201,
  );
  return { publication, collection };
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const nextButton = (page: Page) => siteHeader(page).getByRole('button', { name: /^Next: open/ });
const studioPath = (publication: Publication, tab?: 'scheduled' | 'published') =>
  `/publications/${publication.id}/studio${tab ? `?tab=${tab}` : ''}`;

/** A story's row in one of the publication studio's lists. */
const queueRow = (page: Page, list: string, title: string): Locator =>
  page
    .getByRole('list', { name: `${list} stories` })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** A story's row in the writer's own studio (/me). */
const myStudioRow = (page: Page, title: string): Locator =>
  page
    .getByRole('list', { name: 'Stories' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** A datetime-local value (UTC) `minutes` after the current minute. */
function minutesAhead(minutes: number): string {
  return new Date(Math.floor(Date.now() / 60_000) * 60_000 + minutes * 60_000).toISOString().slice(0, 16);
}

test.describe('publication review', () => {
  test(
    'a submission is rejected with a reason, resubmitted, scheduled, and publishes by itself into its collection',
    { tag: '@clock' },
    async ({ browser, baseURL }, testInfo) => {
      // Three people, two reviews, and the scheduler's sweep (up to two minutes after the minute).
      test.setTimeout(6 * 60_000);
      const owner = await newPerson(browser, baseURL!, testInfo.workerIndex, 'owner');
      const author = await newPerson(browser, baseURL!, testInfo.workerIndex, 'author');
      const { publication, collection } = await publicationWithAuthor(owner, author, baseURL!);
      const title = `Psalm for the road ${stamp()}`;
      const reason = 'Please shorten the opening and name the psalm you quote.';

      // The author writes the story and places it in the publication: publishing is locked, so saving
      // submits it for review.
      await author.page.goto('/stories/new-story');
      const titleBox = author.page.getByRole('textbox', { name: 'Title', exact: true });
      await expect(titleBox).toBeEditable();
      await titleBox.fill(title);
      await author.page
        .getByRole('textbox', { name: 'Excerpt', exact: true })
        .fill('Words for the way home.');
      await author.page.getByRole('textbox', { name: 'Story body' }).click();
      await author.page.keyboard.type('The Lord is my shepherd, and the road is long.');
      await nextButton(author.page).click();
      const settings = dialog(author.page, 'Story settings');
      await settings.getByLabel('Publication', { exact: true }).selectOption({ label: publication.name });
      await settings.getByLabel('Collection', { exact: true }).selectOption({ label: collection.name });
      await expect(settings.getByRole('note')).toContainText('Saving submits your story to them for review.');
      await expect(settings.getByRole('button', { name: 'Publish now' })).toBeDisabled();
      await settings.getByRole('button', { name: 'Submit for review' }).click();
      await expect(author.page).toHaveURL(/\/me$/, { timeout: 20_000 });
      await expect(myStudioRow(author.page, title).getByText('Under review', { exact: true })).toBeVisible();

      // The owner finds it Under review in the publication studio.
      const desk = owner.page;
      await desk.goto(studioPath(publication));
      await expect(desk.getByRole('heading', { name: publication.name, level: 1 })).toBeVisible();
      await expect(desk.getByRole('link', { name: 'Under review', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      // The studio hides the header's search box (SPEC §2).
      await expect(siteHeader(desk).getByRole('search')).toHaveCount(0);
      const pending = queueRow(desk, 'Under review', title);
      await expect(pending).toContainText(`by ${author.account.name}`);
      await expect(pending).toContainText(collection.name);
      await expect(pending).toContainText('Submitted');
      await expect(pending.getByRole('button', { name: /^Approve/ })).toBeEnabled();
      await shootBoth(desk, 'publications-review', 'studio-under-review', {
        ready: () => expect(pending).toBeVisible(),
      });

      // … and rejects it with a reason.
      await pending.getByRole('button', { name: /^Reject/ }).click();
      const reject = dialog(desk, 'Reject story');
      await expect(reject).toContainText(title);
      await reject.getByLabel('Reason (optional)').fill(reason);
      await shootBoth(desk, 'publications-review', 'reject-dialog', {
        ready: () => expect(reject).toBeVisible(),
      });
      await reject.getByRole('button', { name: 'Reject story' }).click();
      await expect(reject).toBeHidden();
      await expect(pending).toHaveCount(0);
      await expect(desk.getByText('Nothing is waiting for review.')).toBeVisible();

      // The author reads the reason in their studio, edits the story and submits it again.
      await author.page.goto('/me');
      const mine = myStudioRow(author.page, title);
      await expect(mine.getByText('Rejected', { exact: true })).toBeVisible();
      await expect(mine).toContainText(`Reason: ${reason}`);
      await mine.getByRole('link', { name: title }).click();
      await expect(author.page).toHaveURL(/\/stories\/edit\/[A-Za-z0-9_-]{21}$/);
      const body = author.page.getByRole('textbox', { name: 'Story body' });
      await expect(body).toContainText('the road is long.');
      await body.click();
      await author.page.keyboard.press('ControlOrMeta+End');
      await author.page.keyboard.type(' Psalm 23, shortened.');
      await nextButton(author.page).click();
      await dialog(author.page, 'Update story').getByRole('button', { name: 'Submit for review' }).click();
      await expect(author.page).toHaveURL(/\/me$/, { timeout: 20_000 });
      await expect(mine.getByText('Under review', { exact: true })).toBeVisible();
      await expect(mine).not.toContainText('Reason:');

      // The owner schedules the resubmitted story 30–90 s ahead.
      await desk.goto(studioPath(publication));
      await queueRow(desk, 'Under review', title)
        .getByRole('button', { name: /^Schedule/ })
        .click();
      const schedule = dialog(desk, 'Schedule story');
      const seconds = new Date().getUTCSeconds();
      await schedule.getByLabel('Publish at (UTC)').fill(minutesAhead(seconds < 30 ? 1 : 2));
      await schedule.getByRole('button', { name: 'Schedule to publish' }).click();
      await expect(schedule).toBeHidden();
      await expect(queueRow(desk, 'Under review', title)).toHaveCount(0);
      await desk.getByRole('link', { name: 'Scheduled', exact: true }).click();
      await expect(desk).toHaveURL(/\/studio\?tab=scheduled$/);
      const scheduled = queueRow(desk, 'Scheduled', title);
      await expect(scheduled).toContainText('Scheduled for');
      await expect(scheduled.getByRole('button', { name: /^Reschedule/ })).toBeEnabled();
      await shootBoth(desk, 'publications-review', 'studio-scheduled', {
        ready: () => expect(scheduled).toBeVisible(),
      });

      // It publishes by itself and shows on the publication page, in its collection.
      await expect(async () => {
        await desk.goto(`/publications/${publication.id}`);
        await expect(desk.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 180_000, intervals: [5_000] });
      await desk
        .getByRole('navigation', { name: 'Collections' })
        .getByRole('link', { name: collection.name, exact: true })
        .click();
      await expect(desk).toHaveURL(/\?collection=/);
      await expect(desk.getByRole('heading', { name: collection.name, level: 2 })).toBeVisible();
      await expect(desk.getByRole('link', { name: title }).first()).toBeVisible();
      const inCollection = await desk.request.get(`/api/collections/${collection.id}`);
      expect(inCollection.status()).toBe(200);
      const collectionPosts = ((await inCollection.json()).posts as { title: string }[]).map((p) => p.title);
      expect(collectionPosts).toContain(title);

      await desk.goto(studioPath(publication, 'published'));
      const published = queueRow(desk, 'Published', title);
      await expect(published).toContainText('Published');
      await expect(published.getByRole('button', { name: /^Unpublish/ })).toBeEnabled();
      await shootBoth(desk, 'publications-review', 'studio-published', {
        ready: () => expect(published).toBeVisible(),
      });

      expect([...owner.errors, ...author.errors], 'no page errors').toEqual([]);
      await owner.context.close();
      await author.context.close();
    },
  );

  test('the owner approves a submission and unpublishes it; its author follows it without review actions; a stranger gets 404', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(3 * 60_000);
    const owner = await newPerson(browser, baseURL!, testInfo.workerIndex, 'owner');
    const author = await newPerson(browser, baseURL!, testInfo.workerIndex, 'author');
    const { publication, collection } = await publicationWithAuthor(owner, author, baseURL!);
    const title = `Night watch ${stamp()}`;
    // Saved by a publication author inside the publication, a draft is a submission (DESIGN §3).
    const story = await callApi<{ id: string; status: string }>(
      author,
      baseURL!,
      'post',
      '/api/posts/new/draft',
      {
        title,
        excerpt: 'A short vigil.',
        publicationId: publication.id,
        collectionId: collection.id,
        bodyJson: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Watch.' }] }],
        },
      },
      201,
    );
    expect(story.status).toBe('pending');

    // The author sees their submission, with scheduling locked and nothing to review.
    await author.page.goto(studioPath(publication));
    const theirs = queueRow(author.page, 'Under review', title);
    await expect(theirs).toBeVisible();
    await expect(theirs.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    await expect(theirs.getByRole('button', { name: /^Reject/ })).toHaveCount(0);
    await expect(theirs.getByRole('button', { name: /^Schedule/ })).toBeDisabled();
    await expect(theirs).toContainText('Only the publication’s owner and editors can schedule stories.');
    await shootBoth(author.page, 'publications-review', 'studio-author-view', {
      ready: () => expect(theirs).toBeVisible(),
    });

    // Someone who is not a member gets the 404 page.
    const stranger = await newPerson(browser, baseURL!, testInfo.workerIndex, 'stranger');
    await stranger.page.goto(studioPath(publication));
    await expect(stranger.page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();

    // The owner approves it: it is out at once.
    const desk = owner.page;
    await desk.goto(studioPath(publication));
    await queueRow(desk, 'Under review', title)
      .getByRole('button', { name: /^Approve/ })
      .click();
    await expect(desk.getByText(`“${title}” is published.`, { exact: true })).toBeVisible();
    await expect(queueRow(desk, 'Under review', title)).toHaveCount(0);
    await desk.getByRole('link', { name: 'Published', exact: true }).click();
    const published = queueRow(desk, 'Published', title);
    await expect(published).toBeVisible();

    // Unpublishing asks first; Cancel keeps it out.
    await published.getByRole('button', { name: /^Unpublish/ }).click();
    const confirm = dialog(desk, 'Unpublish story');
    await expect(confirm).toContainText(title);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(published).toBeVisible();
    await published.getByRole('button', { name: /^Unpublish/ }).click();
    await confirm.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(published).toHaveCount(0);
    await expect(desk.getByText(`Nothing is published in ${publication.name} yet.`)).toBeVisible();
    const after = await author.page.request.get(`/api/posts/${story.id}`);
    expect(after.status()).toBe(200);
    expect(await after.json()).toMatchObject({ status: 'draft', publicationId: null, collectionId: null });

    expect([...owner.errors, ...author.errors, ...stranger.errors], 'no page errors').toEqual([]);
    for (const person of [owner, author, stranger]) await person.context.close();
  });

  test('a signed-out visitor of a studio is asked to sign in', async ({ page }) => {
    const listing = await page.request.get('/api/publications?limit=1');
    expect(listing.status()).toBe(200);
    const [first] = (await listing.json()).publications as Publication[];
    await page.goto(studioPath(first));
    await expect(dialog(page, /^(Welcome back|Join Lamplight)$/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: first.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in or create an account' })).toBeVisible();
  });
});
