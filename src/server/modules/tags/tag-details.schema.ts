import { z } from 'zod';
import { subtopicSchema, tagSlugParamSchema } from '../subtopics/subtopics.schema';

// GET /api/tags/{slug}: the tag (SPEC §3 Tag: name, slug), how many published stories carry it and
// the subtopics holding them. Apart from tags.schema.ts, which posts.schema.ts imports.

export const tagParamsSchema = z.object({ slug: tagSlugParamSchema });

export const tagDetailsSchema = z.object({
  name: z.string(),
  slug: z.string(),
  /** Published stories with the tag that the asker may read. */
  storyCount: z.number(),
  subtopics: z.array(subtopicSchema),
});
export type TagDetails = z.infer<typeof tagDetailsSchema>;
