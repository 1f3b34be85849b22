import type { Actor } from '../../auth/actor';
import { assertCan, placementCapabilities } from '../../auth/policy';
import { publicationRoleOfStored, relationWordOf } from '../../auth/roles';
import { notFound } from '../../lib/errors';
import type { CollectionRow } from './publications.table';
import type { Publication, PublicationSummary } from './publications.schema';
import {
  findMemberRole,
  findPublicationById,
  findPublicationBySubdomain,
  findPublicationsOfUser,
} from './publications.repository';

const toCollectionSummary = (c: CollectionRow) => ({
  id: c.id,
  name: c.name,
  createTimestamp: c.createdAt.getTime(),
});

/** The publications a user contributes to, for the user menu and the story-settings choice. */
export async function listPublicationsOfUser(_actor: Actor, userId: string): Promise<PublicationSummary[]> {
  const rows = await findPublicationsOfUser(userId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    image: row.image,
    subdomain: row.subdomain,
    collections: row.collections.map(toCollectionSummary),
  }));
}

/**
 * GET /publications/{id}: the publication with its collections; with `withUserRelation`, the
 * caller's relations too (what story-settings reads to lock publishing, SPEC §5).
 */
export async function getPublicationOrThrow(
  actor: Actor,
  id: string,
  { withUserRelation = false }: { withUserRelation?: boolean } = {},
): Promise<Publication> {
  const row = await findPublicationById(id);
  if (!row) throw notFound('Publication');
  assertCan(actor, 'publication.read', { id });
  const publication: Publication = {
    id: row.id,
    name: row.name,
    image: row.image,
    subdomain: row.subdomain,
    description: row.description,
    languageCode: row.languageCode,
    newsletterDescription: row.newsletterDescription,
    backgroundImage: row.backgroundImage,
    hasNewsletters: row.hasNewsletters,
    createdTime: row.createdAt.getTime(),
    collections: row.collections.map(toCollectionSummary),
  };
  if (!withUserRelation) return publication;
  // The creator is the owner even if their member row were missing (DESIGN §4).
  const stored = actor ? await findMemberRole(id, actor.id) : undefined;
  const role = actor && row.ownerId === actor.id ? 'owner' : stored ? publicationRoleOfStored(stored) : null;
  return {
    ...publication,
    userRelation: role ? [relationWordOf(role)] : [],
    can: placementCapabilities(actor, id, { publicationRole: role }),
  };
}

/** The publication at /{subdomain}, for its home page; undefined when nobody holds that name. */
export async function findPublicationHome(
  subdomain: string,
): Promise<{ id: string; name: string; description: string } | undefined> {
  const row = await findPublicationBySubdomain(subdomain.trim().toLowerCase());
  return row && { id: row.id, name: row.name, description: row.description };
}
