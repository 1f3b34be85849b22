import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, json, jsonBody, signedIn } from '../../api/openapi';
import { collectionPageQuerySchema, collectionPageSchema } from './collections.schema';
import {
  collectionIdSchema,
  collectionSchema,
  createCollectionSchema,
  updateCollectionSchema,
} from '../publications/publications.schema';
import {
  createCollection,
  deleteCollection,
  getCollectionPage,
  updateCollection,
} from './collections.service';

// A publication's collections (SPEC §7 "GET /collections/{id}?lastKey"; create, rename and delete
// are DESIGN's), mounted at /api/collections.

const tags = ['collections'];
const params = z.object({ id: collectionIdSchema });

export const collectionsRoutes = createRouter()
  // POST /api/collections/create {publicationId, name, description} — a new collection
  .openapi(
    createRoute({
      method: 'post',
      path: '/create',
      security: signedIn,
      tags,
      summary: 'Create a collection in a publication',
      request: jsonBody(createCollectionSchema),
      responses: { 201: json(collectionSchema, 'Created') },
    }),
    async (c) => c.json(await createCollection(c.get('actor'), c.req.valid('json')), 201),
  )
  // GET /api/collections/{id}?lastKey&limit — the collection and its published stories, newest first
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      security: anyone,
      tags,
      summary: 'A collection and its published stories, page by page',
      request: { params, query: collectionPageQuerySchema },
      responses: { 200: json(collectionPageSchema) },
    }),
    async (c) =>
      c.json(await getCollectionPage(c.get('actor'), c.req.valid('param').id, c.req.valid('query')), 200),
  )
  // PATCH /api/collections/{id} {name?, description?} — rename or describe it
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: 'Rename a collection or change its description',
      request: { params, ...jsonBody(updateCollectionSchema) },
      responses: { 200: json(collectionSchema) },
    }),
    async (c) =>
      c.json(await updateCollection(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  // DELETE /api/collections/{id} — its stories stay in the publication, in no collection (decision 020)
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: 'Delete a collection (its stories stay in the publication)',
      request: { params },
      responses: { 204: { description: 'Deleted' } },
    }),
    async (c) => {
      await deleteCollection(c.get('actor'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
