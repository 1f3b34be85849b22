import { z } from 'zod';
import { publicationIdSchema } from '../publications/publications.schema';
import { userIdSchema } from '../users/users.schema';
import { EXPORT_STATUSES } from './exports.table';

// Inputs and answers of the export calls (issue 23 item 2; docs/decisions/043-exports.md).

export const exportIdSchema = z.string().uuid('Not an export id');

// POST /api/exports — {userId} (a writer's stories) or {publicationId} (a publication's, with its
// subscribers for its owner and site admins); exactly one of them.
export const createExportSchema = z
  .union([
    z.strictObject({
      userId: userIdSchema.describe('Export this writer’s stories (yourself, or anyone for a site admin)'),
    }),
    z.strictObject({
      publicationId: publicationIdSchema.describe(
        'Export this publication’s stories and newsletter subscribers (its owner, or a site admin)',
      ),
    }),
  ])
  .meta({ id: 'CreateExport' });
export type CreateExportInput = z.infer<typeof createExportSchema>;

export const exportCreatedSchema = z.object({ id: exportIdSchema }).meta({ id: 'ExportCreated' });

export const exportSchema = z
  .object({
    id: exportIdSchema,
    status: z
      .enum(EXPORT_STATUSES)
      .describe("'pending' and 'running' until the archive is made; then 'done' (download it) or 'failed'"),
    createdAt: z.string().describe('ISO 8601'),
    finishedAt: z.string().nullable().describe('ISO 8601; null until done or failed'),
    size: z.number().int().nonnegative().nullable().describe('Bytes of the archive, once done'),
    error: z.string().nullable().describe('Why it failed, once failed'),
  })
  .meta({ id: 'Export' });
export type ExportView = z.infer<typeof exportSchema>;
