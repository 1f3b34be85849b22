import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { authOptions } from '../../src/server/auth/auth-options';
import { limitSignInAttempt } from '../../src/server/auth/sign-in-limits';
import { SOCKET_ADDRESS_HEADER } from '../../src/server/lib/client-address';
import { env } from '../../src/server/lib/env';
import { parseTrustProxy, type TrustProxy } from '../../src/server/lib/trust-proxy';
import type { Db } from '../../src/server/db/client';
import { createUser, DEFAULT_TEST_PASSWORD, uniqueSuffix } from '../factories';
import { useTestDatabase } from '../helpers/test-db';

// next-auth's own core handler with our options (authorize, callbacks), driven like its client:
// csrf cookie + token first, then a form POST to callback/credentials; the route's rate limit runs
// in front of it exactly as src/app/api/auth/[...nextauth]/route.ts does. (The Next.js wrapper
// itself needs a request scope; the browser tests cover it end to end.)
// next-auth does not export its core in package.json "exports"; load the file itself.
const { AuthHandler } = createRequire(import.meta.url)(
  path.resolve('node_modules/next-auth/core/index.js'),
) as {
  AuthHandler: (params: { req: Record<string, unknown>; options: typeof authOptions }) => Promise<{
    status?: number;
    body?: unknown;
    redirect?: string;
    cookies?: { name: string; value: string; options?: { maxAge?: number } }[];
  }>;
};

class Browser {
  private cookies: Record<string, string> = {};
  /** ip: the socket address the front server (scripts/server.mjs) reports for this browser. */
  constructor(
    private ip = '203.0.113.1',
    private extraHeaders: Record<string, string> = {},
  ) {}

  private async handle(action: string, method: string, body?: Record<string, string>, providerId?: string) {
    const response = await AuthHandler({
      req: {
        action: action as never,
        providerId,
        method,
        body,
        query: {},
        cookies: { ...this.cookies },
        headers: { 'x-forwarded-for': this.ip },
        origin: 'http://localhost:3000',
      },
      options: authOptions,
    });
    for (const cookie of response.cookies ?? []) {
      if (cookie.value === '' || cookie.options?.maxAge === 0) delete this.cookies[cookie.name];
      else this.cookies[cookie.name] = cookie.value;
    }
    return response;
  }

  async get(action: 'csrf' | 'providers' | 'session') {
    const response = await this.handle(action, 'GET');
    return { status: response.status ?? 200, json: response.body as any };
  }

  async credentials(fields: Record<string, string>) {
    const { csrfToken } = (await this.get('csrf')).json as { csrfToken: string };
    const form = new URLSearchParams({
      ...fields,
      csrfToken,
      callbackUrl: 'http://localhost:3000/',
      json: 'true',
    });
    const limited = await limitSignInAttempt(
      new Request('http://localhost:3000/api/auth/callback/credentials', {
        method: 'POST',
        body: form,
        headers: { [SOCKET_ADDRESS_HEADER]: this.ip, ...this.extraHeaders },
      }),
    );
    if (limited) {
      const json = (await limited.json()) as { url: string };
      return {
        status: limited.status,
        error: new URL(json.url).searchParams.get('error'),
        retryAfter: limited.headers.get('retry-after'),
      };
    }
    const response = await this.handle('callback', 'POST', Object.fromEntries(form), 'credentials');
    const error = response.redirect ? new URL(response.redirect).searchParams.get('error') : null;
    return { status: error ? 401 : 200, error, retryAfter: null };
  }

  session() {
    return this.get('session');
  }
}

describe('sign-up and sign-in through next-auth', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('answers csrf and providers as next-auth does', async () => {
    const browser = new Browser();
    expect((await browser.get('csrf')).json.csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const providers = (await browser.get('providers')).json;
    expect(Object.keys(providers)).toEqual(['credentials']); // no Google/Facebook without their env vars
    expect((await browser.session()).json).toEqual({});
  });

  it('signs a new account up, carries the SPEC session user, and signs in again later', async () => {
    const email = `new-${uniqueSuffix()}@example.test`;
    const browser = new Browser();
    const signUp = await browser.credentials({
      email,
      password: 'lamps-and-oil-7',
      mode: 'signup',
      name: 'Ruth',
    });
    expect(signUp).toMatchObject({ status: 200, error: null });
    const session = (await browser.session()).json;
    expect(session.user).toMatchObject({
      name: 'Ruth',
      email,
      image: null,
      roles: [],
      preferLanguageCode: 'en',
      showOnboarding: true,
      ssoId: null,
      canOpenStaffArea: false,
    });
    expect(session.user.id).toHaveLength(36);

    const later = new Browser();
    expect(
      await later.credentials({ email: email.toUpperCase(), password: 'lamps-and-oil-7' }),
    ).toMatchObject({ error: null });
    expect((await later.session()).json.user.id).toBe(session.user.id);
  });

  it('refuses a wrong password, a taken e-mail, a weak password and missing fields with clear messages', async () => {
    const user = await createUser(db);
    const browser = new Browser('203.0.113.2');
    expect((await browser.credentials({ email: user.email, password: 'not-the-password-1' })).error).toBe(
      'Wrong e-mail or password.',
    );
    expect(
      (await browser.credentials({ email: `nobody-${uniqueSuffix()}@example.test`, password: 'whatever-1' }))
        .error,
    ).toBe('Wrong e-mail or password.');
    expect(
      (await browser.credentials({ email: user.email, password: 'another-good-1', mode: 'signup' })).error,
    ).toBe('This e-mail is already registered.');
    expect(
      (
        await browser.credentials({
          email: `w-${uniqueSuffix()}@example.test`,
          password: 'short1',
          mode: 'signup',
        })
      ).error,
    ).toBe('Password must be at least 8 characters long.');
    expect((await browser.credentials({ email: '', password: '' })).error).toBe(
      'E-mail and password are required.',
    );
    expect((await browser.session()).json).toEqual({});
  });

  it('a banned user cannot sign in, and their existing session stops working', async () => {
    const user = await createUser(db);
    const browser = new Browser('203.0.113.3');
    expect(
      (await browser.credentials({ email: user.email, password: DEFAULT_TEST_PASSWORD })).error,
    ).toBeNull();
    expect((await browser.session()).json.user.id).toBe(user.id);

    const { users } = await import('../../src/server/db/schema');
    const { eq } = await import('drizzle-orm');
    await db.update(users).set({ status: 'banned' }).where(eq(users.id, user.id));

    expect((await browser.session()).json).toEqual({});
    const again = new Browser('203.0.113.3');
    expect((await again.credentials({ email: user.email, password: DEFAULT_TEST_PASSWORD })).error).toBe(
      'Your account has been banned.',
    );
  });

  it('locks an account out after 10 attempts in 15 minutes: 429 with Retry-After', async () => {
    const user = await createUser(db);
    const browser = new Browser('203.0.113.4');
    for (let i = 0; i < 10; i++) {
      expect((await browser.credentials({ email: user.email, password: `wrong-guess-${i}` })).status).toBe(
        401,
      );
    }
    const limited = await browser.credentials({ email: user.email, password: DEFAULT_TEST_PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(limited.error).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    expect((await browser.session()).json).toEqual({});
    // Another account from another address is unaffected.
    const other = await createUser(db);
    expect(
      (await new Browser('203.0.113.5').credentials({ email: other.email, password: DEFAULT_TEST_PASSWORD }))
        .error,
    ).toBeNull();
  });
});

describe('sign-in and sign-up limits key on the real client', () => {
  beforeAll(async () => {
    await useTestDatabase();
  });

  /** A sign-up attempt as the route sees it: headers as the front server passes them on. */
  const signUpAttempt = (headers: Record<string, string>) =>
    limitSignInAttempt(
      new Request('http://localhost:3000/api/auth/callback/credentials', {
        method: 'POST',
        body: new URLSearchParams({ email: `s-${uniqueSuffix()}@example.test`, mode: 'signup' }),
        headers,
      }),
    );

  it('a made-up X-Forwarded-For on each request does not reset the limit; another client has its own', async () => {
    const socket = { [SOCKET_ADDRESS_HEADER]: '198.51.100.10' };
    for (let i = 0; i < 10; i++) {
      expect(
        await signUpAttempt({ ...socket, 'x-forwarded-for': `192.0.2.${i}`, 'x-real-ip': `10.0.0.${i}` }),
      ).toBeNull();
    }
    const limited = await signUpAttempt({ ...socket, 'x-forwarded-for': '192.0.2.99' });
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    const { url } = (await limited!.json()) as { url: string };
    expect(new URL(url).origin).toBe(new URL(env.NEXTAUTH_URL).origin); // the site's address (siteUrl)
    expect(new URL(url).searchParams.get('error')).toMatch(
      /^Too many accounts created\. Try again in \d+ seconds\.$/,
    );

    // A first-time visitor elsewhere is not refused because of it.
    expect(await signUpAttempt({ [SOCKET_ADDRESS_HEADER]: '198.51.100.11' })).toBeNull();
  });

  it('a NUL in the e-mail or the name is a clear refusal, not a server error', async () => {
    const browser = new Browser('198.51.100.30');
    expect(
      (await browser.credentials({ email: 'ruth\u0000@example.test', password: 'whatever-1' })).error,
    ).toBe('Please enter a valid email address.');
    const signUp = await browser.credentials({
      email: `n-${uniqueSuffix()}@example.test`,
      password: 'lamps-and-oil-7',
      mode: 'signup',
      name: 'Ru\u0000th',
    });
    expect(signUp.error).toBe('Please enter a name without control characters.');
  });

  it('behind a trusted proxy (TRUST_PROXY), the client it forwards for is the one counted', async () => {
    const before = env.TRUST_PROXY;
    env.TRUST_PROXY = parseTrustProxy('198.51.100.0/24') as TrustProxy;
    try {
      const viaProxy = (forwardedFor: string) => ({
        [SOCKET_ADDRESS_HEADER]: '198.51.100.20',
        'x-forwarded-for': forwardedFor,
      });
      // What the client wrote sits left of the address the proxy appended: only the latter counts.
      for (let i = 0; i < 10; i++)
        expect(await signUpAttempt(viaProxy(`10.9.9.${i}, 203.0.113.50`))).toBeNull();
      expect((await signUpAttempt(viaProxy('10.9.9.99, 203.0.113.50')))?.status).toBe(429);
      expect(await signUpAttempt(viaProxy('203.0.113.51'))).toBeNull();
    } finally {
      env.TRUST_PROXY = before;
    }
  });
});
