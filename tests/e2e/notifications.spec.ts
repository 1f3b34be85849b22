// Issue 25 item 4 — notifications, as new users would: reader A follows writer B (after C did: one
// grouped line, "A and C started following you") and responds to B's story (through the API: the
// journey is the notifications); B sees the bell's count, opens the list,
// opens one (marked read), replies, and marks the rest read; A then gets the reply notification.
// Screenshots of the header's bell and the notifications page at 1280 and 375 px:
// test-results/screenshots/notifications/.
import { bell, items, personPage } from './community';
import { createStory, expect, newAccount, sessionFromPage, signUp, test } from './fixtures';
import { shootBoth } from './shots';

const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

test.describe('notifications', () => {
  test('a follow and a response reach the writer; the bell counts; read on open and all; the reply reaches the reader', async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(240_000);
    if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
    const origin = { origin: baseURL };
    const tag = Date.now().toString(36);

    const b = await personPage(browser, baseURL, info.workerIndex);
    const bAccount = newAccount('writer');
    await signUp(b, bAccount);
    const bId = (await sessionFromPage(b)).user.id as string;
    const story = await createStory(b.request, baseURL, {
      title: `A lamp for the night ${tag}`,
      excerpt: 'On keeping watch with a friend.',
      bodyJson: paragraph('Some nights we keep watch together.'),
    });

    const a = await personPage(browser, baseURL, info.workerIndex);
    const aAccount = newAccount('reader');
    await signUp(a, aAccount);
    // No bell count for a reader with nothing new.
    await expect(bell(a)).toHaveAccessibleName('Notifications');

    // C followed B first: A's follow joins C's, one line for both.
    const c = await personPage(browser, baseURL, info.workerIndex);
    const cAccount = newAccount('follower');
    await signUp(c, cAccount);
    const followedFirst = await c.request.put(`/api/follows/user/${bId}`, { headers: origin });
    expect(followedFirst.status(), await followedFirst.text()).toBeLessThan(300);

    let responseId = '';
    await test.step('A follows B and responds to B’s story', async () => {
      const followed = await a.request.put(`/api/follows/user/${bId}`, { headers: origin });
      expect(followed.status(), await followed.text()).toBeLessThan(300);
      const res = await a.request.post(`/api/posts/${story.id}/responses`, {
        data: { text: `Praying with you tonight ${tag}` },
        headers: origin,
      });
      expect(res.status(), await res.text()).toBe(201);
      responseId = (await res.json()).id;
    });

    await test.step('B sees the bell’s count and opens the list', async () => {
      await b.goto('/');
      await expect(bell(b)).toHaveAccessibleName('Notifications, 2 unread');
      await expect(b.getByTestId('notification-count')).toHaveText('2');
      await shootBoth(b, 'notifications', 'notifications-header-bell');
      await bell(b).click();
      await expect(b).toHaveURL(/\/me\/notifications$/);
      await expect(b.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
      await expect(b.getByText('2 unread')).toBeVisible();
      await expect(items(b)).toHaveCount(2);
      await expect(items(b).nth(0)).toContainText(
        `${aAccount.name} responded to your story “${story.title}”`,
      );
      // A group: both followers in one line, the newest first, their avatars stacked.
      await expect(items(b).nth(1)).toContainText(
        `${aAccount.name} and ${cAccount.name} started following you`,
      );
      await expect(items(b).nth(1).getByTestId('notification-avatars')).toBeVisible();
      await expect(items(b).nth(0)).toHaveAttribute('data-unread', 'true');
      await shootBoth(b, 'notifications', 'notifications-page');
    });

    await test.step('B opens the response: marked read, and the story page at the response', async () => {
      await items(b).nth(0).getByRole('link').click();
      await expect(b).toHaveURL(new RegExp(`${story.path}#response-${responseId}$`));
      await expect(bell(b)).toHaveAccessibleName('Notifications, 1 unread');
      const reply = await b.request.post(`/api/posts/${story.id}/responses`, {
        data: { text: `Thank you, friend ${tag}`, parentId: responseId },
        headers: origin,
      });
      expect(reply.status(), await reply.text()).toBe(201);
      await b.goto('/me/notifications');
      await expect(b.getByText('1 unread')).toBeVisible();
      await expect(items(b).nth(0)).not.toHaveAttribute('data-unread', 'true');
      await b.getByRole('button', { name: 'Mark all as read' }).click();
      await expect(b.getByText('You are all caught up.')).toBeVisible();
      await expect(items(b).nth(1)).not.toHaveAttribute('data-unread', 'true');
      await expect(bell(b)).toHaveAccessibleName('Notifications');
    });

    await test.step('A gets the reply notification', async () => {
      await a.goto('/');
      await expect(bell(a)).toHaveAccessibleName('Notifications, 1 unread');
      await bell(a).click();
      await expect(items(a)).toHaveCount(1);
      await expect(items(a).nth(0)).toContainText(
        `${bAccount.name} replied to your response on “${story.title}”`,
      );
      await shootBoth(a, 'notifications', 'notifications-reply');
    });

    await test.step('the settings: a kind off, the daily digest on at 6:00 AM in the browser’s time zone', async () => {
      await a.goto('/authors/edit-profile');
      const section = a.getByRole('region', { name: 'Notifications' });
      const digest = section.getByRole('checkbox', {
        name: 'Daily e-mail digest of my unread notifications',
      });
      const hour = section.getByRole('combobox', { name: 'Send the digest at' });
      await expect(digest).not.toBeChecked();
      // The hour is the digest's: chosen only with the digest on; 7:00 AM until the reader chooses.
      await expect(hour).toBeDisabled();
      await expect(hour.locator('option:checked')).toHaveText('7:00 AM');
      const zone = await a.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      await expect(section.getByText(`Your time zone: ${zone.replaceAll('_', ' ')}`)).toBeVisible();
      await section.getByRole('checkbox', { name: 'Someone follows you' }).uncheck();
      await digest.check();
      await expect(hour).toBeEnabled();
      await expect(hour.locator('option')).toHaveCount(24);
      await hour.selectOption({ label: '6:00 AM' });
      await shootBoth(a, 'notifications', 'notifications-settings');
      await section.getByRole('button', { name: 'Save notification settings' }).click();
      await expect(section.getByText('Saved.')).toBeVisible();
      const settings = await a.request.get('/api/notifications/settings');
      expect(await settings.json()).toMatchObject({
        follower: false,
        digest: true,
        response: true,
        digestHour: 6,
        timeZone: zone,
      });
      // Kept: the page again shows the hour chosen.
      await a.reload();
      await expect(
        a
          .getByRole('region', { name: 'Notifications' })
          .getByRole('combobox', { name: 'Send the digest at' }),
      ).toHaveValue('6');
    });
  });
});
