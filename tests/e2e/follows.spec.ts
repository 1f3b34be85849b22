// Issue 25 item 1 in Chromium, as new users would (docs/decisions/052-follows.md): reader A follows
// writer B from B's page (a guest's click there asks to sign in first); B publishes a story; A finds
// it under Following on the home page; A unfollows B in /me. Screenshots at 1280 and 375 px of the
// Following tab and /me's Following list: test-results/screenshots/follows/.
import {
  createStory,
  expect,
  keepPublicationPopupAway,
  newAccount,
  newUserTest,
  sessionFromPage,
  signUp,
  ssoDialog,
} from './fixtures';
import { shootBoth, shootPart } from './shots';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

newUserTest.describe('follows', () => {
  newUserTest(
    'A follows B from B’s page; B publishes; A sees it under Following; A unfollows in /me',
    async ({ page, browser, baseURL }) => {
      newUserTest.setTimeout(300_000);
      // B (this test's new user) takes a handle: their page is /@handle.
      const b = (await sessionFromPage(page)).user as { id: string; name: string };
      const handle = `follow-${stamp()}`;
      const named = await page.request.patch(`/api/users/${b.id}`, {
        headers: { origin: baseURL! },
        data: { id: b.id, subdomain: handle },
      });
      expect(named.status(), await named.text()).toBe(200);

      // A, in a browser of their own: as a guest, Follow asks them to sign in first.
      const context = await browser.newContext({
        baseURL,
        extraHTTPHeaders: { 'x-forwarded-for': `10.125.${Math.floor(Math.random() * 250)}.9` },
      });
      await keepPublicationPopupAway(context, baseURL!);
      const a = await context.newPage();
      await a.goto(`/@${handle}`);
      const follow = a.getByRole('button', { name: `Follow ${b.name}` });
      await expect(a.getByTestId('follower-count')).toHaveText('0 followers');
      await follow.click();
      await expect(ssoDialog(a)).toBeVisible();
      await a.keyboard.press('Escape');
      await expect(ssoDialog(a)).toBeHidden();

      await signUp(a, newAccount('follower'));
      await a.goto(`/@${handle}`);
      await a.getByRole('button', { name: `Follow ${b.name}` }).click();
      await expect(a.getByRole('button', { name: `Following ${b.name}: unfollow` })).toBeVisible();
      await expect(a.getByTestId('follower-count')).toHaveText('1 follower');
      await shootBoth(a, 'follows', 'follows-writer-page');
      // The page stays one HTML for everyone: reloaded, the state comes with the page-state call.
      await a.reload();
      await expect(a.getByRole('button', { name: `Following ${b.name}: unfollow` })).toBeVisible();

      // The Following tab before B has published anything: a helpful empty state.
      await a.goto('/');
      const tabs = a.getByRole('tablist', { name: 'Stories' });
      await tabs.getByRole('tab', { name: 'Following' }).click();
      await expect(a.getByTestId('following-empty')).toBeVisible();

      // B publishes.
      const story = await createStory(page.request, baseURL!, {
        title: `Morning Light ${stamp()}`,
        excerpt: 'The mercies of the Lord are new every morning.',
        bodyHtml: '<p>The mercies of the Lord are new every morning.</p>',
        tags: [],
      });

      // A sees it under Following.
      await a.goto('/');
      await a.getByRole('tablist', { name: 'Stories' }).getByRole('tab', { name: 'Following' }).click();
      const list = a.getByTestId('following-stories');
      await expect(list.getByRole('link', { name: story.title })).toBeVisible();
      await a.evaluate(() => window.scrollTo(0, 0));
      await shootBoth(a, 'follows', 'follows-home-following-tab');

      // The story page offers Following for its writer too.
      await a.goto(story.path);
      await expect(a.getByRole('button', { name: `Following ${b.name}: unfollow` })).toBeVisible();
      await shootBoth(a, 'follows', 'follows-story-page');

      // A unfollows B in /me.
      await a.goto('/me');
      const section = a.getByTestId('my-following');
      const row = section.getByTestId('my-follow').filter({ hasText: b.name });
      await expect(row).toBeVisible();
      await expect(row.getByRole('link')).toHaveAttribute('href', `/@${handle}`);
      await shootPart(a, section, 'follows', 'follows-me-following');
      await row.getByRole('button', { name: `Unfollow ${b.name}` }).click();
      await expect(row).toBeHidden();
      await expect(section).toContainText('You don’t follow anyone yet.');

      await a.goto(`/@${handle}`);
      await expect(a.getByRole('button', { name: `Follow ${b.name}` })).toBeVisible();
      await expect(a.getByTestId('follower-count')).toHaveText('0 followers');
      await context.close();
    },
  );
});
