import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, errors, json, jsonBody, signedIn } from '../../api/openapi';
import { cursorParamSchema, pageLimitSchema } from '../../lib/cursor';
import { userIdSchema } from '../users/users.schema';
import {
  approvePost,
  cancelScheduledPost,
  publishPost,
  rejectPost,
  schedulePost,
  unpublishPost,
} from './posts-lifecycle.service';
import {
  getPostOrThrow,
  getStudioFilters,
  LATEST_POSTS_LIMIT,
  listAuthorPosts,
  listPublicationPosts,
  listPublicationQueue,
} from './posts-read.service';
import {
  createPostSchema,
  createScheduledPostSchema,
  publishNewPostSchema,
  pendingPostsSchema,
  publicationPostsQuerySchema,
  publicationQueueQuerySchema,
  publishedPostsSchema,
  scheduledPostsSchema,
  type PublicationQueue,
  rejectPostSchema,
  schedulePostSchema,
  storyIdSchema,
  storyListFiltersSchema,
  storyPageSchema,
  storySchema,
  studioFiltersSchema,
  updatePostSchema,
} from './posts.schema';
import { createPost, deletePost, updatePost } from './posts.service';

// /api/posts (SPEC §7 Posts, DESIGN §3). Every answer about one story is the whole story (storySchema).

const params = z.object({ id: storyIdSchema });
const tags = ['posts'];
const story = { 200: json(storySchema) };
const created = { 201: json(storySchema, 'Created') };
/** The clock's rule for a schedule, which no keyword can state (docs/decisions/028-openapi-contract.md). */
const SCHEDULE_RULE =
  'scheduledTime, rounded down to the minute, must be in the future and at most five years ahead: a rule of the clock, answered 422 (`unprocessable`) when broken.';

/** PATCH /posts/manage_posts/{action}/{id} with no body: one state change. */
const manage = <Action extends string>(action: Action, summary: string) =>
  createRoute({
    method: 'patch',
    path: `/manage_posts/${action}/{id}`,
    security: signedIn,
    tags,
    summary,
    request: { params },
    responses: story,
  });

const flag = z.enum(['true', 'false', '1', '0']).optional();
const isSet = (value: string | undefined) => value === 'true' || value === '1';

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

export const postsRoutes = createRouter()
  // POST /api/posts/new/draft — save a new story as a draft (pending inside a publication the writer may not publish in)
  .openapi(
    createRoute({
      method: 'post',
      path: '/new/draft',
      security: signedIn,
      tags,
      summary: 'Create a draft',
      request: jsonBody(createPostSchema),
      responses: created,
    }),
    async (c) => c.json(await createPost(c.get('actor'), 'draft', c.req.valid('json')), 201),
  )
  // POST /api/posts/new/publish — create and publish now
  .openapi(
    createRoute({
      method: 'post',
      path: '/new/publish',
      security: signedIn,
      tags,
      summary: 'Create and publish',
      request: jsonBody(publishNewPostSchema),
      responses: created,
    }),
    async (c) => c.json(await createPost(c.get('actor'), 'publish', c.req.valid('json')), 201),
  )
  // POST /api/posts/new/schedule — create and schedule at scheduledTime (epoch ms, future, minute precision)
  .openapi(
    createRoute({
      method: 'post',
      path: '/new/schedule',
      security: signedIn,
      tags,
      summary: 'Create and schedule',
      description: SCHEDULE_RULE,
      request: jsonBody(createScheduledPostSchema),
      responses: { ...created, ...errors(422) },
    }),
    async (c) => c.json(await createPost(c.get('actor'), 'schedule', c.req.valid('json')), 201),
  )
  // GET /api/posts/user_posts/all_posts/{user_id}?lastKeys&forStudio — an author's stories, a page at a time
  .openapi(
    createRoute({
      method: 'get',
      path: '/user_posts/all_posts/{user_id}',
      security: anyone,
      tags,
      summary: "An author's stories (forStudio: every status, for the author themself)",
      description:
        'forStudio needs a session (401 without one; 403 for anyone but the author or a site admin).',
      request: {
        params: z.object({ user_id: userIdSchema }),
        query: z.object({
          lastKeys: cursorParamSchema,
          lastKey: cursorParamSchema,
          forStudio: flag,
          limit: pageLimitSchema(10),
          ...storyListFiltersSchema.shape,
        }),
      },
      responses: { 200: json(storyPageSchema), ...errors(401, 403) },
    }),
    async (c) => {
      const { lastKeys, lastKey, forStudio, limit, ...filters } = c.req.valid('query');
      const page = await listAuthorPosts(c.get('actor'), c.req.valid('param').user_id, {
        lastKey: lastKeys ?? lastKey,
        forStudio: isSet(forStudio),
        limit,
        filters,
      });
      return c.json(page, 200);
    },
  )
  // GET /api/posts/user_posts/studio_filters/{user_id}?scope — the story-filter's choices for a studio
  .openapi(
    createRoute({
      method: 'get',
      path: '/user_posts/studio_filters/{user_id}',
      security: signedIn,
      tags,
      summary: "The collections, writers and publications of a writer's studio (the writer or a site admin)",
      request: {
        params: z.object({ user_id: userIdSchema }),
        query: z.object({ scope: storyListFiltersSchema.shape.scope }),
      },
      responses: { 200: json(studioFiltersSchema) },
    }),
    async (c) =>
      c.json(await getStudioFilters(c.get('actor'), c.req.valid('param').user_id, c.req.valid('query')), 200),
  )
  // GET /api/posts/user_posts/latest_posts/{id} — the author's latest published stories
  .openapi(
    createRoute({
      method: 'get',
      path: '/user_posts/latest_posts/{id}',
      security: anyone,
      tags,
      summary: "An author's latest published stories",
      request: {
        params: z.object({ id: userIdSchema }),
        query: z.object({ lastKey: cursorParamSchema, limit: pageLimitSchema(LATEST_POSTS_LIMIT) }),
      },
      responses: { 200: json(storyPageSchema) },
    }),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(await listAuthorPosts(c.get('actor'), c.req.valid('param').id, query), 200);
    },
  )
  // PATCH /api/posts/manage_posts/publish_post/{id} — publish now
  .openapi(manage('publish_post', 'Publish now'), async (c) =>
    c.json(await publishPost(c.get('actor'), c.req.valid('param').id), 200),
  )
  // PATCH /api/posts/manage_posts/schedule_post/{id} — schedule, or reschedule a scheduled story
  .openapi(
    createRoute({
      method: 'patch',
      path: '/manage_posts/schedule_post/{id}',
      security: signedIn,
      tags,
      summary: 'Schedule or reschedule',
      description: SCHEDULE_RULE,
      request: { params, ...jsonBody(schedulePostSchema) },
      responses: { ...story, ...errors(422) },
    }),
    async (c) =>
      c.json(await schedulePost(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  // PATCH /api/posts/manage_posts/cancel_schedule_post/{id} — back to draft (or pending)
  .openapi(manage('cancel_schedule_post', 'Cancel the schedule'), async (c) =>
    c.json(await cancelScheduledPost(c.get('actor'), c.req.valid('param').id), 200),
  )
  // PATCH /api/posts/manage_posts/unpublish_post/{id} — back to draft, out of its publication
  .openapi(manage('unpublish_post', 'Unpublish'), async (c) =>
    c.json(await unpublishPost(c.get('actor'), c.req.valid('param').id), 200),
  )
  // PATCH /api/posts/manage_posts/approve_post/{id} — publish a story under review (publication owner/editor)
  .openapi(manage('approve_post', 'Approve a story under review'), async (c) =>
    c.json(await approvePost(c.get('actor'), c.req.valid('param').id), 200),
  )
  // PATCH /api/posts/manage_posts/reject_post/{id} — send a story under review back, with a reason
  .openapi(
    createRoute({
      method: 'patch',
      path: '/manage_posts/reject_post/{id}',
      security: signedIn,
      tags,
      summary: 'Reject a story under review',
      request: { params, ...jsonBody(rejectPostSchema) },
      responses: story,
    }),
    async (c) => c.json(await rejectPost(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
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
  })
  // GET /api/posts/{id} — one story (404 when this visitor may not see it)
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      security: anyone,
      tags,
      summary: 'A story',
      request: { params },
      responses: story,
    }),
    async (c) => c.json(await getPostOrThrow(c.get('actor'), c.req.valid('param').id), 200),
  )
  // PATCH /api/posts/{id} — update, or republish; `version` must be current (409 otherwise)
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: 'Update or republish a story',
      description:
        'publicationId and collectionId, each taken from the body or else from the stored story, go together: both (a collection of that publication) or neither; a body that leaves the story with one and not the other is answered 422 (`unprocessable`).',
      request: { params, ...jsonBody(updatePostSchema) },
      responses: { ...story, ...errors(422) },
    }),
    async (c) => c.json(await updatePost(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  // DELETE /api/posts/{id} — delete a story
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: 'Delete a story',
      request: { params },
      responses: { 204: { description: 'Deleted' } },
    }),
    async (c) => {
      await deletePost(c.get('actor'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
