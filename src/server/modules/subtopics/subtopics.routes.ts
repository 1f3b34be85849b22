import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { errorResponses, json } from '../../api/openapi';
import {
  subtopicIdSchema,
  subtopicListSchema,
  subtopicsQuerySchema,
  subtopicWithStoriesSchema,
} from './subtopics.schema';
import { getSubtopicOrThrow, listSubtopicsOfTag } from './subtopics.service';

// /api/subtopics (SPEC §7 Subtopics, tags, users): the reads. Staff's writes come with issue 13.

const tags = ['subtopics'];

export const subtopicsRoutes = createRouter()
  // GET /api/subtopics?slug — the subtopics holding published stories with the tag {subtopics}
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'The subtopics of a tag (those holding its published stories), oldest first',
      request: { query: subtopicsQuerySchema },
      responses: { 200: json(subtopicListSchema), ...errorResponses },
    }),
    async (c) =>
      c.json({ subtopics: await listSubtopicsOfTag(c.get('actor'), c.req.valid('query').slug) }, 200),
  )
  // GET /api/subtopics/{id} — one subtopic with its published stories, in the order staff gave them
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary: 'A subtopic with its stories',
      request: { params: z.object({ id: subtopicIdSchema }) },
      responses: { 200: json(subtopicWithStoriesSchema), ...errorResponses },
    }),
    async (c) => c.json(await getSubtopicOrThrow(c.get('actor'), c.req.valid('param').id), 200),
  );
