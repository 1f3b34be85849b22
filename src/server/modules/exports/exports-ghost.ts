import { randomUUID } from 'node:crypto';
import type { ExportAuthorRow, ExportStoryRow } from './exports.repository';
import { absoluteUploadUrl, rewriteUploads } from './exports-images';

// ghost.json: Ghost 5's own import format (docs/decisions/043-exports.md, where each rule below is
// traced to Ghost's importer source). The file is written piece by piece (exports.archive.ts), so
// these functions make one record at a time.

/**
 * meta.version must be valid semver: Ghost's DataImporter refuses anything else ("Detected
 * unsupported file structure"), so '5.x' would not import. Ghost 5's own exports say e.g. '5.96.0'.
 */
export const GHOST_VERSION = '5.0.0';
/** Ghost's posts.custom_excerpt holds at most 300 characters (its schema validation). */
export const GHOST_EXCERPT_MAX = 300;
/** Every imported user is given this role (roles_users): Ghost imports no Owner, and Author may publish. */
export const GHOST_AUTHOR_ROLE = { id: 'lamplight-role-author', name: 'Author' };

/** Lamplight's story states in Ghost's words: review states are drafts there. */
const GHOST_STATUS: Record<ExportStoryRow['status'], 'published' | 'scheduled' | 'draft'> = {
  published: 'published',
  scheduled: 'scheduled',
  draft: 'draft',
  pending: 'draft',
  rejected: 'draft',
};

/** When the story went out (or will): Ghost's published_at; null for drafts and stories under review. */
export function outTime(story: ExportStoryRow): Date | null {
  switch (story.status) {
    case 'published':
      return story.publishedAt;
    case 'scheduled':
      return story.scheduledTime;
    default:
      return null;
  }
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Cut at a character boundary (not inside a surrogate pair), never more than `max` characters. */
function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** A post record: HTML only — Ghost 5 turns html into lexical itself when a post has no lexical. */
export function ghostPost(story: ExportStoryRow) {
  const html = rewriteUploads(story.bodyHtml, (_ref, url) => absoluteUploadUrl(url));
  return {
    id: story.id,
    uuid: randomUUID(),
    title: story.title,
    ...(story.slug ? { slug: story.slug } : {}),
    html,
    comment_id: story.id,
    feature_image: story.featureImageUrl ? absoluteUploadUrl(story.featureImageUrl) : null,
    featured: false,
    type: 'post',
    status: GHOST_STATUS[story.status],
    visibility: 'public',
    custom_excerpt: story.excerpt ? clip(story.excerpt, GHOST_EXCERPT_MAX) : null,
    canonical_url: story.canonicalUrl ?? null,
    created_at: iso(story.createdAt),
    updated_at: iso(story.updatedAt),
    published_at: iso(outTime(story)),
  };
}

/**
 * posts_meta: Ghost 5 keeps SEO fields there; the excerpt doubles as the meta description. No `id`:
 * PostsImporter copies the record into the post's own posts_meta, where an id of ours (Ghost's ids
 * are 24 characters) would be kept as it is.
 */
export function ghostPostMeta(story: ExportStoryRow) {
  return {
    post_id: story.id,
    meta_title: null,
    meta_description: story.excerpt ? clip(story.excerpt, 500) : null,
    feature_image_alt: null,
    feature_image_caption: null,
  };
}

/**
 * A user record. Ghost requires a valid, unique address; the exporting writer's own is theirs to
 * take, but a publication's other writers' addresses are not the owner's to carry off: they get a
 * placeholder at the reserved `.invalid` domain (RFC 2606), which Ghost accepts and never mails.
 */
export function ghostUser(author: ExportAuthorRow, revealEmail: boolean) {
  const slug = author.subdomain || `writer-${author.id.slice(0, 8)}`;
  return {
    id: author.id,
    name: author.name || slug,
    slug,
    email: revealEmail ? author.email : `${slug}-${author.id.slice(0, 8)}@lamplight.invalid`,
    profile_image: author.image ? absoluteUploadUrl(author.image) : null,
    bio: author.description ? clip(author.description, 200) : null,
    status: 'active',
  };
}
