import type { S3Client } from '@aws-sdk/client-s3';
import { env } from '../../lib/env';

// The S3 upload driver (DESIGN §1, docs/decisions/007-s3-uploads.md): on when S3_BUCKET is set. The
// browser PUTs straight to the store through a presigned URL whose signature covers the content type
// and the exact content length, so the store itself refuses another type or size. The bytes are
// checked and re-encoded afterwards (images.service.ts verifyS3Upload), in place.

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Public base URL of the bucket, without a trailing slash. */
  publicUrl: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/** Every upload lives under this prefix, named by 32 random hex characters and its extension. */
export const S3_KEY_PREFIX = 'uploads/';
export const S3_KEY_RE = /^uploads\/[0-9a-f]{32}\.(jpg|jpeg|png|webp|gif|avif)$/;
/** Set on an object once its bytes were checked and re-encoded (verifyS3Upload). */
export const VERIFIED_METADATA_KEY = 'lamplight-verified';

/** The S3 settings, or null when uploads go to the local disk. Read on every call (tests change env). */
export function s3Settings(): S3Settings | null {
  if (!env.S3_BUCKET || !env.S3_PUBLIC_URL) return null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicUrl: env.S3_PUBLIC_URL,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

// The AWS SDK is loaded on the first S3 call, not with the server: ~20 MiB of a process that stores
// its uploads on the local disk would hold it for nothing (issue 21's memory budget, decision 009).
const loadSdk = () => import('@aws-sdk/client-s3');

let cached: { signature: string; client: S3Client } | null = null;

async function clientFor(settings: S3Settings): Promise<S3Client> {
  const { S3Client } = await loadSdk();
  const signature = JSON.stringify(settings);
  if (cached?.signature === signature) return cached.client;
  cached?.client.destroy();
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: a default CRC32 of the (empty, unknown) body would be
    // signed into every presigned PUT URL and make the store refuse the real file.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  cached = { signature, client };
  return client;
}

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};
export const mimeOfExtension = (extension: string): string => MIME[extension] ?? 'application/octet-stream';

/**
 * A URL good for one PUT of exactly `contentLength` bytes of `contentType` to `key`, until it
 * expires. Both headers are signed: the store answers 403 to any other length or type. So is
 * `If-None-Match: *`, a conditional write: the store answers 412 once an object is there, so the
 * URL works once (docs/decisions/014-single-use-s3-uploads.md). The browser must send that header.
 */
export async function presignS3Put(
  settings: S3Settings,
  key: string,
  contentType: string,
  contentLength: number,
  expiresInSeconds: number,
): Promise<string> {
  const [{ PutObjectCommand }, { getSignedUrl }] = await Promise.all([
    loadSdk(),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const command = new PutObjectCommand({
    Bucket: settings.bucket,
    Key: key,
    ContentType: contentType,
    ContentLength: contentLength,
    IfNoneMatch: '*',
  });
  return getSignedUrl(await clientFor(settings), command, {
    expiresIn: expiresInSeconds,
    signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']),
  });
}

export const s3FileUrl = (settings: S3Settings, key: string): string => `${settings.publicUrl}/${key}`;

/** The object key behind a public URL of this bucket, or null when the URL is not one of its uploads. */
export function s3KeyFromUrl(settings: S3Settings, url: string): string | null {
  const base = `${settings.publicUrl}/`;
  if (!url.startsWith(base)) return null;
  const key = url.slice(base.length);
  return S3_KEY_RE.test(key) ? key : null;
}

export type S3Object = { bytes: Uint8Array; contentType: string | undefined; verified: boolean };

async function isMissing(error: unknown): Promise<boolean> {
  const { NoSuchKey, S3ServiceException } = await loadSdk();
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException &&
      (error.name === 'NotFound' || error.$metadata.httpStatusCode === 404))
  );
}

/** The object's bytes (at most maxBytes + 1 are read), or null when nothing is stored under the key. */
export async function readS3Object(
  settings: S3Settings,
  key: string,
  maxBytes: number,
): Promise<S3Object | null> {
  const { GetObjectCommand } = await loadSdk();
  try {
    const answer = await (
      await clientFor(settings)
    ).send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of answer.Body as AsyncIterable<Uint8Array>) {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size > maxBytes) break; // enough to know it is too large
    }
    return {
      bytes: Buffer.concat(chunks, size),
      contentType: answer.ContentType,
      verified: answer.Metadata?.[VERIFIED_METADATA_KEY] === '1',
    };
  } catch (error) {
    if (await isMissing(error)) return null;
    throw error;
  }
}

/** Replaces the object with checked bytes, marked verified and cacheable for a year. */
export async function writeVerifiedS3Object(
  settings: S3Settings,
  key: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<void> {
  const { PutObjectCommand } = await loadSdk();
  await (
    await clientFor(settings)
  ).send(
    new PutObjectCommand({
      Bucket: settings.bucket,
      Key: key,
      Body: bytes,
      ContentType: contentType,
      CacheControl: 'public, max-age=31536000, immutable',
      Metadata: { [VERIFIED_METADATA_KEY]: '1' },
    }),
  );
}

export async function deleteS3Object(settings: S3Settings, key: string): Promise<void> {
  const { DeleteObjectCommand } = await loadSdk();
  await (await clientFor(settings)).send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
}
