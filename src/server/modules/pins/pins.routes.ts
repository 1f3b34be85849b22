import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, errors, json, jsonBody, signedIn } from '../../api/openapi';
import { pinBodySchema, pinSchema, pinsAnswerSchema, pinsQuerySchema, unpinQuerySchema } from './pins.schema';
import { listPins, pinPost, unpinPost } from './pins.service';

// /api/users/pin_post (SPEC §7). Mounted in app.ts before the users router, whose /{id} would
// otherwise answer for it.
const tags = ['pins'];

export const pinsRoutes = createRouter()
  // GET /api/users/pin_post?listId&userId — pinned stories, latest pin first
  .openapi(
    createRoute({
      method: 'get',
      path: '/pin_post',
      security: anyone,
      tags,
      summary: 'Pinned stories: yours, a list’s (listId) or another user’s (userId)',
      request: { query: pinsQuerySchema },
      responses: { 200: json(pinsAnswerSchema), ...errors(401) },
    }),
    async (c) => c.json(await listPins(c.get('actor'), c.req.valid('query')), 200),
  )
  // POST /api/users/pin_post {postId, listId?} — pin a story (201; 200 when it was pinned already)
  .openapi(
    createRoute({
      method: 'post',
      path: '/pin_post',
      security: signedIn,
      tags,
      summary: 'Pin a story on your home page, or inside one of your lists',
      request: jsonBody(pinBodySchema),
      responses: {
        201: json(pinSchema, 'Pinned'),
        200: json(pinSchema, 'Already pinned'),
      },
    }),
    async (c) => {
      const { pin, created } = await pinPost(c.get('actor'), c.req.valid('json'));
      return created ? c.json(pin, 201) : c.json(pin, 200);
    },
  )
  // DELETE /api/users/pin_post?postId&listId — unpin (204, also when it was not pinned)
  .openapi(
    createRoute({
      method: 'delete',
      path: '/pin_post',
      security: signedIn,
      tags,
      summary: 'Unpin a story',
      request: { query: unpinQuerySchema },
      responses: { 204: { description: 'Unpinned' } },
    }),
    async (c) => {
      await unpinPost(c.get('actor'), c.req.valid('query'));
      return c.body(null, 204);
    },
  );
