import { createHash } from 'node:crypto';
import { AppError } from '../../lib/errors';
import { reencodeImage } from './images.processing';
import { MAX_UPLOAD_BYTES, type UploadExtension } from './images.schema';
import { S3_KEY_PREFIX, s3FileUrl, s3Settings, writeVerifiedS3Object } from './images.s3';
import { publicFileUrl } from './images.service';
import { saveUploadOnce } from './images.storage';

// Images the server itself brings in (the images of an imported story, issue 23): the same checks
// and re-encoding as a writer's upload (images.processing.ts), stored by either driver, answering
// the public URL a story may use. Named by the bytes' hash, so the same image met twice (two
// stories, or a resumed import) is stored once.

const EXTENSION_OF_TYPE: Record<string, UploadExtension> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** The image types an import fetches (Content-Type, parameters ignored). */
export function isStorableImageType(contentType: string): boolean {
  return contentType.split(';')[0].trim().toLowerCase() in EXTENSION_OF_TYPE;
}

/** The type the bytes' first bytes say (a server may send the wrong Content-Type, or a zip none). */
function sniffExtension(bytes: Uint8Array): UploadExtension | null {
  const b = Buffer.from(bytes.subarray(0, 16));
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (b.toString('latin1', 0, 4) === 'GIF8') return 'gif';
  if (b.toString('latin1', 4, 8) === 'ftyp' && /avi[fs]/.test(b.toString('latin1', 8, 12))) return 'avif';
  return null;
}

/**
 * Checks, re-encodes and stores image bytes; answers the URL to use in a story. Throws AppError
 * (415/413) when the bytes are not an allowed image or too large.
 */
export async function storeImageBytes(bytes: Uint8Array, contentType = ''): Promise<string> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new AppError(
      'payload_too_large',
      'The image is too large',
      `at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`,
    );
  }
  const extension =
    sniffExtension(bytes) ?? EXTENSION_OF_TYPE[contentType.split(';')[0].trim().toLowerCase()];
  if (!extension) {
    throw new AppError(
      'unsupported_media_type',
      'The file is not a JPEG, PNG, WebP, GIF or AVIF image',
      'image',
    );
  }
  const image = await reencodeImage(bytes, extension);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const s3 = s3Settings();
  if (s3) {
    const key = `${S3_KEY_PREFIX}${hash}.webp`;
    await writeVerifiedS3Object(s3, key, image.bytes, 'image/webp');
    return s3FileUrl(s3, key);
  }
  const key = `${hash}.webp`;
  await saveUploadOnce(key, image.bytes); // false: the same image was stored before — same URL
  return publicFileUrl(key);
}
