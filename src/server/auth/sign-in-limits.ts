import { AppError } from '../lib/errors';
import { env } from '../lib/env';
import { consumeRateLimit, RATE_LIMITS } from '../modules/rate-limits/rate-limits.service';

/** The caller's address as the nearest proxy reports it (a direct client without one is 'local'). */
export function clientAddress(request: Request): string {
  return (
    request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ||
    request.headers.get('x-real-ip') ||
    'local'
  );
}

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
  const ip = clientAddress(request);
  try {
    await consumeRateLimit(RATE_LIMITS.signInPerIp, ip);
    if (signUp) await consumeRateLimit(RATE_LIMITS.signUpPerIp, ip);
    else if (email) await consumeRateLimit(RATE_LIMITS.signInPerAccount, email);
    return null;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
    const url = new URL('/api/auth/error', env.NEXTAUTH_URL);
    url.searchParams.set('error', error.message);
    return Response.json(
      { url: url.toString(), error: { code: error.code, message: error.message } },
      { status: 429, headers: { 'Retry-After': String(error.retryAfter ?? 60) } },
    );
  }
}
