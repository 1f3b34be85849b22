import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, json } from '../../api/openapi';
import { cursorParamSchema, pageLimitSchema } from '../../lib/cursor';
import { tagSlugParamSchema } from '../subtopics/subtopics.schema';
import { listTagPosts, TAG_POSTS_LIMIT } from './tag-stories.service';
import { storyPageSchema } from '../posts/posts.schema';

// /api/posts/tag_posts (SPEC §7 Posts): a tag's published stories, newest first, {posts, lastKey}.

const tags = ['posts'];
const answer = { 200: json(storyPageSchema) };

export const tagStoriesRoutes = createRouter()
  // GET /api/posts/tag_posts/{slug} — the first page of the tag's stories
  .openapi(
    createRoute({
      method: 'get',
      path: '/tag_posts/{slug}',
      security: anyone,
      tags,
      summary: "The first page of a tag's published stories, newest first",
      request: {
        params: z.object({ slug: tagSlugParamSchema }),
        query: z.object({ limit: pageLimitSchema(TAG_POSTS_LIMIT) }),
      },
      responses: answer,
    }),
    async (c) => {
      const page = await listTagPosts(c.get('actor'), c.req.valid('param').slug, {
        limit: c.req.valid('query').limit,
      });
      return c.json(page, 200);
    },
  )
  // GET /api/posts/tag_posts/pagination/{tag_slug}?lastKey — the page after lastKey
  .openapi(
    createRoute({
      method: 'get',
      path: '/tag_posts/pagination/{tag_slug}',
      security: anyone,
      tags,
      summary: "The next page of a tag's published stories, after lastKey",
      request: {
        params: z.object({ tag_slug: tagSlugParamSchema }),
        query: z.object({ lastKey: cursorParamSchema, limit: pageLimitSchema(TAG_POSTS_LIMIT) }),
      },
      responses: answer,
    }),
    async (c) => {
      const { lastKey, limit } = c.req.valid('query');
      const page = await listTagPosts(c.get('actor'), c.req.valid('param').tag_slug, { lastKey, limit });
      return c.json(page, 200);
    },
  );
