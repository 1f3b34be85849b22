import type { Actor } from '../auth/actor';

// Variables every request carries through the Hono app.
export type AppEnv = {
  Variables: {
    /** The signed-in, non-banned user acting, or null for anonymous visitors. */
    actor: Actor;
  };
};
