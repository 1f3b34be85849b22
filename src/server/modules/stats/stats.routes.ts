import { createRoute } from '@hono/zod-openapi';
import { anyone, errors, json, jsonBody, signedIn } from '../../api/openapi';
import { createRouter } from '../../api/router';
import { publicationStatsByPost } from './stats.service';
import { recordPageView } from './stats-views.service';
import { byPostAnswerSchema, byPostQuerySchema, viewBeaconSchema } from './stats.schema';

// Page views: the story page's beacon, and a publication's stats (SPEC §7 /publications/stats).

const tags = ['stats'];

/** Mounted at /api/stats. */
export const viewBeaconRoutes = createRouter()
  // POST /api/stats/view {postId} — one reader looked at a story (sent by the story page after load)
  .openapi(
    createRoute({
      method: 'post',
      path: '/view',
      security: anyone,
      tags,
      summary: 'Count a page view (bots and prefetches are ignored; once per reader, story and UTC day)',
      request: jsonBody(viewBeaconSchema),
      responses: { 204: { description: 'Noted' }, ...errors(429) },
    }),
    (c) => {
      recordPageView(c.get('actor'), { postId: c.req.valid('json').postId, headers: c.req.raw.headers });
      return c.body(null, 204);
    },
  );

/** Mounted at /api/publications/stats. */
export const statsRoutes = createRouter()
  // GET /api/publications/stats/by_post?startDate&id&lastKey — views per story and per day
  .openapi(
    createRoute({
      method: 'get',
      path: '/by_post',
      security: signedIn,
      tags: ['publications', ...tags],
      summary: "A publication's stories with their views since startDate, and its views per day",
      request: { query: byPostQuerySchema },
      responses: { 200: json(byPostAnswerSchema) },
    }),
    async (c) => c.json(await publicationStatsByPost(c.get('actor'), c.req.valid('query')), 200),
  );
