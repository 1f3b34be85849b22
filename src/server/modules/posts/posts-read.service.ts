import type { Actor } from '../../auth/actor';
import { can, type StoryCapabilities } from '../../auth/policy';
import type { PublicationRole } from '../../auth/roles';
import { notFound } from '../../lib/errors';
import {
  isPublicStory,
  loadVisibleStory,
  publicationRoleOf,
  storyCapabilitiesOf,
  storyResource,
} from './posts-access.service';
import { findStorySummaryRowsByIds, findStoryRowById } from './posts-read.repository';
import type { StoryRow, StorySummaryRow } from './posts-summary.selection';
import type { Story, StorySummary, StoryWithScripture } from './posts.schema';
import { storyScriptureRefs } from './story-scripture-slot';

// GET answers about stories: one story, and summaries by id — every list's way to show stories as
// the actor may see them. A story nobody but its author, its publication's editors and site admins
// may see is a 404 to everyone else (DESIGN §5). The lists themselves are the reading module's.

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

/** GET /posts/{id} as the API answers it: the story and the scripture passages it cites. */
export async function getPostWithScriptureOrThrow(actor: Actor, id: string): Promise<StoryWithScripture> {
  const story = await getPostOrThrow(actor, id);
  return { ...story, scriptureRefs: await storyScriptureRefs(story.id, story.languageCode) };
}

/** A memo of the actor's role per publication, for pages of stories from several publications. */
export function rolesOf(actor: Actor) {
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
  return storyAfterWrite(actor, row, await publicationRoleOf(actor?.id, row.publicationId));
}

/** getStoryAfterWrite for a row the write answered, and the actor's role in its publication. */
export function storyAfterWrite(actor: Actor, row: StoryRow, role: PublicationRole | null): Story {
  return toStory(row, storyCapabilitiesOf(actor, storyResource(row), role, row));
}

/** The newest published stories of a language, as keys (the home feed's pages, the computed sets). */
export { findLatestPostKeys as latestStoryKeys } from './posts-latest.repository';
