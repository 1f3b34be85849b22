// Decision 031 (issue 21): the public pages are one HTML for every reader, kept by the page caches
// for guests and signed-in readers alike, and what is the reader's own comes after the page. So a
// page a member loaded — and so filled the cache with — must hold nothing of theirs: a guest and
// another member get the very same bytes, without the member's name, e-mail, id or handle.
import type { APIRequestContext, Browser } from '@playwright/test';
import { DEMO_SITE_EDITOR } from './demo-accounts';
import { expect, newUserTest, sessionFromPage, signIn, userMenuButton } from './fixtures';

/** The addresses of every kind of page the caches keep, found from the home page's links. */
async function cachedPageKinds(request: APIRequestContext): Promise<string[]> {
  const home = await (await request.get('/')).text();
  const first = (pattern: RegExp) => {
    const found = pattern.exec(home)?.[1];
    expect(found, `the home page links ${pattern}`).toBeTruthy();
    return found!;
  };
  return [
    '/',
    '/publications',
    '/daily-bread',
    first(/href="(\/tags\/[^"?#]+)"/),
    first(/href="(\/@[^"?#]+)"/),
    first(/href="(\/stories\/[^"?#]+)"/),
    '/search?q=grace',
  ];
}

async function signedInRequest(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, DEMO_SITE_EDITOR);
  return { context, request: page.request };
}

newUserTest(
  "a member's visit fills the caches with nothing of theirs: guests and other members get the same page",
  async ({ page, browser, baseURL, newUser }) => {
    const session = await sessionFromPage(page);
    const me = session.user as { id: string; name: string; email: string };
    const profile = await (await page.request.get(`/api/users/${me.id}`)).json();
    const secrets = [me.id, me.email, newUser.name, me.name, profile.subdomain].filter(
      (value): value is string => typeof value === 'string' && value.length > 0,
    );
    expect(secrets.length).toBeGreaterThanOrEqual(3);

    const paths = await cachedPageKinds(page.request);
    const asMember = new Map<string, string>();
    for (const path of paths) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(200);
      asMember.set(path, await res.text());
    }

    const guest = await browser.newContext({ baseURL });
    const other = await signedInRequest(browser, baseURL!);
    try {
      for (const path of paths) {
        const texts = {
          member: asMember.get(path)!,
          guest: await (await guest.request.get(path)).text(),
          'another member': await (await other.request.get(path)).text(),
        };
        for (const [who, text] of Object.entries(texts)) {
          for (const secret of secrets) {
            expect(text.includes(secret), `${path} as ${who} holds "${secret}"`).toBe(false);
          }
        }
      }
      // The member's own part comes after the page: the header names them.
      await page.goto(paths[1]!);
      await expect(userMenuButton(page)).toBeVisible();
      // The home page is a guest's HTML too: the viewer hint hides its hero from a member before
      // the first paint, and gives them the page's heading unseen instead.
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Lamplight' })).toHaveCount(1);
      await expect(page.getByRole('region', { name: 'Stories that carry light.' })).toBeHidden();
      const guestPage = await guest.newPage();
      await guestPage.goto('/');
      await expect(guestPage.getByRole('region', { name: 'Stories that carry light.' })).toBeVisible();
      await expect(guestPage.getByRole('heading', { level: 1, name: 'Lamplight' })).toHaveCount(0);
    } finally {
      await guest.close();
      await other.context.close();
    }
  },
);

newUserTest(
  "a member's page view makes one personal call: the header's menu and the page's own part come together",
  async ({ page, newUser }) => {
    const personal: string[] = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (
        /^\/api\/(me\/page-state|users\/[0-9a-f-]{36}$|publications\/getPublicationsByUserId)/.test(pathname)
      )
        personal.push(`${pathname}${search}`);
    });
    await page.goto('/daily-bread');
    await expect(userMenuButton(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(personal).toHaveLength(1);
    const asked = new URL(personal[0]!, 'http://x').searchParams;
    expect(personal[0]).toMatch(/^\/api\/me\/page-state\?/);
    expect(asked.get('account')).toBe('1');
    expect(asked.get('publication')).toMatch(/^[0-9a-f-]{36}$/);
    // The menu the answer filled names the member.
    await userMenuButton(page).click();
    await expect(page.getByRole('menu').getByText(newUser.name, { exact: true })).toBeVisible();
  },
);
