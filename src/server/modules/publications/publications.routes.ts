import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { errorResponses, json } from '../../api/openapi';
import { userIdSchema } from '../users/users.schema';
import { publicationQuerySchema, publicationSchema, publicationSummarySchema } from './publications.schema';
import { getPublicationOrThrow, listPublicationsOfUser } from './publications.service';

export const publicationsRoutes = createRouter()
  // GET /api/publications/getPublicationsByUserId?userId= — the user's publications with collections
  .openapi(
    createRoute({
      method: 'get',
      path: '/getPublicationsByUserId',
      tags: ['publications'],
      summary: 'Publications a user belongs to, with their collections',
      request: { query: z.object({ userId: userIdSchema }) },
      responses: {
        200: json(z.object({ publications: z.array(publicationSummarySchema) })),
        ...errorResponses,
      },
    }),
    async (c) =>
      c.json(
        { publications: await listPublicationsOfUser(c.get('actor'), c.req.valid('query').userId) },
        200,
      ),
  )
  // GET /api/publications/{id}?getUserRelation=true — one publication (+ the caller's userRelation).
  // Keep it after every other one-segment GET path: '/{id}' would otherwise answer for them.
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags: ['publications'],
      summary: 'A publication with its collections, and optionally your relation to it',
      request: {
        params: z.object({ id: z.string().uuid('Not a publication id') }),
        query: publicationQuerySchema,
      },
      responses: { 200: json(publicationSchema), ...errorResponses },
    }),
    async (c) => {
      const flag = c.req.valid('query').getUserRelation;
      const publication = await getPublicationOrThrow(c.get('actor'), c.req.valid('param').id, {
        withUserRelation: flag === 'true' || flag === '1',
      });
      return c.json(publication, 200);
    },
  );
