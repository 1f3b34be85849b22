import type { Actor } from '../../auth/actor';
import { readScopeOf } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { getTagOrThrow } from '../tags/tags.service';
import { listVisibleStorySummaries } from '../posts/posts-read.service';
import { findTagStoryKeys } from './tag-stories.repository';
import type { StoryPage } from '../posts/posts.schema';

// GET /posts/tag_posts/{slug} and /posts/tag_posts/pagination/{tag_slug}?lastKey (SPEC §7): a tag's
// published stories, newest first, hydrated and checked like every other list
// (listVisibleStorySummaries). A banned writer's stories are left out except for site admins.

export const TAG_POSTS_LIMIT = 10;

export async function listTagPosts(
  actor: Actor,
  tagSlug: string,
  options: { lastKey?: string; limit: number },
): Promise<StoryPage> {
  const cursor = decodeCursor(options.lastKey);
  const keys = await findTagStoryKeys({
    tagSlug,
    includeBannedWriters: readScopeOf(actor)?.seesBannedWriters ?? false,
    cursor,
    fetch: options.limit + 1,
  });
  // Rows prove the tag; an empty page must not hide a wrong address behind an empty list.
  if (keys.length === 0) await getTagOrThrow(tagSlug);
  const page = toPage(keys, options.limit, (key) => ({ t: key.publishedAt.getTime(), id: key.id }));
  const posts = await listVisibleStorySummaries(
    actor,
    page.items.map((key) => key.id),
  );
  return { posts, lastKey: page.lastKey };
}
