import { z } from 'zod';
import { unicodeSlug } from '../../seed/story-body';
import { cleanLine } from '../posts/posts-text';
import { MAX_TAGS_PER_POST } from './tags.table';

// SPEC §3 Tag {name, slug}; SPEC §5: at most 5 a story, non-blank, no duplicates (case-insensitive).

export const TAG_NAME_MAX = 40;

/** A tag's slug: lower-case, letters of any script kept ('Finding Peace' → 'finding-peace', '信心' → '信心'). */
export const tagSlug = (name: string): string => unicodeSlug(name);

export const tagNameSchema = z
  .string()
  .overwrite(cleanLine)
  .min(1, 'A tag cannot be blank')
  .max(TAG_NAME_MAX, `A tag has at most ${TAG_NAME_MAX} characters`)
  .refine((name) => tagSlug(name).length > 0, 'A tag needs a letter or a digit');

export const tagInputSchema = z.object({ name: tagNameSchema });

/** The tags of a story: ≤ 5, and no two alike once case and punctuation are set aside (same slug). */
export const tagsInputSchema = z
  .array(tagInputSchema)
  .max(MAX_TAGS_PER_POST, `A story has at most ${MAX_TAGS_PER_POST} tags`)
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
