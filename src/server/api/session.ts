import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { getToken } from 'next-auth/jwt';
import { env } from '../lib/env';
import { findActorById } from '../modules/users/users.service';
import type { AppEnv } from './types';

/**
 * Resolves the session cookie to an Actor. The user row is read on every request so that a ban
 * or a role change takes effect at once, even though sessions are JWTs (DESIGN §5).
 */
export const session = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  // getToken wants a cookie map; a plain Request has none, so hand it Hono's parsed cookies.
  const token = await getToken({
    req: { cookies: getCookie(c), headers: c.req.raw.headers } as never,
    secret: env.NEXTAUTH_SECRET,
  });
  c.set('actor', token?.uid ? await findActorById(token.uid) : null);
  return next();
};
