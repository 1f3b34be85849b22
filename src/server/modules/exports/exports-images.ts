import { env } from '../../lib/env';
import { STORED_FILE_RE } from '../images/images.schema';
import { s3KeyFromUrl, s3Settings } from '../images/images.s3';

// Which images of a story are this site's uploads, and what they are called in the archive
// (docs/decisions/043-exports.md). An upload is addressed as '/uploads/{name}' (the local driver;
// stored bodies keep it relative), as that with the site's own origin in front, or as the S3
// store's public URL of an 'uploads/…' key. Anything else (an image hot-linked from elsewhere) is
// left as it is: it is not ours to copy.

export type UploadRef =
  { kind: 'local'; name: string; archiveName: string } | { kind: 's3'; key: string; archiveName: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The origins this site's pages are served from (NEXTAUTH_URL, PUBLIC_URL), without a trailing slash. */
export function siteOrigins(): string[] {
  return [...new Set([env.PUBLIC_URL, env.NEXTAUTH_URL].map((url) => url.replace(/\/+$/, '')))];
}

let localPattern: RegExp | null = null;
function localUpload(): RegExp {
  localPattern ??= new RegExp(
    `^(?:${siteOrigins().map(escapeRegExp).join('|')})?/uploads/([^/?#]+)(?:[?#].*)?$`,
  );
  return localPattern;
}

/** The upload `url` names, or null when it is not one of this site's uploads. */
export function uploadRefOf(url: string | null | undefined): UploadRef | null {
  if (!url) return null;
  const trimmed = url.trim();
  const local = localUpload().exec(trimmed);
  if (local && STORED_FILE_RE.test(local[1])) {
    return { kind: 'local', name: local[1], archiveName: local[1] };
  }
  const s3 = s3Settings();
  const key = s3 ? s3KeyFromUrl(s3, trimmed) : null;
  if (key) return { kind: 's3', key, archiveName: key.slice(key.lastIndexOf('/') + 1) };
  return null;
}

/** The absolute address of an upload for files read elsewhere (ghost.json): '/uploads/x' gets the site's origin. */
export function absoluteUploadUrl(url: string): string {
  return url.startsWith('/') ? `${env.PUBLIC_URL.replace(/\/+$/, '')}${url}` : url;
}

// Sanitised bodies quote every attribute with double quotes (sanitize-html's output), so the
// addresses are found as src="…" / href="…" values; entities inside them are none an upload has.
const URL_ATTRIBUTE = /\b(src|href)="([^"]*)"/g;

/** Every upload the HTML shows or links to. */
export function uploadsInHtml(html: string): UploadRef[] {
  const found: UploadRef[] = [];
  for (const match of html.matchAll(URL_ATTRIBUTE)) {
    const ref = uploadRefOf(match[2]);
    if (ref) found.push(ref);
  }
  return found;
}

/** The HTML with each upload's address replaced by `to(ref, url)`; other addresses untouched. */
export function rewriteUploads(html: string, to: (ref: UploadRef, url: string) => string): string {
  return html.replace(URL_ATTRIBUTE, (whole, attribute: string, url: string) => {
    const ref = uploadRefOf(url);
    return ref ? `${attribute}="${to(ref, url)}"` : whole;
  });
}
