import { createRoute, z } from '@hono/zod-openapi';
import { anyone, errors, json, signedIn } from '../../api/openapi';
import { createRouter } from '../../api/router';
import { cursorParamSchema, pageLimitSchema } from '../../lib/cursor';
import { storyListFiltersSchema, storyPageSchema, studioFiltersSchema } from '../posts/posts.schema';
import { userIdSchema } from '../users/users.schema';
import { getStudioFilters, LATEST_POSTS_LIMIT, listAuthorPosts } from './author-stories.service';
import { flag, isSet } from './story-list-flags';

// /api/posts/user_posts/…: a writer's stories, for their home and their studio (SPEC §7 Posts).
// Mounted under /posts between the story core's routers (src/server/api/app.ts).

const tags = ['posts'];

export const authorStoriesRoutes = createRouter()
  // GET /api/posts/user_posts/all_posts/{user_id}?lastKeys&forStudio — an author's stories, a page at a time
  .openapi(
    createRoute({
      method: 'get',
      path: '/user_posts/all_posts/{user_id}',
      security: anyone,
      tags,
      summary: "An author's stories (forStudio: every status, for the author themself)",
      description:
        'forStudio needs a session (401 without one; 403 for anyone but the author or a site admin).',
      request: {
        params: z.object({ user_id: userIdSchema }),
        query: z.object({
          lastKeys: cursorParamSchema,
          lastKey: cursorParamSchema,
          forStudio: flag,
          limit: pageLimitSchema(10),
          ...storyListFiltersSchema.shape,
        }),
      },
      responses: { 200: json(storyPageSchema), ...errors(401, 403) },
    }),
    async (c) => {
      const { lastKeys, lastKey, forStudio, limit, ...filters } = c.req.valid('query');
      const page = await listAuthorPosts(c.get('actor'), c.req.valid('param').user_id, {
        lastKey: lastKeys ?? lastKey,
        forStudio: isSet(forStudio),
        limit,
        filters,
      });
      return c.json(page, 200);
    },
  )
  // GET /api/posts/user_posts/studio_filters/{user_id}?scope — the story-filter's choices for a studio
  .openapi(
    createRoute({
      method: 'get',
      path: '/user_posts/studio_filters/{user_id}',
      security: signedIn,
      tags,
      summary: "The collections, writers and publications of a writer's studio (the writer or a site admin)",
      request: {
        params: z.object({ user_id: userIdSchema }),
        query: z.object({ scope: storyListFiltersSchema.shape.scope }),
      },
      responses: { 200: json(studioFiltersSchema) },
    }),
    async (c) =>
      c.json(await getStudioFilters(c.get('actor'), c.req.valid('param').user_id, c.req.valid('query')), 200),
  )
  // GET /api/posts/user_posts/latest_posts/{id} — the author's latest published stories
  .openapi(
    createRoute({
      method: 'get',
      path: '/user_posts/latest_posts/{id}',
      security: anyone,
      tags,
      summary: "An author's latest published stories",
      request: {
        params: z.object({ id: userIdSchema }),
        query: z.object({ lastKey: cursorParamSchema, limit: pageLimitSchema(LATEST_POSTS_LIMIT) }),
      },
      responses: { 200: json(storyPageSchema) },
    }),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(await listAuthorPosts(c.get('actor'), c.req.valid('param').id, query), 200);
    },
  );
