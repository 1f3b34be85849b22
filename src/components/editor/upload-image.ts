// The presigned upload flow of SPEC §7 images: GET a URL, PUT the file to it (with upload progress,
// hence XMLHttpRequest rather than fetch), then use fileUrl. Used by the editor, the feature image
// and, later, the profile photo.
import { api, abortable, ApiError, call } from '@/lib/api-client';
import { MAX_UPLOAD_BYTES, type UploadExtension } from '@/server/modules/images/images.schema';

/** The largest image the server takes (it answers 413 above), in MB for the forms' hints. */
export const MAX_IMAGE_MB = MAX_UPLOAD_BYTES / (1024 * 1024);
const TOO_LARGE = `The file is too large (at most ${MAX_IMAGE_MB} MB)`;

/** Image types the server accepts (images.schema.ts UPLOAD_EXTENSIONS), with the extension it is asked for. */
const EXTENSIONS: Record<string, UploadExtension> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};
export const ACCEPTED_IMAGE_TYPES = Object.keys(EXTENSIONS).join(',');

export class UploadError extends Error {}

/** Checks what the browser can know before uploading; the server checks the bytes again. */
export function checkImageFile(file: File): string | null {
  if (!EXTENSIONS[file.type]) return 'Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded';
  if (file.size > MAX_UPLOAD_BYTES) return TOO_LARGE;
  return null;
}

function errorText(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { message?: string; detail?: string } };
    if (body.error?.message)
      return body.error.detail ? `${body.error.message} (${body.error.detail})` : body.error.message;
  } catch {
    /* not JSON: fall through */
  }
  if (xhr.status === 412) return 'This upload link was already used: ask for a new one';
  return xhr.status === 413 ? TOO_LARGE : `Upload failed (HTTP ${xhr.status})`;
}

function putFile(url: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type);
    // An S3 upload URL is signed for a create-only write: the store refuses a second PUT (412).
    xhr.setRequestHeader('If-None-Match', '*');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new UploadError(errorText(xhr)));
    xhr.onerror = () =>
      reject(new UploadError('Could not reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** Uploads an image and resolves to its public URL; throws UploadError with a readable reason. */
export async function uploadImage(
  file: File,
  onProgress: (fraction: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<string> {
  const problem = checkImageFile(file);
  if (problem) throw new UploadError(problem);
  let target: { preSignedUrl: string; fileUrl: string };
  try {
    // fileSize: the S3 driver signs the exact length into the URL (docs/decisions/007-s3-uploads.md).
    target = await call(
      api.images.get_presigned_url.$get(
        { query: { fileExtension: EXTENSIONS[file.type], fileSize: String(file.size) } },
        abortable(signal),
      ),
    );
  } catch (error) {
    if (error instanceof ApiError)
      throw new UploadError(error.detail ? `${error.serverMessage} (${error.detail})` : error.serverMessage);
    throw error;
  }
  onProgress(0);
  await putFile(target.preSignedUrl, file, onProgress, signal);
  onProgress(1);
  return target.fileUrl;
}
