import type { Readable } from 'node:stream';
import { OutboundRefused, safeFetch } from '../../lib/outbound/safe-fetch';
import { AppError } from '../../lib/errors';
import { decodeEntities } from '../posts/posts-html-import';
import { isStorableImageType, storeImageBytes } from '../images/images-store.service';
import type { OpenedExport } from './sources/import-entries';

// The images of an imported story (issue 23): each <img src> and the feature image that is an
// absolute http(s) address (fetched through the safe fetcher) or a file inside the export (a Medium
// or Substack zip) is stored as an upload, and the story points at the stored copy. An image that
// cannot be had keeps its original address, and the report says why.

export const IMAGE_TIMEOUT_MS = 10_000;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Images fetched at once for one story. */
export const IMAGE_CONCURRENCY = 4;

export type FailedImage = { url: string; reason: string };

/** `<img … src="…">` in untrusted HTML: the attribute value, quoted either way. */
const IMG_SRC = /(<img\b[^>]*?\bsrc\s*=\s*)(["'])([^"']*)\2/gi;

const isAbsoluteHttp = (url: string) => /^https?:\/\/[^/?#\s]+/i.test(url) && URL.canParse(url);
/** A path inside the export ('images/1.png', './img/a.jpg'); not a data:, javascript: or other URL. */
const isExportPath = (url: string) =>
  url.length > 0 && url.length < 1024 && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//');

async function readAsset(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).byteLength;
    if (size > IMAGE_MAX_BYTES) {
      stream.destroy();
      throw new AppError(
        'payload_too_large',
        'The image is too large',
        `at most ${IMAGE_MAX_BYTES / 1048576} MB`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

const reasonOf = (error: unknown): string => {
  if (error instanceof OutboundRefused) return error.message;
  if (error instanceof AppError) return error.detail ? `${error.message} (${error.detail})` : error.message;
  return error instanceof Error ? error.message.slice(0, 200) : 'unknown error';
};

/** Runs `work` over `items`, at most `limit` at a time. */
async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Brings images in for one run: remembers what it stored (an image used by many stories is fetched
 * once) and what failed.
 */
export function createImageImporter(opened: OpenedExport) {
  const stored = new Map<string, Promise<string>>();

  async function fetchOne(url: string): Promise<string> {
    if (isAbsoluteHttp(url)) {
      const answer = await safeFetch(url, {
        timeoutMs: IMAGE_TIMEOUT_MS,
        maxBytes: IMAGE_MAX_BYTES,
        allowedTypes: isStorableImageType,
      });
      if (answer.status < 200 || answer.status > 299) throw new Error(`the server answered ${answer.status}`);
      return storeImageBytes(answer.body, answer.headers.get('content-type') ?? '');
    }
    const asset = await opened.openAsset(url.replace(/^\.\//, ''));
    if (!asset) throw new Error('the file is not in the export');
    return storeImageBytes(await readAsset(asset));
  }

  /** The stored URL for `url`, or a failure; null when the address is not one to bring in. */
  async function bring(url: string): Promise<{ url: string } | { failed: string } | null> {
    if (!isAbsoluteHttp(url) && !isExportPath(url)) return null;
    if (url.startsWith('/uploads/')) return null; // already ours (an export of Lamplight)
    let pending = stored.get(url);
    if (!pending) {
      pending = fetchOne(url);
      stored.set(url, pending);
    }
    try {
      return { url: await pending };
    } catch (error) {
      return { failed: reasonOf(error) };
    }
  }

  /**
   * The story's HTML and feature image with every image it could bring in pointing at the stored
   * copy; the others keep their address and are listed in `failed`.
   */
  async function rewriteStoryImages(
    html: string,
    featureImageUrl: string | null,
  ): Promise<{ html: string; featureImageUrl: string | null; failed: FailedImage[] }> {
    const urls = new Set<string>();
    for (const match of html.matchAll(IMG_SRC)) urls.add(decodeEntities(match[3]).trim());
    if (featureImageUrl) urls.add(featureImageUrl.trim());
    const results = new Map<string, Awaited<ReturnType<typeof bring>>>();
    await inPool([...urls], IMAGE_CONCURRENCY, async (url) => {
      results.set(url, await bring(url));
    });
    const failed: FailedImage[] = [];
    for (const [url, result] of results)
      if (result && 'failed' in result) failed.push({ url, reason: result.failed });
    const storedUrl = (url: string) => {
      const result = results.get(url.trim());
      return result && 'url' in result ? result.url : null;
    };
    const rewritten = html.replace(IMG_SRC, (whole, head: string, quote: string, value: string) => {
      const replacement = storedUrl(decodeEntities(value));
      return replacement ? `${head}${quote}${replacement}${quote}` : whole;
    });
    let feature: string | null = null;
    if (featureImageUrl) {
      feature =
        storedUrl(featureImageUrl) ??
        (isAbsoluteHttp(featureImageUrl.trim()) ? featureImageUrl.trim() : null);
    }
    return { html: rewritten, featureImageUrl: feature, failed };
  }

  return { rewriteStoryImages };
}
