import { isOutStatus } from '../../auth/policy';
import { detectLanguage as guessLanguage } from '../../../lib/detect-language';
import { slugify, tagSlug } from '../../../lib/slug';
import { EXCERPT_MAX, TITLE_MAX } from './posts.limits';
import { MAX_TAGS_PER_POST as MAX_TAGS, TAG_NAME_MAX } from './posts-tags.limits';
import type { Tag } from './posts-tags.schema';
import { prepareBody, type PreparedBody } from './posts-html';
import { findStoryRowById } from './posts-read.repository';
import { insertStory } from './posts.repository';
import { storyContentSaved } from './posts.events';

// A story brought in from another platform (issue 23; docs/decisions/042-imports.md). The same body
// path as the editor's (prepareBody: sanitiser, then the editor's allowlisted document) and the same
// one-statement insert as createPost (the story with its tags, so the search copy and every count
// follow from the same triggers); what differs is what an import keeps: the original date, status,
// slug and address. Who may import where is the imports module's question, asked before this.

export type ImportedStoryInput = {
  /** Chosen by the caller beforehand, so a run that dies after the insert finds the story again. */
  id: string;
  authorId: string;
  publicationId: string | null;
  title: string;
  /** Untrusted HTML from the export (its images already rewritten to stored uploads, or not). */
  html: string;
  excerpt: string;
  /** The source's slug; used when it is a valid Lamplight slug (or slugifies into one). */
  slug: string | null;
  status: 'draft' | 'published';
  publishedAt: Date | null;
  /** At most MAX_TAGS are kept, in order: the caller reports the rest. */
  tags: readonly string[];
  featureImageUrl: string | null;
  canonicalUrl: string | null;
};

const VALID_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The source's slug when valid, else its slugified form, else the title's (as createPost does). */
export function importedSlug(sourceSlug: string | null, title: string): string {
  const given = (sourceSlug ?? '').trim();
  if (given.length <= 80 && VALID_SLUG.test(given)) return given;
  return slugify(given) || slugify(title);
}

/** The story's language as the editor's hint guesses it (src/lib/detect-language.ts); English when unsure. */
export function detectLanguage(text: string): 'zh' | 'en' {
  return guessLanguage(text.slice(0, 4000)) ?? 'en';
}

/** Distinct (by slug), non-blank tags in order: the first MAX_TAGS kept, the others dropped. */
export function splitImportedTags(names: readonly string[]): { kept: Tag[]; dropped: string[] } {
  const kept: Tag[] = [];
  const dropped: string[] = [];
  const seen = new Set<string>();
  for (const raw of names) {
    const name = raw.replace(/\s+/g, ' ').trim().slice(0, TAG_NAME_MAX);
    const slug = tagSlug(name);
    if (!name || !slug || seen.has(slug)) continue;
    seen.add(slug);
    if (kept.length < MAX_TAGS) kept.push({ name, slug });
    else dropped.push(name);
  }
  return { kept, dropped };
}

/** The body as the editor would store it: sanitised, normalised, rendered. */
export function prepareImportedBody(html: string): PreparedBody {
  return prepareBody({ bodyHtml: html });
}

/** Whether the story an earlier, interrupted run planned was written. */
export async function importedStoryExists(id: string): Promise<boolean> {
  return (await findStoryRowById(id)) !== undefined;
}

/**
 * Inserts the story with its tags in one statement (all or nothing) and tells the modules built on
 * stories that it was created. Not "published": an old story brought in is not news (no webhooks,
 * no newsletter for 300 stories at once).
 */
export async function insertImportedStory(input: ImportedStoryInput): Promise<{ id: string; slug: string }> {
  const body = prepareImportedBody(input.html);
  const { kept } = splitImportedTags(input.tags);
  const title = input.title.replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX);
  const published = isOutStatus(input.status);
  const slug = importedSlug(input.slug, title);
  await insertStory(
    {
      id: input.id,
      authorId: input.authorId,
      title,
      slug,
      excerpt: input.excerpt.replace(/\s+/g, ' ').trim().slice(0, EXCERPT_MAX),
      ...body,
      featureImageUrl: input.featureImageUrl,
      tagsText: kept.map((tag) => tag.name).join(' '),
      status: input.status,
      publishedAt: published ? (input.publishedAt ?? new Date()) : null,
      scheduledTime: null,
      publicationId: input.publicationId,
      collectionId: null,
      languageCode: detectLanguage(`${title}\n${body.bodyText}`),
      canonicalUrl: input.canonicalUrl,
    },
    kept,
  );
  await storyContentSaved.emit({
    postId: input.id,
    actorId: input.authorId,
    created: true,
    status: input.status,
    republished: false,
  });
  return { id: input.id, slug };
}
