import type { SiteRole, UserStatus } from '../modules/users/users.table';

/** Who is acting: the signed-in user as the policy sees them, or null when anonymous. */
export type Actor = { id: string; roles: readonly SiteRole[] | readonly string[]; status: UserStatus } | null;
