// Issue 25 item 3 — reports, as new users would: reader C reports reader A's response and site staff
// dismiss the report; C reports a story and staff hide it (unpublish); A reports C's response, staff
// ban C from the queue and C's responses vanish from the story page; unbanning brings them back.
// Screenshots of the report dialog and the staff queue at 1280 and 375 px:
// test-results/screenshots/reports/.
import { personPage, queueCard, responseBlock, sendReport } from './community';
import { DEMO_ADMIN } from './demo-accounts';
import { createStory, expect, newAccount, sessionFromPage, signIn, signUp, test } from './fixtures';
import { shootBoth } from './shots';

const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

test.describe('reports', () => {
  test('report a response, a story and a writer; staff dismiss, hide and ban; unban restores', async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(300_000);
    if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
    const origin = { origin: baseURL };
    const tag = Date.now().toString(36);
    const aText = `Praying for you and your family this week ${tag}`;
    const cText = `Nobody cares about your grief, stop posting ${tag}`;

    // B writes two stories; A and C respond under the first (through the API: the journey is the reports).
    const b = await personPage(browser, baseURL, info.workerIndex);
    await signUp(b, newAccount('writer'));
    const story = await createStory(b.request, baseURL, {
      title: `When the lamp burns low ${tag}`,
      excerpt: 'A story about grief, and the friends who stayed.',
      bodyJson: paragraph('Some nights the lamp burns low, and friends keep it lit.'),
    });
    const second = await createStory(b.request, baseURL, {
      title: `Get rich by faith ${tag}`,
      excerpt: 'Send money now and be blessed a hundredfold.',
      bodyJson: paragraph('Send money now.'),
    });

    const a = await personPage(browser, baseURL, info.workerIndex);
    const aAccount = newAccount('kind');
    await signUp(a, aAccount);
    const c = await personPage(browser, baseURL, info.workerIndex);
    const cAccount = newAccount('rude');
    await signUp(c, cAccount);
    const cId = (await sessionFromPage(c)).user.id as string;
    for (const [page, text] of [
      [a, aText],
      [c, cText],
    ] as const) {
      const res = await page.request.post(`/api/posts/${story.id}/responses`, {
        data: { text },
        headers: origin,
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    const admin = await personPage(browser, baseURL, info.workerIndex);
    await signIn(admin, DEMO_ADMIN);

    await test.step('C reports A’s response from the story page', async () => {
      await c.goto(story.path);
      const block = responseBlock(c, aText);
      await expect(block).toBeVisible();
      // C sees no Report on their own response.
      await expect(c.getByText(cText, { exact: true })).toBeVisible();
      await block.getByRole('button', { name: 'Report this response' }).click();
      await sendReport(c, /Harassment or bullying/, 'Not abusive, I think — but please look.', {
        area: 'reports',
        name: 'reports-dialog',
      });
    });

    await test.step('staff see it in the queue, with the response, and dismiss it', async () => {
      await admin.goto('/admin?section=reports');
      const card = queueCard(admin, aText);
      await expect(card).toBeVisible();
      await expect(card).toContainText('Harassment or bullying');
      await expect(card).toContainText(aAccount.name);
      await expect(card).toContainText(cAccount.name);
      await expect(card).toContainText('1 report');
      await shootBoth(admin, 'reports', 'reports-queue');
      await card.getByRole('button', { name: 'Dismiss' }).click();
      await expect(admin.getByText('Report dismissed.', { exact: true })).toBeVisible();
      await expect(queueCard(admin, aText)).toHaveCount(0);
      // A's response stays on the story.
      await c.goto(story.path);
      await expect(c.getByText(aText, { exact: true })).toBeVisible();
      // The resolved filter shows what was done; the log says it in words.
      await admin.getByRole('button', { name: 'Resolved' }).click();
      await expect(queueCard(admin, aText)).toContainText('Dismissed by');
      await admin.goto('/admin?section=log');
      await expect(admin.getByRole('table', { name: 'Moderation log' })).toContainText(
        'Dismissed a report about',
      );
    });

    await test.step('C reports a story; staff hide it (unpublished)', async () => {
      await c.goto(second.path);
      await c.getByRole('button', { name: 'Report this story' }).first().click();
      await sendReport(c, /Spam, scams or advertising/, 'Asks readers for money.');
      // B, the writer, sees no Report on their own story.
      await b.goto(second.path);
      await expect(b.getByRole('button', { name: 'Story actions' }).first()).toBeVisible();
      await expect(b.getByRole('button', { name: 'Report this story' })).toHaveCount(0);

      await admin.goto('/admin?section=reports');
      const card = queueCard(admin, second.title);
      await expect(card).toContainText('Spam, scams or advertising');
      await card.getByRole('button', { name: 'Unpublish story' }).click();
      await expect(admin.getByText('The story is unpublished.', { exact: true })).toBeVisible();
      expect((await c.request.get(second.path)).status()).toBe(404);
    });

    await test.step('A reports C’s response; staff ban C; C’s responses vanish', async () => {
      await a.goto(story.path);
      await responseBlock(a, cText).getByRole('button', { name: 'Report this response' }).click();
      await sendReport(a, /Harassment or bullying/, 'Cruel to a grieving writer.');

      await admin.goto('/admin?section=reports');
      const card = queueCard(admin, cText);
      await card.getByRole('button', { name: 'Ban author' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Ban author' });
      await expect(dialog).toContainText(cId);
      await dialog.getByLabel(/Reason/).fill('Cruelty to the grieving');
      await dialog.getByRole('button', { name: 'Ban author' }).click();
      await expect(admin.getByText(`${cAccount.name} is banned.`, { exact: true })).toBeVisible();

      await a.goto(story.path);
      await expect(a.getByText(aText, { exact: true })).toBeVisible();
      await expect(a.getByText(cText, { exact: true })).toHaveCount(0);
    });

    await test.step('unban brings C’s responses back', async () => {
      await admin.goto('/admin?section=log');
      const row = admin.getByRole('row').filter({ hasText: 'Cruelty to the grieving' });
      await row.getByRole('button', { name: 'Unban' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Unban author' });
      await dialog.getByRole('button', { name: 'Unban author' }).click();
      // The log reloads itself; the row's Unban is gone once the writer is active again.
      await expect(dialog).toBeHidden();
      await expect(
        admin
          .getByRole('row')
          .filter({ hasText: 'Cruelty to the grieving' })
          .getByRole('button', { name: 'Unban' }),
      ).toHaveCount(0);
      await a.goto(story.path);
      await expect(a.getByText(cText, { exact: true })).toBeVisible();
    });
  });

  test('a guest who clicks Report is asked to sign in', async ({ page }) => {
    await page.goto('/');
    const link = page.locator('a[href^="/stories/"]').first();
    await link.click();
    await page.getByRole('button', { name: 'Report this story' }).first().click();
    await expect(
      page
        .getByRole('dialog')
        .filter({ hasText: /sign in/i })
        .first(),
    ).toBeVisible();
  });
});
