import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, errors, json, signedIn } from '../../api/openapi';
import { clientAddress } from '../../lib/client-address';
import { searchPageSchema, searchQuerySchema, staffSearchQuerySchema } from './posts-search.schema';
import { countSearch, searchStories } from './posts-search.service';
import { searchAllStories } from './posts-staff-search.service';
import { storyPageSchema } from '../posts/posts.schema';

// Mounted before postsRoutes: /posts/search would otherwise be taken by /posts/{id}.
export const postsSearchRoutes = createRouter()
  // GET /api/posts/search?q&offset — published stories matching q, best first, highlighted
  .openapi(
    createRoute({
      method: 'get',
      path: '/search',
      security: anyone,
      tags: ['posts'],
      summary: 'Search published stories',
      request: { query: searchQuerySchema },
      responses: { 200: json(searchPageSchema), ...errors(429) },
    }),
    async (c) => {
      const { q, offset } = c.req.valid('query');
      await countSearch(clientAddress(c.req.raw.headers));
      return c.json(await searchStories(c.get('actor'), q, offset), 200);
    },
  )
  // GET /api/posts/search_all?q&status&languageCode&authorId&lastKey — every story (site admins)
  .openapi(
    createRoute({
      method: 'get',
      path: '/search_all',
      security: signedIn,
      tags: ['posts'],
      summary: 'Search all stories, drafts and scheduled ones too, with filters (site admins)',
      request: { query: staffSearchQuerySchema },
      responses: { 200: json(storyPageSchema) },
    }),
    async (c) => c.json(await searchAllStories(c.get('actor'), c.req.valid('query')), 200),
  );
