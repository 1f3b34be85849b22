import type { Actor } from '../../auth/actor';
import { can } from '../../auth/policy';
import { STORY_ID_LENGTH, STORY_ID_RE } from '../../lib/ids';
import { storyPath } from '../../../lib/slug';
import { isPublicStory, publicationRoleOf, storyResource } from './posts-access.service';
import { findStoryPageFingerprint, findStoryPageRow, type StoryPageRow } from './posts-page.repository';
import type { PostStatus } from './posts.table';

// The story page, /stories/{title-slug}-{id} (DESIGN §2): which story a slug names, whether this
// viewer may see it, and where an outdated slug now points. The page renders what this returns;
// docs/decisions/006-story-page.md says how it stays fresh and fast.

export type StoryPageView = {
  id: string;
  /** The current address: /stories/{slug}-{id}, or /stories/{id} when the title has no slug. */
  path: string;
  title: string;
  excerpt: string;
  /** Sanitised on write (DESIGN §9); the only body the page renders. */
  bodyHtml: string;
  featureImageUrl: string | null;
  /** The story's original address elsewhere (an import kept it): the page's canonical link. */
  canonicalUrl?: string | null;
  status: PostStatus;
  /** Published and by an active author: what anyone may read (everything else is a preview). */
  isPublic: boolean;
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
  readingMinutes: number;
  wordCount: number;
  languageCode: string;
  author: { id: string; name: string; image: string | null; subdomain: string | null };
  publication: { id: string; name: string; subdomain: string } | null;
  tags: { name: string; slug: string }[];
};

export type StoryPageResult =
  { kind: 'story'; story: StoryPageView } | { kind: 'redirect'; path: string } | { kind: 'not-found' };

/** The story id a slug names (its last 21 characters, SPEC §9), or null when it cannot be one. */
export function storyIdOfSlug(slug: string): string | null {
  const id = slug.slice(-STORY_ID_LENGTH);
  return STORY_ID_RE.test(id) ? id : null;
}

/** Published and by an active author: what the policy lets anyone read (story.read, anonymous). */
const isPublicPage = (
  row: Pick<StoryPageRow, 'authorId' | 'status' | 'publicationId' | 'author' | 'excerpt'>,
) => isPublicStory(storyResource(row));

function toView(row: StoryPageRow): StoryPageView {
  return {
    id: row.id,
    path: storyPath(row),
    title: row.title,
    excerpt: row.excerpt,
    bodyHtml: row.bodyHtml,
    featureImageUrl: row.featureImageUrl,
    canonicalUrl: row.canonicalUrl,
    status: row.status,
    isPublic: isPublicPage(row),
    publishedAt: row.publishedAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    readingMinutes: row.readingMinutes,
    wordCount: row.wordCount,
    languageCode: row.languageCode,
    author: {
      id: row.author.id,
      name: row.author.name,
      image: row.author.image,
      subdomain: row.author.subdomain,
    },
    publication: row.publication,
    tags: row.tags,
  };
}

/**
 * The story a slug names, as this viewer may see it. A public story (published, active author) is
 * the same for everyone and never asks who is looking; anything else is shown only to those the
 * policy lets read it (its author, its publication's owner and editors, site admins) and is a
 * 404 to everyone else — also at an outdated address, so existence does not leak. A visible story
 * asked for at an outdated slug answers with its current address (the page redirects, 301).
 */
export async function getStoryPage(slug: string, viewer: () => Promise<Actor>): Promise<StoryPageResult> {
  const id = storyIdOfSlug(slug);
  if (!id) return { kind: 'not-found' };
  const row = await findStoryPageRow(id);
  if (!row) return { kind: 'not-found' };
  if (!isPublicPage(row)) {
    const actor = await viewer();
    const role = await publicationRoleOf(actor?.id, row.publicationId);
    const resource = storyResource(row);
    if (!can(actor, 'story.read', resource, { publicationRole: role })) return { kind: 'not-found' };
  }
  const path = storyPath(row);
  if (`/stories/${slug}` !== path) return { kind: 'redirect', path };
  return { kind: 'story', story: toView(row) };
}

/**
 * What the response cache in front of the page needs for an address (docs/decisions/006): the
 * story's fingerprint, its public state and current address, all from one indexed lookup.
 */
export type StoryPageProbe =
  { kind: 'none' } | { kind: 'story'; id: string; fingerprint: string; isPublic: boolean; path: string };

export async function probeStoryPage(slug: string): Promise<StoryPageProbe> {
  const id = storyIdOfSlug(slug);
  if (!id) return { kind: 'none' };
  const fingerprint = await findStoryPageFingerprint(id);
  if (fingerprint === null) return { kind: 'none' };
  // version|status|slug|authorStatus|…: see findStoryPageFingerprint.
  const [, status, storySlug, authorStatus] = fingerprint.split('|');
  const isPublic = isPublicStory({
    authorId: '',
    status: status as PostStatus,
    publicationId: null,
    authorStatus: authorStatus as 'active' | 'banned',
    hasExcerpt: true,
  });
  return { kind: 'story', id, fingerprint, isPublic, path: storyPath({ slug: storySlug, id }) };
}
