// Issue 13 — site staff. A site admin bans a writer from a story's actions menu: the writer's stories
// 404 and vanish from the home page, search, their feed and a reader's list; the writer, signed in
// elsewhere, is signed out on their next request and cannot sign in again; unban restores all of it.
// A site admin reorders the editor pick of (en, US) in /admin and the home page shows the new order.
// A site editor edits the excerpt of another writer's unpublished story, and cannot change its title.
// Screenshots of the staff area at desktop and 375 px: test-results/screenshots/staff/.
import type { Browser, Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OWNER, DEMO_SITE_EDITOR } from './demo-accounts';
import {
  createStory,
  expect,
  expectSignedOut,
  listedPublication,
  newAccount,
  openUserMenu,
  sessionFromPage,
  signIn,
  signUp,
  ssoDialog,
  ssoError,
  submitSignIn,
  test,
  visitorAddress,
  type Account,
} from './fixtures';
import { DESKTOP, PHONE, shoot } from './shots';

/** A person in a browser context of their own (own cookies, own client address). */
async function personPage(browser: Browser, baseURL: string, workerIndex: number, width = 1280) {
  const context = await browser.newContext({
    baseURL,
    viewport: width < 600 ? PHONE : DESKTOP,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress(workerIndex) },
  });
  await context.addCookies([{ name: 'lastShowedAt', value: String(Date.now()), url: baseURL }]);
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

/** Opens the story page's story-actions menu and picks an item. */
async function storyMenuItem(page: Page, storyPath: string, item: string) {
  await page.goto(storyPath);
  await page.getByRole('button', { name: 'Story actions' }).first().click();
  const menu = page.getByRole('dialog', { name: 'Story actions' });
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: item }).click();
}

test.describe('site staff', () => {
  test('ban from the story menu hides the writer everywhere; unban restores it', async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(240_000);
    if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
    const word = `lanternfall${Date.now().toString(36)}`;
    const origin = { origin: baseURL };

    const writer = await personPage(browser, baseURL, info.workerIndex);
    const writerAccount: Account = newAccount('banned');
    await signUp(writer, writerAccount);
    const writerId = (await sessionFromPage(writer)).user.id as string;
    const story = await createStory(writer.request, baseURL, {
      title: `The ${word} psalm`,
      excerpt: 'A story that the ban hides and the unban brings back.',
      bodyJson: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: word }] }] },
      tags: [{ name: 'Lanterns' }],
    });
    const subdomain = `w${Date.now().toString(36)}`;
    expect(
      (
        await writer.request.patch(`/api/users/${writerId}`, { data: { subdomain }, headers: origin })
      ).status(),
    ).toBe(200);

    const reader = await personPage(browser, baseURL, info.workerIndex);
    await signUp(reader, newAccount('reader'));
    const list = await (
      await reader.request.post('/api/lists/create', {
        data: { listName: 'Kept', privacyStatus: 'public' },
        headers: origin,
      })
    ).json();
    expect(
      (
        await reader.request.post(`/api/lists/posts?listId=${list.id}&postId=${story.id}`, {
          headers: origin,
        })
      ).status(),
    ).toBeLessThan(300);

    const anonymous = await personPage(browser, baseURL, info.workerIndex);
    const surfaces = async () => ({
      story: (await anonymous.request.get(story.path)).status(),
      home: (await (await anonymous.request.get('/')).text()).includes(word),
      search: (await (await anonymous.request.get(`/api/posts/search?q=${word}`)).json()).posts.length,
      feed: (await anonymous.request.get(`/feed/writers/${subdomain}`)).status(),
      list: (
        (await (await reader.request.get(`/api/posts/get_posts_by_list_id?id=${list.id}`)).json()).posts as {
          id: string;
        }[]
      ).some((p) => p.id === story.id),
    });
    expect(await surfaces()).toEqual({ story: 200, home: true, search: 1, feed: 200, list: true });

    const admin = await personPage(browser, baseURL, info.workerIndex);
    await signIn(admin, DEMO_ADMIN);

    await test.step('the admin bans the writer from the story menu', async () => {
      await storyMenuItem(admin, story.path, 'Ban author');
      const dialog = admin.getByRole('dialog', { name: 'Ban author' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(writerAccount.name);
      await expect(dialog).toContainText(writerId);
      await dialog.getByLabel(/Reason/).fill('Copied stories');
      await shoot(admin, 'staff', 'ban-dialog');
      await dialog.getByRole('button', { name: 'Ban author' }).click();
      await expect(admin.getByText(`${writerAccount.name} is banned.`)).toBeVisible();
    });

    await test.step('everything of theirs is gone at once; their session ends; sign-in is refused', async () => {
      expect(await surfaces()).toEqual({ story: 404, home: false, search: 0, feed: 404, list: false });
      await writer.reload();
      await expectSignedOut(writer);
      await submitSignIn(writer, writerAccount);
      await expect(ssoError(writer)).toHaveText(/Your account has been banned\./);
      await writer.keyboard.press('Escape');
      await expect(ssoDialog(writer)).toBeHidden();
    });

    await test.step('the log records it; unban from the same menu brings everything back', async () => {
      await admin.goto('/admin?section=log');
      const row = admin.getByRole('row', { name: new RegExp(writerAccount.name) }).first();
      await expect(row).toContainText('Banned');
      await expect(row).toContainText('Copied stories');
      await storyMenuItem(admin, story.path, 'Unban author');
      const dialog = admin.getByRole('dialog', { name: 'Unban author' });
      await dialog.getByRole('button', { name: 'Unban author' }).click();
      await expect(admin.getByText(`${writerAccount.name} is no longer banned.`)).toBeVisible();
      expect(await surfaces()).toEqual({ story: 200, home: true, search: 1, feed: 200, list: true });
      await signIn(writer, writerAccount);
    });

    for (const page of [writer, reader, anonymous, admin]) await page.context().close();
  });

  test('the admin reorders the editor pick of (en, US) and the home page follows', async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(180_000);
    if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
    const admin = await personPage(browser, baseURL, info.workerIndex);
    await signIn(admin, DEMO_ADMIN);
    await admin.goto('/admin?section=curated&lang=en&country=US');
    const card = admin.getByTestId('set-editor-pick');
    const items = card.getByTestId('sortable-item');
    await expect(items.first()).toBeVisible();
    expect(await items.count()).toBeGreaterThan(2);
    const before = (await items.allInnerTexts()).map((text) => text.split('\n'));
    const label = async (i: number) =>
      (await items
        .nth(i)
        .getByRole('button', { name: /^Drag / })
        .getAttribute('aria-label'))!.slice(5);
    const [first, second, third] = [await label(0), await label(1), await label(2)];

    // The keyboard: lift the third with Space, move it up twice, drop it — then a button for the rest.
    const handle = items.nth(2).getByRole('button', { name: /^Drag / });
    // The list is server-rendered: a key pressed before hydration lifts nothing, so lift until lifted.
    await expect(async () => {
      await handle.focus();
      await admin.keyboard.press('Space');
      await expect(handle).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
    }).toPass();
    // Each arrow moves from where the last one left the item, once React has drawn that move: a key
    // pressed sooner starts again from the old place (a busy browser dropped the second move so).
    const lifted = items.nth(2);
    const rowHeight = (await lifted.boundingBox())!.height;
    const shift = () => lifted.evaluate((row) => new DOMMatrixReadOnly(row.style.transform || 'none').m42);
    for (const rows of [1, 2]) {
      await admin.keyboard.press('ArrowUp');
      await expect.poll(shift).toBeLessThan(-(rows - 0.5) * rowHeight);
    }
    await admin.keyboard.press('Space');
    await expect.poll(() => label(0)).toBe(third);
    expect([await label(1), await label(2)]).toEqual([first, second]);
    // …and a button: the second one up past the first.
    await card.getByRole('button', { name: `Move ${second} up` }).click();
    const order = [third, second, first];
    await expect.poll(async () => [await label(0), await label(1), await label(2)]).toEqual(order);
    expect(before.length).toBeGreaterThan(2);
    await shoot(admin, 'staff', 'curated');
    await card.getByRole('button', { name: 'Save editor pick' }).click();
    await expect(admin.getByText('Saved successfully')).toBeVisible();

    const anonymous = await personPage(browser, baseURL, info.workerIndex);
    await anonymous.goto('/');
    const picks = anonymous.getByTestId('home-editor-pick').getByRole('heading', { level: 3 });
    await expect(picks.first()).toHaveText(order[0]);
    expect((await picks.allInnerTexts()).slice(0, 3)).toEqual(order);
    // The preview in the staff area shows the same.
    await admin.reload();
    await expect(
      admin
        .getByTestId('home-preview')
        .getByTestId('home-editor-pick')
        .getByRole('heading', { level: 3 })
        .first(),
    ).toHaveText(order[0]);

    for (const page of [admin, anonymous]) await page.context().close();
  });

  test("the admin reorders a publication's trending set and its page shows it, cached copy too", async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(180_000);
    if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
    // An anonymous reader's copy of the page is in the page cache before the change (decision 021).
    const reader = await personPage(browser, baseURL, info.workerIndex);
    await reader.goto('/walk-with-god');
    const shown = reader.getByRole('region', { name: 'Trending' }).getByRole('link');
    await expect(shown.first()).toBeVisible();

    const admin = await personPage(browser, baseURL, info.workerIndex);
    await signIn(admin, DEMO_ADMIN);
    await admin.goto('/admin?section=publications');
    await admin.locator('#staff-publication').selectOption({ label: 'Walking With God' });
    await admin.getByRole('button', { name: 'Show' }).click();
    const card = admin.getByTestId('set-trending');
    const items = card.getByTestId('sortable-item');
    await expect(items.nth(1)).toBeVisible();
    const label = async (i: number) =>
      (await items
        .nth(i)
        .getByRole('button', { name: /^Drag / })
        .getAttribute('aria-label'))!.slice(5);
    const [first, second] = [await label(0), await label(1)];
    expect(await shown.allInnerTexts()).toEqual(
      await Promise.all(Array.from({ length: await items.count() }, (_, i) => label(i))),
    );
    // The second one up past the first, and the last one out.
    await card.getByRole('button', { name: `Move ${second} up` }).click();
    await expect.poll(() => label(0)).toBe(second);
    const count = await items.count();
    const last = await label(count - 1);
    await card.getByRole('button', { name: `Remove ${last}` }).click();
    await expect(items).toHaveCount(count - 1);
    const order = await Promise.all(Array.from({ length: count - 1 }, (_, i) => label(i)));
    expect(order.slice(0, 2)).toEqual([second, first]);
    await card.getByRole('button', { name: 'Save trending' }).click();
    await expect(admin.getByText('Saved successfully')).toBeVisible();

    await reader.reload();
    await expect.poll(() => shown.allInnerTexts()).toEqual(order);
    await shoot(reader, 'staff', 'publication-trending');
    for (const page of [admin, reader]) await page.context().close();
  });

  test("a site editor edits another writer's unpublished excerpt, never its title", async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(180_000);
    if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
    const writer = await personPage(browser, baseURL, info.workerIndex);
    await signUp(writer, newAccount('drafter'));
    const draft = await createStory(
      writer.request,
      baseURL,
      { title: `Half a hymn ${Date.now().toString(36)}`, excerpt: 'First words.' },
      'draft',
    );

    for (const width of [1280, 375]) {
      const editor = await personPage(browser, baseURL, info.workerIndex, width);
      await signIn(editor, DEMO_SITE_EDITOR);
      if (width > 600) {
        // Staff reach the area from the user menu.
        const menu = await openUserMenu(editor);
        await menu.getByRole('menuitem', { name: 'Staff area' }).click();
        await expect(editor).toHaveURL(/\/admin$/);
      } else await editor.goto('/admin');
      await expect(editor.getByRole('heading', { name: 'Staff area' })).toBeVisible();
      // Site editors have no curated sets, subtopics or search of all posts.
      await expect(editor.getByRole('link', { name: 'Curated sets' })).toHaveCount(0);
      await expect(editor.getByRole('heading', { name: 'Search all stories' })).toHaveCount(0);
      await shoot(editor, 'staff', 'stories-editor');
      await editor.getByLabel('Story address or id').fill(`${baseURL}${draft.path}`);
      await editor.getByRole('button', { name: 'Open' }).click();
      const dialog = editor.getByRole('dialog', { name: 'Update story' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(draft.title);
      await expect(dialog.getByRole('textbox')).toHaveCount(1); // the excerpt, and no title field
      const excerpt = `Tightened by the site editor at ${width}px.`;
      await dialog.getByRole('textbox', { name: 'Excerpt' }).fill(excerpt);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden({ timeout: 20_000 });
      const after = await (await writer.request.get(`/api/posts/${draft.id}`)).json();
      expect(after).toMatchObject({ excerpt, title: draft.title, status: 'draft' });
      // The title is the writer's: the API refuses it, and nothing changes.
      const title = await editor.request.patch(`/api/posts/${draft.id}`, {
        data: { version: after.version, title: 'Taken over' },
        headers: { origin: baseURL },
      });
      expect(title.status()).toBe(403);
      expect((await (await writer.request.get(`/api/posts/${draft.id}`)).json()).title).toBe(draft.title);
      await editor.context().close();
    }
    // And the staff area is a 404 for everyone else.
    expect((await writer.request.get('/admin')).status()).toBe(404);
    await writer.context().close();
  });

  test('an admin creates a subtopic, renames it in its settings and deletes it after the confirmation', async ({
    browser,
    baseURL,
  }, info) => {
    if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
    const admin = await personPage(browser, baseURL, info.workerIndex);
    await signIn(admin, DEMO_ADMIN);
    await admin.goto('/admin?section=subtopics');
    const name = `Psalms at dusk ${Date.now().toString(36)}`;
    const create = admin.getByRole('region', { name: 'New subtopic' });
    await create.getByLabel('Name').fill(name);
    await create.getByLabel('Description').fill('Evening psalms.');
    await create.getByRole('button', { name: 'Create' }).click();
    const message = admin.getByRole('dialog', { name: 'Message' });
    await expect(message).toContainText('Created successfully');
    await message.getByRole('button', { name: 'OK' }).click();
    const list = admin.getByRole('region', { name: 'Subtopics' });
    await expect(list.getByRole('button', { name: `Edit ${name}` })).toBeVisible();

    // SPEC §2 subtopic settings: the inputs show the current values as placeholders; save renames.
    await list.getByRole('button', { name: `Edit ${name}` }).click();
    const settings = admin.getByRole('dialog', { name: 'Subtopic settings' });
    await expect(settings.getByLabel('Name')).toHaveAttribute('placeholder', name);
    await expect(settings.getByLabel('Description')).toHaveAttribute('placeholder', 'Evening psalms.');
    const renamed = `${name} renamed`;
    await settings.getByLabel('Name').fill(renamed);
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(message).toContainText('Saved successfully');
    await message.getByRole('button', { name: 'OK' }).click();
    await expect(list.getByRole('button', { name: `Edit ${renamed}` })).toBeVisible();

    // Delete opens a confirmation; its confirm deletes and reloads.
    await list.getByRole('button', { name: `Edit ${renamed}` }).click();
    await settings.getByRole('button', { name: 'Delete' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete subtopic' });
    await expect(confirm).toContainText(renamed);
    const reloaded = admin.waitForEvent('load');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await reloaded;
    await expect(list.getByRole('button', { name: `Edit ${renamed}` })).toHaveCount(0);
    await expect(list.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
    await admin.context().close();
  });

  test('staff area screenshots for an admin, desktop and 375 px', async ({ browser, baseURL }, info) => {
    test.setTimeout(180_000);
    if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
    for (const width of [1280, 375]) {
      const admin = await personPage(browser, baseURL, info.workerIndex, width);
      await signIn(admin, DEMO_ADMIN);
      for (const section of ['stories', 'curated', 'publications', 'subtopics', 'log', 'roles']) {
        await admin.goto(`/admin?section=${section}`);
        await expect(admin.getByRole('heading', { name: 'Staff area' })).toBeVisible();
        await expect(admin.getByText('Loading…')).toHaveCount(0);
        await shoot(admin, 'staff', section);
      }
      // Issue 12's pages beside them: a demo publication's admin (newsletters and their stats), the
      // daily devotion, the daily newsletter's sign-up, the anxiety topic's dialog.
      await admin.context().close();
      // The publication's owner sees its newsletters (owners and editors manage them, SPEC §6).
      const owner = await personPage(browser, baseURL, info.workerIndex, width);
      await signIn(owner, DEMO_OWNER);
      const daily = await listedPublication(owner.request, 'daily-bread');
      await owner.goto(`/publications/admin/${daily.id}`);
      await expect(owner.getByRole('region', { name: 'Newsletters' })).toBeVisible();
      await expect(owner.getByText('Loading…')).toHaveCount(0);
      await shoot(owner, 'staff', 'publication-admin');
      for (const bare of ['dailydevotion', 'daily-newsletter']) {
        await owner.goto(`/${bare}`);
        await expect(owner.getByRole('heading', { level: 1 })).toBeVisible();
        await shoot(owner, 'staff', bare);
      }
      await owner.goto('/tags/anxiety');
      await owner.getByRole('button', { name: 'Get letters for anxious days' }).click();
      await expect(owner.getByRole('dialog', { name: 'Peace for anxious hearts' })).toBeVisible();
      await shoot(owner, 'staff', 'anxiety-subscribe');
      await owner.context().close();
    }
  });
});
