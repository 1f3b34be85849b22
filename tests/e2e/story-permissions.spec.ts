// Issue 9 — one story, four people: a stranger, its author, a site editor and a site admin each see
// exactly the actions the API accepts from them (the story page's story-actions menu, the editor and
// its story-update dialog: the excerpt field only for site staff), and the API refuses the rest
// (403, or 404 for what they may not even see) when called with their own session (page.request).
import type { Browser, Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_SITE_EDITOR } from './demo-accounts';
import {
  createStory,
  expect,
  newAccount,
  signIn,
  signUp,
  test,
  visitorAddress,
  type CreatedStory,
} from './fixtures';

type Who = 'stranger' | 'author' | 'site editor' | 'site admin';
type Person = { who: Who; page: Page };

/** A signed-in person in a browser context of their own (own cookies, own client address). */
async function signedInPerson(
  browser: Browser,
  baseURL: string,
  workerIndex: number,
  who: Who,
  credentials: { email: string; password: string } | 'new account',
): Promise<Person> {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress(workerIndex) },
  });
  const page = await context.newPage();
  await page.goto('/');
  if (credentials === 'new account') await signUp(page, newAccount(who.replace(' ', '-')));
  else await signIn(page, credentials);
  return { who, page };
}

/** The API from this person's session, as the site's own pages call it (same origin). */
function api(person: Person, baseURL: string) {
  const headers = { origin: baseURL };
  const request = person.page.request;
  return {
    get: (path: string) => request.get(path),
    patch: (path: string, data?: unknown) => request.patch(path, { data, headers }),
    delete: (path: string) => request.delete(path, { headers }),
  };
}

/** The items of the story-actions menu opened from the story page; null when it offers none. */
async function storyPageActions(page: Page, story: CreatedStory): Promise<string[] | null> {
  await page.goto(story.path);
  await expect(page.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
  // The menu button appears once the reader's `can` flags are in (or never, for a reader).
  await expect(page.getByRole('button', { name: 'Share this story' }).first()).toBeVisible();
  const menuButton = page.getByRole('button', { name: 'Story actions' });
  const story$ = await page.request.get(`/api/posts/${story.id}`);
  const can = (await story$.json()).can as Record<string, unknown>;
  const offers = Object.entries(can).some(([name, value]) =>
    name === 'locked' ? (value as unknown[]).length > 0 : value === true,
  );
  if (!offers) {
    await expect(menuButton).toHaveCount(0);
    return null;
  }
  await menuButton.first().click();
  const menu = page.getByRole('dialog', { name: 'Story actions' });
  await expect(menu).toBeVisible();
  const items = await menu.getByRole('listitem').getByRole('button').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return items.map((item) => item.trim());
}

/** Opens the editor on the story and its story-update dialog (the header's Next). */
async function openUpdateDialog(page: Page, story: CreatedStory) {
  await page.goto(`/stories/edit/${story.id}`);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(story.title);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Next: open/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Update story' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('story permissions: stranger, author, site editor, site admin', () => {
  test('each sees exactly what the API lets them do, and the API refuses the rest', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
    const stamp = Date.now().toString(36);
    const person = (who: Who, credentials: Parameters<typeof signedInPerson>[4]) =>
      signedInPerson(browser, baseURL, testInfo.workerIndex, who, credentials);

    const author = await person('author', 'new account');
    const stranger = await person('stranger', 'new account');
    const siteEditor = await person('site editor', DEMO_SITE_EDITOR);
    const siteAdmin = await person('site admin', DEMO_ADMIN);

    const published = await createStory(author.page.request, baseURL, {
      title: `Shared lamp ${stamp}`,
      excerpt: 'Written by the author when the story was created.',
      bodyJson: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Light.' }] }],
      },
    });
    const draft = await createStory(
      author.page.request,
      baseURL,
      { title: `Quiet draft ${stamp}`, excerpt: 'Not out yet.' },
      'draft',
    );
    const path = `/api/posts/${published.id}`;
    const version = async () => (await (await api(author, baseURL).get(path)).json()).version as number;

    await test.step('the story page menu offers each person their own actions', async () => {
      expect(await storyPageActions(stranger.page, published)).toBeNull();
      expect(await storyPageActions(author.page, published)).toEqual([
        'Edit story',
        'Story settings',
        'Unpublish',
        'Delete story',
      ]);
      // Site staff change another writer's excerpt in the story-update dialog itself (issue 13).
      expect(await storyPageActions(siteEditor.page, published)).toEqual(['Edit excerpt']);
      expect(await storyPageActions(siteAdmin.page, published)).toEqual([
        'Edit excerpt',
        'Unpublish',
        'Delete story',
        'Ban author',
      ]);
    });

    await test.step('the editor and update dialog: the excerpt field only for site staff', async () => {
      const authorDialog = await openUpdateDialog(author.page, published);
      await expect(authorDialog.getByRole('textbox', { name: 'Excerpt' })).toHaveCount(0);
      await expect(authorDialog.getByRole('button', { name: 'Save' })).toBeEnabled();
      await expect(authorDialog.getByRole('button', { name: 'Republish' })).toBeEnabled();

      for (const staff of [siteEditor, siteAdmin]) {
        const dialog = await openUpdateDialog(staff.page, published);
        await expect(dialog.getByRole('textbox', { name: 'Excerpt' })).toBeEditable();
        await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
        await expect(dialog.getByRole('button', { name: 'Republish' })).toHaveCount(0);
      }

      await stranger.page.goto(`/stories/edit/${published.id}`);
      await expect(stranger.page.getByRole('heading', { name: 'You cannot edit this story' })).toBeVisible();
    });

    await test.step('a site editor changes the excerpt through the dialog, and the API agrees', async () => {
      const dialog = await openUpdateDialog(siteEditor.page, published);
      await dialog.getByRole('textbox', { name: 'Excerpt' }).fill('Sharpened by the site editor.');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden({ timeout: 20_000 });
      const after = await (await api(author, baseURL).get(path)).json();
      expect(after.excerpt).toBe('Sharpened by the site editor.');
    });

    await test.step('the API refuses each person what their menu does not offer', async () => {
      const current = await version();
      const refusals: [Person, string, () => ReturnType<ReturnType<typeof api>['get']>, number][] = [
        [
          stranger,
          'edit the title',
          () => api(stranger, baseURL).patch(path, { version: current, title: 'x' }),
          403,
        ],
        [
          stranger,
          'change the excerpt',
          () => api(stranger, baseURL).patch(path, { version: current, excerpt: 'x' }),
          403,
        ],
        [
          stranger,
          'unpublish',
          () => api(stranger, baseURL).patch(`/api/posts/manage_posts/unpublish_post/${published.id}`),
          403,
        ],
        [stranger, 'delete', () => api(stranger, baseURL).delete(path), 403],
        [
          stranger,
          "read the author's draft",
          () => api(stranger, baseURL).get(`/api/posts/${draft.id}`),
          404,
        ],
        // (A site editor may read it: staff edit any story's excerpt, issue 13 — staff.spec.ts.)
        [
          author,
          'change the excerpt it has',
          () => api(author, baseURL).patch(path, { version: current, excerpt: 'x' }),
          403,
        ],
        [
          siteEditor,
          'edit the title',
          () => api(siteEditor, baseURL).patch(path, { version: current, title: 'x' }),
          403,
        ],
        [
          siteEditor,
          'republish',
          () => api(siteEditor, baseURL).patch(path, { version: current, republish: true }),
          403,
        ],
        [
          siteEditor,
          'unpublish',
          () => api(siteEditor, baseURL).patch(`/api/posts/manage_posts/unpublish_post/${published.id}`),
          403,
        ],
        [siteEditor, 'delete', () => api(siteEditor, baseURL).delete(path), 403],
        [
          siteAdmin,
          'edit the title',
          () => api(siteAdmin, baseURL).patch(path, { version: current, title: 'x' }),
          403,
        ],
        [
          siteAdmin,
          'republish',
          () => api(siteAdmin, baseURL).patch(path, { version: current, republish: true }),
          403,
        ],
      ];
      for (const [who, what, call, status] of refusals) {
        expect((await call()).status(), `${who.who} may not ${what}`).toBe(status);
      }
      // Nothing refused changed the story.
      expect(await version()).toBe(current);
    });

    await test.step('and accepts what it offers: the site admin unpublishes, the author deletes', async () => {
      const unpublished = await api(siteAdmin, baseURL).patch(
        `/api/posts/manage_posts/unpublish_post/${published.id}`,
      );
      expect(unpublished.status()).toBe(200);
      expect((await api(stranger, baseURL).get(path)).status()).toBe(404);
      expect((await api(author, baseURL).delete(path)).status()).toBe(204);
    });

    for (const { page } of [author, stranger, siteEditor, siteAdmin]) await page.context().close();
  });
});
