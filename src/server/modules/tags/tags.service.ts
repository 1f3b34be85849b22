import type { Db } from '../../db';
import { addPostTags, replacePostTags } from './tags.repository';
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
