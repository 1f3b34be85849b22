import type { Actor } from '../../auth/actor';
import {
  assertCan,
  can,
  storyCapabilities,
  type StoryCapabilities,
  type StoryResource,
} from '../../auth/policy';
import { publicationRoleOfStored, type PublicationRole } from '../../auth/roles';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { collectionPublicationIdOf, publicationMembershipOf } from '../publications/publications.service';
import { findStoryRowById } from './posts-read.repository';
import type { StoryRow } from './posts-summary.selection';

// What the posts services share: the policy's view of a story, the actor's role in its
// publication, and the checks every write starts with.

export const COLLECTION_FIRST = 'Please choose/create a collection firstly'; // SPEC §5, word for word

export function storyResource(
  row: Pick<StoryRow, 'authorId' | 'status' | 'publicationId' | 'author' | 'excerpt'>,
): StoryResource {
  return {
    authorId: row.authorId,
    status: row.status,
    publicationId: row.publicationId,
    authorStatus: row.author.status,
    hasExcerpt: row.excerpt.trim() !== '',
  };
}

/** Public: what anyone, signed in or not, may read (story.read for anonymous). */
export const isPublicStory = (resource: StoryResource): boolean => can(null, 'story.read', resource);

/** What this actor may do with the story, for the UI (sent with the story as `can`). */
export const storyCapabilitiesOf = (
  actor: Actor,
  resource: StoryResource,
  role: PublicationRole | null,
  row?: { publication: { hasNewsletters: boolean } | null; isInNewsletter: boolean },
): StoryCapabilities =>
  storyCapabilities(
    actor,
    resource,
    { publicationRole: role },
    row?.publication
      ? { hasNewsletters: row.publication.hasNewsletters, isInNewsletter: row.isInNewsletter }
      : undefined,
  );

/** A user's role in a publication as the policy takes it (null: none, or no publication). */
export async function publicationRoleOf(
  userId: string | undefined,
  publicationId: string | null,
): Promise<PublicationRole | null> {
  if (!userId || !publicationId) return null;
  const membership = await publicationMembershipOf(publicationId, userId);
  return membership?.role ? publicationRoleOfStored(membership.role) : null;
}

/** A user id no user has (ids are random UUIDs): asks whether a publication exists, as nobody. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * The actor's role in the publication (null: no role, or signed out), or 404 when there is no such
 * publication.
 */
export async function roleInPublicationOrThrow(
  actor: Actor,
  publicationId: string,
): Promise<PublicationRole | null> {
  const membership = await publicationMembershipOf(publicationId, actor?.id ?? NOBODY);
  if (!membership) throw notFound('Publication');
  return membership.role ? publicationRoleOfStored(membership.role) : null;
}

/** 404 unless the collection exists and belongs to the publication. */
export async function assertCollectionOf(publicationId: string, collectionId: string): Promise<void> {
  if ((await collectionPublicationIdOf(collectionId)) !== publicationId) throw notFound('Collection');
}

export type LoadedStory = { row: StoryRow; resource: StoryResource; role: PublicationRole | null };

/**
 * The story, if this actor may see it (otherwise 404: DESIGN §5), with the actor's publication role.
 * withRole false: a public story is read without looking the role up (role null), the hot path.
 */
export async function loadVisibleStory(actor: Actor, id: string, withRole = true): Promise<LoadedStory> {
  const row = await findStoryRowById(id);
  if (!row) throw notFound('Story');
  const resource = storyResource(row);
  const role =
    isPublicStory(resource) && !withRole ? null : await publicationRoleOf(actor?.id, row.publicationId);
  const context = { publicationRole: role };
  // Site staff open any story (published or not) by its id to edit its excerpt (SPEC §6, issue 13,
  // docs/decisions/025): only here, the single-story fetch and save — lists and pages still ask story.read.
  if (!can(actor, 'story.read', resource, context) && !can(actor, 'story.editExcerpt', resource, context)) {
    assertCan(actor, 'story.read', resource, context);
  }
  return { row, resource, role };
}

/** Whether a story of `authorId` outside review would rest as draft or wait as pending in its publication. */
export function restingStatus(
  authorId: string,
  publicationId: string | null,
  authorRole: PublicationRole | null,
) {
  if (!publicationId) return 'draft' as const;
  const resource: StoryResource = {
    authorId,
    status: 'draft',
    publicationId,
    authorStatus: 'active',
    hasExcerpt: true,
  };
  const author = { id: authorId, roles: [], status: 'active' as const };
  return can(author, 'story.publish', resource, { publicationRole: authorRole })
    ? ('draft' as const)
    : ('pending' as const);
}

export type Placement = {
  publicationId: string | null;
  collectionId: string | null;
  role: PublicationRole | null;
};

/**
 * Where a story goes (SPEC §5): nowhere, or a publication the actor belongs to with one of its
 * collections. A publication without a collection is refused with SPEC's alert text. `pairCode` is
 * how a broken pair is answered: a 400 where the body alone has both ids (the create bodies state
 * the pair as keywords), a 422 where one comes from the stored story (PATCH), which no keyword of
 * the body can state (docs/decisions/028-openapi-contract.md).
 */
export async function resolvePlacement(
  actor: NonNullable<Actor>,
  publicationId: string | null,
  collectionId: string | null,
  pairCode: 'validation_failed' | 'unprocessable' = 'validation_failed',
): Promise<Placement> {
  if (!publicationId) {
    if (collectionId) {
      throw new AppError(pairCode, 'Invalid input', 'collectionId: a collection needs its publicationId');
    }
    return { publicationId: null, collectionId: null, role: null };
  }
  if (!collectionId)
    throw new AppError(pairCode, COLLECTION_FIRST, 'collectionId: required with publicationId');
  const membership = await publicationMembershipOf(publicationId, actor.id);
  if (!membership) throw notFound('Publication');
  const role = membership.role ? publicationRoleOfStored(membership.role) : null;
  if (!can(actor, 'publication.submitStory', { id: publicationId }, { publicationRole: role })) {
    throw forbidden('Only members of a publication can add stories to it');
  }
  if ((await collectionPublicationIdOf(collectionId)) !== publicationId) {
    throw new AppError(
      'validation_failed',
      'Invalid input',
      'collectionId: not a collection of this publication',
    );
  }
  return { publicationId, collectionId, role };
}

/** A story goes out (published or scheduled) only with a title and an excerpt, and in a collection if in a publication. */
export function assertReadyToGoOut(story: {
  title: string;
  excerpt: string;
  publicationId: string | null;
  collectionId: string | null;
}) {
  if (!story.title)
    throw new AppError('validation_failed', 'A story needs a title before it goes out', 'title: required');
  if (!story.excerpt) {
    throw new AppError(
      'validation_failed',
      'A story needs an excerpt before it goes out',
      'excerpt: required',
    );
  }
  if (story.publicationId && !story.collectionId) {
    throw new AppError('validation_failed', COLLECTION_FIRST, 'collectionId: required with publicationId');
  }
}

const MINUTE = 60_000;
const MAX_AHEAD = 5 * 366 * 24 * 60 * MINUTE;

/**
 * SPEC §5: minute precision (rounded down), in the future, and within five years. Rules of the
 * clock, which no schema keyword can state: a time that meets the document's keywords but not
 * these is a 422, declared on the routes that schedule (docs/decisions/028-openapi-contract.md).
 */
export function scheduledDate(epochMs: number, now = Date.now()): Date {
  const time = Math.floor(epochMs / MINUTE) * MINUTE;
  if (time <= now) {
    throw new AppError(
      'unprocessable',
      'The scheduled time must be in the future',
      'scheduledTime: in the past',
    );
  }
  if (time > now + MAX_AHEAD) {
    throw new AppError(
      'unprocessable',
      'The scheduled time is too far ahead',
      'scheduledTime: more than 5 years ahead',
    );
  }
  return new Date(time);
}
