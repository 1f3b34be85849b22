import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from '../../lib/env';
import { STORED_FILE_RE } from './images.schema';

// The local upload driver (DESIGN §1): files under ${DATA_DIR}/uploads, served at /uploads/{name}.
// Names are checked against STORED_FILE_RE before any path is built, so no request can reach
// outside the folder. The S3 driver (issue 4) will sit beside this one behind the same functions.

export const uploadsDir = (): string => path.resolve(env.DATA_DIR, 'uploads');

function filePath(name: string): string {
  if (!STORED_FILE_RE.test(name)) throw new Error(`Not a stored upload name: ${name}`);
  return path.join(uploadsDir(), name);
}

export const uploadExists = (name: string): boolean => existsSync(filePath(name));

/**
 * Writes the file only if no file of that name exists yet, atomically: the bytes go to a temporary
 * file first and are hard-linked into place, which fails if the name is taken (two PUTs racing on
 * one URL: exactly one wins) and never exposes a half-written file. False when the name was taken.
 */
export async function saveUploadOnce(name: string, bytes: Uint8Array): Promise<boolean> {
  const target = filePath(name);
  await mkdir(uploadsDir(), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, bytes, { flag: 'wx', mode: 0o644 });
  try {
    await link(temp, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

export type StoredFile = { bytes: Buffer; size: number; modified: Date };

/** The stored file, or null when the name is malformed or nothing is stored under it. */
export async function readStoredUpload(name: string): Promise<StoredFile | null> {
  if (!STORED_FILE_RE.test(name)) return null;
  try {
    const file = filePath(name);
    const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
    return { bytes, size: info.size, modified: info.mtime };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
