import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, errors, json, jsonBody, signedIn } from '../../api/openapi';
import {
  createResponseSchema,
  hideResponseSchema,
  hideResultSchema,
  publicationIdParams,
  publicationResponsesSettingsSchema,
  repliesPageSchema,
  responseIdParams,
  responseSchema,
  responsesPageSchema,
  responsesQuerySchema,
  responsesSettingsBodySchema,
  storyIdParams,
  storyResponsesSettingsSchema,
  updateResponseSchema,
  RESPONSE_TEXT_MAX,
} from './responses.schema';
import {
  createResponse,
  deleteResponse,
  hideResponse,
  listReplies,
  listResponses,
  RESPONSE_LIMITS,
  updateResponse,
} from './responses.service';
import {
  getPublicationResponsesSettings,
  getStoryResponsesSettings,
  setPublicationResponsesSettings,
  setStoryResponsesSettings,
} from './responses-settings.service';

// Responses under stories (issue 25; docs/decisions/053-responses.md). Mounted at /api in app.ts:
// /posts/{id}/responses…, /responses/{id}…, /publications/{id}/responses/settings.
const tags = ['responses'];
const { perUser, perStory } = RESPONSE_LIMITS;

export const responsesRoutes = createRouter()
  // GET /api/posts/{id}/responses?lastKey — top-level responses, newest first, with their first replies
  .openapi(
    createRoute({
      method: 'get',
      path: '/posts/{id}/responses',
      security: anyone,
      tags,
      summary: 'A published story’s responses, newest first, each with its first replies (oldest first)',
      description:
        'A draft, unpublished or unreadable story answers 404. Pages of 10 top-level responses (keyset on ' +
        '`lastKey`); under each its first 3 replies, `replyCount` and `repliesLastKey` to page on with ' +
        'GET /api/responses/{id}/replies. A banned writer’s responses are never listed (an unban brings them ' +
        'back); hidden ones are listed, marked, to the story’s writer and its publication’s editors only, and ' +
        'removed ones to site staff only. `can` carries what the caller may do with each.',
      request: { params: storyIdParams, query: responsesQuerySchema },
      responses: { 200: json(responsesPageSchema) },
    }),
    async (c) =>
      c.json(await listResponses(c.get('actor'), c.req.valid('param').id, c.req.valid('query').lastKey), 200),
  )
  // POST /api/posts/{id}/responses {text, parentId?} — respond, or reply to a response
  .openapi(
    createRoute({
      method: 'post',
      path: '/posts/{id}/responses',
      security: signedIn,
      tags,
      summary: 'Respond to a published story, or reply to one of its responses',
      description:
        `Plain text of 1–${RESPONSE_TEXT_MAX} characters (HTML is kept as text, never rendered). A reply ` +
        '(`parentId`) answers a top-level response of the same story that is shown (not hidden, removed, ' +
        'deleted or by a banned writer): a reply to a reply is 403, to a response not shown 409, to one that ' +
        'is gone 404. 403 when the story’s writer or its publication turned responses off. At most ' +
        `${perUser.limit} responses a minute per writer and ${perStory.limit} a minute per story (429 with ` +
        'Retry-After). Users mentioned by @handle are told (notifications).',
      request: { params: storyIdParams, ...jsonBody(createResponseSchema) },
      responses: { 201: json(responseSchema, 'Posted'), ...errors(409, 429) },
    }),
    async (c) =>
      c.json(await createResponse(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 201),
  )
  // GET /api/responses/{id}/replies?lastKey — a response's replies, oldest first
  .openapi(
    createRoute({
      method: 'get',
      path: '/responses/{id}/replies',
      security: anyone,
      tags,
      summary: 'A response’s replies, oldest first',
      description:
        'Pages of 20 after `lastKey` (the `repliesLastKey` of the response in its list). Shown as in its list; a ' +
        'response the caller is not shown, or a reply, answers 404.',
      request: { params: responseIdParams, query: responsesQuerySchema },
      responses: { 200: json(repliesPageSchema) },
    }),
    async (c) =>
      c.json(await listReplies(c.get('actor'), c.req.valid('param').id, c.req.valid('query').lastKey), 200),
  )
  // PATCH /api/responses/{id} {text} — its writer edits it (15 minutes)
  .openapi(
    createRoute({
      method: 'patch',
      path: '/responses/{id}',
      security: signedIn,
      tags,
      summary: 'Edit your response (in the first 15 minutes after posting it)',
      description:
        `Its writer only, within 15 minutes of posting it, while it is not hidden or removed (403 otherwise). ` +
        `Plain text of 1–${RESPONSE_TEXT_MAX} characters.`,
      request: { params: responseIdParams, ...jsonBody(updateResponseSchema) },
      responses: { 200: json(responseSchema) },
    }),
    async (c) =>
      c.json(await updateResponse(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  // DELETE /api/responses/{id} — its writer deletes it, its replies with it
  .openapi(
    createRoute({
      method: 'delete',
      path: '/responses/{id}',
      security: signedIn,
      tags,
      summary: 'Delete your response, and the replies to it',
      description: 'Its writer only. The replies under a deleted response are deleted with it.',
      request: { params: responseIdParams },
      responses: { 204: { description: 'Deleted' } },
    }),
    async (c) => {
      await deleteResponse(c.get('actor'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  // POST /api/responses/{id}/hide {hidden} — hide or show (writer, editors); remove or restore (site staff)
  .openapi(
    createRoute({
      method: 'post',
      path: '/responses/{id}/hide',
      security: signedIn,
      tags,
      summary: 'Hide a response from readers, or show it again',
      description:
        'The story’s writer and its publication’s owner and editors hide it (`hidden: true`) or show it again. ' +
        'Site staff (site editors and admins) remove it instead, or restore it, and the moderation log records ' +
        'each (remove_response, restore_response); a writer cannot show again what staff removed.',
      request: { params: responseIdParams, ...jsonBody(hideResponseSchema) },
      responses: { 200: json(hideResultSchema) },
    }),
    async (c) =>
      c.json(await hideResponse(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  // GET /api/posts/{id}/responses/settings — whether the story takes responses
  .openapi(
    createRoute({
      method: 'get',
      path: '/posts/{id}/responses/settings',
      security: signedIn,
      tags,
      summary: 'Whether a story takes responses (for its writer and its publication’s editors)',
      request: { params: storyIdParams },
      responses: { 200: json(storyResponsesSettingsSchema) },
    }),
    async (c) => c.json(await getStoryResponsesSettings(c.get('actor'), c.req.valid('param').id), 200),
  )
  // PUT /api/posts/{id}/responses/settings {open} — turn the story's responses off or on
  .openapi(
    createRoute({
      method: 'put',
      path: '/posts/{id}/responses/settings',
      security: signedIn,
      tags,
      summary: 'Turn a story’s responses off, or on again',
      description:
        'The story’s writer and its publication’s owner and editors. Responses already posted stay; new ones ' +
        'are refused (403) while they are off. A publication that turned them off keeps them off for all its stories.',
      request: { params: storyIdParams, ...jsonBody(responsesSettingsBodySchema) },
      responses: { 200: json(storyResponsesSettingsSchema) },
    }),
    async (c) =>
      c.json(
        await setStoryResponsesSettings(c.get('actor'), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  // GET /api/publications/{id}/responses/settings — whether its stories take responses
  .openapi(
    createRoute({
      method: 'get',
      path: '/publications/{id}/responses/settings',
      security: signedIn,
      tags,
      summary: 'Whether a publication’s stories take responses (its owner and editors)',
      request: { params: publicationIdParams },
      responses: { 200: json(publicationResponsesSettingsSchema) },
    }),
    async (c) => c.json(await getPublicationResponsesSettings(c.get('actor'), c.req.valid('param').id), 200),
  )
  // PUT /api/publications/{id}/responses/settings {open} — turn responses off or on for all its stories
  .openapi(
    createRoute({
      method: 'put',
      path: '/publications/{id}/responses/settings',
      security: signedIn,
      tags,
      summary: 'Turn responses off, or on again, for every story of a publication',
      description:
        'Its owner and editors. Off here means off for each of its stories, whatever the story says.',
      request: { params: publicationIdParams, ...jsonBody(responsesSettingsBodySchema) },
      responses: { 200: json(publicationResponsesSettingsSchema) },
    }),
    async (c) =>
      c.json(
        await setPublicationResponsesSettings(c.get('actor'), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  );
