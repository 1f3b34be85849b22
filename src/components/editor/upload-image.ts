// The presigned upload flow of SPEC §7 images: GET a URL, PUT the file to it (with upload progress,
// hence XMLHttpRequest rather than fetch), then use fileUrl. Used by the editor, the feature image
// and, later, the profile photo.
import { apiFetch, ApiError } from '@/lib/api-client';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024; // the server refuses more (413)

/** Image types the server accepts, with the extension it is asked for. */
const EXTENSIONS: Record<string, string> = {
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
  if (file.size > MAX_IMAGE_BYTES) return 'The file is too large (at most 10 MB)';
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
  return xhr.status === 413 ? 'The file is too large (at most 10 MB)' : `Upload failed (HTTP ${xhr.status})`;
}

function putFile(url: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type);
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
    target = await apiFetch(
      `/api/images/get_presigned_url?fileExtension=${EXTENSIONS[file.type]}&fileSize=${file.size}`,
      { signal },
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
