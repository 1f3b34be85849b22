// The signed-in user behind a server-rendered page, for pages that show more to some viewers.
import { getServerSession } from 'next-auth';
import { cache } from 'react';
import type { Actor } from './actor';
import { authOptions } from './auth-options';
import { findActorById } from '../modules/users/users.service';

/** The signed-in user behind this page request (read fresh: a ban applies at once), or null. */
export const getPageActor = cache(async (): Promise<Actor> => {
  const session = await getServerSession(authOptions);
  const id = session?.user?.id;
  return id ? findActorById(id) : null;
});
