import type { Actor } from '../../auth/actor';
import { slugify } from '../../../lib/slug';
import { assertCan, readScopeOf } from '../../auth/policy';
import { AppError, conflict, notFound } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import { listVisibleStorySummaries } from '../posts/posts-read.service';
import {
  deleteSubtopicRow,
  findAllSubtopicPostIds,
  findAllSubtopics,
  findExistingPostIds,
  findSubtopicById,
  findSubtopicPostIds,
  findSubtopicsOfTag,
  insertSubtopic,
  replaceSubtopicPosts,
  updateSubtopicRow,
  type SubtopicWithCount,
} from './subtopics.repository';
import type {
  CreateSubtopicInput,
  Subtopic,
  SubtopicPostsInput,
  SubtopicWithStories,
  UpdateSubtopicInput,
} from './subtopics.schema';

// Reading subtopics (SPEC §7 GET /subtopics?slug, GET /subtopics/{id}); staff write them (issue 13).
// Their stories go through the same visibility rule as every list: a banned writer's story, or one
// not published, is left out for everyone the policy does not let read it.

/** The most stories one subtopic answer carries: a subtopic is a short, hand-made selection. */
export const SUBTOPIC_STORIES_MAX = 100;

const seesBanned = (actor: Actor) => readScopeOf(actor)?.seesBannedWriters ?? false;

function toSubtopic(row: SubtopicWithCount): Subtopic {
  return {
    id: row.id,
    slug: row.slug,
    subtopicName: row.subtopicName,
    name: row.subtopicName,
    description: row.description,
    createTimestamp: row.createdAt.getTime(),
    storyCount: row.storyCount,
  };
}

/** The subtopics holding a published story with this tag, oldest first (none for an unknown tag). */
export async function listSubtopicsOfTag(actor: Actor, tagSlug: string): Promise<Subtopic[]> {
  return (await findSubtopicsOfTag(tagSlug, seesBanned(actor))).map(toSubtopic);
}

/** The subtopic with the stories of it this actor may read, in the order staff gave them; 404 if unknown. */
export async function getSubtopicOrThrow(actor: Actor, id: string): Promise<SubtopicWithStories> {
  const row = await findSubtopicById(id, seesBanned(actor));
  if (!row) throw notFound('Subtopic');
  const ids = await findSubtopicPostIds(id, seesBanned(actor), SUBTOPIC_STORIES_MAX);
  const posts = await listVisibleStorySummaries(actor, ids);
  return { ...toSubtopic(row), posts };
}

// ---- Staff's writes (issue 13; DESIGN §4: site admins manage subtopics) ---------------------------

/** Every subtopic, oldest first (the staff area). */
export async function listAllSubtopics(actor: Actor): Promise<Subtopic[]> {
  assertCan(actor, 'subtopic.manage');
  return (await findAllSubtopics(seesBanned(actor))).map(toSubtopic);
}

/** A subtopic's slug: its name's, with a short suffix when another subtopic has that one. */
const slugOf = (name: string, attempt: number) => {
  const base = slugify(name, 60) || 'subtopic';
  return attempt === 0 ? base : `${base}-${newUuid().slice(0, 6)}`;
};

/** POST /subtopics/create {subtopicName, description} */
export async function createSubtopic(actor: Actor, input: CreateSubtopicInput): Promise<Subtopic> {
  assertCan(actor, 'subtopic.manage');
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await insertSubtopic({
      id: newUuid(),
      slug: slugOf(input.subtopicName, attempt),
      subtopicName: input.subtopicName,
      description: input.description,
    });
    if (row) return toSubtopic({ ...row, storyCount: 0 });
  }
  throw conflict('Could not find a free address for this subtopic: try another name');
}

/** PATCH /subtopics/{id} {subtopicName?, description?} (the subtopic-edit dialog) */
export async function updateSubtopic(
  actor: Actor,
  id: string,
  input: UpdateSubtopicInput,
): Promise<Subtopic> {
  assertCan(actor, 'subtopic.manage');
  if (input.subtopicId !== undefined && input.subtopicId !== id) {
    throw new AppError('validation_failed', 'Invalid input', 'subtopicId: does not match the address');
  }
  const changes = {
    ...(input.subtopicName !== undefined && { subtopicName: input.subtopicName }),
    ...(input.description !== undefined && { description: input.description }),
  };
  if (!(await updateSubtopicRow(id, changes))) throw notFound('Subtopic');
  const row = await findSubtopicById(id, seesBanned(actor));
  if (!row) throw notFound('Subtopic'); // deleted in between
  return toSubtopic(row);
}

/** DELETE /subtopics/{id}: the subtopic goes; its stories stay where they are. */
export async function deleteSubtopic(actor: Actor, id: string): Promise<void> {
  assertCan(actor, 'subtopic.manage');
  if (!(await deleteSubtopicRow(id))) throw notFound('Subtopic');
}

/** POST /subtopics/posts?subtopicId {posts}: the subtopic's stories become these, in this order. */
export async function assignSubtopicPosts(
  actor: Actor,
  subtopicId: string,
  input: SubtopicPostsInput,
): Promise<SubtopicWithStories> {
  assertCan(actor, 'subtopic.manage');
  if (!(await findSubtopicById(subtopicId, false))) throw notFound('Subtopic');
  const known = await findExistingPostIds(input.posts);
  const unknown = input.posts.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    // Like any unknown id, 404: the document cannot know which ids exist (decision 028).
    throw new AppError(
      'not_found',
      'Story not found',
      `posts: no such stories: ${unknown.slice(0, 5).join(', ')}`,
    );
  }
  await replaceSubtopicPosts(subtopicId, input.posts);
  return getSubtopicOrThrow(actor, subtopicId);
}

/** The subtopic's story ids in order, whatever their state (the staff area's editor). */
export async function listSubtopicPostIds(actor: Actor, subtopicId: string): Promise<string[]> {
  assertCan(actor, 'subtopic.manage');
  return findAllSubtopicPostIds(subtopicId);
}
