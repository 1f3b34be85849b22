import type { Actor } from '../../auth/actor';
import { readScopeOf } from '../../auth/policy';
import type { Db } from '../../db';
import { notFound } from '../../lib/errors';
import { listSubtopicsOfTag } from '../subtopics/subtopics.service';
import type { TagDetails } from './tag-details.schema';
import { addPostTags, countPublishedStoriesOfTag, findTagBySlug, replacePostTags } from './tags.repository';
import type { Tag } from './tags.schema';

// A story's tags. They are written on the transaction of the story's own write (the posts
// repository opens it and hands it here), so a story and its tags land together or not at all.

/** Links the tags to a story that has none yet, creating missing tags by slug. */
export function tagNewStory(tx: Db, postId: string, tags: readonly Tag[]): Promise<void> {
  return addPostTags(tx, postId, tags);
}

/** Makes the story's tags exactly `tags` (in that order); a tag keeps the first spelling anyone used. */
export function retagStory(tx: Db, postId: string, tags: readonly Tag[]): Promise<void> {
  return replacePostTags(tx, postId, tags);
}

/** The tag with this slug; 404 when no story ever carried it. */
/** The tag with this slug, or undefined (the tag feed's title). */
export const findTag = (slug: string): Promise<Tag | undefined> => findTagBySlug(slug);

export async function getTagOrThrow(slug: string): Promise<Tag> {
  const tag = await findTagBySlug(slug);
  if (!tag) throw notFound('Tag');
  return tag;
}

/** GET /tags/{slug}: the tag, its published story count and its subtopics (SPEC §7); 404 if unknown. */
export async function getTagDetailsOrThrow(actor: Actor, slug: string): Promise<TagDetails> {
  const tag = await getTagOrThrow(slug);
  const seesBanned = readScopeOf(actor)?.seesBannedWriters ?? false;
  const [storyCount, subtopics] = await Promise.all([
    countPublishedStoriesOfTag(tag.slug, seesBanned),
    listSubtopicsOfTag(actor, tag.slug),
  ]);
  return { ...tag, storyCount, subtopics };
}
