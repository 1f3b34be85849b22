import { findTagsMatching } from './tags-search.repository';
import type { Tag } from '../posts/posts-tags.schema';

export type MatchingTag = Tag & { stories: number };

/** The search page's tags: those whose name holds `text`, most used first (DESIGN §7 top tags). */
export async function searchTags(text: string, limit = 8): Promise<MatchingTag[]> {
  if (!text) return [];
  return findTagsMatching(text, limit);
}
