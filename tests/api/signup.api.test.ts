import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { pendingSignups, users } from '../../src/server/db/schema';
import { SOCKET_ADDRESS_HEADER } from '../../src/server/lib/client-address';
import { env } from '../../src/server/lib/env';
import { resetMailTransport, setMailTransport, smtpTransport } from '../../src/server/lib/mail';
import { parseTrustProxy, type TrustProxy } from '../../src/server/lib/trust-proxy';
import { SIGN_UP_SUBJECTS } from '../../src/server/modules/users/signups-mail';
import { sendSignUpMails } from '../../src/server/modules/users/signups.service';
import { createUser, uniqueSuffix } from '../factories';
import { call } from '../helpers/api-client';
import { Browser } from '../helpers/next-auth-browser';
import { linkIn, startSmtpSink, type SmtpSink, type SunkMail } from '../helpers/smtp-sink';
import { useTestDatabase } from '../helpers/test-db';

// Creating an account by mail (docs/decisions/027-sign-up-by-mail.md): POST /api/users/signup answers
// the same for a new and a registered address; the new one gets the link that creates the account
// (its page confirms with a POST: next-auth credentials, mode 'confirm'), the registered one a note
// that someone tried. Mail over real SMTP (an in-process smtp-server).

let db: Db;
let sink: SmtpSink;
beforeAll(async () => {
  db = (await useTestDatabase()).db;
  sink = await startSmtpSink();
  await setMailTransport(smtpTransport(sink.url, 2));
});
afterAll(async () => {
  // The mails the last requests sent after answering are out before the sink goes.
  for (let i = 0; i < 100; i++) {
    const unsent = await db.select().from(pendingSignups).where(isNull(pendingSignups.mailSentAt));
    if (unsent.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await resetMailTransport(); // QUIT first: the sink waits for open connections when it closes
  await sink.close();
});

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;
const email = (tag: string) => `${tag}-${uniqueSuffix()}@example.test`;
const signUp = (body: unknown, headers: Record<string, string> = { [SOCKET_ADDRESS_HEADER]: newAddress() }) =>
  call('POST', '/api/users/signup', { body, headers });
const mailTo = async (address: string): Promise<SunkMail> =>
  (await sink.waitFor((m) => m.to.includes(address)))[0]!;
const tokenIn = (mail: SunkMail) =>
  new URL(linkIn(mail, '/signup/confirm?token=')).searchParams.get('token')!;
const accountOf = async (address: string) =>
  (await db.select().from(users).where(eq(users.email, address)))[0];
const pendingOf = async (address: string) =>
  (await db.select().from(pendingSignups).where(eq(pendingSignups.email, address)))[0];
const CHECK_INBOX = 'Check your inbox: we sent you a link to finish signing up. It works for 24 hours.';

describe('POST /api/users/signup', () => {
  it('answers a registered and a new address alike; the registered one is told, the new one gets its link', async () => {
    const registered = await createUser(db);
    const fresh = email('fresh');
    const first = await signUp({ email: registered.email, password: 'another-good-1', name: 'Someone' });
    const second = await signUp({ email: fresh, password: 'another-good-1', name: 'Someone' });
    expect(first.status).toBe(202);
    expect({ status: second.status, body: second.json }).toEqual({ status: first.status, body: first.json });
    expect(first.json).toEqual({ message: CHECK_INBOX });

    const warning = await mailTo(registered.email);
    expect(warning.subject).toBe(SIGN_UP_SUBJECTS.registered);
    expect(warning.text).toContain('already has one');
    expect(linkIn(warning, '/signin')).toBe(`${env.PUBLIC_URL.replace(/\/+$/, '')}/signin`);
    expect(warning.text).toContain('/contact');
    expect(warning.text).not.toContain('/signup/confirm');
    // The registered account is as it was, and no sign-up (nor the password typed) is kept for it.
    expect((await accountOf(registered.email))!.passwordHash).toBe(registered.passwordHash);
    await expect.poll(() => pendingOf(registered.email)).toBeUndefined();

    const confirmation = await mailTo(fresh);
    expect(confirmation.subject).toBe(SIGN_UP_SUBJECTS.confirm);
    const token = tokenIn(confirmation);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Nothing is created before the link is used; only the token's hash is stored.
    expect(await accountOf(fresh)).toBeUndefined();
    const pending = await pendingOf(fresh);
    expect(pending).toBeDefined();
    expect(JSON.stringify(pending)).not.toContain(token);
    expect(confirmation.raw).not.toContain(pending!.passwordHash);
  });

  it('the link creates the account once and signs in; a second use is refused', async () => {
    const address = email('once');
    expect((await signUp({ email: address, password: 'lamps-and-oil-7', name: 'Ruth' })).status).toBe(202);
    const token = tokenIn(await mailTo(address));

    const browser = new Browser(newAddress());
    expect(await browser.credentials({ mode: 'confirm', token })).toMatchObject({ status: 200, error: null });
    const session = (await browser.session()).json;
    expect(session.user).toMatchObject({
      name: 'Ruth',
      email: address,
      image: null,
      roles: [],
      preferLanguageCode: 'en',
      showOnboarding: true, // the onboarding opens by itself (SPEC §4)
      ssoId: null,
      canOpenStaffArea: false,
    });
    expect(await pendingOf(address)).toBeUndefined();

    const again = new Browser(newAddress());
    expect(await again.credentials({ mode: 'confirm', token })).toMatchObject({
      status: 401,
      error: 'This sign-up link has expired or was already used. Please sign up again.',
    });
    expect((await again.session()).json).toEqual({});
    expect(await db.select().from(users).where(eq(users.email, address))).toHaveLength(1);

    // The password chosen at sign-up is the account's.
    const later = new Browser(newAddress());
    expect(await later.credentials({ email: address, password: 'lamps-and-oil-7' })).toMatchObject({
      error: null,
    });
    expect((await later.session()).json.user.id).toBe(session.user.id);
  });

  it('an expired link is refused and creates nothing', async () => {
    const address = email('late');
    await signUp({ email: address, password: 'lamps-and-oil-7' });
    const token = tokenIn(await mailTo(address));
    await db
      .update(pendingSignups)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(pendingSignups.email, address));
    const browser = new Browser(newAddress());
    expect(await browser.credentials({ mode: 'confirm', token })).toMatchObject({
      status: 401,
      error: 'This sign-up link has expired or was already used. Please sign up again.',
    });
    expect(await accountOf(address)).toBeUndefined();
    expect(await browser.credentials({ mode: 'confirm', token: 'made-up-token' })).toMatchObject({
      status: 401,
    });
  });

  it('a second sign-up with the address replaces the first: only the newest link works', async () => {
    const address = email('twice');
    await signUp({ email: address, password: 'first-pass-1', name: 'First' });
    const firstToken = tokenIn(await mailTo(address));
    await signUp({ email: address, password: 'second-pass-2', name: 'Second' });
    const [, second] = await sink.waitFor((m) => m.to.includes(address), { count: 2 });
    const secondToken = tokenIn(second!);
    expect((await new Browser(newAddress()).credentials({ mode: 'confirm', token: firstToken })).status).toBe(
      401,
    );
    const browser = new Browser(newAddress());
    expect((await browser.credentials({ mode: 'confirm', token: secondToken })).status).toBe(200);
    expect((await browser.session()).json.user.name).toBe('Second');
  });

  it('refuses a weak password or a bad e-mail with its own words, before anything is stored or sent', async () => {
    const address = email('weak');
    const weak = await signUp({ email: address, password: 'onlyletters' });
    expect(weak.status).toBe(400);
    expect(weak.json.error).toMatchObject({
      code: 'validation_failed',
      message: 'Password must contain letters and numbers.',
    });
    expect((await signUp({ email: address, password: 'short1' })).json.error.message).toBe(
      'Password must be at least 8 characters long.',
    );
    expect((await signUp({ email: 'not-an-address', password: 'good-pass-1' })).json.error.message).toBe(
      'Please enter a valid email address.',
    );
    const nul = await signUp({ email: email('nul'), password: 'good-pass-1', name: 'Ru\u0000th' });
    expect(nul.status).toBe(400);
    expect(await pendingOf(address)).toBeUndefined();
    expect(sink.messages.filter((m) => m.to.includes(address))).toEqual([]);
  });

  it('a mail that could not be sent is sent by the sweep later', async () => {
    const address = email('retry');
    let tried = 0;
    await setMailTransport({
      description: 'a server that is down',
      send: () => {
        tried++;
        return Promise.reject(new Error('SMTP down'));
      },
      close: async () => {},
    });
    try {
      await signUp({ email: address, password: 'lamps-and-oil-7' });
      // The request's own send failed and gave the sign-up back (no claim, no token).
      await expect
        .poll(async () => tried > 0 && (await pendingOf(address))?.mailClaimedAt === null)
        .toBe(true);
      expect((await pendingOf(address))?.tokenHash).toBeNull();
    } finally {
      await setMailTransport(smtpTransport(sink.url, 2));
    }
    expect(await sendSignUpMails()).toBeGreaterThanOrEqual(1);
    expect((await mailTo(address)).subject).toBe(SIGN_UP_SUBJECTS.confirm);
  });
});

describe('sign-up limits key on the real client', () => {
  it('a made-up X-Forwarded-For on each request does not reset the per-address limit; another client has its own', async () => {
    const socket = { [SOCKET_ADDRESS_HEADER]: '192.0.2.10' };
    for (let i = 0; i < 10; i++) {
      const answer = await signUp(
        { email: email('xff'), password: 'good-pass-1' },
        { ...socket, 'x-forwarded-for': `192.0.2.${100 + i}`, 'x-real-ip': `10.0.0.${i}` },
      );
      expect(answer.status).toBe(202);
    }
    const limited = await signUp(
      { email: email('xff'), password: 'good-pass-1' },
      { ...socket, 'x-forwarded-for': '192.0.2.99' },
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.json.error.message).toMatch(/^Too many accounts created\. Try again in \d+ seconds\.$/);
    expect((await signUp({ email: email('xff'), password: 'good-pass-1' })).status).toBe(202);
  });

  it('behind a trusted proxy (TRUST_PROXY), the client it forwards for is the one counted', async () => {
    const before = env.TRUST_PROXY;
    env.TRUST_PROXY = parseTrustProxy('192.0.2.0/24') as TrustProxy;
    try {
      const viaProxy = (forwardedFor: string) => ({
        [SOCKET_ADDRESS_HEADER]: '192.0.2.20',
        'x-forwarded-for': forwardedFor,
      });
      const attempt = (forwardedFor: string) =>
        signUp({ email: email('proxy'), password: 'good-pass-1' }, viaProxy(forwardedFor));
      // What the client wrote sits left of the address the proxy appended: only the latter counts.
      for (let i = 0; i < 10; i++) expect((await attempt(`10.9.9.${i}, 203.0.113.50`)).status).toBe(202);
      expect((await attempt('10.9.9.99, 203.0.113.50')).status).toBe(429);
      expect((await attempt('203.0.113.51')).status).toBe(202);
    } finally {
      env.TRUST_PROXY = before;
    }
  });

  it('one address gets at most 5 sign-up mails an hour, whoever asks', async () => {
    const address = email('bombed');
    for (let i = 0; i < 5; i++)
      expect((await signUp({ email: address, password: 'good-pass-1' })).status).toBe(202);
    const limited = await signUp({ email: address, password: 'good-pass-1' });
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toMatch(/^Too many sign-ups for this e-mail address\./);
  });
});
