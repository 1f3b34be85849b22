// The one role vocabulary (DESIGN §4; words: docs/glossary.md). Code speaks these words only; the
// words stored in rows and sent on the wire (SPEC §3, §6, §9) are translated here, at the edge, once.
// Pure TypeScript: the policy and the browser import it too.

/** Site roles. 'user' is every signed-in writer without a stored role. */
export const SITE_ROLES = ['user', 'editor', 'admin'] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

/** The site roles a user row and a session carry in `roles` (SPEC §3 "may include admin, editor"). */
export const STORED_SITE_ROLES = ['admin', 'editor'] as const satisfies readonly SiteRole[];
export type StoredSiteRole = (typeof STORED_SITE_ROLES)[number];

/** The stored site roles among a row's or session's words (anything else is dropped). */
export function storedSiteRoles(words: readonly string[] | null | undefined): StoredSiteRole[] {
  return STORED_SITE_ROLES.filter((role) => words?.includes(role));
}

/** Publication roles: the owner (its creator), its editors and its authors. */
export const PUBLICATION_ROLES = ['owner', 'editor', 'author'] as const;
export type PublicationRole = (typeof PUBLICATION_ROLES)[number];

/** How a membership row stores the role (publication_members.role; SPEC §9's assignable words). */
export type StoredPublicationRole = 'publication_owner' | 'publication_editor' | 'publication_author';

const FROM_STORED: Record<StoredPublicationRole, PublicationRole> = {
  publication_owner: 'owner',
  publication_editor: 'editor',
  publication_author: 'author',
};
export const publicationRoleOfStored = (stored: StoredPublicationRole): PublicationRole =>
  FROM_STORED[stored];

/** SPEC §3 `userRelation` words: the owner is 'admin'. */
export type RelationWord = 'admin' | 'editor' | 'author';
const RELATION_WORD: Record<PublicationRole, RelationWord> = {
  owner: 'admin',
  editor: 'editor',
  author: 'author',
};
export const relationWordOf = (role: PublicationRole): RelationWord => RELATION_WORD[role];

/** Items (members, usually) split by their stored publication role, each group in the given order. */
export function groupByStoredRole<T>(
  items: readonly T[],
  storedRoleOf: (item: T) => StoredPublicationRole,
): { owners: T[]; editors: T[]; authors: T[] } {
  const groups = { owners: [] as T[], editors: [] as T[], authors: [] as T[] };
  for (const item of items) groups[`${FROM_STORED[storedRoleOf(item)]}s`].push(item);
  return groups;
}
