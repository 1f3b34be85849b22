import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '../../lib/env';

// Signed tokens for every link a mail carries (DESIGN §6, docs/decisions/024-newsletters.md): HMAC-SHA256
// under a key derived from NEXTAUTH_SECRET, never a bare id, so no link can be guessed or altered.
// A token names its purpose first, so one kind can never be used as another.
//   confirm      c.<subscription>.<expires>.<sig>          the double opt-in link (7 days; single use:
//                                                          the subscription's confirm nonce is signed too)
//   unsubscribe  u.<subscription>.<entry|->.<expires>.<sig> one-click and the page (about a year)
//   manage       m.<e-mail, base64url>.<expires>.<sig>    the subscriber's own page (about a year)
//   open         o.<entry>.<subscription>.<sig>            the tracking pixel
//   click        k.<entry>.<subscription>.<sig over the URL> a redirect only to a URL that was in the mail

const key = createHmac('sha256', env.NEXTAUTH_SECRET).update('lamplight:newsletters:v1').digest();

export const CONFIRM_TTL_SECONDS = 7 * 24 * 3600;
export const LINK_TTL_SECONDS = 400 * 24 * 3600;

const sign = (...parts: string[]) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const ID = /^[0-9a-f-]{36}$/;

/** Why a token was refused: the route answers 400 with these words. */
export type TokenProblem = 'invalid' | 'expired';
export type Verified<T> = { ok: true; value: T } | { ok: false; problem: TokenProblem };

const invalid = { ok: false, problem: 'invalid' } as const;

function checkExpiry<T>(expires: string, value: T): Verified<T> {
  const at = Number(expires);
  if (!Number.isInteger(at)) return invalid;
  return at < nowSeconds() ? { ok: false, problem: 'expired' } : { ok: true, value };
}

export function confirmToken(subscriptionId: string, nonce: string, ttl = CONFIRM_TTL_SECONDS): string {
  const expires = String(nowSeconds() + ttl);
  return ['c', subscriptionId, expires, sign('c', subscriptionId, expires, nonce)].join('.');
}

/** The subscription a confirm token names; its signature is checked against the stored nonce later. */
export function readConfirmToken(
  token: string,
): { subscriptionId: string; expires: string; sig: string } | null {
  const [kind, subscriptionId, expires, sig, ...rest] = token.split('.');
  if (kind !== 'c' || rest.length || !subscriptionId || !ID.test(subscriptionId) || !expires || !sig)
    return null;
  return { subscriptionId, expires, sig };
}

export function verifyConfirmToken(
  parts: { subscriptionId: string; expires: string; sig: string },
  nonce: string,
): Verified<string> {
  if (!sameSignature(parts.sig, sign('c', parts.subscriptionId, parts.expires, nonce))) return invalid;
  return checkExpiry(parts.expires, parts.subscriptionId);
}

export function unsubscribeToken(
  subscriptionId: string,
  entryId: string | null,
  ttl = LINK_TTL_SECONDS,
): string {
  const expires = String(nowSeconds() + ttl);
  const entry = entryId ?? '-';
  return ['u', subscriptionId, entry, expires, sign('u', subscriptionId, entry, expires)].join('.');
}

export function verifyUnsubscribeToken(
  token: string,
): Verified<{ subscriptionId: string; entryId: string | null }> {
  const [kind, subscriptionId, entry, expires, sig, ...rest] = token.split('.');
  if (kind !== 'u' || rest.length || !subscriptionId || !entry || !expires || !sig) return invalid;
  if (!ID.test(subscriptionId) || (entry !== '-' && !ID.test(entry))) return invalid;
  if (!sameSignature(sig, sign('u', subscriptionId, entry, expires))) return invalid;
  return checkExpiry(expires, { subscriptionId, entryId: entry === '-' ? null : entry });
}

export function manageToken(email: string, ttl = LINK_TTL_SECONDS): string {
  const address = Buffer.from(email).toString('base64url');
  const expires = String(nowSeconds() + ttl);
  return ['m', address, expires, sign('m', address, expires)].join('.');
}

export function verifyManageToken(token: string): Verified<string> {
  const [kind, address, expires, sig, ...rest] = token.split('.');
  if (kind !== 'm' || rest.length || !address || !expires || !sig) return invalid;
  if (!sameSignature(sig, sign('m', address, expires))) return invalid;
  return checkExpiry(expires, Buffer.from(address, 'base64url').toString());
}

export function openToken(entryId: string, subscriptionId: string): string {
  return ['o', entryId, subscriptionId, sign('o', entryId, subscriptionId)].join('.');
}

export function verifyOpenToken(token: string): { entryId: string; subscriptionId: string } | null {
  const [kind, entryId, subscriptionId, sig, ...rest] = token.split('.');
  if (kind !== 'o' || rest.length || !entryId || !subscriptionId || !sig) return null;
  if (!ID.test(entryId) || !ID.test(subscriptionId)) return null;
  return sameSignature(sig, sign('o', entryId, subscriptionId)) ? { entryId, subscriptionId } : null;
}

export function clickToken(entryId: string, subscriptionId: string, url: string): string {
  return ['k', entryId, subscriptionId, sign('k', entryId, subscriptionId, url)].join('.');
}

/** The recipient a click token names, only when it was signed for exactly this URL. */
export function verifyClickToken(
  token: string,
  url: string,
): { entryId: string; subscriptionId: string } | null {
  const [kind, entryId, subscriptionId, sig, ...rest] = token.split('.');
  if (kind !== 'k' || rest.length || !entryId || !subscriptionId || !sig) return null;
  if (!ID.test(entryId) || !ID.test(subscriptionId)) return null;
  return sameSignature(sig, sign('k', entryId, subscriptionId, url)) ? { entryId, subscriptionId } : null;
}
