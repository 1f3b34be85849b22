import { z } from 'zod';
import { storySummarySchema } from '../posts/posts.schema';

// GET /{posts/editor_pick | posts/popular_stories | publications/top_publications | tags/top_tags |
// users/top_authors}/{languageCode}/{countryCode} (SPEC §7 Curated sets): the set hydrated, in the
// curated order. `curated` is false when nothing was set and the answer is DESIGN §7's computed one.

export const curatedSetParamsSchema = z.object({
  languageCode: z
    .string()
    .regex(/^[a-zA-Z]{2}(-[a-zA-Z]{2})?$/, 'Not a language code')
    .transform((value) => value.toLowerCase().split('-')[0]),
  countryCode: z
    .string()
    .regex(/^[a-zA-Z]{2}$/, 'Not a country code')
    .transform((value) => value.toUpperCase()),
});
export type CuratedSetParams = z.infer<typeof curatedSetParamsSchema>;

const curated = z.boolean().describe('false: nothing is curated here, these are the computed defaults');

export const curatedStoriesSchema = z.object({ posts: z.array(storySummarySchema), curated });
export type CuratedStories = z.infer<typeof curatedStoriesSchema>;

export const topPublicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  description: z.string(),
  subdomain: z.string(),
  languageCode: z.string(),
});
export type TopPublication = z.infer<typeof topPublicationSchema>;
export const topPublicationsSchema = z.object({ publications: z.array(topPublicationSchema), curated });
export type TopPublications = z.infer<typeof topPublicationsSchema>;

export const topTagSchema = z.object({ name: z.string(), slug: z.string() });
export const topTagsSchema = z.object({ tags: z.array(topTagSchema), curated });
export type TopTags = z.infer<typeof topTagsSchema>;

export const topAuthorSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  description: z.string(),
  subdomain: z.string().nullable(),
});
export type TopAuthor = z.infer<typeof topAuthorSchema>;
export const topAuthorsSchema = z.object({ authors: z.array(topAuthorSchema), curated });
export type TopAuthors = z.infer<typeof topAuthorsSchema>;
