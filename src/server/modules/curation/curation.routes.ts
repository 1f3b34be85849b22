import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { errorResponses, json } from '../../api/openapi';
import { getCuratedStories, getTopAuthors, getTopPublications, getTopTags } from './curation.service';
import {
  curatedSetParamsSchema,
  curatedStoriesSchema,
  topAuthorsSchema,
  topPublicationsSchema,
  topTagsSchema,
} from './curation.schema';

// GET /api/{posts/editor_pick | posts/popular_stories | publications/top_publications |
// tags/top_tags | users/top_authors}/{languageCode}/{countryCode} (SPEC §7 Curated sets): anyone may
// read them. Mounted at the API's root because the paths span four modules' prefixes. The PUTs
// (site admins setting the sets) are issue 13's.

const tags = ['curation'];
const request = { params: curatedSetParamsSchema };

export const curationRoutes = createRouter()
  // GET /api/posts/editor_pick/{languageCode}/{countryCode} — the editor pick, hydrated
  .openapi(
    createRoute({
      method: 'get',
      path: '/posts/editor_pick/{languageCode}/{countryCode}',
      tags,
      summary: 'The editor pick of a language and country (the newest stories when nothing is curated)',
      request,
      responses: { 200: json(curatedStoriesSchema), ...errorResponses },
    }),
    async (c) => c.json(await getCuratedStories(c.get('actor'), 'editor_pick', c.req.valid('param')), 200),
  )
  // GET /api/posts/popular_stories/{languageCode}/{countryCode} — popular stories, hydrated
  .openapi(
    createRoute({
      method: 'get',
      path: '/posts/popular_stories/{languageCode}/{countryCode}',
      tags,
      summary: 'Popular stories of a language and country (most viewed in 7 days when nothing is curated)',
      request,
      responses: { 200: json(curatedStoriesSchema), ...errorResponses },
    }),
    async (c) =>
      c.json(await getCuratedStories(c.get('actor'), 'popular_stories', c.req.valid('param')), 200),
  )
  // GET /api/publications/top_publications/{languageCode}/{countryCode} — top publications
  .openapi(
    createRoute({
      method: 'get',
      path: '/publications/top_publications/{languageCode}/{countryCode}',
      tags,
      summary: 'Top publications (the most published stories in the language when nothing is curated)',
      request,
      responses: { 200: json(topPublicationsSchema), ...errorResponses },
    }),
    async (c) => c.json(await getTopPublications(c.req.valid('param')), 200),
  )
  // GET /api/tags/top_tags/{languageCode}/{countryCode} — top tags
  .openapi(
    createRoute({
      method: 'get',
      path: '/tags/top_tags/{languageCode}/{countryCode}',
      tags,
      summary: 'Top tags (the most used in the language when nothing is curated)',
      request,
      responses: { 200: json(topTagsSchema), ...errorResponses },
    }),
    async (c) => c.json(await getTopTags(c.req.valid('param')), 200),
  )
  // GET /api/users/top_authors/{languageCode}/{countryCode} — top authors
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/top_authors/{languageCode}/{countryCode}',
      tags,
      summary: 'Top authors (the most read in 7 days when nothing is curated)',
      request,
      responses: { 200: json(topAuthorsSchema), ...errorResponses },
    }),
    async (c) => c.json(await getTopAuthors(c.req.valid('param')), 200),
  );
