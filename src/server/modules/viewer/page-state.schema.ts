import { z } from 'zod';
import {
  publicationCapabilitiesSchema,
  publicationIdSchema,
  publicationSchema,
} from '../publications/publications.schema';
import { userIdSchema } from '../users/users.schema';

// GET /api/me/page-state: what is personal on a page everyone gets the same HTML of (decision 031).

export const pageStateQuerySchema = z.object({
  writer: userIdSchema.optional().describe("A writer's home: may the reader edit it and pin on it"),
  publication: publicationIdSchema
    .optional()
    .describe("A publication's page: the reader's relations and what they may do with it"),
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
  })
  .meta({ id: 'PageState' });
export type PageState = z.infer<typeof pageStateSchema>;
