import type { Actor } from '../../auth/actor';
import { readScopeOf } from '../../auth/policy';
import { notFound } from '../../lib/errors';
import { listVisibleStorySummaries } from '../posts/posts-read.service';
import {
  findSubtopicById,
  findSubtopicPostIds,
  findSubtopicsOfTag,
  type SubtopicWithCount,
} from './subtopics.repository';
import type { Subtopic, SubtopicWithStories } from './subtopics.schema';

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
