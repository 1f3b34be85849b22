import { AppError } from '../../lib/errors';
import { clearRateLimit, hitRateLimit, releaseRateLimit } from './rate-limits.repository';

export type RateLimitRule = { name: string; limit: number; windowSeconds: number; message: string };

// DESIGN §9: sign-in (failures per account and address, docs/decisions/015), sign-up, search, and
// per-address ceilings.
export const RATE_LIMITS = {
  // Sign-in counts failures only (a correct sign-in takes its hit back and clears its pair): see
  // src/server/auth/sign-in-limits.ts and docs/decisions/015-client-address.md.
  /** One (account, client address) pair: refused once it has failed this often. */
  signInFailuresPerPair: {
    name: 'signin-fail-pair',
    limit: 10,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts',
  },
  /** One account over every address: past this many failures its sign-ins are slowed, never refused. */
  signInFailuresPerAccount: {
    name: 'signin-fail-account',
    limit: 20,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts',
  },
  /** One client address over every account: a ceiling on guessing across many accounts. */
  signInFailuresPerIp: {
    name: 'signin-fail-ip',
    limit: 50,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts',
  },
  signUpPerIp: { name: 'signup-ip', limit: 10, windowSeconds: 60 * 60, message: 'Too many accounts created' },
  /** Sign-up mails to one address, however many people ask (nobody mail-bombs a stranger). */
  signUpPerEmail: {
    name: 'signup-email',
    limit: 5,
    windowSeconds: 60 * 60,
    message: 'Too many sign-ups for this e-mail address',
  },
  // Search (decision 022): generous for a reader, a ceiling for a scraper walking the full-text index.
  searchPerIp: { name: 'search-ip', limit: 60, windowSeconds: 60, message: 'Too many searches' },
} satisfies Record<string, RateLimitRule>;

/** The 429 for a rule whose window started at `windowStart` (Retry-After: until it ends). */
function rateLimited(rule: RateLimitRule, windowStart: Date): AppError {
  const retryAfter = Math.max(
    1,
    Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - Date.now()) / 1000),
  );
  return new AppError(
    'rate_limited',
    `${rule.message}. Try again in ${retryAfter} seconds.`,
    undefined,
    retryAfter,
  );
}

/** Counts a hit and throws rate_limited (429 with Retry-After) once the rule's limit is passed. */
export async function consumeRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  const { count, windowStart } = await hitRateLimit(`${rule.name}:${subject}`, rule.windowSeconds);
  if (count > rule.limit) throw rateLimited(rule, windowStart);
}

/**
 * Counts a hit and answers how many the window holds with it, and the 429 to throw if the caller
 * refuses past the limit (a rule may only slow down instead).
 */
export async function countRateLimit(
  rule: RateLimitRule,
  subject: string,
): Promise<{ count: number; over: boolean; error: () => AppError }> {
  const { count, windowStart } = await hitRateLimit(`${rule.name}:${subject}`, rule.windowSeconds);
  return { count, over: count > rule.limit, error: () => rateLimited(rule, windowStart) };
}

/** Takes back one hit counted by consumeRateLimit / countRateLimit in the current window. */
export async function releaseRateLimitHit(rule: RateLimitRule, subject: string): Promise<void> {
  await releaseRateLimit(`${rule.name}:${subject}`, rule.windowSeconds);
}

export async function resetRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  await clearRateLimit(`${rule.name}:${subject}`);
}
