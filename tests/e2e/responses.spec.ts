// Issue 25 item 2 in Chromium, as new users would (docs/decisions/053-responses.md): reader A responds
// to writer B's story; B replies; B hides C's rude response; A edits, then deletes, their own. The
// story page's JSON-LD carries the responses readers see. Screenshots at 1280 and 375 px of the
// responses section as B and as A see it: test-results/screenshots/responses/.
import type { Browser, Page } from '@playwright/test';
import { responseBy, responses } from './community';
import { createStory, expect, keepPublicationPopupAway, newAccount, newUserTest, signUp } from './fixtures';
import { shootPart } from './shots';

/** A reader in a browser of their own, signed up. */
async function reader(browser: Browser, baseURL: string, tag: string, address: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  await keepPublicationPopupAway(context, baseURL);
  const page = await context.newPage();
  await page.goto('/');
  const account = newAccount(tag);
  await signUp(page, account);
  return { page, account, context };
}

newUserTest.describe('responses', () => {
  newUserTest(
    'A responds to B’s story; B replies; B hides C’s rude response; A edits then deletes their own',
    async ({ page, browser, baseURL }) => {
      newUserTest.setTimeout(300_000);
      // B (this test's new user) publishes a story.
      const story = await createStory(page.request, baseURL!, {
        title: `Grace in the waiting ${Date.now().toString(36)}`,
        bodyHtml: '<p>Some seasons are for waiting. I have been learning to wait well.</p>',
        excerpt: 'On waiting well.',
        tags: [],
      });
      const n = Math.floor(Math.random() * 250);

      // A guest sees the responses and is asked to sign in to respond.
      const a = await reader(browser, baseURL!, 'respondera', `10.126.${n}.11`);
      await a.page.context().clearCookies();
      await a.page.goto(story.path);
      await expect(responses(a.page).getByRole('heading', { name: /Responses/ })).toBeVisible();
      await expect(responses(a.page).getByRole('button', { name: 'Sign in to respond' })).toBeVisible();
      await a.context.close();

      // A responds, with a link and markup that stays text.
      const readerA = await reader(browser, baseURL!, 'respondera', `10.126.${n}.12`);
      await readerA.page.goto(story.path);
      const box = responses(readerA.page).getByLabel('Your response');
      await box.fill('Thank you for this. <b>Waiting</b> is hard — see https://example.com/psalm-27 too.');
      await responses(readerA.page).getByRole('button', { name: 'Respond' }).click();
      const mine = responseBy(readerA.page, readerA.account.name);
      await expect(mine).toContainText('<b>Waiting</b> is hard');
      const link = mine.getByRole('link', { name: 'https://example.com/psalm-27' });
      await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
      await expect(responses(readerA.page).getByRole('heading', { name: 'Responses (1)' })).toBeVisible();

      // C responds rudely.
      const readerC = await reader(browser, baseURL!, 'responderc', `10.126.${n}.13`);
      await readerC.page.goto(story.path);
      await responses(readerC.page).getByLabel('Your response').fill('This is nonsense and so are you.');
      await responses(readerC.page).getByRole('button', { name: 'Respond' }).click();
      await expect(responseBy(readerC.page, readerC.account.name)).toBeVisible();

      // B replies to A, and hides C's response.
      await page.goto(story.path);
      const toA = responseBy(page, readerA.account.name);
      await toA.getByRole('button', { name: 'Reply' }).click();
      await toA.getByLabel(/^Reply to /).fill('Thank you — it is, and you are not alone.');
      await toA.getByRole('button', { name: 'Reply', exact: true }).last().click();
      await expect(toA.getByText('you are not alone')).toBeVisible();
      const rude = responseBy(page, readerC.account.name);
      await rude.getByRole('button', { name: 'Hide' }).click();
      await expect(rude).toContainText('Hidden from readers');
      await shootPart(page, responses(page), 'responses', 'responses-writer');

      // Readers no longer see C's response.
      await readerA.page.reload();
      await expect(responseBy(readerA.page, readerA.account.name).first()).toBeVisible();
      await expect(responseBy(readerA.page, readerC.account.name)).toHaveCount(0);
      await expect(responses(readerA.page).getByText('you are not alone')).toBeVisible();

      // The page's JSON-LD carries the responses readers see (the cached page, rendered again once).
      const html = await (await readerA.page.request.get(story.path)).text();
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
      expect(ld.commentCount).toBe(2);
      expect(ld.comment.map((c: { text: string }) => c.text)).toContain(
        'Thank you — it is, and you are not alone.',
      );
      expect(JSON.stringify(ld)).not.toContain('nonsense');

      // A edits their response, then deletes it (its reply goes with it).
      const own = responseBy(readerA.page, readerA.account.name).first();
      await own.getByRole('button', { name: 'Edit' }).first().click();
      await own.getByLabel('Edit your response').fill('Thank you for this. Waiting is hard.');
      await own.getByRole('button', { name: 'Save' }).click();
      await expect(own).toContainText('edited');
      await expect(own).toContainText('Waiting is hard.');
      await shootPart(readerA.page, responses(readerA.page), 'responses', 'responses-reader');
      await own.getByRole('button', { name: 'Delete' }).first().click();
      await own.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(responseBy(readerA.page, readerA.account.name)).toHaveCount(0);
      await expect(responses(readerA.page).getByRole('heading', { name: 'Responses (0)' })).toBeVisible();
      await expect(responses(readerA.page).getByText('No responses yet.')).toBeVisible();

      await readerA.context.close();
      await readerC.context.close();
    },
  );

  newUserTest(
    'the writer turns responses off in the story settings: readers see it closed and cannot post; on again, they can',
    async ({ page, browser, baseURL }) => {
      newUserTest.setTimeout(180_000);
      const story = await createStory(page.request, baseURL!, {
        title: `A quiet word ${Date.now().toString(36)}`,
        bodyHtml: '<p>Some stories ask for silence afterwards.</p>',
        excerpt: 'On silence.',
        tags: [],
      });
      const n = Math.floor(Math.random() * 250);
      const readerA = await reader(browser, baseURL!, 'closedreader', `10.127.${n}.21`);
      const composer = (p: Page) => responses(p).getByLabel('Your response');

      // Open: the reader can respond.
      await readerA.page.goto(story.path);
      await expect(composer(readerA.page)).toBeVisible();

      // The writer turns responses off from the story's actions.
      const toggle = async (open: boolean) => {
        await page.goto(story.path);
        await page.getByRole('button', { name: 'Story actions' }).first().click();
        await page
          .getByRole('dialog', { name: 'Story actions' })
          .getByRole('button', { name: 'Story settings' })
          .click();
        const settings = page.getByRole('dialog', { name: 'Story settings' });
        const box = settings.getByRole('checkbox', { name: /Take responses on this story/ });
        await expect(box).toBeChecked({ checked: !open });
        if (!open)
          await shootPart(page, box.locator('xpath=ancestor::div[1]'), 'responses', 'responses-switch');
        // The switch saves at once and shows the saved state when the server has answered.
        await box.click();
        await expect(box).toBeChecked({ checked: open });
        await expect(box).toBeEnabled();
        await page.keyboard.press('Escape');
        await expect(settings).toBeHidden();
      };
      await toggle(false);

      // Closed: the reader sees so, without a composer, and the API refuses a post all the same.
      await readerA.page.reload();
      await expect(responses(readerA.page).getByRole('note')).toHaveText('Responses are turned off');
      await expect(composer(readerA.page)).toHaveCount(0);
      const refused = await readerA.page.request.post(`/api/posts/${story.id}/responses`, {
        data: { text: 'Posted past the switch.' },
        headers: { origin: baseURL! },
      });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).error.message).toBe('Responses are turned off for this story');

      // On again: the reader responds.
      await toggle(true);
      await readerA.page.reload();
      await composer(readerA.page).fill('Thank you for the quiet.');
      await responses(readerA.page).getByRole('button', { name: 'Respond' }).click();
      await expect(responseBy(readerA.page, readerA.account.name)).toContainText('Thank you for the quiet.');
      await readerA.context.close();
    },
  );
});
