import type { Actor } from '../../auth/actor';
import { assertCan, can, readScopeOf, type StoryCapabilities } from '../../auth/policy';
import { publicationRoleOfStored, type PublicationRole } from '../../auth/roles';
import { decodeCursor, toPage } from '../../lib/cursor';
import { notFound } from '../../lib/errors';
import { getUserProfileOrThrow } from '../users/users.service';
import {
  assertCollectionOf,
  isPublicStory,
  loadVisibleStory,
  publicationRoleOf,
  roleInPublicationOrThrow,
  storyCapabilitiesOf,
  storyResource,
} from './posts-access.service';
import {
  findPublicationStoryRows,
  sortTimeOf,
  type PublicationStoryList,
} from './posts-publication.repository';
import {
  findAuthorPostRows,
  findStorySummaryRowsByIds,
  findStudioFilterRows,
  findStoryRowById,
  type StoryRow,
  type StorySummaryRow,
} from './posts-read.repository';
import { totalViewsOf } from '../stats/stats.service';
import {
  STORY_TIME_RANGE_DAYS,
  type PublicationQueue,
  type Story,
  type StoryListFilters,
  type StoryPage,
  type StorySummary,
  type StudioFilters,
  type StudioScope,
} from './posts.schema';

// GET answers: one story, and an author's stories page by page. A story nobody but its author,
// its publication's editors and site admins may see is a 404 to everyone else (DESIGN §5).

const ms = (date: Date | null): number | null => (date ? date.getTime() : null);

function toStorySummary(row: StorySummaryRow): StorySummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    slug: row.slug,
    featureImageUrl: row.featureImageUrl,
    tags: row.tags,
    status: row.status,
    publishedAt: ms(row.publishedAt),
    scheduledTime: ms(row.scheduledTime),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    publicationId: row.publicationId,
    collectionId: row.collectionId,
    publication: row.publication,
    author: row.author,
    isInNewsletter: row.isInNewsletter,
    languageCode: row.languageCode,
    readingMinutes: row.readingMinutes,
    wordCount: row.wordCount,
    version: row.version,
    // Set by a rejection, cleared by every move out of 'rejected' (posts-lifecycle, posts.service).
    rejectionReason: row.rejectionReason,
  };
}

/** The whole story, with what this actor may do with it (`can`, computed by the policy). */
function toStory(row: StoryRow, capabilities: StoryCapabilities): Story {
  return { ...toStorySummary(row), bodyHtml: row.bodyHtml, bodyJson: row.bodyJson, can: capabilities };
}

/**
 * GET /posts/{id}: the story, or 404 when this actor may not see it. Anonymous readers of a public
 * story cost no membership lookup; a signed-in reader's role decides their `can` flags.
 */
export async function getPostOrThrow(actor: Actor, id: string): Promise<Story> {
  const { row, resource, role } = await loadVisibleStory(actor, id, actor !== null);
  return toStory(row, storyCapabilitiesOf(actor, resource, role, row));
}

/** A memo of the actor's role per publication, for pages of stories from several publications. */
function rolesOf(actor: Actor) {
  const roles = new Map<string | null, Promise<PublicationRole | null>>();
  return (publicationId: string | null) => {
    if (!roles.has(publicationId)) roles.set(publicationId, publicationRoleOf(actor?.id, publicationId));
    return roles.get(publicationId)!;
  };
}

/**
 * The summaries of these stories the policy lets this actor read, in the given order (unknown ids
 * are left out): one query for the stories, one per publication only when a story is not public
 * (the SQL filter mirrors the policy; the policy decides). Lists and pins show stories this way.
 */
export async function listVisibleStorySummaries(
  actor: Actor,
  postIds: readonly string[],
): Promise<StorySummary[]> {
  const rows = new Map((await findStorySummaryRowsByIds(postIds)).map((row) => [row.id, row]));
  const roleIn = rolesOf(actor);
  const readable: StorySummary[] = [];
  for (const id of postIds) {
    const row = rows.get(id);
    if (!row) continue;
    const resource = storyResource(row);
    const role = isPublicStory(resource) ? null : await roleIn(row.publicationId);
    if (can(actor, 'story.read', resource, { publicationRole: role })) readable.push(toStorySummary(row));
  }
  return readable;
}

/**
 * The story as it is after a write the actor was allowed to make, without a read check: an editor
 * who unpublishes a story of their publication may not read the resulting draft, but gets the answer.
 */
export async function getStoryAfterWrite(actor: Actor, id: string): Promise<Story> {
  const row = await findStoryRowById(id);
  if (!row) throw notFound('Story');
  const role = await publicationRoleOf(actor?.id, row.publicationId);
  return toStory(row, storyCapabilitiesOf(actor, storyResource(row), role, row));
}

export type AuthorPostsOptions = {
  lastKey?: string;
  forStudio?: boolean;
  limit: number;
  /** The story-filter (SPEC §2); each part optional. */
  filters?: StoryListFilters;
  /** For the time filter; defaults to the clock. */
  now?: number;
};

/** Studio answers: each story with what the actor may do with it (the story-actions menu). */
async function withCapabilities(actor: Actor, rows: readonly StorySummaryRow[]): Promise<StorySummary[]> {
  const roleIn = rolesOf(actor);
  return Promise.all(
    rows.map(async (row) => ({
      ...toStorySummary(row),
      can: storyCapabilitiesOf(actor, storyResource(row), await roleIn(row.publicationId), row),
    })),
  );
}

/**
 * An author's stories, newest first. forStudio (the author themself, or a site admin): every
 * status by creation time; with scope=desk also the non-draft stories other writers put in the
 * author's publications (owner/editor). Otherwise: published only, by publication time. Filters
 * (status, collection, time range, writer) narrow either list; the keyset cursor stays valid because
 * they only drop rows. A banned author's stories are hidden like their profile (404 to everyone
 * but site admins).
 */
export async function listAuthorPosts(
  actor: Actor,
  userId: string,
  options: AuthorPostsOptions,
): Promise<StoryPage> {
  const cursor = decodeCursor(options.lastKey);
  if (options.forStudio) assertCan(actor, 'user.openStudio', { id: userId });
  await getUserProfileOrThrow(actor, userId);
  const allStatuses = options.forStudio === true;
  const filters = options.filters ?? {};
  const days = filters.time && filters.time !== 'all' ? STORY_TIME_RANGE_DAYS[filters.time] : null;
  const rows = await findAuthorPostRows({
    authorId: userId,
    allStatuses,
    cursor,
    fetch: options.limit + 1,
    desk: allStatuses && filters.scope === 'desk',
    includeBannedWriters: readScopeOf(actor)?.seesBannedWriters ?? false,
    status: filters.status && filters.status !== 'all' ? filters.status : undefined,
    collectionId: filters.collectionId,
    writerId: filters.writerId,
    since: days === null ? undefined : new Date((options.now ?? Date.now()) - days * 86_400_000),
  });
  const page = toPage(rows, options.limit, (row) => ({
    t: (allStatuses ? row.createdAt : row.publishedAt!).getTime(),
    id: row.id,
  }));
  if (!allStatuses) return { posts: page.items.map(toStorySummary), lastKey: page.lastKey };
  // The studio shows each story's views (DESIGN: analytics), read for the page in one query.
  const [withCan, views] = await Promise.all([
    withCapabilities(actor, page.items),
    totalViewsOf(page.items.map((row) => row.id)),
  ]);
  return {
    posts: withCan.map((post) => ({ ...post, views: views.get(post.id) ?? 0 })),
    lastKey: page.lastKey,
  };
}

/**
 * The story-filter's choices for a studio (the same scope as its list): the collections and
 * writers its stories have, and the writer's publications with their role in each.
 */
export async function getStudioFilters(
  actor: Actor,
  userId: string,
  { scope = 'own' }: { scope?: StudioScope } = {},
): Promise<StudioFilters> {
  assertCan(actor, 'user.openStudio', { id: userId });
  await getUserProfileOrThrow(actor, userId);
  const rows = await findStudioFilterRows({
    authorId: userId,
    desk: scope === 'desk',
    includeBannedWriters: readScopeOf(actor)?.seesBannedWriters ?? false,
  });
  const self = rows.writers.filter((writer) => writer.id === userId);
  return {
    collections: rows.collections,
    writers: [...self, ...rows.writers.filter((writer) => writer.id !== userId)],
    publications: rows.publications.map((row) => ({ ...row, role: publicationRoleOfStored(row.role) })),
  };
}

export const LATEST_POSTS_LIMIT = 5;

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
