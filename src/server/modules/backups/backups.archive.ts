import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, link, unlink } from 'node:fs/promises';
import path from 'node:path';
import { create, extract, Parser, type ReadEntry } from 'tar';
import {
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  manifestSchema,
  type BackupManifest,
} from './backups.schema';

// The archive file: one gzipped tar (the `tar` package, npm's own), manifest.json first so a restore
// can read it without unpacking the rest.

/** `lamplight-<label>-2026-11-23T030000Z.tar.gz`: sorts by time, no colons (some file systems refuse them). */
export function archiveName(label: string, at: Date, attempt = 0): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '');
  return `lamplight-${label}-${stamp}${attempt > 0 ? `-${attempt + 1}` : ''}.tar.gz`;
}

const ARCHIVE_NAME = /^lamplight-([a-z]+)-(\d{4}-\d{2}-\d{2}T\d{6}Z)(?:-\d+)?\.tar\.gz$/;

/** The label and time in an archive's file name, or null when it is not one of ours. */
export function parseArchiveName(name: string): { label: string; at: Date } | null {
  const match = ARCHIVE_NAME.exec(name);
  if (!match) return null;
  const [, label, stamp] = match;
  const iso = `${stamp.slice(0, 13)}:${stamp.slice(13, 15)}:${stamp.slice(15, 17)}Z`;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : { label, at };
}

/**
 * Packs `entries` (paths inside `stagingDir`, manifest.json first) into a new archive in `dir`
 * named for `label` and `at`, readable by its owner only (it holds password hashes and e-mail
 * addresses). Written under a temporary name and linked into place, so a half-written archive never
 * carries a final name and an existing archive is never overwritten.
 */
export async function writeArchive(
  stagingDir: string,
  entries: readonly string[],
  dir: string,
  label: string,
  at: Date,
): Promise<string> {
  const temp = path.join(dir, `.${archiveName(label, at)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    await create({ file: temp, cwd: stagingDir, gzip: true, portable: true, strict: true }, [...entries]);
    await chmod(temp, 0o600);
    for (let attempt = 0; ; attempt++) {
      const target = path.join(dir, archiveName(label, at, attempt));
      try {
        await link(temp, target);
        return target;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 99) throw error;
      }
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** An archive that is not a Lamplight backup, or one this code cannot read. */
export class ArchiveError extends Error {}

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/**
 * Reads and checks the manifest at the head of an archive without unpacking the rest (it stops
 * reading after the first entry).
 */
export async function readManifest(file: string): Promise<BackupManifest> {
  const text = await new Promise<string>((resolve, reject) => {
    const input = createReadStream(file);
    let settled = false;
    const finish = (error: Error | null, value?: string) => {
      if (settled) return;
      settled = true;
      input.destroy();
      if (error) reject(error);
      else resolve(value!);
    };
    const parser = new Parser({
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        if (entry.path !== MANIFEST_FILE) {
          entry.resume();
          finish(
            new ArchiveError(`${file} is not a Lamplight backup: it does not start with ${MANIFEST_FILE}`),
          );
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        entry.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_MANIFEST_BYTES) finish(new ArchiveError(`${file}: ${MANIFEST_FILE} is too large`));
          else chunks.push(chunk);
        });
        entry.on('end', () => finish(null, Buffer.concat(chunks).toString('utf8')));
      },
    });
    parser.on('error', (error: Error) =>
      finish(new ArchiveError(`${file} is not a readable .tar.gz archive (${error.message})`)),
    );
    parser.on('end', () =>
      finish(new ArchiveError(`${file} is not a Lamplight backup: no ${MANIFEST_FILE}`)),
    );
    input.on('error', (error) => finish(error));
    input.pipe(parser);
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ArchiveError(`${file}: ${MANIFEST_FILE} is not JSON`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  const version = (json as { version?: unknown } | null)?.version;
  if (format !== MANIFEST_FORMAT) throw new ArchiveError(`${file} is not a Lamplight backup`);
  if (typeof version === 'number' && version > MANIFEST_VERSION) {
    throw new ArchiveError(
      `${file} is a backup of format version ${version}; this Lamplight reads up to version ${MANIFEST_VERSION}: restore it with a newer Lamplight`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ArchiveError(
      `${file}: ${MANIFEST_FILE} is invalid (${first?.path.join('.')}: ${first?.message})`,
    );
  }
  return parsed.data;
}

/**
 * Unpacks the whole archive into `dir` (an empty folder). The tar package refuses entries that
 * would land outside it (absolute paths, `..`), and zlib checks the gzip stream's checksum.
 */
export async function extractArchive(file: string, dir: string): Promise<void> {
  try {
    // Files belong to whoever restores (also when that is root), not to ids stored in the archive.
    await extract({ file, cwd: dir, strict: true, preserveOwner: false });
  } catch (error) {
    throw new ArchiveError(`${file} could not be unpacked: ${(error as Error).message}`);
  }
}
