import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { errorBodySchema, errors, json, signedIn } from '../../api/openapi';
import { AppError } from '../../lib/errors';
import {
  presignQuerySchema,
  presignResponseSchema,
  uploadParamsSchema,
  uploadQuerySchema,
  uploadResponseSchema,
} from './images.schema';
import { createUploadUrl, receiveUpload } from './images.service';

const tooLarge = (maxBytes: number) =>
  new AppError('payload_too_large', 'The file is too large', `at most ${maxBytes / (1024 * 1024)} MB`);

/** The raw request body, refused (413) as soon as it passes maxBytes: never buffered beyond that. */
async function readBodyWithLimit(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

export const imagesRoutes = createRouter()
  // GET /api/images/get_presigned_url?fileExtension= — a signed, single-use upload URL (signed in)
  .openapi(
    createRoute({
      method: 'get',
      path: '/get_presigned_url',
      security: signedIn,
      tags: ['images'],
      summary: 'Get a URL to upload one image to',
      request: { query: presignQuerySchema },
      responses: { 200: json(presignResponseSchema), ...errors(429) },
    }),
    async (c) => {
      const { fileExtension, fileSize } = c.req.valid('query');
      return c.json(await createUploadUrl(c.get('actor'), fileExtension, fileSize), 200);
    },
  )
  // PUT /api/images/upload/{key}?expires=&sig= — the image's bytes, with its Content-Type
  .openapi(
    createRoute({
      method: 'put',
      path: '/upload/{key}',
      security: signedIn,
      tags: ['images'],
      summary: 'Upload the image to a presigned URL',
      description:
        'The raw file as the body (image/jpeg, png, webp, gif or avif; at most 10 MB). Re-encoded to WebP.',
      request: {
        params: uploadParamsSchema,
        query: uploadQuerySchema,
        // The types the store re-encodes; anything else (application/octet-stream too) answers 415.
        body: {
          content: Object.fromEntries(
            ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'].map((type) => [
              type,
              { schema: z.string().openapi({ format: 'binary' }) },
            ]),
          ),
          required: true,
        },
      },
      responses: {
        200: json(uploadResponseSchema),
        413: json(errorBodySchema, 'The file is too large (at most 10 MB)'),
        415: json(errorBodySchema, 'Not an allowed image type, or not the type the URL was signed for'),
      },
    }),
    async (c) => {
      const result = await receiveUpload(c.get('actor'), {
        ...c.req.valid('param'),
        ...c.req.valid('query'),
        contentType: c.req.header('content-type'),
        readBody: (maxBytes) => readBodyWithLimit(c.req.raw, maxBytes),
      });
      return c.json(result, 200);
    },
  );
