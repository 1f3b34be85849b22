import { encode } from 'next-auth/jwt';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_MEMO_MAX_BYTES,
  forgetSessionMemo,
  sessionMemoSize,
  sessionUserIdOf,
} from './session-token-memo';

const secret = 's'.repeat(40);
const uid = '4f0fdf07-4976-4455-8d01-9d9b2ce25220';
const cookiesOf = (token: string) => `theme=dark; next-auth.session-token=${token}`;
const none = new Headers();

describe('the session memo', () => {
  beforeEach(() => forgetSessionMemo());
  afterEach(() => vi.useRealTimers());

  it('names the user of a valid cookie, the same on every request, and keeps it once', async () => {
    const token = await encode({ token: { uid }, secret });
    expect(await sessionUserIdOf(cookiesOf(token), none, secret)).toBe(uid);
    expect(await sessionUserIdOf(cookiesOf(token), none, secret)).toBe(uid);
    expect(sessionMemoSize().sessions).toBe(1);
  });

  it('reads the session cookie wherever it stands in the header, among any other cookies', async () => {
    const token = await encode({ token: { uid }, secret });
    expect(await sessionUserIdOf(`next-auth.session-token=${token}`, none, secret)).toBe(uid);
    expect(await sessionUserIdOf(`a=1;next-auth.session-token=${token}; b=2`, none, secret)).toBe(uid);
    expect(await sessionUserIdOf(`x-next-auth.session-token=${token}`, none, secret)).toBeNull();
    expect(sessionMemoSize().sessions).toBe(1);
  });

  it('joins a session cookie split into chunks', async () => {
    const token = await encode({ token: { uid }, secret });
    const half = Math.ceil(token.length / 2);
    const chunked = `next-auth.session-token.1=${token.slice(half)}; theme=dark; next-auth.session-token.0=${token.slice(0, half)}`;
    expect(await sessionUserIdOf(chunked, none, secret)).toBe(uid);
    expect(await sessionUserIdOf(chunked, none, secret)).toBe(uid);
    expect(sessionMemoSize().sessions).toBe(1);
  });

  it('refuses a kept session once its token has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await encode({ token: { uid }, secret, maxAge: 60 });
    expect(await sessionUserIdOf(cookiesOf(token), none, secret)).toBe(uid);
    // next-auth allows 15 s of clock skew past the expiry.
    vi.setSystemTime(Date.now() + 76_000);
    expect(await sessionUserIdOf(cookiesOf(token), none, secret)).toBeNull();
  });

  it('names no one for a cookie made with another secret, and does not keep it', async () => {
    const forged = await encode({ token: { uid }, secret: 'f'.repeat(40) });
    expect(await sessionUserIdOf(cookiesOf(forged), none, secret)).toBeNull();
    expect(await sessionUserIdOf('next-auth.session-token=garbage', none, secret)).toBeNull();
    expect(sessionMemoSize().sessions).toBe(0);
  });

  it('names no one without a session cookie', async () => {
    expect(await sessionUserIdOf('theme=dark', none, secret)).toBeNull();
  });

  it('stays within its byte budget however many sessions come by', async () => {
    const one = await encode({ token: { uid, n: 0 }, secret });
    const budget = Math.ceil(SESSION_MEMO_MAX_BYTES / (one.length + 'next-auth.session-token='.length)) + 50;
    for (let n = 0; n < budget; n += 1) {
      const token = await encode({ token: { uid, n }, secret });
      expect(await sessionUserIdOf(cookiesOf(token), none, secret)).toBe(uid);
    }
    expect(sessionMemoSize().bytes).toBeLessThanOrEqual(SESSION_MEMO_MAX_BYTES);
    expect(sessionMemoSize().sessions).toBeLessThan(budget);
    expect(sessionMemoSize().sessions).toBeGreaterThan(budget * 0.9);
  });
});
