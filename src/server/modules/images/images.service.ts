import { randomBytes } from 'node:crypto';
import type { Actor } from '../../auth/actor';
import { AppError, conflict, forbidden, unauthorized } from '../../lib/errors';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/rate-limits.service';
import { reencodeImage } from './images.processing';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_EXTENSIONS,
  UPLOAD_URL_TTL_MS,
  type PresignResponse,
  type UploadExtension,
  type UploadResponse,
  type UploadTicket,
} from './images.schema';
import { isValidUploadSignature, signUpload } from './images.signing';
import { readStoredUpload, saveUploadOnce, uploadExists, type StoredFile } from './images.storage';

// Uploads through presigned URLs (SPEC §7 Images, DESIGN §1 and §9), local driver: the browser
// asks for a URL, PUTs the file to it, then uses fileUrl. Every check the issue lists lives here.

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

/** GET /images/get_presigned_url: a URL good for one upload by this user within 10 minutes. */
export async function createUploadUrl(actor: Actor, fileExtension: string, now = Date.now()): Promise<PresignResponse> {
  const me = signedIn(actor);
  const extension = toExtension(fileExtension);
  await consumeRateLimit(UPLOAD_URL_RATE_LIMIT, me.id);
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
export async function receiveUpload(actor: Actor, upload: IncomingUpload, now = Date.now()): Promise<UploadResponse> {
  const me = signedIn(actor);
  const { key, expires, sig } = upload;
  // The same answer for a forged URL and one issued to someone else: nothing to learn from it.
  if (!isValidUploadSignature(key, expires, me.id, sig)) throw forbidden('This upload link is not valid');
  if (expires < now) throw forbidden('This upload link has expired: please upload the file again');
  const type = (upload.contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!type.startsWith('image/')) {
    throw new AppError('unsupported_media_type', 'Only images can be uploaded', `Content-Type: ${type || 'none'}`);
  }
  const name = storedName(key);
  if (uploadExists(name)) throw usedUrl();

  const bytes = await upload.readBody(MAX_UPLOAD_BYTES);
  const image = await reencodeImage(bytes, key.slice(key.indexOf('.') + 1) as UploadExtension);
  if (!(await saveUploadOnce(name, image.bytes))) throw usedUrl();
  return { fileUrl: publicFileUrl(key), width: image.width, height: image.height };
}

const usedUrl = () => conflict('This upload link was already used: ask for a new one', 'single-use URL');

/** An uploaded file for GET /uploads/{name}, or null (malformed name, nothing stored). */
export async function getUploadedFile(segments: readonly string[]): Promise<StoredFile | null> {
  if (segments.length !== 1) return null;
  return readStoredUpload(segments[0]);
}
