import { AppError } from '../lib/errors';
import { env } from '../lib/env';
import { clientAddress, clientBucket } from '../lib/client-address';
import { hasControlCharacter } from '../lib/safe-string';
import { consumeRateLimit, RATE_LIMITS } from '../modules/rate-limits/rate-limits.service';

/**
 * Counts a credentials sign-in (or sign-up) attempt per account and per address. Returns a 429
 * answer in the form next-auth's client reads (`{url}` with an `error` parameter), or null.
 */
export async function limitSignInAttempt(request: Request): Promise<Response | null> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const email = String(form?.get('email') ?? '')
    .trim()
    .toLowerCase();
  const signUp = form?.get('mode') === 'signup';
  const ip = clientBucket(clientAddress(request.headers));
  try {
    await consumeRateLimit(RATE_LIMITS.signInPerIp, ip);
    if (signUp) await consumeRateLimit(RATE_LIMITS.signUpPerIp, ip);
    // An e-mail with a control character is no account (and PostgreSQL refuses a NUL in the key).
    else if (email && !hasControlCharacter(email))
      await consumeRateLimit(RATE_LIMITS.signInPerAccount, email);
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
