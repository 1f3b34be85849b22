import type { Actor } from '../../auth/actor';
import { computedStoryIds, storiesByIds } from '../posts/posts-home.service';
import { untilSiteChanges } from '../page-cache/site-version.service';
import { mostReadAuthorIds } from '../stats/stats.service';
import {
  findActiveAuthorsByIds,
  findCuratedSets,
  findMostPublishingAuthorIds,
  findMostPublishingPublicationIds,
  findMostUsedTagSlugs,
  findPublicationsByIds,
  findTagsBySlugs,
} from './curation.repository';
import type {
  CuratedSetParams,
  CuratedStories,
  TopAuthors,
  TopPublications,
  TopTags,
} from './curation.schema';
import type { CuratedSetKind } from './curation.table';

// The computed fallbacks rank every published story of a language (100–200 ms at 100,000 stories on
// PGlite): kept until the site changes (decision 026), so a signed-in reader's home page — always
// rendered — does not pay them each time.
const mostUsedTagSlugs = untilSiteChanges(findMostUsedTagSlugs);
const mostPublishingPublicationIds = untilSiteChanges(findMostPublishingPublicationIds);
const mostPublishingAuthorIds = untilSiteChanges(findMostPublishingAuthorIds);

// The home page's curated sets (SPEC §3, §7; DESIGN §7), read per (language, country): the ids a
// site admin set, hydrated in their order, ids that no longer resolve (deleted, banned,
// unpublished) skipped. When nothing is curated, the computed default for the language: popular =
// most viewed in 7 days, top tags = most used, top authors = most read, top publications = most
// published stories — so a fresh site is full from the first start.

/** How many entities a computed set holds (a curated one holds what the admin set, up to MAX_SET). */
export const COMPUTED_SET_SIZE = { stories: 6, publications: 6, tags: 12, authors: 6 } as const;
/** The most ids of one curated set that are hydrated at once. */
const MAX_SET = 50;
const WEEK_MS = 7 * 86_400_000;

type Sets = Map<CuratedSetKind, string[]>;

/** The curated ids of a kind, or null when there are none (then the computed default applies). */
const curatedIds = (sets: Sets, kind: CuratedSetKind): string[] | null => {
  const ids = sets.get(kind);
  return ids && ids.length > 0 ? ids.slice(0, MAX_SET) : null;
};

/** Rows in the order of `ids`, those that did not resolve left out. */
function inOrder<Row>(ids: readonly string[], rows: readonly Row[], keyOf: (row: Row) => string): Row[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return ids.flatMap((id) => {
    const row = byKey.get(id);
    return row ? [row] : [];
  });
}

async function storySet(
  actor: Actor,
  kind: 'editor_pick' | 'popular_stories',
  languageCode: string,
  sets: Sets,
): Promise<CuratedStories> {
  const ids = curatedIds(sets, kind);
  if (ids) return { posts: await storiesByIds(actor, ids), curated: true };
  const computed = await computedStoryIds(kind, languageCode, COMPUTED_SET_SIZE.stories);
  return { posts: await storiesByIds(actor, computed), curated: false };
}

async function publicationSet(languageCode: string, sets: Sets): Promise<TopPublications> {
  const curated = curatedIds(sets, 'top_publications');
  const ids = curated ?? (await mostPublishingPublicationIds(languageCode, COMPUTED_SET_SIZE.publications));
  const rows = await findPublicationsByIds(ids);
  return { publications: inOrder(ids, rows, (row) => row.id), curated: curated !== null };
}

async function tagSet(languageCode: string, sets: Sets): Promise<TopTags> {
  const curated = curatedIds(sets, 'top_tags');
  const slugs = curated ?? (await mostUsedTagSlugs(languageCode, COMPUTED_SET_SIZE.tags));
  const rows = await findTagsBySlugs(slugs);
  return { tags: inOrder(slugs, rows, (row) => row.slug), curated: curated !== null };
}

async function authorSet(languageCode: string, sets: Sets, now = Date.now()): Promise<TopAuthors> {
  let ids = curatedIds(sets, 'top_authors');
  const curated = ids !== null;
  if (!ids) {
    const limit = COMPUTED_SET_SIZE.authors;
    const read = await mostReadAuthorIds({ languageCode, since: new Date(now - WEEK_MS), limit });
    // A fresh site has no views yet: the most published writers fill the rest.
    const more = read.length < limit ? await mostPublishingAuthorIds(languageCode, limit) : [];
    ids = [...new Set([...read, ...more])].slice(0, limit);
  }
  const rows = await findActiveAuthorsByIds(ids);
  return { authors: inOrder(ids, rows, (row) => row.id), curated };
}

/** GET /posts/editor_pick/… and /posts/popular_stories/…/{languageCode}/{countryCode}. */
export async function getCuratedStories(
  actor: Actor,
  kind: 'editor_pick' | 'popular_stories',
  { languageCode, countryCode }: CuratedSetParams,
): Promise<CuratedStories> {
  return storySet(actor, kind, languageCode, await findCuratedSets(languageCode, countryCode, [kind]));
}

/** GET /publications/top_publications/{languageCode}/{countryCode}. */
export async function getTopPublications({ languageCode, countryCode }: CuratedSetParams) {
  return publicationSet(languageCode, await findCuratedSets(languageCode, countryCode, ['top_publications']));
}

/** GET /tags/top_tags/{languageCode}/{countryCode}. */
export async function getTopTags({ languageCode, countryCode }: CuratedSetParams) {
  return tagSet(languageCode, await findCuratedSets(languageCode, countryCode, ['top_tags']));
}

/** GET /users/top_authors/{languageCode}/{countryCode}. */
export async function getTopAuthors({ languageCode, countryCode }: CuratedSetParams) {
  return authorSet(languageCode, await findCuratedSets(languageCode, countryCode, ['top_authors']));
}

export type HomeSets = {
  editorPick: CuratedStories;
  popular: CuratedStories;
  publications: TopPublications;
  tags: TopTags;
  authors: TopAuthors;
};

/** Every set the home page shows, from one read of the curated sets (then one query per set). */
export async function getHomeSets(
  actor: Actor,
  { languageCode, countryCode }: CuratedSetParams,
): Promise<HomeSets> {
  const sets = await findCuratedSets(languageCode, countryCode);
  const [editorPick, popular, publications, tags, authors] = await Promise.all([
    storySet(actor, 'editor_pick', languageCode, sets),
    storySet(actor, 'popular_stories', languageCode, sets),
    publicationSet(languageCode, sets),
    tagSet(languageCode, sets),
    authorSet(languageCode, sets),
  ]);
  return { editorPick, popular, publications, tags, authors };
}

/** Stories per page of GET /posts/editor_posts/{languageCode}/{shardingNumber}. */
export const EDITOR_POSTS_PAGE_SIZE = 10;

/**
 * GET /posts/editor_posts/{languageCode}/{shardingNumber}: the editor pick of (language, country)
 * as a story list, page `shardingNumber` (0 is the first) of EDITOR_POSTS_PAGE_SIZE ids.
 */
export async function listEditorPosts(
  actor: Actor,
  { languageCode, countryCode }: CuratedSetParams,
  shardingNumber: number,
): Promise<{ posts: CuratedStories['posts']; nextShardingNumber: number | null }> {
  const sets = await findCuratedSets(languageCode, countryCode, ['editor_pick']);
  const curated = sets.get('editor_pick') ?? [];
  const ids =
    curated.length > 0
      ? curated
      : await computedStoryIds('editor_pick', languageCode, COMPUTED_SET_SIZE.stories);
  const start = shardingNumber * EDITOR_POSTS_PAGE_SIZE;
  const slice = ids.slice(start, start + EDITOR_POSTS_PAGE_SIZE);
  const more = ids.length > start + EDITOR_POSTS_PAGE_SIZE;
  return { posts: await storiesByIds(actor, slice), nextShardingNumber: more ? shardingNumber + 1 : null };
}
