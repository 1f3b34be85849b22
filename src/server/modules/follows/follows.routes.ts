import { createRoute } from '@hono/zod-openapi';
import { anyone, errors, json, signedIn } from '../../api/openapi';
import { createRouter } from '../../api/router';
import {
  followCountsSchema,
  followParamsSchema,
  followStateSchema,
  followsPageSchema,
  followsQuerySchema,
  followTargetsQuerySchema,
} from './follows.schema';
import { followTarget, getFollowerCounts, listMyFollows, unfollowTarget } from './follows.service';

// /api/follows (issue 25, decision 052): follow and unfollow writers, publications and tags; whom I
// follow; the public follower counts of a page. The Following feed is the reading module's
// (GET /api/posts/following).
const tags = ['follows'];

export const followsRoutes = createRouter()
  // GET /api/follows?kind&lastKey&limit — whom I follow, newest follow first
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      security: signedIn,
      tags,
      summary: 'Whom you follow: writers, publications and tags, newest follow first (keyset)',
      description:
        'Signed-in readers only. Each item names what is followed and its page. A followed writer who is banned is left out. `limit` 1–50 (default 20).',
      request: { query: followsQuerySchema },
      responses: { 200: json(followsPageSchema) },
    }),
    async (c) => c.json(await listMyFollows(c.get('actor'), c.req.valid('query')), 200),
  )
  // GET /api/follows/counts?user&publication&tag — follower counts (public)
  .openapi(
    createRoute({
      method: 'get',
      path: '/counts',
      security: anyone,
      tags,
      summary: 'Follower counts of a writer, a publication and a tag (public)',
      description:
        'The same for every caller: counts only (whether you follow them comes with GET /api/me/page-state). A writer or publication id must be a UUID; a tag slug at most 200 characters. An unknown target counts 0.',
      request: { query: followTargetsQuerySchema },
      responses: { 200: json(followCountsSchema) },
    }),
    async (c) => {
      c.header('cache-control', 'public, max-age=30');
      return c.json(await getFollowerCounts(c.req.valid('query')), 200);
    },
  )
  // PUT /api/follows/{kind}/{id} — follow (200, also when already followed)
  .openapi(
    createRoute({
      method: 'put',
      path: '/{kind}/{id}',
      security: signedIn,
      tags,
      summary: 'Follow a writer, a publication or a tag',
      description:
        'Idempotent: following again changes nothing and answers the same. `id` is the writer’s or the publication’s id (UUID; 400 otherwise) or the tag’s slug (at most 200 characters). Following yourself is refused (403); a writer who is banned, or anything that does not exist, is 404.',
      request: { params: followParamsSchema },
      responses: { 200: json(followStateSchema, 'Followed'), ...errors(403, 404) },
    }),
    async (c) => {
      const { state } = await followTarget(c.get('actor'), c.req.valid('param'));
      return c.json(state, 200);
    },
  )
  // DELETE /api/follows/{kind}/{id} — unfollow (204, also when not followed)
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{kind}/{id}',
      security: signedIn,
      tags,
      summary: 'Unfollow a writer, a publication or a tag',
      description:
        'Idempotent: 204 also when it was not followed. `id` as for PUT (a writer or publication id must be a UUID; a tag slug at most 200 characters).',
      request: { params: followParamsSchema },
      responses: { 204: { description: 'Unfollowed' } },
    }),
    async (c) => {
      await unfollowTarget(c.get('actor'), c.req.valid('param'));
      return c.body(null, 204);
    },
  );
