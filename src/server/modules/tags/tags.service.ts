import type { Actor } from '../../auth/actor';
import { readScopeOf } from '../../auth/policy';
import { notFound } from '../../lib/errors';
import { listSubtopicsOfTag } from '../subtopics/subtopics.service';
import type { TagDetails } from './tag-details.schema';
import { countPublishedStoriesOfTag, findTagBySlug } from './tags.repository';
import type { Tag } from '../posts/posts-tags.schema';

// A tag and what it gathers: its stories' count and its subtopics. A story's tags are written by the
// story core (posts/posts-tags.repository.ts), on the story's own transaction.

/** The tag with this slug, or undefined (the tag feed's title). */
export const findTag = (slug: string): Promise<Tag | undefined> => findTagBySlug(slug);

/** The tag with this slug; 404 when no story ever carried it. */
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
