import type { MiddlewareHandler } from 'hono';
import { sessionUserIdOf } from '../auth/session-token-memo';
import { env } from '../lib/env';
import { findActorById } from '../modules/users/users.service';
import type { AppEnv } from './types';

/**
 * Resolves the session cookie to an Actor. The user row is read on every request so that a ban
 * or a role change takes effect at once, even though sessions are JWTs (DESIGN §5); the cookie's
 * decryption is remembered (session-token-memo.ts).
 */
export const session = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const uid = await sessionUserIdOf(c.req.header('cookie'), c.req.raw.headers, env.NEXTAUTH_SECRET);
  c.set('actor', uid ? await findActorById(uid) : null);
  return next();
};
