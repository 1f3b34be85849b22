import { getServerSession } from 'next-auth';
import type { Actor } from '@/server/auth/actor';
import { authOptions } from '@/server/auth/auth-options';
import { findActorById } from '@/server/modules/users/users.service';

/**
 * Who is looking at a story that is not public (its author, its publication's desk, a site admin).
 * Asked only then: a public story is the same page for everyone and never reads the session.
 */
export async function storyViewer(): Promise<Actor> {
  const session = await getServerSession(authOptions);
  const id = session?.user?.id;
  return id ? findActorById(id) : null;
}
