// SPEC §5 tags: at most 5 a story; a tag is added only if non-blank, not a duplicate (compared
// case-insensitively) and fewer than 5 exist. SPEC §2/§5 "topics-limit label". The limits are the
// API's (posts/posts-tags.limits.ts).
import { MAX_TAGS_PER_POST } from '@/server/modules/posts/posts-tags.limits';

export type TagRefusal = 'blank' | 'duplicate' | 'full';

/** The tags with `raw` added, or why it was not added. */
export function addTag(tags: readonly string[], raw: string): { tags: string[] } | { refused: TagRefusal } {
  const name = raw.replace(/\s+/g, ' ').trim();
  if (!name) return { refused: 'blank' };
  if (tags.some((tag) => tag.toLowerCase() === name.toLowerCase())) return { refused: 'duplicate' };
  if (tags.length >= MAX_TAGS_PER_POST) return { refused: 'full' };
  return { tags: [...tags, name] };
}

/** 'Add up to 5 topics' while none are chosen, then '2 of 5 topics' … '5 of 5 topics'. */
export function topicsLimitLabel(count: number): string {
  return count === 0 ? `Add up to ${MAX_TAGS_PER_POST} topics` : `${count} of ${MAX_TAGS_PER_POST} topics`;
}
