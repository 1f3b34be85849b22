// Issue 2 foundation — signing up, in and out through the sso dialog (SPEC §2 header, sso dialog;
// SPEC §8 auth client). Sign-in/up attempts in this file: 3 sign-ups + 4 sign-ins (plus the shared
// account's one sign-up in fixtures.ts).
import {
  accountMenuName,
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
    await submitSignIn(page, { email: sharedUser.email, password: `${GOOD_PASSWORD}-wrong` }); // sign-in #2
    await expect(ssoError(page)).toHaveText('Wrong e-mail or password.');
    // The dialog stays open with the typed e-mail, ready for another try; nobody is signed in.
    await expect(ssoDialog(page)).toBeVisible();
    await expect(ssoDialog(page).getByLabel('E-mail', { exact: true })).toHaveValue(sharedUser.email);
    await expect(ssoSubmit(page)).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(ssoDialog(page)).toBeHidden();
    await expectSignedOut(page);
  });

  test('signing up with a registered e-mail shows "This e-mail is already registered."', async ({
    page,
    sharedUser,
  }) => {
    await page.goto('/');
    await submitSignUp(page, { name: 'Someone Else', email: sharedUser.email, password: 'Another-pass-42' }); // sign-up #2
    await expect(ssoError(page)).toHaveText('This e-mail is already registered.');
    await expect(page.getByRole('dialog', { name: 'Join Lamplight' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expectSignedOut(page);
  });

  test('a weak password shows why it is too weak', async ({ page }) => {
    await page.goto('/');
    const account = { ...newAccount('weak'), password: 'onlyletters' }; // 11 letters, no number
    await submitSignUp(page, account); // sign-up #3
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
    await signIn(page, sharedUser); // sign-in #3
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
