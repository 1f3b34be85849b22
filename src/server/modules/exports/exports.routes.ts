import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { errors, json, jsonBody, signedIn } from '../../api/openapi';
import { createExportSchema, exportCreatedSchema, exportIdSchema, exportSchema } from './exports.schema';
import { getExportStatus, openExportDownload, requestExport } from './exports.service';

// Exports (issue 23 item 2; docs/decisions/043-exports.md): ask for an archive, watch it being made,
// download it.

const tags = ['exports'];
const params = z.object({ id: exportIdSchema });

export const exportsRoutes = createRouter()
  // POST /api/exports — ask for a writer's or a publication's archive; built by a job
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      security: signedIn,
      tags,
      summary: 'Export a writer’s or a publication’s stories, images and subscribers',
      description:
        'A zip with ghost.json (Ghost 5’s import format), one Markdown file per story, the uploaded images, subscribers.csv (publication owners and site admins) and README.txt. Asking again while an export of the same target is still being made answers that one. At most 5 new exports an hour.',
      request: jsonBody(createExportSchema),
      responses: { 202: json(exportCreatedSchema, 'Accepted: the archive is being made'), ...errors(429) },
    }),
    async (c) => c.json(await requestExport(c.get('actor'), c.req.valid('json')), 202),
  )
  // GET /api/exports/{id} — how the export is getting on
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: 'An export’s status',
      request: { params },
      responses: { 200: json(exportSchema) },
    }),
    async (c) => c.json(await getExportStatus(c.get('actor'), c.req.valid('param').id), 200),
  )
  // GET /api/exports/{id}/download — the zip, streamed from disk
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/download',
      security: signedIn,
      tags,
      summary: 'Download a finished export',
      description: 'Only to whoever may export its writer or publication.',
      request: { params },
      responses: {
        200: {
          content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
          description: 'The archive (Content-Disposition: attachment)',
        },
        ...errors(409),
      },
    }),
    async (c) => {
      const file = await openExportDownload(c.get('actor'), c.req.valid('param').id);
      return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, {
        'content-type': 'application/zip',
        'content-length': String(file.size),
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
    },
  );
