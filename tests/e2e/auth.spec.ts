// Issue 2 foundation — signing up, in and out through the sso dialog (SPEC §2 header, sso dialog;
// SPEC §8 auth client). Sign-ups confirm the address by mail first (issue 19, docs/decisions/028):
// the dialog says "check your inbox", and the mail's link creates the account. Sign-in/up attempts
// in this file: 4 sign-ups + 5 sign-ins (plus the shared account's one sign-up in fixtures.ts).
import { request as playwrightRequest } from '@playwright/test';
import {
  accountMenuName,
  confirmationLink,
  confirmSignUp,
  GOOD_PASSWORD,
  expect,
  expectSignedIn,
  expectSignedOut,
  newAccount,
  openSsoDialog,
  openUserMenu,
  sessionFromPage,
  signIn,
  signOut,
  signUp,
  ssoDialog,
  ssoError,
  ssoModeTab,
  ssoSubmit,
  submitSignIn,
  submitSignUp,
  submitSignUpAndReadMail,
  test,
  userMenuButton,
} from './fixtures';

const CREDENTIALS_CALLBACK = '/api/auth/callback/credentials';

test.describe('sign up, sign out, sign in', () => {
  test('a new visitor signs up, signs out and signs back in', async ({ page }) => {
    const account = newAccount('flow');
    await page.goto('/');
    await expectSignedOut(page);

    await signUp(page, account); // sign-up #1
    await expectSignedIn(page);
    await expect(userMenuButton(page)).toHaveAccessibleName(accountMenuName(account.name));
    const menu = await openUserMenu(page);
    await expect(menu).toContainText(account.name);
    await expect(menu).toContainText(account.email);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await signOut(page);
    await expectSignedOut(page);
    expect((await sessionFromPage(page)) ?? {}).not.toHaveProperty('user');

    await signIn(page, account); // sign-in #1
    await expectSignedIn(page);
    await expect(userMenuButton(page)).toHaveAccessibleName(accountMenuName(account.name));
  });

  test('a wrong password shows "Wrong e-mail or password."', async ({ page, sharedUser }) => {
    await page.goto('/');
    await submitSignIn(page, { email: sharedUser.email, password: `${GOOD_PASSWORD}-wrong` }); // sign-in #3
    await expect(ssoError(page)).toHaveText('Wrong e-mail or password.');
    // The dialog stays open with the typed e-mail, ready for another try; nobody is signed in.
    await expect(ssoDialog(page)).toBeVisible();
    await expect(ssoDialog(page).getByLabel('E-mail', { exact: true })).toHaveValue(sharedUser.email);
    await expect(ssoSubmit(page)).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(ssoDialog(page)).toBeHidden();
    await expectSignedOut(page);
  });

  test("the mail's link creates the account; opening it (a mail scanner) does not", async ({
    page,
    baseURL,
  }) => {
    const account = newAccount('scanned');
    await page.goto('/');
    const mail = await submitSignUpAndReadMail(page, account); // sign-up #2
    // Nobody is signed in yet: the dialog only says to check the inbox.
    await expect(ssoDialog(page).getByText(account.email)).toBeVisible();
    await expect(ssoError(page)).toHaveCount(0);
    const link = confirmationLink(mail);
    expect(new URL(link).origin).toBe(new URL(baseURL!).origin);

    // A mail scanner fetches the link (HEAD, GET, no cookies, no script): nothing is used up.
    const scanner = await playwrightRequest.newContext();
    expect((await scanner.head(link)).status()).toBe(200);
    const fetched = await scanner.get(link);
    expect(fetched.status()).toBe(200);
    expect(await fetched.text()).toContain('Confirm and sign in');
    await scanner.dispose();

    await ssoDialog(page).getByRole('button', { name: 'Done' }).click();
    await expectSignedOut(page);
    await confirmSignUp(page, link);
    const welcome = page.getByRole('dialog', { name: 'Welcome to Lamplight' });
    await expect(welcome).toBeVisible({ timeout: 20_000 });
    await expect(welcome.getByLabel('Name', { exact: true })).toHaveValue(account.name);
    await expect(page).toHaveURL(/\/$/);
    await welcome.getByRole('button', { name: 'Skip' }).click();
    await expectSignedIn(page);
    expect((await sessionFromPage(page)).user.email).toBe(account.email);

    // The link works once.
    await signOut(page);
    await confirmSignUp(page, link);
    await expect(page.getByRole('alert').filter({ hasText: 'sign-up link' })).toHaveText(
      'This sign-up link has expired or was already used. Please sign up again.',
    );
    await expectSignedOut(page);
  });

  test('signing up with a registered e-mail answers as for a new one; its owner gets a note', async ({
    page,
    sharedUser,
  }) => {
    await page.goto('/');
    const mail = await submitSignUpAndReadMail(page, {
      name: 'Someone Else',
      email: sharedUser.email,
      password: 'Another-pass-42',
    }); // sign-up #3
    await expect(page.getByRole('dialog', { name: 'Join Lamplight' })).toBeVisible();
    await expect(ssoError(page)).toHaveCount(0);
    expect(mail.subject).toBe('Someone tried to sign up with your address');
    expect(() => confirmationLink(mail)).toThrow();
    await page.keyboard.press('Escape');
    await expectSignedOut(page);
    // The account is as it was: its own password still signs in.
    await signIn(page, sharedUser); // sign-in #2
  });

  test('a weak password shows why it is too weak', async ({ page }) => {
    await page.goto('/');
    const account = { ...newAccount('weak'), password: 'onlyletters' }; // 11 letters, no number
    await submitSignUp(page, account); // sign-up #4
    await expect(ssoError(page)).toHaveText('Password must contain letters and numbers.');
    await page.keyboard.press('Escape');
    await expectSignedOut(page);
  });

  test('the e-mail and password fields are required: submitting them empty sends nothing', async ({
    page,
  }) => {
    const attempts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(CREDENTIALS_CALLBACK)) attempts.push(request.method());
    });
    await page.goto('/');
    const dialog = await openSsoDialog(page);
    const email = dialog.getByLabel('E-mail', { exact: true });
    const password = dialog.getByLabel('Password', { exact: true });
    await expect(email).toHaveAttribute('required', '');
    await expect(password).toHaveAttribute('required', '');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(password).toHaveAttribute('type', 'password');

    // Empty: the browser refuses the form; the submit never turns busy ('Signing in…').
    await ssoSubmit(page).click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    expect(await password.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await expect(ssoSubmit(page)).toHaveText('Sign in');
    await expect(ssoSubmit(page)).toBeEnabled();

    // E-mail only: the password still blocks it.
    await email.fill('nobody@example.com');
    await ssoSubmit(page).click();
    expect(await password.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await expect(ssoSubmit(page)).toHaveText('Sign in');

    // The same holds in sign-up mode (which adds the name).
    await ssoModeTab(page, 'Create account').click();
    const signUpDialog = page.getByRole('dialog', { name: 'Join Lamplight' });
    await expect(signUpDialog.getByLabel('Name', { exact: true })).toHaveAttribute('required', '');
    await expect(signUpDialog.getByLabel('E-mail', { exact: true })).toHaveAttribute('required', '');
    await expect(signUpDialog.getByLabel('Password', { exact: true })).toHaveAttribute('required', '');
    await ssoSubmit(page).click();
    await expect(ssoSubmit(page)).toHaveText('Create account');
    await expect(ssoError(page)).toHaveCount(0);

    // Nothing reached the credentials endpoint.
    expect(attempts).toEqual([]);
    await expect(ssoDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expectSignedOut(page);
    expect(attempts).toEqual([]);
  });
});

test.describe('the session', () => {
  test('survives a reload', async ({ page, sharedUser }) => {
    await page.goto('/');
    await signIn(page, sharedUser); // sign-in #5
    await page.reload();
    await expectSignedIn(page);
    await expect(userMenuButton(page)).toHaveAccessibleName(accountMenuName(sharedUser.name));
    // And on another page of the site.
    await page.goto('/lists');
    await expectSignedIn(page);
  });

  test('/api/auth/session answers the signed-in user with id, roles, language, onboarding and ssoId', async ({
    page,
    sharedUser,
  }) => {
    await page.goto('/');
    expect(await sessionFromPage(page)).toEqual({}); // anonymous: next-auth's empty session
    await signIn(page, sharedUser); // sign-in #4
    const session = await sessionFromPage(page);
    expect(session).toHaveProperty('expires');
    expect(session.user).toMatchObject({
      id: sharedUser.id,
      name: sharedUser.name,
      email: sharedUser.email,
      roles: [],
      preferLanguageCode: 'en',
      showOnboarding: false, // the shared account skipped the onboarding at sign-up (fixtures.signUp)
    });
    expect(session.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Array.isArray(session.user.roles)).toBe(true);
    expect(session.user).toHaveProperty('ssoId', null); // an e-mail account has no single-sign-on id
    expect(session.user).toHaveProperty('image');
    // No secrets in the session.
    expect(JSON.stringify(session)).not.toMatch(/password|hash/i);
  });
});
