import { createRoute, z } from '@hono/zod-openapi';
import { anyone, errors, json, signedIn } from '../../api/openapi';
import { createRouter } from '../../api/router';
import {
  pendingPostsSchema,
  publicationPostsQuerySchema,
  publicationQueueQuerySchema,
  publishedPostsSchema,
  scheduledPostsSchema,
  storyPageSchema,
  type PublicationQueue,
} from '../posts/posts.schema';
import { listPublicationPosts, listPublicationQueue } from './publication-stories.service';
import { isSet } from './story-list-flags';

// /api/posts/publications/…: a publication's stories, its review desk and its studio's queues
// (SPEC §4, §7). Mounted under /posts between the story core's routers (src/server/api/app.ts).

const tags = ['posts'];

const publicationParams = z.object({ id: z.string().uuid('Not a publication id') });

/** GET /posts/publications/{id}/posts/{queue}: one list of the publication studio (SPEC §4, §7). */
const queueRoute = <Queue extends PublicationQueue, Answer extends z.ZodTypeAny>(
  queue: Queue,
  answer: Answer,
) =>
  createRoute({
    method: 'get',
    path: `/publications/{id}/posts/${queue}`,
    security: signedIn,
    tags,
    summary: `A publication's ${queue} stories (its members; authors see their own submissions)`,
    request: { params: publicationParams, query: publicationQueueQuerySchema },
    responses: { 200: json(answer) },
  });

export const publicationStoriesRoutes = createRouter()
  // GET /api/posts/publications/{id}?forAdmin&lastKeys&collectionId — a publication's published stories (forAdmin: every story but drafts)
  .openapi(
    createRoute({
      method: 'get',
      path: '/publications/{id}',
      security: anyone,
      tags,
      summary: "A publication's published stories, all or one collection's (forAdmin: its editors' view)",
      description:
        "forAdmin needs a session (401 without one; 403 for anyone but the publication's editors).",
      request: { params: publicationParams, query: publicationPostsQuerySchema },
      responses: { 200: json(storyPageSchema), ...errors(401, 403) },
    }),
    async (c) => {
      const { lastKeys, lastKey, forAdmin, collectionId, limit } = c.req.valid('query');
      const page = await listPublicationPosts(c.get('actor'), c.req.valid('param').id, {
        lastKey: lastKeys ?? lastKey,
        forAdmin: isSet(forAdmin),
        collectionId,
        limit,
      });
      return c.json(page, 200);
    },
  )
  // GET /api/posts/publications/{id}/posts/pending — stories under review: {pendingPosts, lastKey}
  .openapi(queueRoute('pending', pendingPostsSchema), async (c) => {
    const { lastKeys, lastKey, limit } = c.req.valid('query');
    const page = await listPublicationQueue(c.get('actor'), c.req.valid('param').id, 'pending', {
      lastKey: lastKey ?? lastKeys,
      limit,
    });
    return c.json({ pendingPosts: page.posts, lastKey: page.lastKey }, 200);
  })
  // GET /api/posts/publications/{id}/posts/scheduled — {scheduledPosts, lastKey}
  .openapi(queueRoute('scheduled', scheduledPostsSchema), async (c) => {
    const { lastKeys, lastKey, limit } = c.req.valid('query');
    const page = await listPublicationQueue(c.get('actor'), c.req.valid('param').id, 'scheduled', {
      lastKey: lastKey ?? lastKeys,
      limit,
    });
    return c.json({ scheduledPosts: page.posts, lastKey: page.lastKey }, 200);
  })
  // GET /api/posts/publications/{id}/posts/published — {publishedPosts, lastKey}
  .openapi(queueRoute('published', publishedPostsSchema), async (c) => {
    const { lastKeys, lastKey, limit } = c.req.valid('query');
    const page = await listPublicationQueue(c.get('actor'), c.req.valid('param').id, 'published', {
      lastKey: lastKey ?? lastKeys,
      limit,
    });
    return c.json({ publishedPosts: page.posts, lastKey: page.lastKey }, 200);
  });
