import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { env } from '../../lib/env';
import { AppError } from '../../lib/errors';
import { newUuid } from '../../lib/ids';

// A multipart upload streamed to disk (issue 23: exports are tens of megabytes): the file part goes
// straight into DATA_DIR/imports/<uuid>.upload as it arrives, never held in memory, and is refused
// (413, the partial file deleted) as soon as it passes the limit. The text fields come back beside it.

export const importsDir = (): string => path.resolve(env.DATA_DIR, 'imports');

export type ReceivedUpload = { filePath: string; fileName: string; fields: Record<string, string> };

const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 1024;
/** Room for the multipart envelope and the text fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;

export const tooLargeUpload = (maxBytes: number) =>
  new AppError(
    'payload_too_large',
    'The file is too large',
    `file: at most ${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB`,
  );

const notMultipart = () =>
  new AppError('unsupported_media_type', 'Send the file as multipart/form-data', 'Content-Type');

/** Deletes a file if it is there. */
export const removeFile = (file: string | null | undefined): Promise<void> =>
  file ? unlink(file).catch(() => undefined) : Promise.resolve();

/**
 * Reads `request`'s multipart body: one file part (any field name; the first one) written to disk,
 * and the text fields. Throws 413 past `maxBytes` of file, 415 when the body is not multipart, 400
 * when there is no file; in every case nothing is left on disk.
 */
export async function receiveMultipartFile(request: Request, maxBytes: number): Promise<ReceivedUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw notMultipart();
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxBytes + ENVELOPE_BYTES) {
    await request.body?.cancel().catch(() => undefined);
    throw tooLargeUpload(maxBytes);
  }
  if (!request.body) throw new AppError('validation_failed', 'Invalid input', 'file: required');

  await mkdir(importsDir(), { recursive: true, mode: 0o700 });
  const filePath = path.join(importsDir(), `${newUuid()}.upload`);
  const fields: Record<string, string> = {};
  let fileName = '';
  let sawFile = false;
  let failure: AppError | null = null;
  const writes: Promise<void>[] = [];

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: maxBytes, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: 16 },
    });
  } catch {
    throw notMultipart();
  }
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated)
      failure ??= new AppError('validation_failed', 'Invalid input', `${name}: too long`);
    else fields[name] = value;
  });
  parser.on('file', (_name, stream, info) => {
    if (sawFile) {
      stream.resume();
      return;
    }
    sawFile = true;
    fileName = (info.filename ?? '').slice(0, 200);
    // busboy stops passing bytes on at the limit and ends the part: the file is cut short, then deleted.
    stream.on('limit', () => {
      failure = tooLargeUpload(maxBytes);
    });
    writes.push(
      pipeline(stream, createWriteStream(filePath, { flags: 'wx', mode: 0o600 })).catch((error: Error) => {
        failure ??= new AppError('bad_request', 'The upload could not be read', error.message);
      }),
    );
  });
  parser.on('filesLimit', () => {
    failure ??= new AppError('validation_failed', 'Invalid input', 'file: send one file');
  });

  try {
    await pipeline(Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>), parser);
    await Promise.all(writes);
  } catch (error) {
    await Promise.all(writes).catch(() => undefined);
    await removeFile(filePath);
    if (failure) throw failure;
    throw new AppError(
      'bad_request',
      'The upload could not be read',
      error instanceof Error ? error.message.slice(0, 200) : 'multipart',
    );
  }
  if (failure || !sawFile) {
    await removeFile(filePath);
    throw failure ?? new AppError('validation_failed', 'Invalid input', 'file: required');
  }
  return { filePath, fileName, fields };
}
