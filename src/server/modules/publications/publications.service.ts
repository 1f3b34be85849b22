import type { Actor } from '../../auth/actor';
import { assertCan, placementCapabilities, publicationCapabilities } from '../../auth/policy';
import { publicationRoleOfStored, relationWordOf, type PublicationRole } from '../../auth/roles';
import { decodeCursor, encodeCursor, toPage } from '../../lib/cursor';
import { AppError, notFound } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import { assertIssuedImageUrl } from '../images/images.service';
import { claimPublicationSubdomain } from '../subdomains/subdomains.service';
import { loadPublication, publicationMembershipOf, publicationRoleOf } from './publications-access.service';
import { publicationDeleted } from './publications.events';
import { membersOfPublication, type PublicationMembers } from './publications-members.service';
import {
  deletePublicationRow,
  findPublication,
  findPublicationBySubdomain,
  findPublicationListRows,
  findPublicationsOfUser,
  insertPublicationWithOwner,
  updatePublicationRow,
  type PublicationChanges,
} from './publications.repository';
import type {
  CreatePublicationInput,
  Publication,
  PublicationListItem,
  PublicationSummary,
  UpdatePublicationInput,
} from './publications.schema';
import type { CollectionRow, PublicationRow } from './publications.table';

// Publications themselves (SPEC §7 Publications, DESIGN §4): create, read, profile, delete. Members
// are publications-members.service.ts, collections publication-collections.service.ts; who may do what is the
// policy's (src/server/auth/policy/), asked with the actor's role in the publication.

export const SUBDOMAIN_TAKEN = 'That subdomain is taken';

export const toCollectionSummary = (c: CollectionRow) => ({
  id: c.id,
  name: c.name,
  description: c.description,
  createTimestamp: c.createdAt.getTime(),
});

// Who stands where in a publication, asked by the members' service too: its own file, so the two
// services do not import each other.
export {
  collectionPublicationIdOf,
  loadPublication,
  publicationMembershipOf,
  publicationRoleOf,
} from './publications-access.service';
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

function toPublication(row: PublicationRow & { collections: CollectionRow[] }): Publication {
  return {
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
}

/** The caller's relations and what they may do with the publication, from their role in it. */
function standingIn(actor: Actor, id: string, role: PublicationRole | null) {
  const context = { publicationRole: role };
  return {
    userRelation: role ? [relationWordOf(role)] : [],
    can: placementCapabilities(actor, id, context),
    capabilities: publicationCapabilities(actor, id, context),
  };
}

/** The caller's relations and what they may do (with getUserRelation, and on every page). */
function withRelation(actor: Actor, publication: Publication, role: PublicationRole | null): Publication {
  return { ...publication, ...standingIn(actor, publication.id, role) };
}

/**
 * GET /publications/{id}: the publication with its collections; with `withUserRelation`, the
 * caller's relations and capabilities too (what story-settings reads to lock publishing, SPEC §5).
 */
export async function getPublicationOrThrow(
  actor: Actor,
  id: string,
  { withUserRelation = false }: { withUserRelation?: boolean } = {},
): Promise<Publication> {
  const row = await findPublication({ id });
  if (!row) throw notFound('Publication');
  assertCan(actor, 'publication.read', { id });
  const publication = toPublication(row);
  if (!withUserRelation) return publication;
  return withRelation(actor, publication, await publicationRoleOf(actor, id));
}

/**
 * How the actor stands to the publication — their relations and what they may do with it — for the
 * personal part of its page (decision 031); undefined when there is no such publication.
 */
export async function publicationStandingOf(
  actor: Actor,
  id: string,
): Promise<Pick<Publication, 'id' | 'userRelation' | 'capabilities'> | undefined> {
  // One query for a member: the membership lookup also says whether the publication exists.
  const membership = actor
    ? await publicationMembershipOf(id, actor.id)
    : (await findPublication({ id })) && { role: null };
  if (!membership) return undefined;
  const role = membership.role ? publicationRoleOfStored(membership.role) : null;
  const { userRelation, capabilities } = standingIn(actor, id, role);
  return { id, userRelation, capabilities };
}

export type PublicationPage = PublicationMembers & { publication: Publication };

/**
 * Everything the publication page (/{subdomain}, /publications/{id}) and its studio, edit and admin
 * pages show around the stories: the publication with the caller's relation and capabilities, and
 * its members. null when there is no such publication.
 */
export async function findPublicationPage(
  actor: Actor,
  where: { id: string } | { subdomain: string },
): Promise<PublicationPage | null> {
  const found = await findPublication(
    'id' in where ? { id: where.id } : { subdomain: where.subdomain.trim().toLowerCase() },
  );
  if (!found) return null;
  assertCan(actor, 'publication.read', { id: found.id });
  const [role, members] = await Promise.all([
    publicationRoleOf(actor, found.id),
    membersOfPublication(actor, found),
  ]);
  return { publication: withRelation(actor, toPublication(found), role), ...members };
}

/** The publication at /{subdomain}, for its home page; undefined when nobody holds that name. */
export async function findPublicationHome(
  subdomain: string,
): Promise<{ id: string; name: string; description: string; languageCode: string } | undefined> {
  const row = await findPublicationBySubdomain(subdomain.trim().toLowerCase());
  return row && { id: row.id, name: row.name, description: row.description, languageCode: row.languageCode };
}

/**
 * The publications, newest first (of one language if given), a page at a time: without their story
 * counts, which the reading module adds (GET /publications).
 */
export async function listNewestPublications(options: {
  languageCode?: string;
  lastKey?: string | null;
  limit: number;
}): Promise<{ publications: Omit<PublicationListItem, 'storyCount'>[]; lastKey: string | null }> {
  const rows = await findPublicationListRows({
    languageCode: options.languageCode,
    after: decodeCursor(options.lastKey),
    limit: options.limit,
  });
  const { items, lastKey } = toPage(rows, options.limit, (row) => ({
    t: row.createdAt.getTime(),
    id: row.id,
  }));
  return {
    publications: items.map((row) => ({
      id: row.id,
      name: row.name,
      image: row.image,
      description: row.description,
      subdomain: row.subdomain,
      languageCode: row.languageCode,
      createdTime: row.createdAt.getTime(),
    })),
    lastKey: lastKey && encodeCursor(lastKey),
  };
}

/** An image may be stored only if this platform issued it (or it is the one already there). */
async function assertImagesIssued(
  changes: { image?: string | null; backgroundImage?: string | null },
  current?: Pick<PublicationRow, 'image' | 'backgroundImage'>,
) {
  if (changes.image && changes.image !== current?.image) await assertIssuedImageUrl(changes.image);
  if (changes.backgroundImage && changes.backgroundImage !== current?.backgroundImage) {
    await assertIssuedImageUrl(changes.backgroundImage);
  }
}

/**
 * POST /publications/create: the publication, its owner (the caller) and its subdomain claim in the
 * shared namespace, in one transaction. A subdomain a user or publication holds, or a reserved word,
 * answers 409 and nothing is written.
 */
export async function createPublication(actor: Actor, input: CreatePublicationInput): Promise<Publication> {
  assertCan(actor, 'publication.create');
  const me = actor!;
  await assertImagesIssued({ image: input.image });
  const created = await insertPublicationWithOwner(
    {
      id: newUuid(),
      name: input.name,
      image: input.image ?? null,
      description: input.description,
      subdomain: input.subdomain,
      ...(input.languageCode && { languageCode: input.languageCode }),
      ownerId: me.id,
    },
    claimPublicationSubdomain,
  );
  if (created === 'subdomain_taken')
    throw new AppError('conflict', SUBDOMAIN_TAKEN, `subdomain: ${input.subdomain}`);
  return withRelation(me, toPublication({ ...created, collections: [] }), 'owner');
}

async function changeProfile(actor: Actor, id: string, changes: PublicationChanges): Promise<Publication> {
  const { row, role } = await loadPublication(actor, id);
  assertCan(actor, 'publication.updateProfile', { id }, { publicationRole: role });
  await assertImagesIssued(changes, row);
  if (Object.keys(changes).length > 0 && !(await updatePublicationRow(id, changes))) {
    throw notFound('Publication');
  }
  return getPublicationOrThrow(actor, id, { withUserRelation: true });
}

/** PATCH /publications/{id}: name, logo, description, language, background image (owner and editors). */
export function updatePublication(
  actor: Actor,
  id: string,
  input: UpdatePublicationInput,
): Promise<Publication> {
  // The schema keeps only these fields, and only those sent: absent ones stay as they are.
  const { name, image, description, languageCode, backgroundImage } = input;
  const changes: PublicationChanges = { name, image, description, languageCode, backgroundImage };
  for (const key of Object.keys(changes) as (keyof PublicationChanges)[]) {
    if (changes[key] === undefined) delete changes[key];
  }
  return changeProfile(actor, id, changes);
}

/**
 * The newsletter switch and description (SPEC §3 hasNewsletters, newsletterDescription): the newsletters
 * module asks this after its own policy check (publication.manageNewsletterSettings). 404 when gone.
 */
export async function savePublicationNewsletterSettings(
  id: string,
  settings: { hasNewsletters: boolean; newsletterDescription?: string | null },
): Promise<void> {
  const changes: PublicationChanges = { hasNewsletters: settings.hasNewsletters };
  if (settings.newsletterDescription !== undefined)
    changes.newsletterDescription = settings.newsletterDescription;
  if (!(await updatePublicationRow(id, changes))) throw notFound('Publication');
}

/** PATCH /publications/updateBackgroundImage {id, backgroundImage} (SPEC §7). */
export function updatePublicationBackground(
  actor: Actor,
  input: { id: string; backgroundImage: string | null },
): Promise<Publication> {
  return changeProfile(actor, input.id, { backgroundImage: input.backgroundImage });
}

/**
 * DELETE /publications/{id} (owner, site admin): the publication and everything of it — collections,
 * memberships, subdomain claim, newsletter entries and all its stories with their list entries, pins
 * and tags — in one transaction (docs/decisions/020); then the modules built on it hear of it.
 */
export async function deletePublication(actor: Actor, id: string): Promise<void> {
  const { role } = await loadPublication(actor, id);
  assertCan(actor, 'publication.delete', { id }, { publicationRole: role });
  if (!(await deletePublicationRow(id))) throw notFound('Publication');
  await publicationDeleted.emit({ publicationId: id });
}
