// Who is acting, as the policy sees them. Pure TypeScript (the policy and the browser import it).
import { storedSiteRoles, type StoredSiteRole } from './roles';

/** The signed-in user (their stored site roles and account status), or null when anonymous. */
export type Actor = {
  id: string;
  roles: readonly StoredSiteRole[];
  status: 'active' | 'banned';
} | null;

/** The policy's view of a user row or session user (unknown role words are dropped). */
export function actorOf(user: {
  id: string;
  roles: readonly string[];
  status: 'active' | 'banned';
}): NonNullable<Actor> {
  return { id: user.id, roles: storedSiteRoles(user.roles), status: user.status };
}
