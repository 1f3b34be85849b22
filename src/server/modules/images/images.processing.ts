import type { Metadata } from 'sharp';
import { AppError } from '../../lib/errors';
import type { UploadExtension } from './images.schema';

// What an upload really is, decided by its bytes (never by its name or content type), and the
// re-encoding that strips every piece of metadata (EXIF, GPS, XMP, ICC comments) from it.

/** Widest image the pages use (the story column at 2x); larger ones are scaled down. */
export const MAX_WIDTH = 2400;
/** Decoding a small file into a huge bitmap is a memory bomb: refuse more pixels than a 50 MP camera makes. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** sharp's format names for each extension the URL may be signed for. */
const FORMATS: Record<UploadExtension, string> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
};

const notAnImage = (detail: string) =>
  new AppError('unsupported_media_type', 'The file is not a JPEG, PNG, WebP, GIF or AVIF image', detail);

const tooManyPixels = () =>
  new AppError('payload_too_large', 'The image has too many pixels', `at most ${MAX_INPUT_PIXELS} pixels`);

/**
 * sharp, loaded on the first image it handles rather than with the server: its native library holds
 * ~20 MiB that a process serving pages never needs (issue 21's memory budget, decision 009).
 */
export const loadSharp = () => import('sharp').then((module) => module.default);

export type ProcessedImage = { bytes: Buffer; width: number; height: number };

export async function reencodeImage(input: Uint8Array, extension: UploadExtension): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const animated = extension === 'gif' || extension === 'webp';
  const options = { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let metadata: Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch {
    throw notAnImage('the bytes are not a readable image');
  }
  const expected = FORMATS[extension];
  // AVIF arrives as HEIF with AV1 compression; HEIC (HEVC) is another format and is refused.
  const isAvif = metadata.format === 'heif' && metadata.compression === 'av1';
  if (metadata.format !== expected || (expected === 'heif' && !isAvif)) {
    throw notAnImage(`the bytes are ${metadata.format ?? 'unknown'}, not ${extension}`);
  }
  const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0);
  if (pixels > MAX_INPUT_PIXELS) throw tooManyPixels();
  try {
    const { data, info } = await sharp(input, options)
      .rotate() // apply the EXIF orientation before the EXIF is dropped
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    // For animations sharp reports the stacked height of all frames; the page wants one frame's.
    const height = info.pageHeight ?? info.height;
    return { bytes: data, width: info.width, height };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw tooManyPixels();
    throw notAnImage('the image could not be decoded');
  }
}
