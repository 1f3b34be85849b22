import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '../../lib/env';

// The digest's one-click unsubscribe token (docs/decisions/055-notifications.md): whoever holds the
// mail may turn that reader's daily digest off, without signing in — as the newsletters' signed
// links (newsletters-tokens.ts), under a key of its own so no other token passes for one.
//   digest off   d.<user id>.<expires>.<sig>   about a year (mail is read late)

const key = createHmac('sha256', env.NEXTAUTH_SECRET).update('lamplight:notifications:v1').digest();

export const DIGEST_TOKEN_TTL_SECONDS = 400 * 24 * 3600;
const ID = /^[0-9a-f-]{36}$/;

const sign = (...parts: string[]) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');

export function digestOffToken(userId: string, ttl = DIGEST_TOKEN_TTL_SECONDS): string {
  const expires = String(Math.floor(Date.now() / 1000) + ttl);
  return ['d', userId, expires, sign('d', userId, expires)].join('.');
}

/** The user the token names, or why not. */
export function verifyDigestOffToken(
  token: string,
): { ok: true; userId: string } | { ok: false; problem: 'invalid' | 'expired' } {
  const [kind, userId, expires, sig, ...rest] = token.split('.');
  if (kind !== 'd' || rest.length || !userId || !ID.test(userId) || !expires || !sig)
    return { ok: false, problem: 'invalid' };
  const expected = Buffer.from(sign('d', userId, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, problem: 'invalid' };
  const at = Number(expires);
  if (!Number.isInteger(at) || at < Math.floor(Date.now() / 1000)) return { ok: false, problem: 'expired' };
  return { ok: true, userId };
}
