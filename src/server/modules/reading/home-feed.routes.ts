import { createRoute, z } from '@hono/zod-openapi';
import { integerParam } from '../../lib/integer-param';
import { createRouter } from '../../api/router';
import { anyone, json } from '../../api/openapi';
import { cursorParamSchema, pageLimitSchema } from '../../lib/cursor';
import { readerCountry } from '../../lib/reader-locale';
import { listEditorPosts } from '../curation/curation.service';
import { curatedSetParamsSchema } from '../curation/curation.schema';
import { HOME_PAGE_SIZE, listLatestHomePosts } from './home-feed.service';
import { storyPageSchema, storySummarySchema } from '../posts/posts.schema';

// /api/posts: the home page's story lists (SPEC §7 latest_posts/for_home_page, editor_posts).

const tags = ['posts'];
const languageCode = curatedSetParamsSchema.shape.languageCode;

export const homeFeedRoutes = createRouter()
  // GET /api/posts/latest_posts/for_home_page/{languageCode}?lastKeys — the language's newest stories, a page at a time
  .openapi(
    createRoute({
      method: 'get',
      path: '/latest_posts/for_home_page/{languageCode}',
      security: anyone,
      tags,
      summary: "The home page's latest stories in a language, newest published first (keyset)",
      request: {
        params: z.object({ languageCode }),
        query: z.object({
          lastKeys: cursorParamSchema,
          lastKey: cursorParamSchema,
          limit: pageLimitSchema(HOME_PAGE_SIZE),
        }),
      },
      responses: { 200: json(storyPageSchema) },
    }),
    async (c) => {
      const { lastKeys, lastKey, limit } = c.req.valid('query');
      const page = await listLatestHomePosts(c.get('actor'), c.req.valid('param').languageCode, {
        lastKey: lastKeys ?? lastKey,
        limit,
      });
      return c.json(page, 200);
    },
  )
  // GET /api/posts/editor_posts/{languageCode}/{shardingNumber} — the editor pick as a story list, page by page
  .openapi(
    createRoute({
      method: 'get',
      path: '/editor_posts/{languageCode}/{shardingNumber}',
      security: anyone,
      tags,
      summary: "The editor pick of the reader's country as a story list; shardingNumber 0 is the first page",
      request: {
        params: z.object({
          languageCode,
          shardingNumber: integerParam(
            z.number().int('Not a page number').min(0, 'Not a page number').max(1000),
          ),
        }),
      },
      responses: {
        200: json(
          z.object({ posts: z.array(storySummarySchema), nextShardingNumber: z.number().int().nullable() }),
        ),
      },
    }),
    async (c) => {
      const { languageCode: language, shardingNumber } = c.req.valid('param');
      const countryCode = readerCountry(c.req.raw.headers);
      return c.json(
        await listEditorPosts(c.get('actor'), { languageCode: language, countryCode }, shardingNumber),
        200,
      );
    },
  );
