import { randomBytes } from 'node:crypto';
import type { Actor } from '../../auth/actor';
import { AppError, conflict, forbidden, unauthorized } from '../../lib/errors';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/rate-limits.service';
import { reencodeImage } from './images.processing';
import {
  MAX_UPLOAD_BYTES,
  STORED_FILE_RE,
  UPLOAD_EXTENSIONS,
  UPLOAD_URL_TTL_MS,
  type PresignResponse,
  type UploadExtension,
  type UploadResponse,
  type UploadTicket,
} from './images.schema';
import { enqueueUploadVerification } from './images.queue';
import {
  deleteS3Object,
  mimeOfExtension,
  presignS3Put,
  readS3Object,
  S3_KEY_PREFIX,
  S3_KEY_RE,
  s3FileUrl,
  s3KeyFromUrl,
  s3Settings,
  writeVerifiedS3Object,
  type S3Settings,
} from './images.s3';
import { isValidUploadSignature, signUpload } from './images.signing';
import { readStoredUpload, saveUploadOnce, uploadExists, type StoredFile } from './images.storage';

// Uploads through presigned URLs (SPEC §7 Images, DESIGN §1 and §9): the browser asks for a URL, PUTs
// the file to it, then uses fileUrl. Two drivers behind the same flow: the local disk (default; every
// check happens in-line on our own PUT endpoint) and an S3-compatible store when S3_BUCKET is set
// (the signature caps type and size; the bytes are checked afterwards: docs/decisions/007-s3-uploads.md).

/** DESIGN §9 rate limits on uploads: generous for writers, a wall for scripts. */
export const UPLOAD_URL_RATE_LIMIT: RateLimitRule = {
  name: 'upload-url',
  limit: 120,
  windowSeconds: 60 * 60,
  message: 'Too many uploads',
};

const storedName = (key: string) => `${key.slice(0, key.indexOf('.'))}.webp`;
export const publicFileUrl = (key: string) => `/uploads/${storedName(key)}`;

/** Any signed-in user may upload (the session middleware already turns a banned user into null). */
function signedIn(actor: Actor): NonNullable<Actor> {
  if (!actor) throw unauthorized();
  return actor;
}

function toExtension(value: string): UploadExtension {
  const extension = value.trim().toLowerCase().replace(/^\./, '');
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new AppError(
      'unsupported_media_type',
      'Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded',
      `fileExtension: ${value.slice(0, 16)}`,
    );
  }
  return extension as UploadExtension;
}

const tooLarge = () =>
  new AppError(
    'payload_too_large',
    'The file is too large',
    `at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`,
  );

/**
 * GET /images/get_presigned_url: a URL good for one upload by this user within 10 minutes.
 * fileSize (bytes) is checked up front when given, and is required by the S3 driver.
 */
export async function createUploadUrl(
  actor: Actor,
  fileExtension: string,
  fileSize?: number,
  now = Date.now(),
): Promise<PresignResponse> {
  const me = signedIn(actor);
  const extension = toExtension(fileExtension);
  if (fileSize !== undefined && fileSize > MAX_UPLOAD_BYTES) throw tooLarge();
  const s3 = s3Settings();
  if (s3 && fileSize === undefined) {
    throw new AppError(
      'validation_failed',
      'Invalid input',
      'fileSize: required (the size of the file in bytes)',
    );
  }
  await consumeRateLimit(UPLOAD_URL_RATE_LIMIT, me.id);
  if (s3) return createS3UploadUrl(s3, extension, fileSize!, now);
  const key = `${randomBytes(16).toString('hex')}.${extension}`;
  const expires = now + UPLOAD_URL_TTL_MS;
  const sig = signUpload(key, expires, me.id);
  return {
    preSignedUrl: `/api/images/upload/${key}?expires=${expires}&sig=${sig}`,
    fileUrl: publicFileUrl(key),
  };
}

export type IncomingUpload = UploadTicket & {
  contentType: string | undefined;
  /** Reads the request body, throwing 413 past the given number of bytes. */
  readBody: (maxBytes: number) => Promise<Uint8Array>;
};

/**
 * PUT /images/upload/{key}: checks who sends what before reading the body, then checks the bytes
 * are the image type the URL was signed for, re-encodes them and stores them once.
 */
export async function receiveUpload(
  actor: Actor,
  upload: IncomingUpload,
  now = Date.now(),
): Promise<UploadResponse> {
  const me = signedIn(actor);
  const { key, expires, sig } = upload;
  // The same answer for a forged URL and one issued to someone else: nothing to learn from it.
  if (!isValidUploadSignature(key, expires, me.id, sig)) throw forbidden('This upload link is not valid');
  if (expires < now) throw forbidden('This upload link has expired: please upload the file again');
  const type = (upload.contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!type.startsWith('image/')) {
    throw new AppError(
      'unsupported_media_type',
      'Only images can be uploaded',
      `Content-Type: ${type || 'none'}`,
    );
  }
  const name = storedName(key);
  if (uploadExists(name)) throw usedUrl();

  const bytes = await upload.readBody(MAX_UPLOAD_BYTES);
  const image = await reencodeImage(bytes, key.slice(key.indexOf('.') + 1) as UploadExtension);
  if (!(await saveUploadOnce(name, image.bytes))) throw usedUrl();
  return { fileUrl: publicFileUrl(key), width: image.width, height: image.height };
}

/**
 * S3 driver: the store takes the PUT. Type and exact size are signed into the URL; the bytes are
 * verified once the URL has expired (a job), or earlier when the upload is first used (a profile photo).
 */
async function createS3UploadUrl(
  s3: S3Settings,
  extension: UploadExtension,
  fileSize: number,
  now: number,
): Promise<PresignResponse> {
  const key = `${S3_KEY_PREFIX}${randomBytes(16).toString('hex')}.${extension}`;
  const ttlSeconds = UPLOAD_URL_TTL_MS / 1000;
  const preSignedUrl = await presignS3Put(s3, key, mimeOfExtension(extension), fileSize, ttlSeconds);
  await enqueueUploadVerification(key, new Date(now + UPLOAD_URL_TTL_MS + VERIFY_GRACE_MS));
  return { preSignedUrl, fileUrl: s3FileUrl(s3, key) };
}

/** The final check waits this long past the URL's expiry (clock skew between us and the store). */
const VERIFY_GRACE_MS = 60 * 1000;

export type VerifyOutcome = 'verified' | 'already-verified' | 'missing' | 'rejected';

/**
 * Checks an object uploaded straight to S3 like the local driver checks a PUT: at most 10 MB, really
 * the image type its name says, not too many pixels; then re-encodes it without metadata, in place.
 * A file that fails is deleted (its URL then answers 404 wherever it was used). Idempotent.
 */
export async function verifyS3Upload(key: string): Promise<VerifyOutcome> {
  const s3 = s3Settings();
  if (!s3 || !S3_KEY_RE.test(key)) return 'missing';
  const object = await readS3Object(s3, key, MAX_UPLOAD_BYTES);
  if (!object) return 'missing';
  if (object.verified) return 'already-verified';
  if (object.bytes.byteLength > MAX_UPLOAD_BYTES) {
    await deleteS3Object(s3, key);
    return 'rejected';
  }
  try {
    const image = await reencodeImage(object.bytes, key.slice(key.lastIndexOf('.') + 1) as UploadExtension);
    await writeVerifiedS3Object(s3, key, image.bytes, 'image/webp');
    return 'verified';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await deleteS3Object(s3, key);
    return 'rejected';
  }
}

// The address has the shape the document states, but names no upload: like an id that names nothing.
const notIssued = (detail: string) => new AppError('not_found', 'Image not found', `image: ${detail}`);

/**
 * The image URL may be stored (profile photo): it is an upload this platform issued and the file is
 * there — on the local disk, or in the S3 bucket and verified now (not only after its URL expires).
 */
export async function assertIssuedImageUrl(url: string): Promise<void> {
  const local = /^\/uploads\/([^/?#]+)$/.exec(url);
  if (local) {
    if (!STORED_FILE_RE.test(local[1]) || !uploadExists(local[1])) throw notIssued('no such uploaded image');
    return;
  }
  const s3 = s3Settings();
  const key = s3 ? s3KeyFromUrl(s3, url) : null;
  if (!key) throw notIssued('must be an image uploaded to Lamplight');
  const outcome = await verifyS3Upload(key);
  if (outcome === 'missing') throw notIssued('no such uploaded image');
  if (outcome === 'rejected') {
    throw new AppError(
      'unsupported_media_type',
      'The file is not a JPEG, PNG, WebP, GIF or AVIF image',
      'image',
    );
  }
}

const usedUrl = () => conflict('This upload link was already used: ask for a new one', 'single-use URL');

/** An uploaded file for GET /uploads/{name}, or null (malformed name, nothing stored). */
export async function getUploadedFile(segments: readonly string[]): Promise<StoredFile | null> {
  if (segments.length !== 1) return null;
  return readStoredUpload(segments[0]);
}
