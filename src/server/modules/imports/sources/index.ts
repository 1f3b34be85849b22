import { open } from 'node:fs/promises';
import { readGhostEntries, hasGhostPosts } from './ghost-reader';
import { unreadable } from './html-text';
import type { ImportEntry, ImportSource, OpenedExport, OpenExportOptions } from './import-entries';
import { isMediumZip, readMediumEntries } from './medium-reader';
import { findPostsCsv, readSubstackEntries } from './substack-reader';
import { looksLikeWxr, readWxrEntries } from './wxr-reader';
import { openZip, resolveAssetName, type ZipArchive } from './zip-archive';

// The readers' front door: which system an export file came from (by its content, never its
// name), and the file opened as entries one at a time. Everything here only reads.

export { readSubscribersCsv } from './subscribers-csv';
export type * from './import-entries';

const HEAD_BYTES = 64 * 1024;

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const isZipMagic = (head: Buffer) =>
  head.length >= 4 &&
  head[0] === 0x50 &&
  head[1] === 0x4b &&
  (head[2] === 0x03 || head[2] === 0x05) &&
  (head[3] === 0x04 || head[3] === 0x06);

const NOT_AN_EXPORT =
  'This file is not an export Lamplight can read: upload WordPress’s .xml (Tools → Export), Ghost’s .json, or the .zip Medium or Substack gave you.';

/**
 * Which system wrote this export, from its content: a zip with posts/*.html in Medium's markup
 * (Medium) or with posts.csv (Substack); XML in WordPress's WXR namespace (WordPress); JSON with
 * Ghost's posts table (Ghost). Throws validation_failed for anything else, a damaged zip, or XML
 * that declares a DOCTYPE.
 */
export async function detectExportSource(filePath: string): Promise<ImportSource> {
  const head = await readHead(filePath);
  if (head.length === 0) throw unreadable('The file is empty.');
  if (isZipMagic(head)) {
    const zip = await openZip(filePath);
    try {
      if (findPostsCsv(zip)) return 'substack';
      if (await isMediumZip(zip)) return 'medium';
    } finally {
      await zip.close();
    }
    throw unreadable(`${NOT_AN_EXPORT} This zip has neither Substack’s posts.csv nor Medium’s posts/ pages.`);
  }
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (start.startsWith('<')) {
    if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
      throw unreadable(
        'This XML declares a DOCTYPE, which WordPress exports never do. It is refused because DOCTYPE entity declarations can expand without limit or read other files.',
      );
    }
    if (looksLikeWxr(text)) return 'wordpress';
    throw unreadable(`${NOT_AN_EXPORT} This XML is not WordPress eXtended RSS.`);
  }
  if (start.startsWith('{')) {
    if (await hasGhostPosts(filePath)) return 'ghost';
    throw unreadable(`${NOT_AN_EXPORT} This JSON has no Ghost posts table (db[0].data.posts).`);
  }
  throw unreadable(NOT_AN_EXPORT);
}

/**
 * An export opened for reading. `entries()` may be iterated more than once (the dry run, then
 * the import); each pass reads the file again from disk. Zip exports keep the zip open for
 * `openAsset` until `close()`.
 */
export async function openExport(
  filePath: string,
  source?: ImportSource,
  options: OpenExportOptions = {},
): Promise<OpenedExport> {
  const kind = source ?? (await detectExportSource(filePath));
  if (kind === 'wordpress' || kind === 'ghost') {
    return {
      source: kind,
      entries: () => (kind === 'wordpress' ? readWxrEntries(filePath) : readGhostEntries(filePath, options)),
      openAsset: async () => null,
      close: async () => {},
    };
  }
  const zip: ZipArchive = await openZip(filePath);
  if (kind === 'substack' && !findPostsCsv(zip)) {
    await zip.close();
    throw unreadable('This is not a Substack export: the zip has no posts.csv.');
  }
  if (kind === 'medium' && !(await isMediumZip(zip))) {
    await zip.close();
    throw unreadable('This is not a Medium export: the zip has no posts/*.html pages from Medium.');
  }
  return {
    source: kind,
    entries: (): AsyncIterable<ImportEntry> =>
      kind === 'medium' ? readMediumEntries(zip) : readSubstackEntries(zip, options),
    openAsset: async (path: string) => {
      const name = resolveAssetName(zip, path);
      return name ? zip.openStream(name) : null;
    },
    close: () => zip.close(),
  };
}
