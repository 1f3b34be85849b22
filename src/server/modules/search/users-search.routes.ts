import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, errors, json } from '../../api/openapi';
import { clientAddress } from '../../lib/client-address';
import { authorsQuerySchema, authorsSchema } from './users-search.schema';
import { countAuthorSearch, searchAuthors } from './users-search.service';

// Mounted before usersRoutes: /users/all_authors would otherwise be taken by /users/{id}.
export const usersSearchRoutes = createRouter()
  // GET /api/users/all_authors?q — writers by name or handle (the writers dialog)
  .openapi(
    createRoute({
      method: 'get',
      path: '/all_authors',
      security: anyone,
      tags: ['users'],
      summary: 'Search writers',
      request: { query: authorsQuerySchema },
      responses: { 200: json(authorsSchema), ...errors(429) },
    }),
    async (c) => {
      const { q } = c.req.valid('query');
      await countAuthorSearch(clientAddress(c.req.raw.headers));
      return c.json({ authors: await searchAuthors(q) }, 200);
    },
  );
