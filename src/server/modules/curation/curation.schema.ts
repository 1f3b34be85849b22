import { z } from 'zod';
import { STORY_LANGUAGES, type StoryLanguage } from '../../../lib/detect-language';
import { safeString } from '../../lib/safe-string';
import { storyIdSchema, storySummarySchema } from '../posts/posts.schema';
import { CURATED_SET_MAX } from './curation.limits';

// GET /{posts/editor_pick | posts/popular_stories | publications/top_publications | tags/top_tags |
// users/top_authors}/{languageCode}/{countryCode} (SPEC §7 Curated sets): the set hydrated, in the
// curated order. `curated` is false when nothing was set and the answer is DESIGN §7's computed one.

/** The languages stories are written in, as the PUTs' enum. */
const STORY_LANGUAGE_CODES = STORY_LANGUAGES.map((language) => language.code) as [
  StoryLanguage,
  ...StoryLanguage[],
];

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

// ---- Writing the sets (issue 13): site admins, SPEC §7 PUTs -------------------------------------

export { CURATED_SET_MAX };

/**
 * The (language, country) a PUT writes: the language must be one stories are written in (SPEC §9
 * default en; src/lib/detect-language.ts), so a set no reader's home can show is never made.
 */
export const curatedSetPutParamsSchema = z.object({
  languageCode: z.enum(STORY_LANGUAGE_CODES, {
    error: `Unknown language code: use one of ${STORY_LANGUAGE_CODES.join(', ')}`,
  }),
  countryCode: curatedSetParamsSchema.shape.countryCode,
});
export type CuratedSetPutParams = z.infer<typeof curatedSetPutParamsSchema>;

const distinct = (ids: readonly string[]) => new Set(ids).size === ids.length;

/**
 * PUT body of every curated set: the ids in their order (story ids, publication ids, tag slugs or
 * user ids, by set). An empty list clears the set: the computed default shows again.
 */
export const curatedSetBodySchema = z.object({
  ids: z
    .array(safeString().trim().min(1, 'An id cannot be blank').max(200).meta({ pattern: '\\S' }))
    .max(CURATED_SET_MAX, `At most ${CURATED_SET_MAX} items in a set`)
    .refine(distinct, 'An item appears twice')
    // The refine is invisible to the document: the same rule as a keyword (decision 028).
    .meta({ uniqueItems: true }),
});
export type CuratedSetBody = z.infer<typeof curatedSetBodySchema>;

/** PUT /publications/publication_devotion|publication_trending/{id}: the publication's story ids. */
export const publicationStorySetBodySchema = z.object({
  postIds: z
    .array(storyIdSchema)
    .max(CURATED_SET_MAX, `At most ${CURATED_SET_MAX} stories in a set`)
    .refine(distinct, 'A story appears twice')
    .meta({ uniqueItems: true }),
});
export type PublicationStorySetBody = z.infer<typeof publicationStorySetBodySchema>;

export const publicationIdParamsSchema = z.object({ id: z.string().uuid('Not a publication id') });

/** GET (and PUT's answer) of publication devotion / trending: the stories, in their order. */
export const publicationStoriesSchema = z.object({
  posts: z.array(storySummarySchema),
  curated: z.boolean().describe("false: nothing is set, these are the publication's newest stories"),
});
export type PublicationStories = z.infer<typeof publicationStoriesSchema>;

/** PUT /users/authors/{languageCode}/{countryCode}'s answer: the authors set, hydrated. */
export const authorsSetSchema = z.object({ authors: z.array(topAuthorSchema) });
export type AuthorsSet = z.infer<typeof authorsSetSchema>;
