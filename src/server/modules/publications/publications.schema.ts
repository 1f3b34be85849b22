import { z } from 'zod';

export const collectionSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Epoch milliseconds (SPEC §3 Collection.createTimestamp). */
  createTimestamp: z.number(),
});

export const publicationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  subdomain: z.string(),
  collections: z.array(collectionSummarySchema),
});
export type PublicationSummary = z.infer<typeof publicationSummarySchema>;

/** GET /api/publications/{id}: SPEC §3 Publication; userRelation only when asked for (getUserRelation=true). */
export const publicationSchema = publicationSummarySchema.extend({
  description: z.string(),
  languageCode: z.string(),
  newsletterDescription: z.string().nullable(),
  backgroundImage: z.string().nullable(),
  hasNewsletters: z.boolean(),
  /** Epoch milliseconds (SPEC §3 createdTime). */
  createdTime: z.number(),
  /** The caller's relations (SPEC §3): 'admin' = owner, 'editor', 'author'; [] when none or signed out. */
  userRelation: z.array(z.enum(['admin', 'editor', 'author'])).optional(),
  /**
   * With getUserRelation: what the caller may do with a story of their own placed here (computed by
   * the policy; the story-settings dialog renders from it).
   */
  can: z
    .object({
      canPublishStories: z.boolean(),
      canScheduleStories: z.boolean(),
      submitsStoriesForReview: z.boolean(),
    })
    .optional(),
});
export type Publication = z.infer<typeof publicationSchema>;

export const publicationQuerySchema = z.object({
  getUserRelation: z.enum(['true', 'false', '1', '0']).optional(),
});
