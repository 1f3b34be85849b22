import type { Actor } from '../../auth/actor';
import { isSiteAdmin } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import { getUserProfileOrThrow } from '../users/users.service';
import { loadVisibleStory } from './posts-access.service';
import {
  findAuthorPostRows,
  findStudioFilterRows,
  findStoryRowById,
  type StoryRow,
  type StorySummaryRow,
} from './posts-read.repository';
import {
  STORY_TIME_RANGE_DAYS,
  type Story,
  type StoryListFilters,
  type StoryPage,
  type StorySummary,
  type StudioFilters,
  type StudioScope,
} from './posts.schema';

// GET answers: one story, and an author's stories page by page. A story nobody but its author,
// its publication's desk and site admins may see is a 404 to everyone else (DESIGN §5).

const ms = (date: Date | null): number | null => (date ? date.getTime() : null);

export function toStorySummary(row: StorySummaryRow): StorySummary {
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
    rejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
  };
}

export function toStory(row: StoryRow): Story {
  return { ...toStorySummary(row), bodyHtml: row.bodyHtml, bodyJson: row.bodyJson };
}

/** GET /posts/{id}: the story, or 404 when this actor may not see it. */
export async function getPostOrThrow(actor: Actor, id: string): Promise<Story> {
  const { row } = await loadVisibleStory(actor, id, false);
  return toStory(row);
}

/**
 * The story as it is after a write the actor was allowed to make, without a read check: an editor
 * who unpublishes a story of their publication may not read the resulting draft, but gets the answer.
 */
export async function getStoryAfterWrite(id: string): Promise<Story> {
  const row = await findStoryRowById(id);
  if (!row) throw notFound('Story');
  return toStory(row);
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

/** Only the writer themself (or a site admin) may open a studio. */
function assertMayOpenStudio(actor: Actor, userId: string): asserts actor is NonNullable<Actor> {
  if (!actor) throw unauthorized();
  if (actor.id !== userId && !isSiteAdmin(actor))
    throw forbidden("Only the writer can see their studio's stories");
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
  if (options.forStudio) assertMayOpenStudio(actor, userId);
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
    includeBannedWriters: isSiteAdmin(actor),
    status: filters.status && filters.status !== 'all' ? filters.status : undefined,
    collectionId: filters.collectionId,
    writerId: filters.writerId,
    since: days === null ? undefined : new Date((options.now ?? Date.now()) - days * 86_400_000),
  });
  const page = toPage(rows, options.limit, (row) => ({
    t: (allStatuses ? row.createdAt : row.publishedAt!).getTime(),
    id: row.id,
  }));
  return { posts: page.items.map(toStorySummary), lastKey: page.lastKey };
}

const POLICY_ROLE = {
  publication_owner: 'owner',
  publication_editor: 'publication_editor',
  publication_author: 'publication_author',
} as const;

/**
 * The story-filter's choices for a studio (the same scope as its list): the collections and
 * writers its stories have, and the writer's publications with their role in each.
 */
export async function getStudioFilters(
  actor: Actor,
  userId: string,
  { scope = 'own' }: { scope?: StudioScope } = {},
): Promise<StudioFilters> {
  assertMayOpenStudio(actor, userId);
  await getUserProfileOrThrow(actor, userId);
  const rows = await findStudioFilterRows({
    authorId: userId,
    desk: scope === 'desk',
    includeBannedWriters: isSiteAdmin(actor),
  });
  const self = rows.writers.filter((writer) => writer.id === userId);
  return {
    collections: rows.collections,
    writers: [...self, ...rows.writers.filter((writer) => writer.id !== userId)],
    publications: rows.publications.map((row) => ({ ...row, role: POLICY_ROLE[row.role] })),
  };
}

export const LATEST_POSTS_LIMIT = 5;
