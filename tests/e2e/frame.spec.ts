// Issue 2 foundation — the frame every page shares (SPEC §2 header, mobile footer, dialogs; routes
// rendered without the header; the API's 404 and same-origin answers). No test here signs in or up
// through the dialog: signed-in tests reuse the shared account's cookies (fixtures.ts).
import { GUIDES, guidePath } from '../../src/lib/guides';
import { SITE_LINKS } from '../../src/components/layout/site-links';
import {
  expect,
  expectSignedIn,
  expectSignedOut,
  headerWrite,
  openUserMenu,
  signedInTest,
  siteHeader,
  ssoDialog,
  test,
  userMenuButton,
} from './fixtures';
import { DESKTOP, PHONE } from './shots';

const mobileFooter = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Mobile' });
const headerSearchBox = (page: import('@playwright/test').Page) =>
  siteHeader(page).getByRole('searchbox', { name: 'Search stories' });

test.describe('header, anonymous', () => {
  test('Write opens the sso dialog with e-mail and password', async ({ page }) => {
    await page.goto('/');
    await expectSignedOut(page);
    await expect(headerWrite(page)).toHaveRole('button');
    await headerWrite(page).click();
    const dialog = ssoDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('E-mail', { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/); // it did not navigate
    // Closing the dialog: the close button works (Escape is covered in auth.spec.ts).
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the search form sends q and range=blogs to /search', async ({ page }) => {
    await page.goto('/');
    const search = headerSearchBox(page);
    await expect(search).toBeVisible();
    await search.fill('grace and peace');
    await search.press('Enter');
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('q')).toBe('grace and peace');
    expect(url.searchParams.get('range')).toBe('blogs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “grace and peace”');
  });

  test('every site page ends with a footer linking the newsletters, the devotion, the feed and contact', async ({
    page,
    baseURL,
  }) => {
    for (const path of ['/', '/publications', '/search?q=grace']) {
      await page.goto(path);
      const footer = page.getByRole('navigation', { name: 'Site' });
      for (const link of SITE_LINKS) {
        await expect(footer.getByRole('link', { name: link.title, exact: true })).toHaveAttribute(
          'href',
          link.href,
        );
      }
    }
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Newsletters' }).click();
    await expect(page).toHaveURL(`${baseURL}/daily-newsletter`);
  });

  test('the Resources dropdown opens with links to the guides', async ({ page }) => {
    await page.goto('/');
    await siteHeader(page).getByRole('button', { name: 'Resources' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const items = menu.getByRole('menuitem');
    // The guides first, then the site's own pages (newsletters, devotion, feed, contact: issue 19).
    await expect(items).toHaveCount(GUIDES.length + SITE_LINKS.length);
    for (const [index, guide] of GUIDES.entries()) {
      await expect(items.nth(index)).toHaveText(guide.title);
      await expect(items.nth(index)).toHaveAttribute('href', guidePath(guide));
    }
    for (const [index, link] of SITE_LINKS.entries()) {
      await expect(items.nth(GUIDES.length + index)).toHaveText(link.title);
      await expect(items.nth(GUIDES.length + index)).toHaveAttribute('href', link.href);
    }
    // Escape closes it; choosing an item follows the link.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await siteHeader(page).getByRole('button', { name: 'Resources' }).click();
    await page.getByRole('menuitem', { name: GUIDES[0].title }).click();
    await expect(page).toHaveURL(new RegExp(`${guidePath(GUIDES[0])}$`));
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toHaveCount(0);
  });
});

signedInTest.describe('header, signed in', () => {
  signedInTest(
    'Write goes to /stories/new-story, whose header shows only the Next button',
    async ({ page }) => {
      await page.goto('/');
      await expectSignedIn(page);
      await expect(headerWrite(page)).toHaveRole('link');
      await headerWrite(page).click();
      await expect(page).toHaveURL(/\/stories\/new-story$/);

      const header = siteHeader(page);
      const next = header.getByRole('button', { name: /^Next/ });
      await expect(next).toBeVisible();
      await expect(next).toHaveText('Next');
      await expect(header.getByRole('button')).toHaveCount(1); // nothing else to press
      await expect(header.getByRole('searchbox')).toHaveCount(0);
      await expect(header.getByRole('search')).toHaveCount(0);
      await expect(userMenuButton(page)).toHaveCount(0);
      await expect(headerWrite(page)).toHaveCount(0);
      await expect(header.getByRole('button', { name: 'Resources' })).toHaveCount(0);
      await expect(header.getByRole('link', { name: 'Lamplight home' })).toBeVisible();
      // Loaded directly too, not only after client navigation.
      await page.reload();
      await expect(header.getByRole('button', { name: /^Next/ })).toHaveText('Next');
      await expect(userMenuButton(page)).toHaveCount(0);
    },
  );

  signedInTest(
    'the user menu has Home, Lists, Studio, New publication, Edit profile and Sign out; Home is /me',
    async ({ page, sharedUser }) => {
      await page.goto('/');
      const menu = await openUserMenu(page);
      await expect(menu).toContainText(sharedUser.name);
      // The user's own publications sit in a group of their own between Studio and New publication
      // (another spec may have given this shared user one); the fixed items are these.
      const items = menu.locator('[role="menuitem"]:not([role="group"] *)');
      await expect(items).toHaveText([
        'Home',
        'Lists',
        'Studio',
        'New publication',
        'Edit profile',
        'Sign out',
      ]);
      await expect(menu.getByRole('menuitem', { name: 'Home' })).toHaveAttribute('href', '/me');
      await expect(menu.getByRole('menuitem', { name: 'Lists' })).toHaveAttribute('href', '/lists');
      await expect(menu.getByRole('menuitem', { name: 'Studio' })).toHaveAttribute('href', '/me');
      await expect(menu.getByRole('menuitem', { name: 'Edit profile' })).toHaveAttribute(
        'href',
        '/authors/edit-profile',
      );
      await menu.getByRole('menuitem', { name: 'Home' }).click();
      await expect(page).toHaveURL(/\/me$/);
      await expect(menu).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  );
});

test.describe('mobile footer', () => {
  test.describe('at 375×812', () => {
    test.use({ viewport: PHONE });

    test('anonymous: the footer shows Home, Search and Sign in; the header search box is hidden', async ({
      page,
    }) => {
      await page.goto('/');
      const footer = mobileFooter(page);
      await expect(footer).toBeVisible();
      await expect(footer.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      await expect(footer.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
      await expect(footer.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
      await expect(footer.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      await expect(headerSearchBox(page)).toBeHidden();
      // The footer sits at the bottom of the viewport.
      const box = await footer.boundingBox();
      expect(box).not.toBeNull();
      expect(Math.round(box!.y + box!.height)).toBe(PHONE.height);
      // The user entry starts sign-in for anonymous visitors.
      await footer.getByRole('button', { name: 'Sign in' }).click();
      await expect(ssoDialog(page)).toBeVisible();
    });

    signedInTest('signed in: the footer user entry goes to /me', async ({ page }) => {
      await page.goto('/');
      const footer = mobileFooter(page);
      await expect(footer).toBeVisible();
      const you = footer.getByRole('link', { name: 'You' });
      await expect(you).toHaveAttribute('href', '/me');
      await expect(footer.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
      await you.click();
      await expect(page).toHaveURL(/\/me$/);
      await expect(footer.getByRole('link', { name: 'You' })).toHaveAttribute('aria-current', 'page');
      await expect(headerSearchBox(page)).toBeHidden();
    });
  });

  test.describe('at 1280×800', () => {
    test.use({ viewport: DESKTOP });

    test('the footer is hidden and the header search box shows', async ({ page }) => {
      await page.goto('/');
      await expectSignedOut(page);
      await expect(mobileFooter(page)).toBeHidden();
      await expect(headerSearchBox(page)).toBeVisible();
    });
  });
});

test.describe('pages without the site header', () => {
  for (const path of ['/daily-newsletter', '/publication-landing', '/dailydevotion']) {
    test(`${path} renders without the header`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.locator('header')).toHaveCount(0);
      await expect(page.getByRole('searchbox', { name: 'Search stories' })).toHaveCount(0);
      await expect(mobileFooter(page)).toHaveCount(0);
      // …and without the site's head metadata, but with a document title of its own.
      await expect(page).toHaveTitle(/\S/);
      expect(await page.title()).not.toContain('Lamplight');
      await expect(page.locator('meta[name="description"]')).toHaveCount(0);
    });
  }
});

test.describe('not found', () => {
  test('an unknown page shows the not-found page with a 404 status', async ({ page }) => {
    const response = await page.goto('/no/such/page-e2e');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Stories that carry light.' })).toBeVisible();
  });

  test('a site page that does not exist shows the not-found page inside the site frame', async ({ page }) => {
    // One segment that cannot be a subdomain: the (site) not-found page, which keeps the header.
    const response = await page.goto('/not_a_page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
    await expect(siteHeader(page)).toBeVisible();
    await expectSignedOut(page);
  });

  test("a name no publication holds is a 404; a publication's name is its page", async ({ page }) => {
    const missing = await page.goto('/nobody-holds-this-name');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
    const found = await page.goto('/daily-bread');
    expect(found?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Daily Bread' })).toBeVisible();
  });
});

test.describe('API frame', () => {
  test('GET /api/nope answers 404 with code route_not_found', async ({ request }) => {
    const response = await request.get('/api/nope');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    const body = await response.json();
    expect(body).toMatchObject({ error: { code: 'route_not_found' } });
  });

  test('API answers carry the security headers and are gzipped when large', async ({ request }) => {
    // The production server answers the API past Next.js's router (docs/decisions/009-…): what
    // Next would add on the way out must still be there.
    for (const path of ['/api/nope', '/api/openapi.json']) {
      const response = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
      const headers = response.headers();
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
    const large = await request.get('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(large.headers()['content-encoding']).toBe('gzip');
    expect((await large.json()).openapi).toBe('3.1.0');
  });

  test('the build’s scripts come compressed by the build, Brotli or gzip as asked, kept for a year', async ({
    request,
  }) => {
    // Decision 060: the copies scripts/compress-static.mjs wrote, served by scripts/server.mjs.
    const page = await (await request.get('/')).text();
    const script = /\/_next\/static\/[^"]+\.js/.exec(page)?.[0];
    expect(script, 'the home page loads a script of the build').toBeTruthy();
    const plain = await request.get(script!, { headers: { 'accept-encoding': 'identity' } });
    for (const encoding of ['br', 'gzip']) {
      const response = await request.get(script!, { headers: { 'accept-encoding': encoding } });
      const headers = response.headers();
      expect(response.status()).toBe(200);
      expect(headers['content-encoding'], encoding).toBe(encoding);
      expect(headers['cache-control']).toContain('immutable');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['vary']).toContain('Accept-Encoding');
      // Playwright decodes the body: the same script as the uncompressed one.
      expect(await response.text()).toBe(await plain.text());
    }
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect((await request.get('/_next/static/chunks/no-such-file.js')).status()).toBe(404);
  });

  test('a cross-origin PATCH answers 403, even with a valid session cookie', async ({
    playwright,
    baseURL,
    sharedUser,
  }) => {
    // A browser page cannot forge Origin, so this uses an API request context carrying the shared
    // account's session cookie (the CSRF case: a victim's cookies on an evil site's request).
    const api = await playwright.request.newContext({ baseURL, storageState: sharedUser.storageState });
    try {
      const path = `/api/users/${sharedUser.id}`;
      const evil = await api.patch(path, {
        headers: { Origin: 'https://evil.example' },
        data: { name: 'Changed by evil.example' },
      });
      expect(evil.status()).toBe(403);
      expect(await evil.json()).toMatchObject({ error: { code: 'forbidden' } });

      const crossSite = await api.patch(path, {
        headers: { 'Sec-Fetch-Site': 'cross-site' },
        data: { name: 'Changed cross-site' },
      });
      expect(crossSite.status()).toBe(403);

      // Nothing changed.
      const profile = await api.get(path);
      expect(profile.status()).toBe(200);
      expect((await profile.json()).name).toBe(sharedUser.name);
    } finally {
      await api.dispose();
    }
  });

  test('the same PATCH from the site origin is not refused as cross-origin', async ({
    request,
    baseURL,
    sharedUser,
  }) => {
    // No session here: it gets past the origin check and stops at authentication.
    const response = await request.patch(`/api/users/${sharedUser.id}`, {
      headers: { Origin: new URL(baseURL!).origin },
      data: { name: 'Anonymous change' },
    });
    expect(response.status()).toBe(401);
  });
});
