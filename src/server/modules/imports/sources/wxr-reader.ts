import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AppError } from '../../../lib/errors';
import type { ImportEntry, ImportedStory, SkippedEntry } from './import-entries';
import { fallbackTitle } from './story-text';
import { htmlToText, httpUrl, unreadable } from './html-text';
import { renderWordPressContent, type WordPressAttachment } from './wordpress-content';

// WordPress eXtended RSS (Tools → Export), read as a stream: the file is parsed with saxes one
// 64 KB chunk at a time and each <item> is handed on as soon as it closes, so a file of tens of
// megabytes never sits in memory. Two passes: the first collects the authors and the
// attachments (small: an id and an address each), because a post's featured image or gallery
// may name an attachment that comes later in the file; the second yields the entries.
// The format: WordPress's exporter (wp-admin/includes/export.php) and the parser of the
// wordpress-importer plugin (src/class-wxr-parser-xml.php), which reads the same elements.

const WXR_NAMESPACE = /^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/?$/;
const ZERO_DATE = '0000-00-00 00:00:00';

type WxrAuthor = { login: string; email: string | null; name: string | null };

type WxrItem = {
  /** Direct children of <item> by element name, e.g. 'wp:post_id', 'content:encoded'. */
  fields: Map<string, string>;
  categories: { domain: string; nicename: string; name: string }[];
  postmeta: { key: string; value: string }[];
};

type WxrHead = { authors: Map<string, WxrAuthor>; attachments: Map<string, WordPressAttachment> };

/** The entries of a WXR file, in file order. Throws validation_failed for what is not WXR. */
export async function* readWxrEntries(filePath: string): AsyncGenerator<ImportEntry> {
  const head: WxrHead = { authors: new Map(), attachments: new Map() };
  for await (const item of parseWxrItems(filePath, { bodies: false, authors: head.authors })) {
    if (item.fields.get('wp:post_type') !== 'attachment') continue;
    const id = item.fields.get('wp:post_id') ?? '';
    const url = httpUrl(item.fields.get('wp:attachment_url'));
    if (id && url) {
      const parent = item.fields.get('wp:post_parent') ?? '0';
      head.attachments.set(id, {
        url,
        parent: parent === '0' ? null : parent,
        title: htmlToText(item.fields.get('title') ?? ''),
      });
    }
  }
  for await (const item of parseWxrItems(filePath, { bodies: true, authors: null })) {
    yield toEntry(item, head);
  }
}

/** True when the start of a file is an RSS document with WordPress's export namespace. */
export function looksLikeWxr(headText: string): boolean {
  return (
    /<rss\b/i.test(headText) &&
    /xmlns:wp\s*=\s*["']https?:\/\/wordpress\.org\/export\/\d+\.\d+\/?["']/.test(headText)
  );
}

// ── parsing ──────────────────────────────────────────────────────────────────────────────────

async function* parseWxrItems(
  filePath: string,
  options: { bodies: boolean; authors: Map<string, WxrAuthor> | null },
): AsyncGenerator<WxrItem> {
  const parser = new SaxesParser({ xmlns: false, fileName: 'the WordPress export' });
  const done: WxrItem[] = [];
  const path: string[] = [];
  let sawRoot = false;
  let version: string | null = null;
  let item: WxrItem | null = null;
  let author: Record<string, string> | null = null;
  let meta: { key: string; value: string } | null = null;
  let category: { domain: string; nicename: string } | null = null;
  let text: string | null = null;

  parser.on('doctype', () => {
    throw unreadable(
      'This file declares a DOCTYPE, which WordPress exports never do. It is refused because DOCTYPE entity declarations can expand without limit or read other files.',
    );
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = tag.name;
    if (!sawRoot) {
      sawRoot = true;
      const ns = tag.attributes['xmlns:wp'];
      if (name !== 'rss' || !ns || !WXR_NAMESPACE.test(ns)) {
        throw unreadable('This is not a WordPress export: it is XML but not WordPress eXtended RSS (WXR).');
      }
    }
    path.push(name);
    const depth = path.length;
    const parent = path[depth - 2];
    if (name === 'item' && parent === 'channel') {
      item = { fields: new Map(), categories: [], postmeta: [] };
    } else if (item && parent === 'item') {
      if (name === 'category') {
        category = { domain: tag.attributes.domain ?? '', nicename: tag.attributes.nicename ?? '' };
        text = '';
      } else if (name === 'wp:postmeta') {
        meta = { key: '', value: '' };
      } else if (name !== 'wp:comment' && (options.bodies || !BODY_FIELDS.has(name))) {
        text = '';
      }
    } else if (meta && parent === 'wp:postmeta' && (name === 'wp:meta_key' || name === 'wp:meta_value')) {
      text = '';
    } else if (name === 'wp:author' && parent === 'channel') {
      author = {};
    } else if (author && parent === 'wp:author') {
      text = '';
    } else if (name === 'wp:wxr_version' && parent === 'channel') {
      text = '';
    }
  });
  const onText = (chunk: string) => {
    if (text !== null) text += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = tag.name;
    const parent = path[path.length - 2];
    path.pop();
    if (name === 'item' && item && parent === 'channel') {
      done.push(item);
      item = null;
    } else if (item && parent === 'item') {
      if (name === 'category' && category) {
        item.categories.push({ ...category, name: text ?? '' });
        category = null;
      } else if (name === 'wp:postmeta' && meta) {
        item.postmeta.push(meta);
        meta = null;
      } else if (text !== null) {
        item.fields.set(name, text);
      }
      text = null;
    } else if (meta && parent === 'wp:postmeta') {
      if (name === 'wp:meta_key') meta.key = text ?? '';
      if (name === 'wp:meta_value') meta.value = text ?? '';
      text = null;
    } else if (name === 'wp:author' && author) {
      const login = author['wp:author_login']?.trim();
      if (login && options.authors) {
        options.authors.set(login, {
          login,
          email: author['wp:author_email']?.trim() || null,
          name: author['wp:author_display_name']?.trim() || null,
        });
      }
      author = null;
    } else if (author && parent === 'wp:author') {
      author[name] = text ?? '';
      text = null;
    } else if (name === 'wp:wxr_version') {
      version = (text ?? '').trim();
      text = null;
    }
  });

  const stream = createReadStream(filePath, { encoding: 'utf8', highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      parser.write(chunk);
      while (done.length > 0) yield done.shift()!;
    }
    parser.close();
    while (done.length > 0) yield done.shift()!;
  } catch (error) {
    throw asReadError(error);
  } finally {
    stream.destroy();
  }
  if (!sawRoot) throw unreadable('This file is empty or is not XML.');
  if (version === null || !/^\d+\.\d+$/.test(version)) {
    throw unreadable('This does not look like a WordPress export: it has no WXR version (wp:wxr_version).');
  }
}

/** Fields not needed to list attachments; the first pass does not keep their text. */
const BODY_FIELDS = new Set(['content:encoded', 'excerpt:encoded', 'description']);

function asReadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/entity/i.test(message)) {
    return unreadable(
      'The WordPress export uses an XML entity that is not defined. Entity declarations are not accepted.',
      message,
    );
  }
  return unreadable('The WordPress export is not well-formed XML (is the file complete?).', message);
}

// ── items to entries ─────────────────────────────────────────────────────────────────────────

const SKIP_REASONS: Record<string, string> = {
  page: 'Pages are not stories; only posts are imported.',
  attachment: 'A media file: images come in with the stories that show them.',
  nav_menu_item: 'A menu item of the old site’s navigation.',
  revision: 'An earlier revision of a post.',
  wp_block: 'A reusable block, not a post.',
  wp_template: 'A theme template, not a post.',
  wp_template_part: 'A theme template part, not a post.',
  wp_navigation: 'A navigation menu, not a post.',
  wp_global_styles: 'Theme styles, not a post.',
  custom_css: 'Theme styles, not a post.',
};

function toEntry(item: WxrItem, head: WxrHead): ImportEntry {
  const f = item.fields;
  const externalId = (f.get('wp:post_id') ?? '').trim();
  const type = (f.get('wp:post_type') ?? '').trim() || 'post';
  const rawTitle = htmlToText(f.get('title') ?? '');
  const status = (f.get('wp:status') ?? '').trim();

  if (type !== 'post') {
    return skip(
      externalId,
      rawTitle || (f.get('wp:post_name') ?? ''),
      type,
      SKIP_REASONS[type] ?? `A WordPress “${type}”, not a post.`,
    );
  }
  if (status === 'trash' || status === 'auto-draft' || status === 'inherit') {
    return skip(
      externalId,
      rawTitle,
      status,
      status === 'trash' ? 'In WordPress’s trash.' : 'An automatic draft WordPress saved, never written.',
    );
  }

  const rendered = renderWordPressContent(f.get('content:encoded') ?? '', {
    postId: externalId,
    attachments: head.attachments,
  });
  const notes = [...rendered.notes];

  let storyStatus: ImportedStory['status'] = 'draft';
  if (status === 'publish') storyStatus = 'published';
  else if (status === 'private') notes.push('Private in WordPress: imported as a draft.');
  else if (status === 'future') notes.push('Scheduled in WordPress: imported as a draft.');
  if ((f.get('wp:post_password') ?? '') !== '' && storyStatus === 'published') {
    storyStatus = 'draft';
    notes.push('Password-protected in WordPress: imported as a draft.');
  }

  const gmt = wpDate(f.get('wp:post_date_gmt'));
  const local = wpDate(f.get('wp:post_date'));
  const publishedAt =
    status === 'publish' || status === 'future' || status === 'private' ? (gmt ?? local) : null;

  const tags: string[] = [];
  const seen = new Set<string>();
  for (const c of item.categories) {
    if (c.domain !== 'category' && c.domain !== 'post_tag') continue;
    if (c.domain === 'category' && c.nicename === 'uncategorized') continue;
    const name = htmlToText(c.name);
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    tags.push(name);
  }

  const login = (f.get('dc:creator') ?? '').trim();
  const known = login ? head.authors.get(login) : undefined;
  const thumbnailId = item.postmeta.find((m) => m.key === '_thumbnail_id')?.value.trim();
  const featureImageUrl = thumbnailId ? (head.attachments.get(thumbnailId)?.url ?? null) : null;
  if (thumbnailId && !featureImageUrl) notes.push('Its featured image is not in the export.');

  const story: ImportedStory = {
    kind: 'story',
    externalId,
    title: rawTitle || fallbackTitle(rendered.html),
    html: rendered.html,
    excerpt: htmlToText(f.get('excerpt:encoded') ?? ''),
    slug: decodeSlug(f.get('wp:post_name') ?? ''),
    status: storyStatus,
    publishedAt,
    tags,
    author: login ? { key: login, email: known?.email ?? null, name: known?.name ?? null } : null,
    originalUrl: storyStatus === 'published' ? httpUrl(f.get('link')) : null,
    featureImageUrl,
    notes,
  };
  return story;
}

function skip(externalId: string, title: string, what: string, reason: string): SkippedEntry {
  return { kind: 'skip', externalId, title, what, reason };
}

/** WordPress's "YYYY-MM-DD HH:MM:SS" (GMT for post_date_gmt); null for its zero date. */
function wpDate(value: string | undefined): Date | null {
  const v = (value ?? '').trim();
  if (!v || v === ZERO_DATE || !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/.test(v)) return null;
  const date = new Date(`${v.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** WordPress stores non-ASCII slugs percent-encoded (%e4%bd%a0…). */
export function decodeSlug(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}
