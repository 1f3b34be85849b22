import { z } from 'zod';
import { singleLineText } from '../../lib/plain-text';
import { storyIdSchema, storySummarySchema } from '../posts/posts.schema';
import { SUBTOPIC_DESCRIPTION_MAX, SUBTOPIC_NAME_BLANK, SUBTOPIC_NAME_MAX } from './subtopics.limits';

// SPEC §3 Subtopic: id, subtopicName (name), description, createTimestamp. Answers also carry the
// subtopic's own slug and how many published stories it holds.

export const subtopicIdSchema = z.string().uuid('Not a subtopic id');

export const subtopicSchema = z.object({
  id: z.string(),
  slug: z.string(),
  subtopicName: z.string(),
  /** The same as subtopicName (SPEC §3 names it both ways). */
  name: z.string(),
  description: z.string(),
  /** Epoch ms. */
  createTimestamp: z.number(),
  /** Published stories in the subtopic that the asker may read. */
  storyCount: z.number(),
});
export type Subtopic = z.infer<typeof subtopicSchema>;

/** GET /api/subtopics/{id}: the subtopic and its stories, in the order staff gave them. */
export const subtopicWithStoriesSchema = subtopicSchema.extend({ posts: z.array(storySummarySchema) });
export type SubtopicWithStories = z.infer<typeof subtopicWithStoriesSchema>;

/** The slug of a tag as a query or path parameter (tags.schema's tagSlug makes them). */
export const tagSlugParamSchema = z.string().trim().min(1, 'A tag slug is required').max(200);

// GET /api/subtopics?slug: the subtopics holding stories with the tag.
export const subtopicsQuerySchema = z.object({ slug: tagSlugParamSchema.describe('The tag slug') });
export const subtopicListSchema = z.object({ subtopics: z.array(subtopicSchema) });

// ---- Staff's writes (issue 13; SPEC §2 subtopic-edit, §7 POST /subtopics/create, PATCH / DELETE
// /subtopics/{id}, POST /subtopics/posts?subtopicId) -------------------------------------------

const subtopicNameSchema = singleLineText()
  .min(1, SUBTOPIC_NAME_BLANK)
  .max(SUBTOPIC_NAME_MAX, `At most ${SUBTOPIC_NAME_MAX} characters`);
const subtopicDescriptionSchema = singleLineText().max(
  SUBTOPIC_DESCRIPTION_MAX,
  `At most ${SUBTOPIC_DESCRIPTION_MAX} characters`,
);

export const createSubtopicSchema = z.object({
  subtopicName: subtopicNameSchema,
  description: subtopicDescriptionSchema.default(''),
});
export type CreateSubtopicInput = z.infer<typeof createSubtopicSchema>;

/** The subtopic-edit dialog sends {subtopicId, subtopicName, description} (SPEC §7); the id is the path's. */
export const updateSubtopicSchema = z.object({
  subtopicId: subtopicIdSchema.optional(),
  subtopicName: subtopicNameSchema.optional(),
  description: subtopicDescriptionSchema.optional(),
});
export type UpdateSubtopicInput = z.infer<typeof updateSubtopicSchema>;

/** POST /subtopics/posts?subtopicId: the subtopic's stories, in order (replacing the ones it had). */
export const subtopicPostsQuerySchema = z.object({ subtopicId: subtopicIdSchema });
export const subtopicPostsBodySchema = z.object({
  posts: z
    .array(storyIdSchema)
    .max(100, 'At most 100 stories in a subtopic')
    .refine((ids) => new Set(ids).size === ids.length, 'A story appears twice'),
});
export type SubtopicPostsInput = z.infer<typeof subtopicPostsBodySchema>;

/** Every subtopic, for the staff area. */
export const allSubtopicsSchema = z.object({ subtopics: z.array(subtopicSchema) });
