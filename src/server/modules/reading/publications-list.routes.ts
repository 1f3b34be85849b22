import { createRoute } from '@hono/zod-openapi';
import { anyone, json } from '../../api/openapi';
import { createRouter } from '../../api/router';
import { publicationListQuerySchema, publicationListSchema } from '../publications/publications.schema';
import { listPublications } from './publications-list.service';

// GET /api/publications: the publications directory, with each one's published story count — a
// listing, so it is the reading module's (mounted between the publications module's routers).

const tags = ['publications'];

export const publicationListRoutes = createRouter()
  // GET /api/publications?languageCode&lastKey&limit — every publication, newest first, a page at a time
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      security: anyone,
      tags,
      summary: 'Publications, newest first (optionally of one language)',
      request: { query: publicationListQuerySchema },
      responses: { 200: json(publicationListSchema) },
    }),
    async (c) => c.json(await listPublications(c.get('actor'), c.req.valid('query')), 200),
  );
