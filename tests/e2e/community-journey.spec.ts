// Issue 25's "Done when" as one journey in Chromium, as new users would go through it in the UI:
// writer B takes an address in the onboarding; reader A follows B on B's page /@handle; B writes and
// publishes a story in the editor; A finds it under Following on the home page and responds; B sees
// the bell's count, opens the notification and replies; A gets the reply notification; reader C
// responds rudely and B hides it; C reports A's response and site staff dismiss the report; C
// responds again, A reports that, staff ban C from the queue and C's responses vanish (for B too);
// staff unban C in the moderation log: C's visible response comes back for A, and the one B hid
// stays hidden from readers but shows to B, marked hidden. The steps one by one, with their edge
// cases, are in follows, responses, reports and notifications.spec.ts. Screenshots of the main
// moments at 1280 and 375 px: test-results/screenshots/community-journey/.
import type { Page } from '@playwright/test';
import {
  bell,
  items,
  personPage,
  queueCard,
  responseBlock,
  responseBy,
  responses,
  sendReport,
} from './community';
import { DEMO_ADMIN } from './demo-accounts';
import { nextButton, writeStory } from './editor';
import { expect, expectSignedIn, expectSignedOut, newAccount, signIn, signUp, test } from './fixtures';
import { shootBoth } from './shots';

/**
 * Full-page shots at 1280 and 375 px from the top of the page, once the header knows the person (no
 * skeletons), with the pointer off the page's controls (no hover) and the sticky header at the top.
 */
async function shoot(page: Page, name: string): Promise<void> {
  await expectSignedIn(page);
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootBoth(page, 'community-journey', name);
}

test.describe('community journey', () => {
  test('follow, publish, Following, respond, bell, reply, hide, report, dismiss, ban and unban', async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(480_000);
    if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
    const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
    const handle = `jrny-${tag}`;
    const title = `A lamp in the window ${tag}`;
    const aText = `Thank you for keeping the lamp lit ${tag}`;
    const replyText = `It stays lit for you, friend ${tag}`;
    const rudeText = `Sentimental drivel, nobody reads this ${tag}`;
    const secondText = `Still drivel, and hiding it changes nothing ${tag}`;
    const banReason = `Rude responses and a spiteful report ${tag}`;

    const b = await personPage(browser, baseURL, info.workerIndex);
    const bAccount = newAccount('writer');
    const a = await personPage(browser, baseURL, info.workerIndex);
    const aAccount = newAccount('reader');
    const c = await personPage(browser, baseURL, info.workerIndex);
    const cAccount = newAccount('rude');
    const admin = await personPage(browser, baseURL, info.workerIndex);

    await test.step('B signs up and takes an address in the onboarding', async () => {
      await signUp(b, bAccount, { onboarding: 'keep' });
      await b
        .getByRole('dialog', { name: 'Welcome to Lamplight' })
        .getByRole('button', { name: 'Continue' })
        .click();
      const address = b.getByRole('dialog', { name: 'Choose your address' });
      await address.getByLabel('Your address').fill(handle);
      await expect(address.getByRole('img', { name: 'Available' })).toBeVisible();
      await address.getByRole('button', { name: 'Continue' }).click();
      await b.getByRole('dialog', { name: 'You’re all set' }).getByRole('button', { name: 'Go' }).click();
      await expectSignedIn(b);
    });

    await test.step('A signs up and follows B on B’s page', async () => {
      await signUp(a, aAccount);
      await a.goto(`/@${handle}`);
      await expect(a.getByRole('heading', { level: 1, name: bAccount.name })).toBeVisible();
      await expect(a.getByTestId('follower-count')).toHaveText('0 followers');
      await a.getByRole('button', { name: `Follow ${bAccount.name}` }).click();
      await expect(a.getByRole('button', { name: `Following ${bAccount.name}: unfollow` })).toBeVisible();
      await expect(a.getByTestId('follower-count')).toHaveText('1 follower');
      await shoot(a, 'writer-page');
    });

    let storyPath = '';
    await test.step('B writes the story in the editor and publishes it', async () => {
      await writeStory(b, {
        title,
        excerpt: 'On the friends who keep a light on for us.',
        body: 'Some nights the only light on the street is a lamp in a friend’s window.',
      });
      await nextButton(b).click();
      await b
        .getByRole('dialog', { name: 'Story settings' })
        .getByRole('button', { name: 'Publish now' })
        .click();
      await expect(b).toHaveURL(new RegExp(`/stories/a-lamp-in-the-window-${tag}-[A-Za-z0-9_-]{21}$`), {
        timeout: 20_000,
      });
      await expect(b.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      storyPath = new URL(b.url()).pathname;
    });

    await test.step('A finds the story under Following on the home page and responds', async () => {
      await a.goto('/');
      await a.getByRole('tablist', { name: 'Stories' }).getByRole('tab', { name: 'Following' }).click();
      const story = a.getByTestId('following-stories').getByRole('link', { name: title });
      await expect(story).toBeVisible();
      await shoot(a, 'following-tab');
      await story.click();
      await expect(a).toHaveURL(new RegExp(`${storyPath}$`));
      await expect(a.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await responses(a).getByLabel('Your response').fill(aText);
      await responses(a).getByRole('button', { name: 'Respond' }).click();
      await expect(responseBy(a, aAccount.name)).toContainText(aText);
      await expect(responses(a).getByRole('heading', { name: 'Responses (1)' })).toBeVisible();
    });

    await test.step('B sees the bell’s count, opens the response’s notification and replies', async () => {
      await b.goto('/');
      await expect(bell(b)).toHaveAccessibleName('Notifications, 2 unread');
      await expect(b.getByTestId('notification-count')).toHaveText('2');
      await shoot(b, 'bell');
      await bell(b).click();
      await expect(b).toHaveURL(/\/me\/notifications$/);
      await expect(b.getByText('2 unread')).toBeVisible();
      await expect(items(b).filter({ hasText: `${aAccount.name} started following you` })).toBeVisible();
      const responded = items(b).filter({
        hasText: `${aAccount.name} responded to your story “${title}”`,
      });
      await expect(responded).toHaveAttribute('data-unread', 'true');
      await shoot(b, 'notifications');

      await responded.getByRole('link').click();
      await expect(b).toHaveURL(new RegExp(`${storyPath}#response-[0-9a-f-]{36}$`));
      await expect(bell(b)).toHaveAccessibleName('Notifications, 1 unread');
      const toA = responseBy(b, aAccount.name);
      await expect(toA).toContainText(aText);
      // The page scrolled to the response the notification named, once the responses loaded.
      await expect(b.locator(new URL(b.url()).hash)).toBeInViewport();
      await expect(b.locator(new URL(b.url()).hash)).toContainText(aText);
      await toA.getByRole('button', { name: 'Reply' }).click();
      await toA.getByLabel(`Reply to ${aAccount.name}`).fill(replyText);
      await toA.getByRole('button', { name: 'Reply', exact: true }).last().click();
      await expect(responseBy(b, bAccount.name).filter({ hasText: replyText })).toBeVisible();
      await expect(responses(b).getByRole('heading', { name: 'Responses (2)' })).toBeVisible();
    });

    await test.step('A gets the reply notification and opens it', async () => {
      await a.goto('/');
      await expect(bell(a)).toHaveAccessibleName('Notifications, 1 unread');
      await bell(a).click();
      const replied = items(a).filter({
        hasText: `${bAccount.name} replied to your response on “${title}”`,
      });
      await expect(replied).toHaveAttribute('data-unread', 'true');
      await shoot(a, 'reply-notification');
      await replied.getByRole('link').click();
      await expect(a).toHaveURL(new RegExp(`${storyPath}#response-[0-9a-f-]{36}$`));
      await expect(responseBy(a, aAccount.name)).toContainText(replyText);
      await expect(a.locator(new URL(a.url()).hash)).toBeInViewport();
      await expect(a.locator(new URL(a.url()).hash)).toContainText(replyText);
      await expect(bell(a)).toHaveAccessibleName('Notifications');
    });

    await test.step('C responds rudely; B hides it; readers no longer see it', async () => {
      await signUp(c, cAccount);
      await c.goto(storyPath);
      await responses(c).getByLabel('Your response').fill(rudeText);
      await responses(c).getByRole('button', { name: 'Respond' }).click();
      await expect(responseBy(c, cAccount.name)).toContainText(rudeText);

      await b.reload();
      const rude = responseBy(b, cAccount.name).filter({ hasText: rudeText });
      await rude.getByRole('button', { name: 'Hide' }).click();
      await expect(rude).toContainText('Hidden from readers');
      await expect(rude.getByRole('button', { name: 'Show' })).toBeVisible();
      await shoot(b, 'writer-hid');

      await a.reload();
      await expect(responses(a).getByText(replyText)).toBeVisible();
      await expect(responses(a).getByText(rudeText)).toHaveCount(0);
      await expect(responses(a).getByRole('heading', { name: 'Responses (2)' })).toBeVisible();
    });

    await test.step('C reports A’s response; staff dismiss the report; A’s response stays', async () => {
      await c.reload();
      // A's block holds B's reply with its own Report: A's comes first, before the replies.
      await responseBlock(c, aText).getByRole('button', { name: 'Report this response' }).first().click();
      await sendReport(c, /Harassment or bullying/, `They are mocking me ${tag}`, {
        area: 'community-journey',
        name: 'report-dialog',
      });

      await signIn(admin, DEMO_ADMIN);
      await admin.goto('/admin?section=reports');
      const card = queueCard(admin, aText);
      await expect(card).toContainText('Harassment or bullying');
      await expect(card).toContainText(aAccount.name);
      await expect(card).toContainText(cAccount.name);
      await expect(card).toContainText(`They are mocking me ${tag}`);
      await expect(card).toContainText('1 report');
      await shoot(admin, 'queue');
      await card.getByRole('button', { name: 'Dismiss' }).click();
      await expect(admin.getByText('Report dismissed.', { exact: true })).toBeVisible();
      await expect(queueCard(admin, aText)).toHaveCount(0);

      await a.reload();
      await expect(responseBy(a, aAccount.name)).toContainText(aText);
    });

    await test.step('C responds again; A reports it; staff ban C; C’s responses vanish', async () => {
      await c.reload();
      await responses(c).getByLabel('Your response').fill(secondText);
      await responses(c).getByRole('button', { name: 'Respond' }).click();
      await expect(responseBy(c, cAccount.name).filter({ hasText: secondText })).toBeVisible();

      await a.reload();
      await expect(responses(a).getByRole('heading', { name: 'Responses (3)' })).toBeVisible();
      await responseBlock(a, secondText).getByRole('button', { name: 'Report this response' }).click();
      await sendReport(a, /Harassment or bullying/, `The second rude one ${tag}`);

      await admin.goto('/admin?section=reports');
      await queueCard(admin, secondText).getByRole('button', { name: 'Ban author' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Ban author' });
      await expect(dialog).toContainText(cAccount.name);
      await dialog.getByLabel(/Reason/).fill(banReason);
      await dialog.getByRole('button', { name: 'Ban author' }).click();
      await expect(admin.getByText(`${cAccount.name} is banned.`, { exact: true })).toBeVisible();

      await a.reload();
      await expect(responseBy(a, aAccount.name)).toContainText(replyText);
      await expect(responses(a).getByText(secondText)).toHaveCount(0);
      await expect(responseBy(a, cAccount.name)).toHaveCount(0);
      await expect(responses(a).getByRole('heading', { name: 'Responses (2)' })).toBeVisible();
      await expect(a.getByRole('button', { name: `Following ${bAccount.name}: unfollow` })).toBeVisible();
      await shoot(a, 'banned');
      // The writer no longer sees C's hidden one either: a ban leaves out everything C wrote.
      await b.reload();
      await expect(responseBy(b, aAccount.name)).toContainText(replyText);
      await expect(responseBy(b, cAccount.name)).toHaveCount(0);
      // And C is signed out.
      await c.reload();
      await expectSignedOut(c);
    });

    await test.step('staff unban C in the log: the visible response is back, the hidden one stays hidden', async () => {
      await admin.goto('/admin?section=log');
      const row = admin.getByRole('row').filter({ hasText: banReason });
      await expect(row).toContainText('Banned');
      await expect(row).toContainText(cAccount.name);
      await row.getByRole('button', { name: 'Unban' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Unban author' });
      await dialog.getByRole('button', { name: 'Unban author' }).click();
      await expect(dialog).toBeHidden();
      await expect(
        admin.getByRole('row').filter({ hasText: banReason }).getByRole('button', { name: 'Unban' }),
      ).toHaveCount(0);

      // Readers: C's second response is back; the one B hid stays hidden.
      await a.reload();
      await expect(responseBy(a, cAccount.name).filter({ hasText: secondText })).toBeVisible();
      await expect(responses(a).getByText(rudeText)).toHaveCount(0);
      await expect(responses(a).getByRole('heading', { name: 'Responses (3)' })).toBeVisible();
      // B: both, the hidden one marked so (and B may still show it).
      await b.reload();
      const hidden = responseBy(b, cAccount.name).filter({ hasText: rudeText });
      await expect(hidden).toContainText('Hidden from readers');
      await expect(hidden.getByRole('button', { name: 'Show' })).toBeVisible();
      const back = responseBy(b, cAccount.name).filter({ hasText: secondText });
      await expect(back).toBeVisible();
      await expect(back).not.toContainText('Hidden from readers');
      await shoot(b, 'unbanned');
    });

    for (const page of [a, b, c, admin]) await page.context().close();
  });
});
