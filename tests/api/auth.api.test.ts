import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SLOW_DOWN_MS } from '../../src/server/auth/sign-in-limits';
import type { Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { createUser, DEFAULT_TEST_PASSWORD, uniqueSuffix } from '../factories';
import { Browser } from '../helpers/next-auth-browser';
import { useTestDatabase } from '../helpers/test-db';

// Signing in through next-auth's credentials callback, with the limits in front of it
// (src/server/auth/sign-in-limits.ts, docs/decisions/015-client-address.md "Sign-in limits").
// Creating an account is tests/api/signup.api.test.ts.

let db: Db;
beforeAll(async () => {
  db = (await useTestDatabase()).db;
});

let addresses = 0;
/** A client address no other test of this file uses. */
const newAddress = () => {
  addresses += 1;
  return `203.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};
const TOO_MANY = /^Too many sign-in attempts\. Try again in \d+ seconds\.$/;
/** Each checked password costs a scrypt (~50 ms, more on a busy machine): these tests make dozens. */
const MANY = { timeout: 180_000 };

describe('signing in through next-auth', () => {
  it('answers csrf and providers as next-auth does', async () => {
    const browser = new Browser(newAddress());
    expect((await browser.get('csrf')).json.csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const providers = (await browser.get('providers')).json;
    expect(Object.keys(providers)).toEqual(['credentials']); // no Google/Facebook without their env vars
    expect((await browser.session()).json).toEqual({});
  });

  it('signs in with any case of the e-mail and carries the SPEC session user', async () => {
    const user = await createUser(db, { name: 'Ruth' });
    const browser = new Browser(newAddress());
    expect(
      await browser.credentials({ email: user.email.toUpperCase(), password: DEFAULT_TEST_PASSWORD }),
    ).toMatchObject({ status: 200, error: null });
    const session = (await browser.session()).json;
    expect(session.user).toMatchObject({
      id: user.id,
      name: 'Ruth',
      email: user.email,
      roles: [],
      preferLanguageCode: 'en',
      ssoId: null,
      canOpenStaffArea: false,
    });
  });

  it('refuses a wrong password, an unknown e-mail and missing fields with clear messages', async () => {
    const user = await createUser(db);
    const browser = new Browser(newAddress());
    expect((await browser.credentials({ email: user.email, password: 'not-the-password-1' })).error).toBe(
      'Wrong e-mail or password.',
    );
    expect(
      (await browser.credentials({ email: `nobody-${uniqueSuffix()}@example.test`, password: 'whatever-1' }))
        .error,
    ).toBe('Wrong e-mail or password.');
    expect((await browser.credentials({ email: '', password: '' })).error).toBe(
      'E-mail and password are required.',
    );
    expect(
      (await browser.credentials({ email: 'ruth\u0000@example.test', password: 'whatever-1' })).error,
    ).toBe('Please enter a valid email address.');
    expect((await browser.session()).json).toEqual({});
  });

  it('mode=signup on the credentials callback says the same for a registered and a new e-mail', async () => {
    const user = await createUser(db);
    const browser = new Browser(newAddress());
    const attempt = (email: string) =>
      browser.credentials({ email, password: 'another-good-1', mode: 'signup', name: 'Someone' });
    const registered = await attempt(user.email);
    const fresh = await attempt(`fresh-${uniqueSuffix()}@example.test`);
    expect(registered).toEqual(fresh);
    expect(registered).toMatchObject({ status: 401, error: 'To create an account, use the sign-up form.' });
    expect((await browser.session()).json).toEqual({});
  });

  it('a banned user cannot sign in, and their existing session stops working', async () => {
    const user = await createUser(db);
    const address = newAddress();
    const browser = new Browser(address);
    expect(
      (await browser.credentials({ email: user.email, password: DEFAULT_TEST_PASSWORD })).error,
    ).toBeNull();
    expect((await browser.session()).json.user.id).toBe(user.id);

    await db.update(users).set({ status: 'banned' }).where(eq(users.id, user.id));

    expect((await browser.session()).json).toEqual({});
    const again = new Browser(address);
    expect((await again.credentials({ email: user.email, password: DEFAULT_TEST_PASSWORD })).error).toBe(
      'Your account has been banned.',
    );
  });
});

describe('sign-in limits count failures per account and address', () => {
  it(
    'an attacker failing 100 times from one address is refused there, and the owner still signs in from another',
    MANY,
    async () => {
      const owner = await createUser(db);
      const attacker = new Browser(newAddress());
      const answers: number[] = [];
      for (let i = 0; i < 100; i++) {
        answers.push((await attacker.credentials({ email: owner.email, password: `guess-${i}-x` })).status);
      }
      // Ten wrong guesses are checked; from then on that (account, address) pair is refused.
      expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(answers.slice(10)).toEqual(Array(90).fill(429));
      // Refused even with the right password: the pair is what is locked, for its window.
      const locked = await attacker.credentials({ email: owner.email, password: DEFAULT_TEST_PASSWORD });
      expect(locked.status).toBe(429);
      expect(locked.error).toMatch(TOO_MANY);
      expect(Number(locked.retryAfter)).toBeGreaterThan(0);
      expect(Number(locked.retryAfter)).toBeLessThanOrEqual(15 * 60);
      expect((await attacker.session()).json).toEqual({});

      const home = new Browser(newAddress());
      expect(await home.credentials({ email: owner.email, password: DEFAULT_TEST_PASSWORD })).toMatchObject({
        status: 200,
        error: null,
      });
      expect((await home.session()).json.user.id).toBe(owner.id);
    },
  );

  it('30 people behind one address all get in, each after one mistyped password', MANY, async () => {
    const address = newAddress();
    const people = await Promise.all(Array.from({ length: 30 }, () => createUser(db)));
    for (const person of people) {
      const browser = new Browser(address);
      expect((await browser.credentials({ email: person.email, password: 'mistyped-1' })).status).toBe(401);
      expect(
        await browser.credentials({ email: person.email, password: DEFAULT_TEST_PASSWORD }),
      ).toMatchObject({ status: 200, error: null });
      expect((await browser.session()).json.user.id).toBe(person.id);
    }
  });

  it(
    'a correct sign-in resets its pair: a forgetful owner is never locked out by their own typos',
    MANY,
    async () => {
      const owner = await createUser(db);
      const browser = new Browser(newAddress());
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 9; i++) {
          expect(
            (await browser.credentials({ email: owner.email, password: `typo-${round}-${i}` })).status,
          ).toBe(401);
        }
        expect(
          (await browser.credentials({ email: owner.email, password: DEFAULT_TEST_PASSWORD })).status,
        ).toBe(200);
      }
    },
  );

  it(
    'many failures on an account from many addresses slow its sign-ins down, never refuse them',
    MANY,
    async () => {
      const owner = await createUser(db);
      // 21 failures over three addresses: past the account's 20, each of its sign-ins waits a little.
      for (let i = 0; i < 21; i++) {
        const attacker = new Browser(newAddress());
        expect((await attacker.credentials({ email: owner.email, password: `spray-${i}-x` })).status).toBe(
          401,
        );
      }
      const home = new Browser(newAddress());
      const started = performance.now();
      expect(await home.credentials({ email: owner.email, password: DEFAULT_TEST_PASSWORD })).toMatchObject({
        status: 200,
        error: null,
      });
      expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_DOWN_MS - 50);
    },
  );

  it(
    'one address is refused after 50 failures over any accounts; its correct sign-ins never count',
    MANY,
    async () => {
      const address = newAddress();
      const members = await Promise.all(Array.from({ length: 10 }, () => createUser(db)));
      for (let i = 0; i < 50; i++) {
        const browser = new Browser(address);
        const guess = await browser.credentials({
          email: `stuffed-${i}-${uniqueSuffix()}@example.test`,
          password: 'leaked-password-1',
        });
        expect(guess.status).toBe(401);
        if (i % 5 === 0) {
          const member = members[i / 5]!;
          expect(
            (await new Browser(address).credentials({ email: member.email, password: DEFAULT_TEST_PASSWORD }))
              .status,
          ).toBe(200);
        }
      }
      const refused = await new Browser(address).credentials({
        email: members[0]!.email,
        password: DEFAULT_TEST_PASSWORD,
      });
      expect(refused.status).toBe(429);
      expect(refused.error).toMatch(TOO_MANY);
      // Another address is not touched by it.
      expect(
        (
          await new Browser(newAddress()).credentials({
            email: members[0]!.email,
            password: DEFAULT_TEST_PASSWORD,
          })
        ).status,
      ).toBe(200);
    },
  );
});
