import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, json, jsonBody, signedIn } from '../../api/openapi';
import {
  getCuratedStories,
  getPublicationStories,
  getTopAuthors,
  getTopPublications,
  getTopTags,
  putAuthors,
  putCuratedStories,
  putPublicationStories,
  putTopAuthors,
  putTopPublications,
  putTopTags,
} from './curation.service';
import {
  authorsSetSchema,
  curatedSetBodySchema,
  curatedSetParamsSchema,
  curatedSetPutParamsSchema,
  curatedStoriesSchema,
  publicationIdParamsSchema,
  publicationStoriesSchema,
  publicationStorySetBodySchema,
  topAuthorsSchema,
  topPublicationsSchema,
  topTagsSchema,
} from './curation.schema';

// GET /api/{posts/editor_pick | posts/popular_stories | publications/top_publications |
// tags/top_tags | users/top_authors}/{languageCode}/{countryCode} (SPEC §7 Curated sets): anyone may
// read them; site admins set them with the PUTs (ids in their order; ids that name nothing, more than
// CURATED_SET_MAX of them, or a language stories are not written in are refused). Mounted at the API's
// root because the paths span four modules' prefixes. Publication devotion and trending, keyed by
// publication, live here too: the same kind of hand-ordered set.

const tags = ['curation'];
const request = { params: curatedSetParamsSchema };
const put = { params: curatedSetPutParamsSchema, ...jsonBody(curatedSetBodySchema) };
const publicationSet = { params: publicationIdParamsSchema };

export const curationRoutes = createRouter()
  // GET /api/posts/editor_pick/{languageCode}/{countryCode} — the editor pick, hydrated
  .openapi(
    createRoute({
      method: 'get',
      path: '/posts/editor_pick/{languageCode}/{countryCode}',
      security: anyone,
      tags,
      summary: 'The editor pick of a language and country (the newest stories when nothing is curated)',
      request,
      responses: { 200: json(curatedStoriesSchema) },
    }),
    async (c) => c.json(await getCuratedStories(c.get('actor'), 'editor_pick', c.req.valid('param')), 200),
  )
  // GET /api/posts/popular_stories/{languageCode}/{countryCode} — popular stories, hydrated
  .openapi(
    createRoute({
      method: 'get',
      path: '/posts/popular_stories/{languageCode}/{countryCode}',
      security: anyone,
      tags,
      summary: 'Popular stories of a language and country (most viewed in 7 days when nothing is curated)',
      request,
      responses: { 200: json(curatedStoriesSchema) },
    }),
    async (c) =>
      c.json(await getCuratedStories(c.get('actor'), 'popular_stories', c.req.valid('param')), 200),
  )
  // GET /api/publications/top_publications/{languageCode}/{countryCode} — top publications
  .openapi(
    createRoute({
      method: 'get',
      path: '/publications/top_publications/{languageCode}/{countryCode}',
      security: anyone,
      tags,
      summary: 'Top publications (the most published stories in the language when nothing is curated)',
      request,
      responses: { 200: json(topPublicationsSchema) },
    }),
    async (c) => c.json(await getTopPublications(c.req.valid('param')), 200),
  )
  // GET /api/tags/top_tags/{languageCode}/{countryCode} — top tags
  .openapi(
    createRoute({
      method: 'get',
      path: '/tags/top_tags/{languageCode}/{countryCode}',
      security: anyone,
      tags,
      summary: 'Top tags (the most used in the language when nothing is curated)',
      request,
      responses: { 200: json(topTagsSchema) },
    }),
    async (c) => c.json(await getTopTags(c.req.valid('param')), 200),
  )
  // GET /api/users/top_authors/{languageCode}/{countryCode} — top authors
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/top_authors/{languageCode}/{countryCode}',
      security: anyone,
      tags,
      summary: 'Top authors (the most read in 7 days when nothing is curated)',
      request,
      responses: { 200: json(topAuthorsSchema) },
    }),
    async (c) => c.json(await getTopAuthors(c.req.valid('param')), 200),
  )
  // PUT /api/posts/editor_pick/{languageCode}/{countryCode} — set the editor pick (site admins)
  .openapi(
    createRoute({
      method: 'put',
      path: '/posts/editor_pick/{languageCode}/{countryCode}',
      security: signedIn,
      tags,
      summary: 'Set the editor pick of a language and country: story ids in order (empty: computed)',
      request: put,
      responses: { 200: json(curatedStoriesSchema) },
    }),
    async (c) =>
      c.json(
        await putCuratedStories(c.get('actor'), 'editor_pick', c.req.valid('param'), c.req.valid('json')),
        200,
      ),
  )
  // PUT /api/posts/popular_stories/{languageCode}/{countryCode} — set popular stories (site admins)
  .openapi(
    createRoute({
      method: 'put',
      path: '/posts/popular_stories/{languageCode}/{countryCode}',
      security: signedIn,
      tags,
      summary: 'Set the popular stories of a language and country',
      request: put,
      responses: { 200: json(curatedStoriesSchema) },
    }),
    async (c) =>
      c.json(
        await putCuratedStories(c.get('actor'), 'popular_stories', c.req.valid('param'), c.req.valid('json')),
        200,
      ),
  )
  // PUT /api/publications/top_publications/{languageCode}/{countryCode} — set top publications
  .openapi(
    createRoute({
      method: 'put',
      path: '/publications/top_publications/{languageCode}/{countryCode}',
      security: signedIn,
      tags,
      summary: 'Set the top publications of a language and country: publication ids in order',
      request: put,
      responses: { 200: json(topPublicationsSchema) },
    }),
    async (c) =>
      c.json(await putTopPublications(c.get('actor'), c.req.valid('param'), c.req.valid('json')), 200),
  )
  // PUT /api/tags/top_tags/{languageCode}/{countryCode} — set top tags (tag slugs)
  .openapi(
    createRoute({
      method: 'put',
      path: '/tags/top_tags/{languageCode}/{countryCode}',
      security: signedIn,
      tags,
      summary: 'Set the top tags of a language and country: tag slugs in order',
      request: put,
      responses: { 200: json(topTagsSchema) },
    }),
    async (c) => c.json(await putTopTags(c.get('actor'), c.req.valid('param'), c.req.valid('json')), 200),
  )
  // PUT /api/users/top_authors/{languageCode}/{countryCode} — set top authors
  .openapi(
    createRoute({
      method: 'put',
      path: '/users/top_authors/{languageCode}/{countryCode}',
      security: signedIn,
      tags,
      summary: 'Set the top authors of a language and country: user ids in order',
      request: put,
      responses: { 200: json(topAuthorsSchema) },
    }),
    async (c) => c.json(await putTopAuthors(c.get('actor'), c.req.valid('param'), c.req.valid('json')), 200),
  )
  // PUT /api/users/authors/{languageCode}/{countryCode} — set the authors set
  .openapi(
    createRoute({
      method: 'put',
      path: '/users/authors/{languageCode}/{countryCode}',
      security: signedIn,
      tags,
      summary: 'Set the authors of a language and country: user ids in order',
      request: put,
      responses: { 200: json(authorsSetSchema) },
    }),
    async (c) => c.json(await putAuthors(c.get('actor'), c.req.valid('param'), c.req.valid('json')), 200),
  )
  // GET /api/publications/publication_devotion/{id} — the publication's devotion stories
  .openapi(
    createRoute({
      method: 'get',
      path: '/publications/publication_devotion/{id}',
      security: anyone,
      tags,
      summary: "A publication's devotion stories (its newest when none are set)",
      request: publicationSet,
      responses: { 200: json(publicationStoriesSchema) },
    }),
    async (c) =>
      c.json(await getPublicationStories(c.get('actor'), 'devotion', c.req.valid('param').id), 200),
  )
  // PUT /api/publications/publication_devotion/{id} — set them (site admins)
  .openapi(
    createRoute({
      method: 'put',
      path: '/publications/publication_devotion/{id}',
      security: signedIn,
      tags,
      summary: "Set a publication's devotion stories: ids of its stories, in order",
      request: { ...publicationSet, ...jsonBody(publicationStorySetBodySchema) },
      responses: { 200: json(publicationStoriesSchema) },
    }),
    async (c) =>
      c.json(
        await putPublicationStories(c.get('actor'), 'devotion', c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  // GET /api/publications/publication_trending/{id} — the publication's trending stories
  .openapi(
    createRoute({
      method: 'get',
      path: '/publications/publication_trending/{id}',
      security: anyone,
      tags,
      summary: "A publication's trending stories (its newest when none are set)",
      request: publicationSet,
      responses: { 200: json(publicationStoriesSchema) },
    }),
    async (c) =>
      c.json(await getPublicationStories(c.get('actor'), 'trending', c.req.valid('param').id), 200),
  )
  // PUT /api/publications/publication_trending/{id} — set them (site admins)
  .openapi(
    createRoute({
      method: 'put',
      path: '/publications/publication_trending/{id}',
      security: signedIn,
      tags,
      summary: "Set a publication's trending stories: ids of its stories, in order",
      request: { ...publicationSet, ...jsonBody(publicationStorySetBodySchema) },
      responses: { 200: json(publicationStoriesSchema) },
    }),
    async (c) =>
      c.json(
        await putPublicationStories(c.get('actor'), 'trending', c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  );
