import type { Actor } from '../../auth/actor';
import { publicationRoleOfStored, type PublicationRole } from '../../auth/roles';
import { notFound } from '../../lib/errors';
import {
  findCollectionPublicationId,
  findPublication,
  findPublicationMembership,
} from './publications.repository';
import type {
  CollectionRow,
  PublicationRow,
  PublicationRole as StoredPublicationRole,
} from './publications.table';

// How an actor stands to a publication: the lookups every service of the publication (and the
// modules built on it) asks before the policy decides.

/**
 * How a user stands to a publication, in stored words: undefined when there is no such publication,
 * role null when they are not a member (the creator counts as owner even without a member row).
 * The posts module asks this instead of reading publication tables itself.
 */
export function publicationMembershipOf(
  publicationId: string,
  userId: string,
): Promise<{ role: StoredPublicationRole | null } | undefined> {
  return findPublicationMembership(publicationId, userId);
}

/** The publication a collection belongs to, or undefined when there is no such collection. */
export function collectionPublicationIdOf(collectionId: string): Promise<string | undefined> {
  return findCollectionPublicationId(collectionId);
}

/** The actor's role in the publication as the policy takes it (null: none, or signed out). */
export async function publicationRoleOf(
  actor: Actor,
  publicationId: string,
): Promise<PublicationRole | null> {
  if (!actor) return null;
  const membership = await findPublicationMembership(publicationId, actor.id);
  return membership?.role ? publicationRoleOfStored(membership.role) : null;
}

/** The publication as an existing row, with the actor's role in it; 404 when there is none. */
export async function loadPublication(
  actor: Actor,
  id: string,
): Promise<{ row: PublicationRow & { collections: CollectionRow[] }; role: PublicationRole | null }> {
  const row = await findPublication({ id });
  if (!row) throw notFound('Publication');
  return { row, role: await publicationRoleOf(actor, id) };
}
