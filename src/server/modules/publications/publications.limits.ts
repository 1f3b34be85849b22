// The publication limits the API and the forms share: pure constants with no imports, so client
// components may import them.

export const PUBLICATION_NAME_MAX = 100;
export const PUBLICATION_DESCRIPTION_MAX = 1000;
export const COLLECTION_NAME_MAX = 60;
export const COLLECTION_DESCRIPTION_MAX = 300;
/** SPEC §5 / §9: a contributor's user id is exactly 36 characters after trimming. */
export const CONTRIBUTOR_ID_LENGTH = 36;

// SPEC §5 and §8, word for word.
export const PUBLICATION_NAME_REQUIRED = 'publication name is required!';
export const PUBLICATION_DESCRIPTION_REQUIRED = 'publication description is required!';
export const PUBLICATION_SUBDOMAIN_REQUIRED = 'publication subdomain is required!';
export const WRONG_USER_ID = 'Wrong user id!';
export const PUBLICATION_CREATED = 'Publication created!';
export const CHANGED_SUCCESSFULLY = 'Changed successfully!';
export const REMOVED_SUCCESSFULLY = 'Removed successfully!';
/** SPEC §2: the two roles a contributor can be given (radio values use hyphens, the wire underscores). */
export const ASSIGNABLE_ROLES = ['publication_author', 'publication_editor'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
