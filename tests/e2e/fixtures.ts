// Browser-test fixtures and helpers: drive the site the way a new visitor does (SPEC §2 header,
// sso dialog, user menu).
//
// Every test is a visitor of its own: its browser context sends its own client address in
// X-Forwarded-For, which the server believes from the loopback hop only because playwright.config.ts
// starts it with TRUST_PROXY=1 (as behind one reverse proxy). So the per-address rate limits (10
// sign-ups an hour, 50 failed sign-ins per 15 min: src/server/modules/rate-limits) count each test
// apart, and a test may sign up a fresh account (`newUserTest`) without spending the others' budget.
//
// Signing up confirms the address by mail (docs/decisions/027-sign-up-by-mail.md): `signUp` reads
// the confirmation mail from the run's SMTP sink (mail-sink.ts) and follows its link.
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

import { SIGN_UP_CHECK_INBOX } from '../../src/server/modules/users/signups.schema';
import { linkIn } from '../helpers/smtp-sink';
import { e2eMailSink, nextMailTo } from './mail-sink';

export { expect };

export type Account = { name: string; email: string; password: string };

/** The password every created account gets: 8+ characters with letters and numbers. */
export const GOOD_PASSWORD = 'Lamplight-2026';

let sequence = 0;

/** An e-mail no other test (or earlier run) has used. */
export function uniqueEmail(tag = 'user'): string {
  sequence += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`;
  return `e2e-${tag}-${stamp}@example.com`.toLowerCase();
}

/** A fresh account's details (not yet registered). */
export function newAccount(tag = 'user'): Account {
  const email = uniqueEmail(tag);
  const label = tag.charAt(0).toUpperCase() + tag.slice(1);
  // The worker's process id too: tests in parallel workers find people by name.
  return { name: `${label} Tester ${process.pid.toString(36)} ${sequence}`, email, password: GOOD_PASSWORD };
}

let visitors = 0;

/** A client address no other test of this run has (10.{worker}.x.y), for X-Forwarded-For. */
export function visitorAddress(workerIndex: number): string {
  visitors += 1;
  return `10.${workerIndex % 256}.${Math.floor(visitors / 256) % 256}.${visitors % 256}`;
}

// ---------------------------------------------------------------------------------------------
// Locators
// ---------------------------------------------------------------------------------------------

/** The site header (<header> → role banner). */
export const siteHeader = (page: Page): Locator => page.getByRole('banner');

/** The header's Sign in button (anonymous visitors only). */
export const headerSignInButton = (page: Page): Locator =>
  siteHeader(page).getByRole('button', { name: 'Sign in', exact: true });

/** The header's Write entry: a button when anonymous, a link when signed in. */
export const headerWrite = (page: Page): Locator =>
  siteHeader(page)
    .getByRole('button', { name: 'Write a story' })
    .or(siteHeader(page).getByRole('link', { name: 'Write a story' }));

/** The user menu button's name for an account without a photo: its avatar's initials included. */
export const accountMenuName = (name: string): RegExp =>
  new RegExp(`^Account menu for ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, \\S+$`);

/** The avatar button that opens the user menu (signed-in visitors only). */
export const userMenuButton = (page: Page): Locator =>
  siteHeader(page).getByRole('button', { name: /^Account menu for / });

/** The open sso dialog, in either mode. */
export const ssoDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: /^(Welcome back|Join Lamplight)$/ });

/** The sso dialog's submit button (the only button inside its form). */
export const ssoSubmit = (page: Page): Locator => ssoDialog(page).locator('form').getByRole('button');

/** The dialog's mode switch: 'Sign in' or 'Create account' (toggle buttons, not the submit). */
export const ssoModeTab = (page: Page, mode: 'Sign in' | 'Create account'): Locator =>
  ssoDialog(page)
    .getByRole('group', { name: 'Sign in or create an account' })
    .getByRole('button', { name: mode });

/** The sso dialog's inline error. */
export const ssoError = (page: Page): Locator => ssoDialog(page).getByRole('alert');

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

/** Waits until the header knows the session (the skeleton is replaced by real buttons). */
export async function expectSignedOut(page: Page): Promise<void> {
  await expect(headerSignInButton(page)).toBeVisible();
  await expect(userMenuButton(page)).toHaveCount(0);
}

export async function expectSignedIn(page: Page): Promise<void> {
  await expect(userMenuButton(page)).toBeVisible();
  await expect(headerSignInButton(page)).toHaveCount(0);
}

/** Opens the sso dialog from the header's Sign in button (goes to / first when no page is open). */
export async function openSsoDialog(page: Page): Promise<Locator> {
  if (page.url() === 'about:blank') await page.goto('/');
  await headerSignInButton(page).click();
  const dialog = ssoDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills and submits the dialog in sign-up mode without checking the outcome. */
export async function submitSignUp(page: Page, account: Account): Promise<void> {
  const dialog = (await ssoDialog(page).isVisible()) ? ssoDialog(page) : await openSsoDialog(page);
  // Contexts a spec makes itself sign in here too: the popup must not cover their next steps.
  await keepPublicationPopupAway(page.context(), page.url());
  await ssoModeTab(page, 'Create account').click();
  await expect(page.getByRole('dialog', { name: 'Join Lamplight' })).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill(account.name);
  await dialog.getByLabel('E-mail', { exact: true }).fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await ssoSubmit(page).click();
}

/** Fills and submits the dialog in sign-in mode without checking the outcome. */
export async function submitSignIn(
  page: Page,
  credentials: Pick<Account, 'email' | 'password'>,
): Promise<void> {
  const dialog = (await ssoDialog(page).isVisible()) ? ssoDialog(page) : await openSsoDialog(page);
  await keepPublicationPopupAway(page.context(), page.url());
  await ssoModeTab(page, 'Sign in').click();
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
  await dialog.getByLabel('E-mail', { exact: true }).fill(credentials.email);
  await dialog.getByLabel('Password', { exact: true }).fill(credentials.password);
  await ssoSubmit(page).click();
}

/** The onboarding dialog (SPEC §2), at any of its three steps. */
export const onboardingDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: /^(Welcome to Lamplight|Choose your address|You’re all set)$/ });

/** The sign-up mail's link that creates the account (a mail to a new address carries one). */
export const confirmationLink = (mail: Parameters<typeof linkIn>[0]): string =>
  linkIn(mail, '/signup/confirm');

/**
 * Submits the sign-up form and waits for its "check your inbox" answer; answers the mail that
 * followed (the confirmation to a new address, the warning to a registered one).
 */
export async function submitSignUpAndReadMail(page: Page, account: Account) {
  const since = (await e2eMailSink()).messages.length;
  await submitSignUp(page, account);
  await expect(ssoDialog(page).getByRole('status')).toHaveText(SIGN_UP_CHECK_INBOX, { timeout: 20_000 });
  return nextMailTo(account.email, since);
}

/** Opens a sign-up mail's link and presses its button: the account is made and signed in. */
export async function confirmSignUp(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
}

/**
 * Creates the account through the header's Sign in → Create account, then the link of the mail
 * that answers it, and waits for the user menu; the page the sign-up started on is opened again.
 * A new account's onboarding opens by itself (SPEC §4): it is skipped (showOnboarding becomes
 * false) unless `onboarding: 'keep'` leaves it open (on the home page) for the test to go through.
 */
export async function signUp(
  page: Page,
  account: Account,
  { onboarding = 'skip' }: { onboarding?: 'skip' | 'keep' } = {},
): Promise<void> {
  const startedOn = page.url();
  const mail = await submitSignUpAndReadMail(page, account);
  await ssoDialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(ssoDialog(page)).toBeHidden();
  await confirmSignUp(page, confirmationLink(mail));
  const welcome = page.getByRole('dialog', { name: 'Welcome to Lamplight' });
  await expect(welcome).toBeVisible({ timeout: 20_000 });
  if (onboarding === 'keep') return;
  await welcome.getByRole('button', { name: 'Skip' }).click();
  await expect(onboardingDialog(page)).toBeHidden();
  await expectSignedIn(page);
  if (startedOn !== page.url() && startedOn !== 'about:blank') {
    await page.goto(startedOn);
    await expectSignedIn(page);
  }
}

/**
 * The same account as `signUp` makes, made through the calls its pages make rather than by driving
 * them (tests/e2e/auth.spec.ts drives the pages): POST /api/users/signup, the mail's link as
 * next-auth's credentials sign-in (mode 'confirm'), onboarding skipped (showOnboarding false, as
 * its Skip button saves).
 * The page's context holds the session; the page is left where it was. Saves each test that only
 * needs a fresh member the three page loads and the dialogs of the UI's way.
 */
export async function signUpThroughApi(page: Page, baseURL: string, account: Account): Promise<void> {
  const origin = new URL(baseURL).origin;
  const headers = { origin };
  const request = page.request;
  await keepPublicationPopupAway(page.context(), origin);
  const since = (await e2eMailSink()).messages.length;
  const asked = await request.post('/api/users/signup', { headers, data: account });
  expect(asked.status(), await asked.text()).toBe(202);
  const link = new URL(confirmationLink(await nextMailTo(account.email, since)), origin);
  const csrf = await request.get('/api/auth/csrf');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signedIn = await request.post('/api/auth/callback/credentials', {
    headers,
    form: { csrfToken, mode: 'confirm', token: link.searchParams.get('token') ?? '', json: 'true' },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const session = (await (await request.get('/api/auth/session')).json()) as { user?: { id?: string } };
  const id = session.user?.id;
  expect(id, 'the confirmed sign-up has a session').toBeTruthy();
  const skipped = await request.patch(`/api/users/${id}`, { headers, data: { showOnboarding: false } });
  expect(skipped.status(), await skipped.text()).toBe(200);
}

/** Signs in through the header's Sign in button, and waits for the user menu. */
export async function signIn(page: Page, credentials: Pick<Account, 'email' | 'password'>): Promise<void> {
  await submitSignIn(page, credentials);
  await expect(ssoDialog(page)).toBeHidden({ timeout: 20_000 });
  await expectSignedIn(page);
}

/** Opens the user menu and returns it. */
export async function openUserMenu(page: Page): Promise<Locator> {
  await userMenuButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Signs out through the user menu and waits for the header's Sign in button. */
export async function signOut(page: Page): Promise<void> {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expectSignedOut(page);
}

/** The session as next-auth answers it to the page (same cookies, same origin). */
export async function sessionFromPage(page: Page): Promise<any> {
  return page.evaluate(async () => {
    const res = await fetch('/api/auth/session', { credentials: 'same-origin' });
    return res.json();
  });
}

/**
 * SPEC §4: the publication popup opens 5 s after a page loads while the cookie 'lastShowedAt' is
 * absent. A test that dwells on a page would find it over what it looks at, so every context gets
 * the cookie (publications-public.spec.ts clears it to test the popup itself).
 */
export async function keepPublicationPopupAway(context: BrowserContext, url: string): Promise<void> {
  const origin = new URL(url).origin;
  await context.addCookies([{ name: 'lastShowedAt', value: String(Date.now()), url: origin }]);
}

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export type SharedUser = Account & { id: string; storageState: StorageState };

async function createSharedUser(browser: Browser, baseURL: string, address: string): Promise<SharedUser> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  await keepPublicationPopupAway(context, baseURL);
  try {
    const page = await context.newPage();
    const account = newAccount('shared');
    await page.goto('/');
    await signUp(page, account);
    const session = await sessionFromPage(page);
    const id = String(session?.user?.id ?? '');
    expect(id, 'the shared account has a session user id').not.toBe('');
    return { ...account, id, storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}

type WorkerFixtures = { sharedUser: SharedUser };
type TestFixtures = { pageErrors: string[] };

/** Console noise that is not a fault: the browser's note on every 4xx/5xx answer (expected ones here). */
const EXPECTED_CONSOLE = [/^Failed to load resource: the server responded with a status of (401|403|404)\b/];

/**
 * `test` plus a `sharedUser`: one account per worker, signed up through the UI the first time a
 * test asks for it. Its cookies are reused, so later tests cost no sign-in attempts.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  // No publication popup unless a test clears its cookie (keepPublicationPopupAway).
  context: async ({ context, baseURL }, provide) => {
    if (baseURL) await keepPublicationPopupAway(context, baseURL);
    await provide(context);
  },
  // Each test is its own visitor (see the top of this file).
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    await provide({ ...extraHTTPHeaders, 'x-forwarded-for': visitorAddress(testInfo.workerIndex) });
  },
  // Every test fails on an uncaught page exception or a console error (hydration mismatches too).
  pageErrors: [
    async ({ context }, provide) => {
      const errors: string[] = [];
      context.on('weberror', (error) => errors.push(`pageerror: ${error.error().message}`));
      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (EXPECTED_CONSOLE.some((pattern) => pattern.test(text))) return;
        errors.push(`console.error at ${message.page()?.url() ?? '?'}: ${text}`);
      });
      await provide(errors);
      expect(errors, 'no page errors or console errors').toEqual([]);
    },
    { auto: true },
  ],
  sharedUser: [
    async ({ browser }, provide, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
      await provide(await createSharedUser(browser, baseURL, visitorAddress(workerInfo.workerIndex)));
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

/** `test` whose `page` (and `context`) start signed in as the shared account. */
export const signedInTest = test.extend({
  storageState: async ({ sharedUser }, provide) => {
    await provide(sharedUser.storageState);
  },
});

/**
 * `test` whose `page` starts signed in, on the home page, as a fresh account of its own (`newUser`),
 * signed up through the API before the test's body runs (`signUpThroughApi`).
 */
export const newUserTest = test.extend<{ newUser: Account }>({
  newUser: [
    async ({ page, baseURL }, provide) => {
      const account = newAccount('member');
      await signUpThroughApi(page, baseURL!, account);
      await page.goto('/');
      await expectSignedIn(page);
      await provide(account);
    },
    { auto: true },
  ],
});

export type CreatedStory = { id: string; slug: string; title: string; path: string };

/**
 * Creates a story through the API as the signed-in user of `request` (a page's or a context's), from
 * the site's origin as the editor does: 'publish' (the default), 'draft' or 'schedule'. Answers it
 * with its page path.
 */
export async function createStory(
  request: APIRequestContext,
  baseURL: string,
  data: Record<string, unknown>,
  mode: 'publish' | 'draft' | 'schedule' = 'publish',
): Promise<CreatedStory> {
  const response = await request.post(`/api/posts/new/${mode}`, { data, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(201);
  const story = await response.json();
  return { ...story, path: story.slug ? `/stories/${story.slug}-${story.id}` : `/stories/${story.id}` };
}

export type ListedPublication = { id: string; name: string; subdomain: string; storyCount: number };

/**
 * A publication of the listing API by its subdomain (the demo content's 'daily-bread'), paging
 * through it: the listing is newest first, and the tests beside this one make publications of their
 * own, so a seeded one moves off the first page as the run goes on.
 */
export async function listedPublication(
  request: APIRequestContext,
  subdomain: string,
): Promise<ListedPublication> {
  for (let lastKey: string | null = ''; lastKey !== null;) {
    const listing = await request.get('/api/publications', {
      params: { languageCode: 'en', limit: 50, ...(lastKey ? { lastKey } : {}) },
    });
    expect(listing.status(), await listing.text()).toBe(200);
    const answer = (await listing.json()) as { publications: ListedPublication[]; lastKey: string | null };
    const found = answer.publications.find((p) => p.subdomain === subdomain);
    if (found) return found;
    lastKey = answer.lastKey;
  }
  throw new Error(`the publications listing holds no '${subdomain}'`);
}
