import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, json } from '../../api/openapi';
import { tagDetailsSchema, tagParamsSchema } from './tag-details.schema';
import { getTagDetailsOrThrow } from './tags.service';

// /api/tags (SPEC §7 Subtopics, tags, users).

export const tagsRoutes = createRouter()
  // GET /api/tags/{slug} — the tag: name, slug, published story count and its subtopics
  .openapi(
    createRoute({
      method: 'get',
      path: '/{slug}',
      security: anyone,
      tags: ['tags'],
      summary: 'A tag with its published story count and subtopics',
      request: { params: tagParamsSchema },
      responses: { 200: json(tagDetailsSchema) },
    }),
    async (c) => c.json(await getTagDetailsOrThrow(c.get('actor'), c.req.valid('param').slug), 200),
  );
