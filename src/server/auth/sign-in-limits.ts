import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../lib/errors';
import { env } from '../lib/env';
import { clientAddress, clientBucket } from '../lib/client-address';
import { hasControlCharacter } from '../lib/safe-string';
import {
  countRateLimit,
  RATE_LIMITS,
  releaseRateLimitHit,
  resetRateLimit,
} from '../modules/rate-limits/rate-limits.service';

/*
 * Sign-in limits count FAILURES (docs/decisions/015-client-address.md, "Sign-in limits"):
 * - per (account, client address) pair: past 10 in 15 minutes that pair is refused (429);
 * - per account over every address: past 20 its sign-ins are slowed down, never refused, so an
 *   attacker can never keep the owner out from another address;
 * - per client address over every account: past 50 that address is refused (a ceiling on guessing
 *   across accounts), while any number of correct sign-ins from one address (a school, a church
 *   behind one NAT) all get in.
 * An attempt is counted before next-auth checks it and a correct one takes its hits back (and clears
 * its pair) once authorize knows the outcome. Counting first is what makes the limits hold when many
 * attempts of one pair race in parallel, in one process or several (on PostgreSQL each count is one
 * atomic upsert); counting after the outcome would let every attempt in flight pass the check.
 */

/** How long a sign-in waits when its account has failed more than signInFailuresPerAccount allows. */
export const SLOW_DOWN_MS = 1000;

type Subjects = { ip: string; account: string | null };

/** Who an attempt is counted against: the client address's bucket, and the account (its e-mail). */
function subjectsOf(email: unknown, headers: Headers): Subjects {
  const ip = clientBucket(clientAddress(headers));
  const account = typeof email === 'string' ? email.trim().toLowerCase() : '';
  // An e-mail with a control character (or longer than any address) is no account, and PostgreSQL
  // refuses a NUL in the key: only the address counts then.
  const usable = account !== '' && account.length <= 320 && !hasControlCharacter(account);
  return { ip, account: usable ? account : null };
}

const pairOf = (subjects: Subjects) => `${subjects.account}|${subjects.ip}`;

/**
 * In front of next-auth's credentials callback: counts the attempt as a failure until authorize says
 * otherwise (signInSucceeded), and answers 429 in the form next-auth's client reads (`{url}` with an
 * `error` parameter) when its pair or its address is over the limit; null lets it through.
 */
export async function limitSignInAttempt(request: Request): Promise<Response | null> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const subjects = subjectsOf(form?.get('email'), request.headers);
  try {
    const perIp = await countRateLimit(RATE_LIMITS.signInFailuresPerIp, subjects.ip);
    if (perIp.over) throw perIp.error();
    if (subjects.account) {
      const perPair = await countRateLimit(RATE_LIMITS.signInFailuresPerPair, pairOf(subjects));
      if (perPair.over) throw perPair.error();
      const perAccount = await countRateLimit(RATE_LIMITS.signInFailuresPerAccount, subjects.account);
      // The account is under attack: every address is slowed a little, none is refused.
      if (perAccount.over) await sleep(SLOW_DOWN_MS);
    }
    return null;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
    // The site's own address (env.ts siteUrl(): NEXTAUTH_URL, else the port it listens on).
    const url = new URL('/api/auth/error', env.NEXTAUTH_URL);
    url.searchParams.set('error', error.message);
    return Response.json(
      { url: url.toString(), error: { code: error.code, message: error.message } },
      { status: 429, headers: { 'Retry-After': String(error.retryAfter ?? 60) } },
    );
  }
}

/**
 * A correct sign-in (called from authorize with the same form and headers): it never counts, so the
 * hits limitSignInAttempt made are taken back, and its pair starts afresh.
 */
export async function signInSucceeded(email: unknown, headers: Headers): Promise<void> {
  const subjects = subjectsOf(email, headers);
  await releaseRateLimitHit(RATE_LIMITS.signInFailuresPerIp, subjects.ip);
  if (!subjects.account) return;
  await resetRateLimit(RATE_LIMITS.signInFailuresPerPair, pairOf(subjects));
  await releaseRateLimitHit(RATE_LIMITS.signInFailuresPerAccount, subjects.account);
}
