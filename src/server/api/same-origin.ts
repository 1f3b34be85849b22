import type { MiddlewareHandler } from 'hono';
import { AppError } from '../lib/errors';
import { env } from '../lib/env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * DESIGN §9: a mutating call must come from our own pages. Browsers send Origin on every
 * non-GET fetch and Sec-Fetch-Site on every request, so a cross-site request always carries one
 * of them; a request with neither comes from a non-browser client, which cannot ride a victim's
 * cookies, and is let through (it still needs its own session to do anything).
 */
export const sameOrigin = (): MiddlewareHandler => async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const allowed = new Set([new URL(c.req.url).origin, new URL(env.NEXTAUTH_URL).origin]);
  const origin = c.req.header('origin');
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
    throw new AppError('forbidden', 'Cross-origin requests are not allowed', `Sec-Fetch-Site: ${fetchSite}`);
  }
  // An opaque origin ("null", from sandboxed frames or data: pages) is never ours either.
  if (origin !== undefined && !allowed.has(origin)) {
    throw new AppError('forbidden', 'Cross-origin requests are not allowed', `Origin: ${origin}`);
  }
  return next();
};
