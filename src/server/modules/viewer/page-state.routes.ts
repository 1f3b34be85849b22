import { createHash } from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import { anyone, json } from '../../api/openapi';
import { createRouter } from '../../api/router';
import { pageStateQuerySchema, pageStateSchema } from './page-state.schema';
import { getPageState } from './page-state.service';

// /api/me: the reader's own part of a page served to everyone alike (decision 031). One small call
// after the page; private to the browser, and answered 304 when nothing changed (ETag).

const CACHE_CONTROL = 'private, max-age=0, must-revalidate';

/**
 * Whether If-None-Match names this ETag, compared weakly (RFC 9110 §13.1.2): the browser sends back
 * the gzipped answer's W/"…" for the plain answer's "…".
 */
const namesEtag = (header: string | undefined, etag: string): boolean =>
  header?.match(/"[^"]*"/g)?.includes(etag) ?? false;

export const pageStateRoutes = createRouter()
  // GET /api/me/page-state?writer&publication&account — the reader's part of the page they are on
  .openapi(
    createRoute({
      method: 'get',
      path: '/page-state',
      security: anyone,
      tags: ['me'],
      summary:
        "The reader's own part of a page everyone gets alike: the policy's flags, and the header's account menu",
      description:
        'Private to the browser; an If-None-Match naming the current ETag is answered 304 with no body.',
      request: { query: pageStateQuerySchema },
      responses: {
        200: json(pageStateSchema),
        304: { description: 'Not modified: the copy the browser holds is current' },
      },
    }),
    async (c) => {
      const state = await getPageState(c.get('actor'), c.req.valid('query'));
      const body = JSON.stringify(state);
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      c.header('cache-control', CACHE_CONTROL);
      c.header('vary', 'Cookie');
      c.header('etag', etag);
      if (namesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
      return c.json(state, 200);
    },
  );
