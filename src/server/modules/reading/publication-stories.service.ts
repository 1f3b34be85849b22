import type { Actor } from '../../auth/actor';
import { assertCan, can, readScopeOf } from '../../auth/policy';
import type { PublicationRole } from '../../auth/roles';
import { decodeCursor, toPage } from '../../lib/cursor';
import {
  assertCollectionOf,
  roleInPublicationOrThrow,
  storyCapabilitiesOf,
  storyResource,
} from '../posts/posts-access.service';
import { toStorySummary } from '../posts/posts-read.service';
import type { PublicationQueue, StoryPage } from '../posts/posts.schema';
import {
  countPublishedPerCollection,
  countPublishedPerPublication,
  findPublicationStoryRows,
  sortTimeOf,
  type PublicationStoryList,
} from './publication-stories.repository';

// A publication's stories: its public list (all, or one collection's), the review desk and the
// studio's queues, and the published story counts its listings show.

export type PublicationPostsOptions = {
  /** Only this collection's stories (a collection of another publication: 404). */
  collectionId?: string;
  lastKey?: string;
  limit: number;
  /** The review desk's view: every story but drafts, for the publication's editors only. */
  forAdmin?: boolean;
};

/** One page of a publication's `list` as StoryPage, each story with `can` when `role` is given. */
async function publicationPage(
  actor: Actor,
  publicationId: string,
  list: PublicationStoryList,
  options: { collectionId?: string; authorId?: string; lastKey?: string; limit: number },
  capabilitiesFor: { role: PublicationRole | null } | null,
): Promise<StoryPage> {
  const rows = await findPublicationStoryRows({
    publicationId,
    list,
    collectionId: options.collectionId,
    authorId: options.authorId,
    includeBannedWriters: readScopeOf(actor)?.seesBannedWriters ?? false,
    cursor: decodeCursor(options.lastKey),
    fetch: options.limit + 1,
  });
  if (rows.length === 0) {
    // Rows prove the publication (and the collection's place in it); an empty page must not hide a
    // wrong address behind an empty list. With capabilities the role was looked up: it exists.
    if (!capabilitiesFor) await roleInPublicationOrThrow(actor, publicationId);
    if (options.collectionId) await assertCollectionOf(publicationId, options.collectionId);
  }
  const page = toPage(rows, options.limit, (row) => ({ t: sortTimeOf(list, row).getTime(), id: row.id }));
  const posts = page.items.map((row) =>
    capabilitiesFor
      ? {
          ...toStorySummary(row),
          can: storyCapabilitiesOf(actor, storyResource(row), capabilitiesFor.role, row),
        }
      : toStorySummary(row),
  );
  return { posts, lastKey: page.lastKey };
}

/**
 * GET /posts/publications/{id}: the publication's published stories (all, or one collection's),
 * newest published first; anyone may read it and it asks nobody's role. forAdmin: every story but
 * drafts, newest created first, each with what the actor may do with it — for the publication's
 * editors only (publication.viewStudio). A banned writer's stories are left out except for site
 * admins (readScopeOf).
 */
export async function listPublicationPosts(
  actor: Actor,
  publicationId: string,
  options: PublicationPostsOptions,
): Promise<StoryPage> {
  const resource = { id: publicationId };
  if (!options.forAdmin) {
    assertCan(actor, 'publication.read', resource);
    return publicationPage(actor, publicationId, 'published', options, null);
  }
  const role = actor ? await roleInPublicationOrThrow(actor, publicationId) : null;
  assertCan(actor, 'publication.viewStudio', resource, { publicationRole: role });
  return publicationPage(actor, publicationId, 'desk', options, { role });
}

/**
 * GET /posts/publications/{id}/posts/{pending|scheduled|published}: the publication studio's
 * queues (SPEC §4), newest first, each story with its `can` flags (approve, reject, schedule,
 * unpublish…). Its members only (publication.openStudio); the editors (publication.viewStudio) see
 * every writer's submissions, an author their own — the published list is public anyway.
 */
export async function listPublicationQueue(
  actor: Actor,
  publicationId: string,
  queue: PublicationQueue,
  options: { lastKey?: string; limit: number },
): Promise<StoryPage> {
  const resource = { id: publicationId };
  const role = actor ? await roleInPublicationOrThrow(actor, publicationId) : null;
  const context = { publicationRole: role };
  assertCan(actor, 'publication.openStudio', resource, context);
  const seesEveryWriter = queue === 'published' || can(actor, 'publication.viewStudio', resource, context);
  return publicationPage(
    actor,
    publicationId,
    queue,
    { ...options, authorId: seesEveryWriter ? undefined : actor!.id },
    { role },
  );
}

/** `counts` with every id of `ids` in it: 0 for an id the query found no story for. */
const everyIdCounted = (ids: readonly string[], counts: Map<string, number>) =>
  new Map(ids.map((id) => [id, counts.get(id) ?? 0]));

/** Published stories by active writers per publication; every id given is in the map (0 when none). */
export const countPublishedByPublication = async (ids: readonly string[]) =>
  everyIdCounted(ids, await countPublishedPerPublication(ids));

/** Published stories by active writers per collection; every id given is in the map (0 when none). */
export const countPublishedByCollection = async (ids: readonly string[]) =>
  everyIdCounted(ids, await countPublishedPerCollection(ids));
