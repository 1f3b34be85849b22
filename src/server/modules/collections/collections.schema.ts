import { z } from 'zod';
import { cursorParamSchema, pageLimitSchema } from '../../lib/cursor';
import { storyPageSchema } from '../posts/posts.schema';
import { collectionSchema } from '../publications/publications.schema';

// GET /api/collections/{id}: kept apart from publications.schema.ts so the forms that import that
// file (client components) do not pull in the posts module's schemas.

/** GET /api/collections/{id}?lastKey&limit. */
export const collectionPageQuerySchema = z.object({
  lastKey: cursorParamSchema,
  limit: pageLimitSchema(10),
});

/** The collection and a page of its published stories, newest first (lastKey as on every story page). */
export const collectionPageSchema = storyPageSchema.extend({ collection: collectionSchema });
export type CollectionPage = z.infer<typeof collectionPageSchema>;
