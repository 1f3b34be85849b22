import { z } from 'zod';
import { searchTextSchema } from './posts-search.schema';

// GET /api/users/all_authors?q (SPEC §7): the writers dialog and the search page's writers.

export const AUTHORS_PAGE_SIZE = 20;

export const authorsQuerySchema = z.object({
  q: searchTextSchema.describe("Part of the writer's name or handle; empty lists the most prolific"),
});

export const authorSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  description: z.string(),
  /** The handle: the writer's home is /@{subdomain}. */
  subdomain: z.string(),
  /** How many stories the writer has published. */
  stories: z.number(),
});
export type Author = z.infer<typeof authorSchema>;

export const authorsSchema = z.object({ authors: z.array(authorSchema) });
