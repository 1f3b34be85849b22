import { z } from '@hono/zod-openapi';
import { IMPORT_SOURCES } from './sources/import-entries';
import { IMPORT_STATUSES } from './imports.table';

// Inputs and answers of the import calls (issue 23 item 1; docs/decisions/042-imports.md).

export const importIdSchema = z.string().uuid('Not an import id');
export const importParamsSchema = z.object({ id: importIdSchema });

/** Most dry-run items in an answer (the counts are exact whatever the size of the export). */
export const PREVIEW_ITEMS_MAX = 500;

const booleanField = z
  .enum(['true', 'false', 'on', '1', '0'])
  .transform((value) => value === 'true' || value === 'on' || value === '1');

/** The text fields of POST /api/imports (multipart), checked once the file is on disk. */
export const importFieldsSchema = z
  .object({
    source: z.enum(IMPORT_SOURCES).optional(),
    targetUserId: z.string().uuid('Not a user id').optional(),
    targetPublicationId: z.string().uuid('Not a publication id').optional(),
    useOriginalUrlAsCanonical: booleanField.optional(),
    siteUrl: z
      .string()
      .max(300)
      .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/, 'An http(s) address, such as https://example.com')
      .optional(),
    paidPosts: z.enum(['skip', 'draft']).optional(),
  })
  .refine((fields) => !(fields.targetUserId && fields.targetPublicationId), {
    message: 'Give targetUserId or targetPublicationId, not both',
    path: ['targetPublicationId'],
  });
export type ImportFields = z.infer<typeof importFieldsSchema>;

/** The text fields of POST /api/imports/subscribers (multipart). */
export const subscriberFieldsSchema = z.object({
  publicationId: z.string().uuid('Not a publication id'),
});

// The multipart bodies as the document states them (plain schemas: the route streams the body to
// disk itself instead of letting a validator read it into memory).
const sourceEnum = { type: 'string', enum: [...IMPORT_SOURCES] } as const;
export const importUploadDocument = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description:
        'The export: WordPress WXR (.xml), Ghost JSON (.json), Medium or Substack export (.zip). At most IMPORT_MAX_BYTES (100 MB by default).',
    },
    source: { ...sourceEnum, description: 'Detected from the file when left out' },
    targetUserId: { type: 'string', format: 'uuid', description: 'Import into this writer (default: you)' },
    targetPublicationId: { type: 'string', format: 'uuid', description: 'Import into this publication' },
    useOriginalUrlAsCanonical: {
      type: 'string',
      enum: ['true', 'false'],
      description: "Keep each story's original address as its canonical link",
    },
    siteUrl: {
      type: 'string',
      maxLength: 300,
      pattern: '^https?://[^\\s/?#]+[^\\s]*$',
      description: "The old site's address (Ghost and Substack exports do not hold it)",
    },
    paidPosts: {
      type: 'string',
      enum: ['skip', 'draft'],
      description: 'Posts for paying subscribers only: left out (default) or imported as drafts',
    },
  },
} as const;
export const subscriberUploadDocument = {
  type: 'object',
  required: ['file', 'publicationId'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'A Substack or Ghost member CSV' },
    publicationId: { type: 'string', format: 'uuid' },
  },
} as const;

export const previewItemSchema = z.object({
  externalId: z.string(),
  title: z.string(),
  action: z.enum(['create', 'skip']),
  reason: z.string().optional(),
  publishedAt: z.string().nullable().describe('ISO 8601, as the source dated it'),
  tags: z.array(z.string()),
  tagsDropped: z.array(z.string()).optional().describe('Past the 5-tag limit: not imported'),
  notes: z.array(z.string()).optional().describe('What the import changes or leaves out of it'),
});

export const importReportSchema = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  failedImages: z.array(z.object({ story: z.string(), url: z.string(), reason: z.string() })),
  tagsDropped: z.array(z.object({ story: z.string(), tags: z.array(z.string()) })),
  authorsNotFound: z
    .array(z.object({ author: z.string(), stories: z.number().int() }))
    .describe("Source authors with no member of that address: their stories went to the publication's owner"),
});

export const importPreviewSchema = z
  .object({
    id: importIdSchema,
    status: z.literal('previewed'),
    source: z.enum(IMPORT_SOURCES),
    counts: z.object({ create: z.number().int(), skip: z.number().int() }),
    items: z.array(previewItemSchema).describe(`The first ${PREVIEW_ITEMS_MAX} entries`),
  })
  .openapi('ImportPreview');
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importStatusSchema = z
  .object({
    id: importIdSchema,
    status: z.enum(IMPORT_STATUSES),
    source: z.enum(IMPORT_SOURCES),
    target: z.object({
      kind: z.enum(['user', 'publication']),
      id: z.string(),
      name: z.string(),
      homePath: z.string().describe("The writer's or publication's home page"),
    }),
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    counts: z.object({ create: z.number().int(), skip: z.number().int() }),
    report: importReportSchema.nullable(),
    error: z.string().nullable(),
  })
  .openapi('ImportStatus');
export type ImportStatusAnswer = z.infer<typeof importStatusSchema>;

export const subscriberImportAnswerSchema = z
  .object({
    added: z.number().int().describe('New active subscriptions (consent recorded at the source)'),
    confirmationSent: z
      .number()
      .int()
      .describe('New addresses without recorded consent: sent the double opt-in mail, no newsletter'),
    alreadySubscribed: z.number().int().describe('Addresses already on the list: left as they were'),
    skipped: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  })
  .openapi('SubscriberImport');
export type SubscriberImportAnswer = z.infer<typeof subscriberImportAnswerSchema>;
