import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { json, jsonBody, signedIn } from '../../api/openapi';
import {
  oneRevisionParamsSchema,
  restoredRevisionSchema,
  restoreRevisionSchema,
  revisionListQuerySchema,
  revisionPageSchema,
  revisionParamsSchema,
  revisionSchema,
} from './revisions.schema';
import { getRevision, listRevisions, restoreRevision } from './revisions.service';

// /api/posts/{id}/revisions (issue 23 item 4; docs/decisions/039-story-revisions.md): a story's
// history, for whoever may change its content. Mounted under /posts in src/server/api/app.ts.

const tags = ['revisions'];

export const revisionsRoutes = createRouter()
  // GET /api/posts/{id}/revisions?lastKey&limit — the story's history, newest first
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/revisions',
      security: signedIn,
      tags,
      summary: "A story's revisions, newest first, page by page",
      description:
        'For whoever may change the story (its author). Autosaves by one person within 10 minutes of the start of their latest edit revision are folded into it; every publish and restore is a revision of its own; the newest 100 are kept.',
      request: { params: revisionParamsSchema, query: revisionListQuerySchema },
      responses: { 200: json(revisionPageSchema) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await listRevisions(c.get('actor'), id, c.req.valid('query')), 200);
    },
  )
  // GET /api/posts/{id}/revisions/{revisionId} — one version with all its content
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/revisions/{revisionId}',
      security: signedIn,
      tags,
      summary: 'One revision of a story, with its content',
      request: { params: oneRevisionParamsSchema },
      responses: { 200: json(revisionSchema) },
    }),
    async (c) => {
      const { id, revisionId } = c.req.valid('param');
      return c.json(await getRevision(c.get('actor'), id, revisionId), 200);
    },
  )
  // POST /api/posts/{id}/revisions/{revisionId}/restore — that version becomes the story's content
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/revisions/{revisionId}/restore',
      security: signedIn,
      tags,
      summary: 'Restore a revision of a story',
      description:
        "Saves the revision's title, body, feature image, tags and language as the story's content (its state is kept: a published story stays published), and its excerpt where you may change the excerpt. `version` must be the story's current one (409 otherwise). The restore is a new revision; nothing is lost.",
      request: { params: oneRevisionParamsSchema, ...jsonBody(restoreRevisionSchema) },
      responses: { 200: json(restoredRevisionSchema) },
    }),
    async (c) => {
      const { id, revisionId } = c.req.valid('param');
      return c.json(await restoreRevision(c.get('actor'), id, revisionId, c.req.valid('json')), 200);
    },
  );
