import { z } from 'zod';
import {
  publicationCapabilitiesSchema,
  publicationIdSchema,
  publicationSchema,
} from '../publications/publications.schema';
import { storyCapabilitiesSchema, storyIdSchema } from '../posts/posts.schema';
import { followStateSchema, followTargetsQuerySchema } from '../follows/follows.schema';
import { userIdSchema } from '../users/users.schema';

// GET /api/me/page-state: what is personal on a page everyone gets the same HTML of (decision 031).

export const pageStateQuerySchema = z.object({
  writer: userIdSchema.optional().describe("A writer's home: may the reader edit it and pin on it"),
  publication: publicationIdSchema
    .optional()
    .describe("A publication's page: the reader's relations and what they may do with it"),
  story: storyIdSchema.optional().describe("A story's page: what the reader may do with the story"),
  account: z
    .enum(['1'])
    .optional()
    .describe("The header's account menu: the reader's name, picture, home address and publications"),
  // Follow buttons and follower counts (decision 052): a writer, a publication and a tag the page shows.
  followUser: followTargetsQuerySchema.shape.user.describe(
    "A writer's follow button: followers, and whether you follow",
  ),
  followPublication: followTargetsQuerySchema.shape.publication.describe(
    "A publication's follow button: followers, and whether you follow",
  ),
  followTag: followTargetsQuerySchema.shape.tag.describe(
    "A tag's follow button: followers, and whether you follow",
  ),
});
export type PageStateQuery = z.infer<typeof pageStateQuerySchema>;

export const pageStateSchema = z
  .object({
    signedIn: z.boolean(),
    /** Asked with ?writer=: null when not asked. */
    writer: z.object({ id: z.string(), canEditProfile: z.boolean() }).nullable(),
    /** Asked with ?publication=: null when not asked or there is no such publication. */
    publication: z
      .object({
        id: z.string(),
        userRelation: publicationSchema.shape.userRelation.unwrap(),
        capabilities: publicationCapabilitiesSchema,
      })
      .nullable(),
    /** Asked with ?story=: null when not asked or the reader may not see the story. */
    story: z.object({ id: z.string(), can: storyCapabilitiesSchema }).nullable(),
    /** Asked with ?account=1 by a signed-in reader: null otherwise. */
    account: z
      .object({
        id: z.string(),
        name: z.string(),
        image: z.string().nullable(),
        subdomain: z.string().nullable(),
        /** The publications the reader belongs to, newest first. */
        publications: z.array(z.object({ id: z.string(), name: z.string(), image: z.string().nullable() })),
      })
      .nullable(),
    /** Asked with ?followUser=, ?followPublication=, ?followTag=: one entry each (empty when not asked). */
    follows: z.array(followStateSchema),
    /** Asked with ?account=1 by a signed-in reader: their unread notifications (the header's bell); null otherwise. */
    unreadNotifications: z.number().int().nullable(),
  })
  .meta({ id: 'PageState' });
export type PageState = z.infer<typeof pageStateSchema>;
