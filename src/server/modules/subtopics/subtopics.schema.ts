import { z } from 'zod';
import { storySummarySchema } from '../posts/posts.schema';

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
