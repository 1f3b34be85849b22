import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '../../lib/env';

// The reader token of a plan mail's links (docs/decisions/050-reading-plans.md): whoever holds the
// mail may mark its plan's days read and see the progress, without an account — as the newsletters'
// signed links (newsletters-tokens.ts), under a key of its own so no other token passes for one.
//   reader  r.<reader id>.<expires>.<sig>   about a year

const key = createHmac('sha256', env.NEXTAUTH_SECRET).update('lamplight:plans:v1').digest();

export const READER_TOKEN_TTL_SECONDS = 400 * 24 * 3600;
const ID = /^[0-9a-f-]{36}$/;

const sign = (...parts: string[]) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');

export function readerToken(readerId: string, ttl = READER_TOKEN_TTL_SECONDS): string {
  const expires = String(Math.floor(Date.now() / 1000) + ttl);
  return ['r', readerId, expires, sign('r', readerId, expires)].join('.');
}

/** The reader the token names, or why not. */
export function verifyReaderToken(
  token: string,
): { ok: true; readerId: string } | { ok: false; problem: 'invalid' | 'expired' } {
  const [kind, readerId, expires, sig, ...rest] = token.split('.');
  if (kind !== 'r' || rest.length || !readerId || !ID.test(readerId) || !expires || !sig)
    return { ok: false, problem: 'invalid' };
  const expected = Buffer.from(sign('r', readerId, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, problem: 'invalid' };
  const at = Number(expires);
  if (!Number.isInteger(at) || at < Math.floor(Date.now() / 1000)) return { ok: false, problem: 'expired' };
  return { ok: true, readerId };
}
