import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { json, signedIn } from '../../api/openapi';
import { cursorParamSchema, pageLimitSchema } from '../../lib/cursor';
import { storyPageSchema } from '../posts/posts.schema';
import { FOLLOWING_PAGE_SIZE, listFollowingPosts } from './following-feed.service';

// /api/posts/following (issue 25, decision 052). Mounted in app.ts before the posts router, whose
// /{id} would otherwise answer for it.

export const followingFeedRoutes = createRouter()
  // GET /api/posts/following?lastKey&limit — the reader's Following feed, newest published first
  .openapi(
    createRoute({
      method: 'get',
      path: '/following',
      security: signedIn,
      tags: ['posts'],
      summary:
        'Your Following feed: the newest published stories of the writers, publications and tags you follow (keyset)',
      description:
        'Signed-in readers only. Stories of banned writers are left out (but for site admins). `limit` 1–50 (default 10); `lastKey` is the previous page’s.',
      request: {
        query: z.object({ lastKey: cursorParamSchema, limit: pageLimitSchema(FOLLOWING_PAGE_SIZE) }),
      },
      responses: { 200: json(storyPageSchema) },
    }),
    async (c) => {
      const { lastKey, limit } = c.req.valid('query');
      return c.json(await listFollowingPosts(c.get('actor'), { lastKey, limit }), 200);
    },
  );
