import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/policy';
import { AppError, notFound } from '../../lib/errors';
import { listVisibleStorySummaries as storiesByIds } from '../posts/posts-read.service';
import { computedStoryIds } from './curation-computed.service';
import { untilSiteChanges } from '../page-cache/site-version.service';
import { mostReadAuthorIds } from '../stats/stats.service';
import {
  findActiveAuthorsByIds,
  findCuratedSets,
  findExistingItemIds,
  findNewestPublicationStoryIds,
  findPublicationChoices,
  findUsersByIds,
  findLatestDevotionPublicationId,
  findPublicationStorySet,
  findStoryIdsInPublication,
  publicationExists,
  upsertCuratedSet,
  upsertPublicationStorySet,
  findMostPublishingAuthorIds,
  findMostPublishingPublicationIds,
  findMostUsedTagSlugs,
  findPublicationsByIds,
  findTagsBySlugs,
} from './curation.repository';
import { CURATED_SET_MAX } from './curation.schema';
import type {
  AuthorsSet,
  CuratedSetBody,
  CuratedSetParams,
  CuratedSetPutParams,
  CuratedStories,
  PublicationStories,
  PublicationStorySetBody,
  TopAuthors,
  TopPublications,
  TopTags,
} from './curation.schema';
import type { CuratedSetKind, PublicationStorySetKind } from './curation.table';

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
/** The most ids of one curated set that are hydrated at once (a PUT refuses more). */
const MAX_SET = CURATED_SET_MAX;
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

// ---- Writing the sets (issue 13; SPEC §7 PUTs, DESIGN §7: site admins) ---------------------------

/**
 * Well-formed ids that name nothing are answered like any unknown id, 404: the document cannot
 * know which ids exist, so a 400 would refuse input it allows (docs/decisions/028-openapi-contract.md).
 */
const refuseUnknown = (field: string, ids: readonly string[], known: Set<string>) => {
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new AppError(
      'not_found',
      'Not found',
      `${field}: no such ${unknown.length === 1 ? 'item' : 'items'}: ${unknown.slice(0, 5).join(', ')}`,
    );
  }
};

/** Checks and stores one curated set (ids that name nothing are refused: nothing is changed then). */
async function putSet(actor: Actor, kind: CuratedSetKind, params: CuratedSetPutParams, ids: string[]) {
  assertCan(actor, 'curation.set');
  refuseUnknown('ids', ids, await findExistingItemIds(kind, ids));
  await upsertCuratedSet(kind, params.languageCode, params.countryCode, ids, actor!.id);
  return findCuratedSets(params.languageCode, params.countryCode, [kind]);
}

/** PUT /posts/editor_pick|popular_stories/{languageCode}/{countryCode} */
export async function putCuratedStories(
  actor: Actor,
  kind: 'editor_pick' | 'popular_stories',
  params: CuratedSetPutParams,
  { ids }: CuratedSetBody,
): Promise<CuratedStories> {
  return storySet(actor, kind, params.languageCode, await putSet(actor, kind, params, ids));
}

/** PUT /publications/top_publications/{languageCode}/{countryCode} */
export async function putTopPublications(actor: Actor, params: CuratedSetPutParams, { ids }: CuratedSetBody) {
  return publicationSet(params.languageCode, await putSet(actor, 'top_publications', params, ids));
}

/** PUT /tags/top_tags/{languageCode}/{countryCode} (ids are tag slugs) */
export async function putTopTags(actor: Actor, params: CuratedSetPutParams, { ids }: CuratedSetBody) {
  return tagSet(params.languageCode, await putSet(actor, 'top_tags', params, ids));
}

/** PUT /users/top_authors/{languageCode}/{countryCode} */
export async function putTopAuthors(actor: Actor, params: CuratedSetPutParams, { ids }: CuratedSetBody) {
  return authorSet(params.languageCode, await putSet(actor, 'top_authors', params, ids));
}

/** The authors set of (language, country): the writers the staff chose, banned ones left out. */
async function authorsOf(sets: Sets): Promise<AuthorsSet> {
  const ids = (sets.get('authors') ?? []).slice(0, MAX_SET);
  return { authors: inOrder(ids, await findActiveAuthorsByIds(ids), (row) => row.id) };
}

/** PUT /users/authors/{languageCode}/{countryCode} */
export async function putAuthors(actor: Actor, params: CuratedSetPutParams, { ids }: CuratedSetBody) {
  return authorsOf(await putSet(actor, 'authors', params, ids));
}

/** An item of a set as the staff's editor lists it. */
export type EditorItem = { id: string; label: string; detail?: string };

export type CuratedSetEditorData = {
  /** The stored items of each set, in order, as the admin sees them (hidden ones marked). */
  items: Record<CuratedSetKind, EditorItem[]>;
  /** What an anonymous reader's home page shows from them (the preview). */
  home: HomeSets;
};

const HIDDEN = 'hidden from readers';

/** The stored stories as the admin sees them (a banned writer's or an unpublished one, marked). */
async function storyItems(actor: Actor, ids: string[]): Promise<EditorItem[]> {
  const publicIds = new Set((await storiesByIds(null, ids)).map((story) => story.id));
  return (await storiesByIds(actor, ids)).map((story) => ({
    id: story.id,
    label: story.title.trim() || 'Untitled story',
    detail: publicIds.has(story.id) ? story.author.name : `${story.author.name} · ${HIDDEN}`,
  }));
}

async function authorItems(ids: string[]): Promise<EditorItem[]> {
  const rows = await findUsersByIds(ids);
  const active = new Set((await findActiveAuthorsByIds(ids)).map((row) => row.id));
  return inOrder(ids, rows, (row) => row.id).map((row) => ({
    id: row.id,
    label: row.name,
    detail: active.has(row.id) ? (row.subdomain ? `@${row.subdomain}` : undefined) : HIDDEN,
  }));
}

/** The staff area's curated-set editor: what is stored, and what the home page shows from it. */
export async function getCuratedSetEditor(
  actor: Actor,
  params: CuratedSetPutParams,
): Promise<CuratedSetEditorData> {
  assertCan(actor, 'curation.set');
  const sets = await findCuratedSets(params.languageCode, params.countryCode);
  const ids = (kind: CuratedSetKind) => (sets.get(kind) ?? []).slice(0, MAX_SET);
  const [editorPick, popular, publications, tags, topAuthors, authors, home] = await Promise.all([
    storyItems(actor, ids('editor_pick')),
    storyItems(actor, ids('popular_stories')),
    findPublicationsByIds(ids('top_publications')),
    findTagsBySlugs(ids('top_tags')),
    authorItems(ids('top_authors')),
    authorItems(ids('authors')),
    // Readers' view, not the admin's: the preview shows what an anonymous reader's home would.
    getHomeSets(null, params),
  ]);
  return {
    items: {
      editor_pick: editorPick,
      popular_stories: popular,
      top_publications: inOrder(ids('top_publications'), publications, (row) => row.id).map((row) => ({
        id: row.id,
        label: row.name,
        detail: row.subdomain,
      })),
      top_tags: inOrder(ids('top_tags'), tags, (row) => row.slug).map((row) => ({
        id: row.slug,
        label: row.name,
      })),
      top_authors: topAuthors,
      authors,
    },
    home,
  };
}

// ---- Publication devotion and trending (SPEC §7; DESIGN §7: ordered story lists per publication) --

/** How many stories the default devotion and trending sets hold (a publication's newest). */
const PUBLICATION_SET_DEFAULT_SIZE = 6;

/** GET /publications/publication_devotion|publication_trending/{id}: anyone; 404 for no publication. */
export async function getPublicationStories(
  actor: Actor,
  kind: PublicationStorySetKind,
  publicationId: string,
): Promise<PublicationStories> {
  if (!(await publicationExists(publicationId))) throw notFound('Publication');
  const stored = await findPublicationStorySet(publicationId, kind);
  if (stored && stored.length > 0) {
    return { posts: await storiesByIds(actor, stored.slice(0, MAX_SET)), curated: true };
  }
  const newest = await findNewestPublicationStoryIds(publicationId, PUBLICATION_SET_DEFAULT_SIZE);
  return { posts: await storiesByIds(actor, newest), curated: false };
}

/**
 * Today's devotion (the /dailydevotion page): one story of the publication's devotion set a day, in
 * turn. Without a publication id, the publication whose devotion set was curated last; null when
 * there is none or its set has no story a reader may see.
 */
export async function todaysDevotion(publicationId: string | null, now = new Date()) {
  const id = publicationId ?? (await findLatestDevotionPublicationId());
  if (!id) return null;
  try {
    const { posts } = await getPublicationStories(null, 'devotion', id);
    if (posts.length === 0) return null;
    const day = Math.floor(now.getTime() / 86_400_000);
    return posts[day % posts.length]!;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/** PUT /publications/publication_devotion|publication_trending/{id}: stories of that publication only. */
export async function putPublicationStories(
  actor: Actor,
  kind: PublicationStorySetKind,
  publicationId: string,
  { postIds }: PublicationStorySetBody,
): Promise<PublicationStories> {
  assertCan(actor, 'curation.set');
  if (!(await publicationExists(publicationId))) throw notFound('Publication');
  refuseUnknown('postIds', postIds, await findStoryIdsInPublication(publicationId, postIds));
  await upsertPublicationStorySet(publicationId, kind, postIds, actor!.id);
  return getPublicationStories(actor, kind, publicationId);
}

/** How many candidates the staff area's finders filter among (publications, tags). */
const CANDIDATES = 200;

export type CurationCandidates = {
  publications: { id: string; name: string; subdomain: string }[];
  tags: { name: string; slug: string }[];
};

/** The publications and the language's most used tags the curated-set editor may add. */
export async function getCurationCandidates(actor: Actor, languageCode: string): Promise<CurationCandidates> {
  assertCan(actor, 'curation.set');
  const [publications, slugs] = await Promise.all([
    findPublicationChoices(CANDIDATES),
    findMostUsedTagSlugs(languageCode, CANDIDATES),
  ]);
  const tags = inOrder(slugs, await findTagsBySlugs(slugs), (row) => row.slug);
  return { publications, tags };
}
