import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, errors, json, jsonBody, signedIn } from '../../api/openapi';
import {
  approvePost,
  cancelScheduledPost,
  publishPost,
  rejectPost,
  schedulePost,
  unpublishPost,
} from './posts-lifecycle.service';
import { getPostWithScriptureOrThrow } from './posts-read.service';
import {
  createPostSchema,
  createScheduledPostSchema,
  publishNewPostSchema,
  rejectPostSchema,
  schedulePostSchema,
  storyIdSchema,
  storySchema,
  storyWithScriptureSchema,
  updatePostSchema,
} from './posts.schema';
import { createPost, deletePost, updatePost } from './posts.service';

// /api/posts (SPEC §7 Posts, DESIGN §3): writing one story and moving it through its states. Every
// answer about one story is the whole story (storySchema). The lists of stories (an author's, a
// publication's) are the reading module's routes, mounted between these (src/server/api/app.ts).

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

export const postCreateRoutes = createRouter()
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
  );

// The state changes, mounted after the reading module's author lists (src/server/api/app.ts keeps
// the document's order of paths).
export const postStateRoutes = createRouter()
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
  );

// One story by id, mounted last: '/{id}' would otherwise answer for the paths above.
export const postsRoutes = createRouter()
  // GET /api/posts/{id} — one story (404 when this visitor may not see it)
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      security: anyone,
      tags,
      summary: 'A story',
      description: 'With the scripture passages it cites (`scriptureRefs`), in order of first appearance.',
      request: { params },
      responses: { 200: json(storyWithScriptureSchema) },
    }),
    async (c) => c.json(await getPostWithScriptureOrThrow(c.get('actor'), c.req.valid('param').id), 200),
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
