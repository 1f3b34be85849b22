import type { Actor } from '../../auth/actor';
import { assertCan, readScopeOf } from '../../auth/policy';
import { publicationRoleOfStored } from '../../auth/roles';
import { decodeCursor, toPage } from '../../lib/cursor';
import { storyCapabilitiesOf, storyResource } from '../posts/posts-access.service';
import { rolesOf, toStorySummary } from '../posts/posts-read.service';
import type { StorySummaryRow } from '../posts/posts-summary.selection';
import {
  STORY_TIME_RANGE_DAYS,
  type StoryListFilters,
  type StoryPage,
  type StorySummary,
  type StudioFilters,
  type StudioScope,
} from '../posts/posts.schema';
import { totalViewsOf } from '../stats/stats.service';
import { getUserProfileOrThrow } from '../users/users.service';
import { findAuthorPostRows, findStudioFilterRows } from './author-stories.repository';

// A writer's stories: their home's list (published), their studio's (every status, with views and
// what they may do with each), and the studio's filter choices.

/** How many of an author's latest stories their profile shows by default. */
export const LATEST_POSTS_LIMIT = 5;

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
