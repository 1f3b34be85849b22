import { createReadStream } from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { streamValues } from 'stream-json/streamers/stream-values.js';
import { AppError } from '../../../lib/errors';
import { renderLexical, renderMobiledoc } from './ghost-render';
import { htmlToText, httpUrl, parseDate, unreadable } from './html-text';
import type { ImportEntry, ImportedStory, OpenExportOptions } from './import-entries';
import { fallbackTitle } from './story-text';

// Ghost's JSON export (Settings → Advanced → Export; Ghost 5 writes {db: [{meta, data: {posts,
// tags, posts_tags, users, posts_authors, posts_meta, …}}]}; older files and Ghost's migration
// tools write {meta, data}). The format is Ghost's own exporter and importer
// (ghost/core/core/server/data/exporter, …/importer/importers/data) and its docs on migrating
// content (ghost.org/docs/migration/custom/).
//
// The file is read as a token stream (stream-json), never whole: one pass keeps only the small
// tables (tags, posts_tags, users, posts_authors), a second hands the posts on one at a time.
// A 100 MB export would otherwise be a 100 MB string plus the objects JSON.parse builds from it.

const TABLES = /^(?:db\.0\.)?data\.(?:tags|posts_tags|users|posts_authors)$/;
const POSTS = /^(?:db\.0\.)?data\.posts$/;

type Json = Record<string, unknown>;
type GhostTag = { name: string; internal: boolean };
type GhostUser = { slug: string; email: string | null; name: string | null };

type GhostTables = {
  tags: Map<string, GhostTag>;
  postTags: Map<string, { tagId: string; order: number }[]>;
  users: Map<string, GhostUser>;
  postAuthors: Map<string, { userId: string; order: number }[]>;
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const order = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** JSON tokens of a file, through a stream-json filter and streamer. */
function jsonStream(filePath: string, filter: RegExp, streamer: 'array' | 'values' | 'tokens'): Readable {
  const source = createReadStream(filePath);
  const picked = pick.asStream({ filter, maxDepth: 64 });
  // pipeline() destroys every stage when one fails, and the last stage then throws to its reader.
  if (streamer === 'tokens') return pipeline(source, parser.asStream(), picked, () => {});
  const assembled = streamer === 'array' ? streamArray.asStream() : streamValues.asStream();
  return pipeline(source, parser.asStream(), picked, assembled, () => {});
}

function asReadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return unreadable('The Ghost export is not valid JSON (is the file complete?).', message);
}

/** True when the JSON file has Ghost's posts table (db[0].data.posts or data.posts). */
export async function hasGhostPosts(filePath: string): Promise<boolean> {
  // The first token of the picked value is enough: the posts themselves are not assembled.
  const stream = jsonStream(filePath, POSTS, 'tokens');
  try {
    for await (const token of stream as AsyncIterable<{ name: string }>) {
      return token.name === 'startArray';
    }
    return false;
  } catch {
    return false;
  } finally {
    stream.destroy();
  }
}

async function readTables(filePath: string): Promise<GhostTables> {
  const tables: GhostTables = {
    tags: new Map(),
    postTags: new Map(),
    users: new Map(),
    postAuthors: new Map(),
  };
  const rows: Record<string, unknown[]> = {};
  const stream = jsonStream(filePath, TABLES, 'values');
  // Each picked table arrives whole; which one it is follows from its rows' columns.
  try {
    for await (const { value } of stream as AsyncIterable<{ value: unknown }>) {
      if (!Array.isArray(value) || value.length === 0 || !isObject(value[0])) continue;
      // stream-values does not say which path matched; the tables' columns tell them apart.
      const first = value[0];
      const key =
        'tag_id' in first
          ? 'posts_tags'
          : 'author_id' in first && 'post_id' in first
            ? 'posts_authors'
            : 'email' in first
              ? 'users'
              : 'tags';
      rows[key] = [...(rows[key] ?? []), ...value];
    }
  } catch (error) {
    throw asReadError(error);
  } finally {
    stream.destroy();
  }
  for (const row of rows.tags ?? []) {
    if (!isObject(row)) continue;
    const name = str(row.name).trim();
    tables.tags.set(str(row.id), { name, internal: row.visibility === 'internal' || name.startsWith('#') });
  }
  for (const row of rows.posts_tags ?? []) {
    if (!isObject(row)) continue;
    const list = tables.postTags.get(str(row.post_id)) ?? [];
    list.push({ tagId: str(row.tag_id), order: order(row.sort_order) });
    tables.postTags.set(str(row.post_id), list);
  }
  for (const row of rows.users ?? []) {
    if (!isObject(row)) continue;
    tables.users.set(str(row.id), {
      slug: str(row.slug) || str(row.id),
      email: str(row.email).trim() || null,
      name: str(row.name).trim() || null,
    });
  }
  for (const row of rows.posts_authors ?? []) {
    if (!isObject(row)) continue;
    const list = tables.postAuthors.get(str(row.post_id)) ?? [];
    list.push({ userId: str(row.author_id), order: order(row.sort_order) });
    tables.postAuthors.set(str(row.post_id), list);
  }
  return tables;
}

/** The entries of a Ghost JSON export, in the file's post order. */
export async function* readGhostEntries(
  filePath: string,
  options: OpenExportOptions = {},
): AsyncGenerator<ImportEntry> {
  if (!(await hasGhostPosts(filePath))) {
    throw unreadable('This is not a Ghost export: the JSON has no posts table (db[0].data.posts).');
  }
  const tables = await readTables(filePath);
  const stream = jsonStream(filePath, POSTS, 'array');
  try {
    for await (const { value } of stream as AsyncIterable<{ value: unknown }>) {
      if (!isObject(value)) continue;
      yield toEntry(value, tables, options);
    }
  } catch (error) {
    throw asReadError(error);
  } finally {
    stream.destroy();
  }
}

function toEntry(post: Json, tables: GhostTables, options: OpenExportOptions): ImportEntry {
  const externalId = str(post.id);
  const title = str(post.title).trim();
  const type = str(post.type) || 'post';
  if (type !== 'post') {
    return {
      kind: 'skip',
      externalId,
      title,
      what: type,
      reason:
        type === 'page'
          ? 'Pages are not stories; only posts are imported.'
          : `A Ghost “${type}”, not a post.`,
    };
  }

  const notes: string[] = [];
  const siteUrl = (options.siteUrl ?? '').replace(/\/+$/, '');
  const ghostUrl = (value: string) => value.replaceAll('__GHOST_URL__', siteUrl);

  let html = str(post.html);
  if (!html.trim()) {
    try {
      if (str(post.lexical).trim()) {
        const rendered = renderLexical(str(post.lexical));
        html = rendered.html;
        notes.push(...rendered.notes);
      } else if (str(post.mobiledoc).trim()) {
        const rendered = renderMobiledoc(str(post.mobiledoc));
        html = rendered.html;
        notes.push(...rendered.notes);
      }
    } catch {
      notes.push('Its body (lexical/mobiledoc) could not be read and was left empty.');
      html = '';
    }
  }
  html = ghostUrl(html);
  if (!siteUrl && html.includes('="/content/')) {
    notes.push(
      'Its images point at the old Ghost site by a relative path; give the site’s address to fetch them.',
    );
  }

  const ghostStatus = str(post.status);
  // Out in Ghost and open to everyone there: only such a post goes out here.
  let isPublic = ghostStatus === 'published';
  if (ghostStatus === 'scheduled') notes.push('Scheduled in Ghost: imported as a draft.');
  if (ghostStatus === 'sent') notes.push('Sent by email only in Ghost: imported as a draft.');
  const visibility = str(post.visibility) || 'public';
  if (visibility === 'paid' || visibility === 'tiers') {
    if (options.paidPosts === 'skip') {
      return {
        kind: 'skip',
        externalId,
        title,
        what: 'paid-only',
        reason: 'For paid members only in Ghost.',
      };
    }
    notes.push('For paid members only in Ghost: imported as a draft so it is not made public.');
    isPublic = false;
  } else if (visibility === 'members' && isPublic) {
    // Ghost's readers had to sign up to read it: making it public is the writer's choice, not ours.
    notes.push('For signed-in members only in Ghost: imported as a draft so it is not made public.');
    isPublic = false;
  }
  const status: ImportedStory['status'] = isPublic ? 'published' : 'draft';

  const tags = (tables.postTags.get(externalId) ?? [])
    .sort((a, b) => a.order - b.order)
    .map(({ tagId }) => tables.tags.get(tagId))
    .filter((tag): tag is GhostTag => !!tag && !tag.internal && tag.name !== '')
    .map((tag) => tag.name);

  const authorLink = (tables.postAuthors.get(externalId) ?? []).sort((a, b) => a.order - b.order)[0];
  const authorId = authorLink?.userId ?? str(post.author_id);
  const user = authorId ? tables.users.get(authorId) : undefined;

  const slug = str(post.slug).trim() || null;
  const canonical = httpUrl(ghostUrl(str(post.canonical_url)));
  const ownUrl = httpUrl(ghostUrl(str(post.url)));
  const fromSite = siteUrl && slug && isPublic ? httpUrl(`${siteUrl}/${encodeURIComponent(slug)}/`) : null;
  const feature = ghostUrl(str(post.feature_image)).trim();

  return {
    kind: 'story',
    externalId,
    title: title || fallbackTitle(html),
    html,
    excerpt: htmlToText(str(post.custom_excerpt)),
    slug,
    status,
    publishedAt: ghostStatus === 'draft' ? null : parseDate(post.published_at),
    tags,
    author: user ? { key: user.slug, email: user.email, name: user.name } : null,
    originalUrl: canonical ?? ownUrl ?? fromSite,
    featureImageUrl: feature || null,
    notes,
  };
}
