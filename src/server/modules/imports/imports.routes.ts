import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { errorBodySchema, errors, json, signedIn } from '../../api/openapi';
import { env } from '../../lib/env';
import {
  importParamsSchema,
  importPreviewSchema,
  importStatusSchema,
  importUploadDocument,
  subscriberImportAnswerSchema,
  subscriberUploadDocument,
} from './imports.schema';
import { admitImportUpload, confirmImport, createImport, getImportStatus } from './imports.service';
import { importSubscribers } from './imports-subscribers.service';
import { receiveMultipartFile } from './imports.upload';

// Imports from other platforms (issue 23 item 1; docs/decisions/042-imports.md). Mounted at
// /api/imports. The uploads are multipart bodies streamed to disk by the handler itself (the
// document states their fields; no validator reads them into memory first).

const tags = ['imports'];
const multipart = (schema: object) => ({
  body: { content: { 'multipart/form-data': { schema } }, required: true },
});
const tooLarge = {
  413: json(
    errorBodySchema,
    'The file is larger than IMPORT_MAX_BYTES (100 MB by default); nothing was kept',
  ),
};

export const importsRoutes = createRouter()
  // POST /api/imports — upload an export; answers its dry run
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      security: signedIn,
      tags,
      summary: 'Upload an export from WordPress, Ghost, Medium or Substack: its dry run',
      description:
        'Into your own account by default; a publication owner into their publication (targetPublicationId); a site admin into any writer or publication. A file that cannot be read answers 422 and nothing is kept.',
      request: multipart(importUploadDocument),
      responses: { 201: json(importPreviewSchema, 'The dry run'), ...tooLarge, ...errors(422, 429) },
    }),
    async (c) => {
      const actor = await admitImportUpload(c.get('actor'));
      const upload = await receiveMultipartFile(c.req.raw, env.IMPORT_MAX_BYTES);
      return c.json(await createImport(actor, upload), 201);
    },
  )
  // POST /api/imports/subscribers — a Substack or Ghost member CSV into a publication's newsletter
  .openapi(
    createRoute({
      method: 'post',
      path: '/subscribers',
      security: signedIn,
      tags,
      summary: "Import a member CSV into a publication's newsletter",
      description:
        'Addresses with consent recorded at the source become active; the others get the double opt-in mail, never a newsletter. Addresses already subscribed are left as they are.',
      request: multipart(subscriberUploadDocument),
      responses: { 200: json(subscriberImportAnswerSchema), ...tooLarge, ...errors(422, 429) },
    }),
    async (c) => {
      const actor = await admitImportUpload(c.get('actor'));
      const upload = await receiveMultipartFile(c.req.raw, env.IMPORT_MAX_BYTES);
      return c.json(await importSubscribers(actor, upload), 200);
    },
  )
  // POST /api/imports/{id}/confirm — start the import its dry run showed (or continue a failed one)
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/confirm',
      security: signedIn,
      tags,
      summary: 'Confirm an import: it runs as a job',
      request: { params: importParamsSchema },
      responses: { 202: json(importStatusSchema, 'Started') },
    }),
    async (c) => c.json(await confirmImport(c.get('actor'), c.req.valid('param').id), 202),
  )
  // GET /api/imports/{id} — status, progress and report
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: "An import's status, progress and report",
      request: { params: importParamsSchema },
      responses: { 200: json(importStatusSchema) },
    }),
    async (c) => c.json(await getImportStatus(c.get('actor'), c.req.valid('param').id), 200),
  );
