import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { unreadable } from './html-text';

// A zip export read with yauzl: the central directory is read once (names and sizes only), and
// each file is inflated as a stream when asked for. yauzl checks the end-of-central-directory
// record, each entry's declared sizes against what it inflates, and refuses file names that
// climb out of the archive ("../"), so a truncated or doctored zip fails here with a clear error.

/** Most files one export may list; Medium and Substack exports hold one per post and image. */
const MAX_ENTRIES = 200_000;
/** Largest text file (a post's HTML, posts.csv) read into memory. */
export const MAX_TEXT_BYTES = 32 * 1024 * 1024;

export type ZipArchive = {
  /** File names in the archive, in central-directory order (folders left out). */
  names(): string[];
  has(name: string): boolean;
  size(name: string): number | null;
  /** A file's bytes as UTF-8 text; refuses a file larger than maxBytes. */
  readText(name: string, maxBytes?: number): Promise<string>;
  openStream(name: string): Promise<Readable | null>;
  close(): Promise<void>;
};

const damaged = (detail: string) =>
  unreadable('The zip file is incomplete or damaged; upload the export again as it was downloaded.', detail);

export async function openZip(filePath: string): Promise<ZipArchive> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
    });
  } catch (error) {
    throw damaged(error instanceof Error ? error.message : String(error));
  }
  const entries = new Map<string, Entry>();
  try {
    if (zip.entryCount > MAX_ENTRIES) {
      throw unreadable(`The zip holds ${zip.entryCount} files; an export may hold at most ${MAX_ENTRIES}.`);
    }
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      entries.set(entry.fileName, entry);
    }
  } catch (error) {
    zip.close();
    if (error instanceof Error && error.name === 'AppError') throw error;
    throw damaged(error instanceof Error ? error.message : String(error));
  }

  const open = async (entry: Entry): Promise<Readable> => {
    if (entry.isEncrypted()) throw unreadable(`The file ${entry.fileName} in the zip is encrypted.`);
    try {
      return await zip.openReadStreamPromise(entry);
    } catch (error) {
      throw damaged(`${entry.fileName}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return {
    names: () => [...entries.keys()],
    has: (name) => entries.has(name),
    size: (name) => entries.get(name)?.uncompressedSize ?? null,
    async readText(name, maxBytes = MAX_TEXT_BYTES) {
      const entry = entries.get(name);
      if (!entry) throw unreadable(`The zip has no ${name}.`);
      if (entry.uncompressedSize > maxBytes) {
        throw unreadable(`${name} in the zip is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
      }
      const stream = await open(entry);
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
      } catch (error) {
        throw damaged(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      return Buffer.concat(chunks)
        .toString('utf8')
        .replace(/^\uFEFF/, '');
    },
    async openStream(name) {
      const entry = entries.get(name);
      return entry ? open(entry) : null;
    },
    async close() {
      if (zip.isOpen) zip.close();
    },
  };
}

/**
 * The archive file a post's relative reference names: "images/a.png", "./images/a.png",
 * "/images/a.png", or one relative to the posts/ folder. Only names listed in the archive are
 * ever returned, so no path can reach outside it.
 */
export function resolveAssetName(zip: ZipArchive, reference: string, baseFolder = 'posts/'): string | null {
  let ref = reference.trim().split(/[?#]/)[0] ?? '';
  if (!ref || /^[a-z][a-z0-9+.-]*:/i.test(ref)) return null;
  try {
    ref = decodeURIComponent(ref);
  } catch {
    // keep it as written
  }
  const clean = ref.replace(/\\/g, '/').replace(/^(?:\.\/|\/)+/, '');
  const candidates = [clean, normalise(baseFolder + clean)];
  for (const candidate of candidates) {
    if (candidate && zip.has(candidate)) return candidate;
  }
  return null;
}

function normalise(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}
