import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, json } from '../../api/openapi';
import { AppError } from '../../lib/errors';
import { isSubdomainTaken } from './subdomains.service';

export const subdomainsRoutes = createRouter()
  // GET /api/subdomains/{subdomain} — availability: 200 when taken or reserved, 404 when free
  .openapi(
    createRoute({
      method: 'get',
      path: '/{subdomain}',
      security: anyone,
      tags: ['subdomains'],
      summary: 'Is this subdomain taken? (200 taken or reserved, 404 free)',
      request: { params: z.object({ subdomain: z.string().min(1).max(100) }) },
      responses: {
        200: json(z.object({ subdomain: z.string(), taken: z.literal(true) })),
      },
    }),
    async (c) => {
      const { subdomain } = c.req.valid('param');
      if (!(await isSubdomainTaken(subdomain)))
        throw new AppError('not_found', 'This subdomain is available');
      return c.json({ subdomain: subdomain.toLowerCase(), taken: true as const }, 200);
    },
  );
