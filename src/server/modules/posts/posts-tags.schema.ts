import { z } from 'zod';
import { tagSlug } from '../../../lib/slug';
import { collapsedLineText } from '../../lib/plain-text';
import { MAX_TAGS_PER_POST, TAG_NAME_MAX, TAG_NAME_TOO_LONG, TOO_MANY_TAGS } from './posts-tags.limits';

// SPEC §3 Tag {name, slug}; SPEC §5: at most 5 a story, non-blank, no duplicates (case-insensitive).

export { MAX_TAGS_PER_POST, TAG_NAME_MAX, TAG_NAME_TOO_LONG, TOO_MANY_TAGS } from './posts-tags.limits';

export const tagNameSchema = collapsedLineText()
  .min(1, 'A tag cannot be blank')
  .max(TAG_NAME_MAX, TAG_NAME_TOO_LONG)
  .refine((name) => tagSlug(name).length > 0, 'A tag needs a letter or a digit');

export const tagInputSchema = z.object({ name: tagNameSchema });

/** The tags of a story: ≤ 5, and no two alike once case and punctuation are set aside (same slug). */
export const tagsInputSchema = z
  .array(tagInputSchema)
  .max(MAX_TAGS_PER_POST, TOO_MANY_TAGS)
  .superRefine((tags, ctx) => {
    const seen = new Set<string>();
    tags.forEach((tag, index) => {
      const slug = tagSlug(tag.name);
      if (seen.has(slug)) {
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `Duplicate tag: ${tag.name}` });
      }
      seen.add(slug);
    });
  });
export type TagInput = z.infer<typeof tagInputSchema>;

export const tagSchema = z.object({ name: z.string(), slug: z.string() });
export type Tag = z.infer<typeof tagSchema>;
