import { AppError } from '../../lib/errors';
import { clearRateLimit, hitRateLimit } from './rate-limits.repository';

export type RateLimitRule = { name: string; limit: number; windowSeconds: number; message: string };

// DESIGN §9: sign-in with lockout (per account), sign-up, search, and per-address ceilings.
export const RATE_LIMITS = {
  signInPerAccount: {
    name: 'signin-account',
    limit: 10,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts',
  },
  signInPerIp: { name: 'signin-ip', limit: 50, windowSeconds: 15 * 60, message: 'Too many sign-in attempts' },
  signUpPerIp: { name: 'signup-ip', limit: 10, windowSeconds: 60 * 60, message: 'Too many accounts created' },
  // Search (decision 022): generous for a reader, a ceiling for a scraper walking the full-text index.
  searchPerIp: { name: 'search-ip', limit: 60, windowSeconds: 60, message: 'Too many searches' },
} satisfies Record<string, RateLimitRule>;

/** Counts a hit and throws rate_limited (429 with Retry-After) once the rule's limit is passed. */
export async function consumeRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  const { count, windowStart } = await hitRateLimit(`${rule.name}:${subject}`, rule.windowSeconds);
  if (count > rule.limit) {
    const retryAfter = Math.max(
      1,
      Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - Date.now()) / 1000),
    );
    throw new AppError(
      'rate_limited',
      `${rule.message}. Try again in ${retryAfter} seconds.`,
      undefined,
      retryAfter,
    );
  }
}

export async function resetRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  await clearRateLimit(`${rule.name}:${subject}`);
}
