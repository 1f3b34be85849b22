import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, json, jsonBody, signedIn } from '../../api/openapi';
import { cursorParamSchema, pageLimitSchema } from '../../lib/cursor';
import { storyPageSchema } from '../posts/posts.schema';
import {
  createListSchema,
  listEntrySchema,
  listIdSchema,
  listIdsAnswerSchema,
  listPostQuerySchema,
  listSchema,
  listsAnswerSchema,
  postIdQuerySchema,
  updateListQuerySchema,
} from './lists.schema';
import {
  addPostToList,
  createList,
  deleteList,
  getListOrThrow,
  listIdsHoldingPost,
  listMyLists,
  listPostsOfList,
  removePostFromList,
  updateList,
} from './lists.service';

// Reading lists (SPEC §7 Lists). Mounted at /api itself because three of its paths live under other
// modules' prefixes (/users/lists, /posts/get_posts_by_list_id): app.ts mounts this router before
// the users and posts routers, whose /{id} paths would otherwise answer for them.

const tags = ['lists'];
const params = z.object({ id: listIdSchema });
const list = { 200: json(listSchema) };
const entry = { 200: json(listEntrySchema) };

export const listsRoutes = createRouter()
  // POST /api/lists/create — a new list of the signed-in user
  .openapi(
    createRoute({
      method: 'post',
      path: '/lists/create',
      security: signedIn,
      tags,
      summary: 'Create a list',
      request: jsonBody(createListSchema),
      responses: { 201: json(listSchema, 'Created') },
    }),
    async (c) => c.json(await createList(c.get('actor'), c.req.valid('json')), 201),
  )
  // GET /api/lists/posts?postId — ids of the caller's lists that hold the story
  .openapi(
    createRoute({
      method: 'get',
      path: '/lists/posts',
      security: signedIn,
      tags,
      summary: 'Which of your lists hold a story',
      request: { query: postIdQuerySchema },
      responses: { 200: json(listIdsAnswerSchema) },
    }),
    async (c) => c.json(await listIdsHoldingPost(c.get('actor'), c.req.valid('query').postId), 200),
  )
  // POST /api/lists/posts?listId&postId — save a story to one of your lists (again: no change)
  .openapi(
    createRoute({
      method: 'post',
      path: '/lists/posts',
      security: signedIn,
      tags,
      summary: 'Add a story to your list',
      request: { query: listPostQuerySchema },
      responses: entry,
    }),
    async (c) => {
      const { listId, postId } = c.req.valid('query');
      return c.json(await addPostToList(c.get('actor'), listId, postId), 200);
    },
  )
  // DELETE /api/lists/posts?listId&postId — take a story out of your list
  .openapi(
    createRoute({
      method: 'delete',
      path: '/lists/posts',
      security: signedIn,
      tags,
      summary: 'Remove a story from your list',
      request: { query: listPostQuerySchema },
      responses: entry,
    }),
    async (c) => {
      const { listId, postId } = c.req.valid('query');
      return c.json(await removePostFromList(c.get('actor'), listId, postId), 200);
    },
  )
  // GET /api/lists/{id} — a list (a private one only for its owner: 404 for everyone else)
  .openapi(
    createRoute({
      method: 'get',
      path: '/lists/{id}',
      security: anyone,
      tags,
      summary: 'A list',
      request: { params },
      responses: list,
    }),
    async (c) => c.json(await getListOrThrow(c.get('actor'), c.req.valid('param').id), 200),
  )
  // PATCH /api/lists/{id}?listName&privacyStatus — rename it, or make it public or private
  .openapi(
    createRoute({
      method: 'patch',
      path: '/lists/{id}',
      security: signedIn,
      tags,
      summary: 'Rename a list or change its privacy',
      request: { params, query: updateListQuerySchema },
      responses: list,
    }),
    async (c) => c.json(await updateList(c.get('actor'), c.req.valid('param').id, c.req.valid('query')), 200),
  )
  // DELETE /api/lists/{id} — delete a list (its stories stay where they are)
  .openapi(
    createRoute({
      method: 'delete',
      path: '/lists/{id}',
      security: signedIn,
      tags,
      summary: 'Delete a list',
      request: { params },
      responses: { 204: { description: 'Deleted' } },
    }),
    async (c) => {
      await deleteList(c.get('actor'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  // GET /api/users/lists — the signed-in user's lists, newest first
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/lists',
      security: signedIn,
      tags,
      summary: 'Your lists',
      responses: { 200: json(listsAnswerSchema) },
    }),
    async (c) => c.json(await listMyLists(c.get('actor')), 200),
  )
  // GET /api/posts/get_posts_by_list_id?id&lastKey — the list's stories, latest added first, a page at a time
  .openapi(
    createRoute({
      method: 'get',
      path: '/posts/get_posts_by_list_id',
      security: anyone,
      tags,
      summary: "A list's stories (those you may see), page by page",
      request: {
        query: z.object({
          id: listIdSchema,
          lastKeys: cursorParamSchema,
          lastKey: cursorParamSchema,
          limit: pageLimitSchema(10),
        }),
      },
      responses: { 200: json(storyPageSchema) },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const page = await listPostsOfList(c.get('actor'), query.id, {
        lastKey: query.lastKeys ?? query.lastKey,
        limit: query.limit,
      });
      return c.json(page, 200);
    },
  );
