import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, json, jsonBody, signedIn } from '../../api/openapi';
import {
  createSubtopicSchema,
  subtopicIdSchema,
  subtopicListSchema,
  subtopicPostsBodySchema,
  subtopicPostsQuerySchema,
  subtopicSchema,
  subtopicsQuerySchema,
  subtopicWithStoriesSchema,
  updateSubtopicSchema,
} from './subtopics.schema';
import {
  assignSubtopicPosts,
  createSubtopic,
  deleteSubtopic,
  getSubtopicOrThrow,
  listSubtopicsOfTag,
  updateSubtopic,
} from './subtopics.service';

// /api/subtopics (SPEC §7 Subtopics, tags, users): anyone reads them; site admins write them
// (subtopic.manage). /create and /posts are declared before /{id}.

const tags = ['subtopics'];
const idParams = z.object({ id: subtopicIdSchema });

export const subtopicsRoutes = createRouter()
  // GET /api/subtopics?slug — the subtopics holding published stories with the tag {subtopics}
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      security: anyone,
      tags,
      summary: 'The subtopics of a tag (those holding its published stories), oldest first',
      request: { query: subtopicsQuerySchema },
      responses: { 200: json(subtopicListSchema) },
    }),
    async (c) =>
      c.json({ subtopics: await listSubtopicsOfTag(c.get('actor'), c.req.valid('query').slug) }, 200),
  )
  // POST /api/subtopics/create — a new subtopic {subtopicName, description} (site admins)
  .openapi(
    createRoute({
      method: 'post',
      path: '/create',
      security: signedIn,
      tags,
      summary: 'Create a subtopic',
      request: jsonBody(createSubtopicSchema),
      responses: { 201: json(subtopicSchema, 'Created') },
    }),
    async (c) => c.json(await createSubtopic(c.get('actor'), c.req.valid('json')), 201),
  )
  // POST /api/subtopics/posts?subtopicId — the subtopic's stories, in order (site admins)
  .openapi(
    createRoute({
      method: 'post',
      path: '/posts',
      security: signedIn,
      tags,
      summary: "Set a subtopic's stories (ids in order, replacing the ones it had)",
      request: { query: subtopicPostsQuerySchema, ...jsonBody(subtopicPostsBodySchema) },
      responses: { 200: json(subtopicWithStoriesSchema) },
    }),
    async (c) =>
      c.json(
        await assignSubtopicPosts(c.get('actor'), c.req.valid('query').subtopicId, c.req.valid('json')),
        200,
      ),
  )
  // PATCH /api/subtopics/{id} — rename or describe it (the subtopic-edit dialog; site admins)
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: "Change a subtopic's name or description",
      request: { params: idParams, ...jsonBody(updateSubtopicSchema) },
      responses: { 200: json(subtopicSchema) },
    }),
    async (c) =>
      c.json(await updateSubtopic(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  // DELETE /api/subtopics/{id} — delete it; its stories stay (site admins)
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: 'Delete a subtopic',
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' } },
    }),
    async (c) => {
      await deleteSubtopic(c.get('actor'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  // GET /api/subtopics/{id} — one subtopic with its published stories, in the order staff gave them
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      security: anyone,
      tags,
      summary: 'A subtopic with its stories',
      request: { params: idParams },
      responses: { 200: json(subtopicWithStoriesSchema) },
    }),
    async (c) => c.json(await getSubtopicOrThrow(c.get('actor'), c.req.valid('param').id), 200),
  );
