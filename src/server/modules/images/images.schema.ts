import { z } from 'zod';
import { integerParam } from '../../lib/integer-param';

// Inputs and answers of /api/images (SPEC §3 "Upload response", §7 Images; DESIGN §1 uploads).

/** What a writer may upload (issue 4): raster images only; SVG can carry scripts and is refused. */
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** A presigned URL is good for this long, and for one successful upload. */
export const UPLOAD_URL_TTL_MS = 10 * 60 * 1000;

/** The upload's key: 32 random hex characters plus the extension the URL was signed for. */
export const UPLOAD_KEY_RE = /^[0-9a-f]{32}\.(jpg|jpeg|png|webp|gif|avif)$/;
/** A stored file: the key's random part, always re-encoded to WebP. */
export const STORED_FILE_RE = /^[0-9a-f]{32}\.webp$/;

// GET /api/images/get_presigned_url?fileExtension= — the types are an enum the document states: any
// other answers 400 like every input the document rules out.
export const presignQuerySchema = z.object({
  fileExtension: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(UPLOAD_EXTENSIONS, { error: 'Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded' }),
  ),
  /**
   * The file's size in bytes. Required by the S3 driver, which signs it into the upload URL (the
   * store then refuses any other length); the local driver checks the body it receives instead.
   */
  fileSize: integerParam(z.number().int().min(1, 'The file is empty')).optional(),
});

export const presignResponseSchema = z.object({
  /** Where the browser PUTs the file, with its content type (same origin, signed, single use). */
  preSignedUrl: z.string(),
  /** Where the image will be served once uploaded. */
  fileUrl: z.string(),
});
export type PresignResponse = z.infer<typeof presignResponseSchema>;

// PUT /api/images/upload/{key}?expires=&sig=
export const uploadParamsSchema = z.object({
  key: z.string().regex(UPLOAD_KEY_RE, 'Not an upload key'),
});
export const uploadQuerySchema = z.object({
  expires: integerParam(z.number().int().positive()),
  sig: z.string().regex(/^[0-9a-f]{64}$/, 'Not a signature'),
});
export type UploadTicket = z.infer<typeof uploadParamsSchema> & z.infer<typeof uploadQuerySchema>;

export const uploadResponseSchema = z.object({
  fileUrl: z.string(),
  width: z.number(),
  height: z.number(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
