import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { posts } from '../posts/posts.table';
import { publications } from '../publications/publications.table';
import { postTags, tags } from '../posts/posts-tags.table';
import { users } from '../users/users.table';
import {
  curatedSets,
  publicationStorySets,
  type CuratedSetKind,
  type PublicationStorySetKind,
} from './curation.table';
import type { TopAuthor, TopPublication } from './curation.schema';
import { publishedStory } from '../posts/posts-published.selection';

// Reads of the curated sets, the entities they name (joined read-only from their modules' tables),
// and DESIGN §7's computed defaults for a language when nothing is curated.

/** Every curated set of (language, country) in one query: kind → ordered ids. */
export async function findCuratedSets(
  languageCode: string,
  countryCode: string,
  kinds?: readonly CuratedSetKind[],
): Promise<Map<CuratedSetKind, string[]>> {
  const db = await getDb();
  const rows = await db
    .select({ kind: curatedSets.kind, itemIds: curatedSets.itemIds })
    .from(curatedSets)
    .where(
      and(
        eq(curatedSets.languageCode, languageCode),
        eq(curatedSets.countryCode, countryCode),
        kinds ? inArray(curatedSets.kind, [...kinds]) : undefined,
      ),
    );
  return new Map(rows.map((row) => [row.kind, row.itemIds]));
}

/** These publications (any order; unknown ids absent). */
export async function findPublicationsByIds(ids: readonly string[]): Promise<TopPublication[]> {
  // A curated id that is not a uuid names nothing (and must not reach a uuid comparison).
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (valid.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      id: publications.id,
      name: publications.name,
      image: publications.image,
      description: publications.description,
      subdomain: publications.subdomain,
      languageCode: publications.languageCode,
    })
    .from(publications)
    .where(inArray(publications.id, valid));
}

/** These tags (any order; unknown slugs absent). */
export async function findTagsBySlugs(slugs: readonly string[]): Promise<{ name: string; slug: string }[]> {
  if (slugs.length === 0) return [];
  const db = await getDb();
  return db
    .select({ name: tags.name, slug: tags.slug })
    .from(tags)
    .where(inArray(tags.slug, [...slugs]));
}

/** These writers, banned ones left out (any order; unknown ids absent). */
export async function findActiveAuthorsByIds(ids: readonly string[]): Promise<TopAuthor[]> {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (valid.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      id: users.id,
      name: users.name,
      image: users.image,
      description: users.description,
      subdomain: users.subdomain,
    })
    .from(users)
    .where(and(inArray(users.id, valid), eq(users.status, 'active')));
}

/** Published stories of the language by active writers (the computed rankings count these). */
const publicStoriesOf = (languageCode: string) =>
  and(eq(posts.languageCode, languageCode), eq(posts.status, 'published'), eq(users.status, 'active'));

/** Tag slugs on the most published stories of the language, most used first. */
export async function findMostUsedTagSlugs(languageCode: string, limit: number): Promise<string[]> {
  const db = await getDb();
  const uses = sql<number>`count(*)::int`;
  const rows = await db
    .select({ slug: postTags.tagSlug, uses })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(publicStoriesOf(languageCode))
    .groupBy(postTags.tagSlug)
    .orderBy(desc(uses), postTags.tagSlug)
    .limit(limit);
  return rows.map((row) => row.slug);
}

/** Publications with the most published stories of the language, most first. */
export async function findMostPublishingPublicationIds(
  languageCode: string,
  limit: number,
): Promise<string[]> {
  const db = await getDb();
  const stories = sql<number>`count(*)::int`;
  const rows = await db
    .select({ id: posts.publicationId, stories })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(publicStoriesOf(languageCode), isNotNull(posts.publicationId)))
    .groupBy(posts.publicationId)
    .orderBy(desc(stories), posts.publicationId)
    .limit(limit);
  return rows.map((row) => row.id!);
}

/** Writers with the most published stories of the language, most first (tops up "most read"). */
export async function findMostPublishingAuthorIds(languageCode: string, limit: number): Promise<string[]> {
  const db = await getDb();
  const stories = sql<number>`count(*)::int`;
  const rows = await db
    .select({ id: posts.authorId, stories })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(publicStoriesOf(languageCode))
    .groupBy(posts.authorId)
    .orderBy(desc(stories), posts.authorId)
    .limit(limit);
  return rows.map((row) => row.id);
}

// ---- Writes (issue 13: site admins set the sets) ------------------------------------------------

/** Replaces the ids of one curated set of (language, country); an empty list clears it. */
export async function upsertCuratedSet(
  kind: CuratedSetKind,
  languageCode: string,
  countryCode: string,
  itemIds: readonly string[],
  updatedBy: string,
): Promise<void> {
  const db = await getDb();
  await db
    .insert(curatedSets)
    .values({ kind, languageCode, countryCode, itemIds: [...itemIds], updatedBy })
    .onConflictDoUpdate({
      target: [curatedSets.kind, curatedSets.languageCode, curatedSets.countryCode],
      set: { itemIds: [...itemIds], updatedBy, updatedAt: sql`now()` },
    });
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which of these ids name an existing thing of the set's kind: stories (any state, any writer — a
 * banned writer's or an unpublished story stays in the set and is skipped when read), publications,
 * tag slugs or users.
 */
export async function findExistingItemIds(
  kind: CuratedSetKind,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const db = await getDb();
  const list = [...ids];
  const uuids = list.filter((id) => UUID_SHAPE.test(id));
  let rows: { id: string }[];
  switch (kind) {
    case 'editor_pick':
    case 'popular_stories':
      rows = await db.select({ id: posts.id }).from(posts).where(inArray(posts.id, list));
      break;
    case 'top_publications':
      rows = uuids.length
        ? await db.select({ id: publications.id }).from(publications).where(inArray(publications.id, uuids))
        : [];
      break;
    case 'top_tags':
      rows = await db.select({ id: tags.slug }).from(tags).where(inArray(tags.slug, list));
      break;
    case 'top_authors':
    case 'authors':
      rows = uuids.length
        ? await db.select({ id: users.id }).from(users).where(inArray(users.id, uuids))
        : [];
      break;
  }
  return new Set(rows.map((row) => row.id));
}

/** Whether the publication exists. */
export async function publicationExists(id: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: publications.id })
    .from(publications)
    .where(eq(publications.id, id))
    .limit(1);
  return row !== undefined;
}

/** Which of these story ids are stories of the publication (any state). */
export async function findStoryIdsInPublication(
  publicationId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.publicationId, publicationId), inArray(posts.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** The publication's newest published stories by active writers (the default devotion and trending). */
export async function findNewestPublicationStoryIds(publicationId: string, limit: number): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(posts.publicationId, publicationId), publishedStory, eq(users.status, 'active')))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The story ids of a publication's devotion or trending set, or null when none was set. */
export async function findPublicationStorySet(
  publicationId: string,
  kind: PublicationStorySetKind,
): Promise<string[] | null> {
  const db = await getDb();
  const [row] = await db
    .select({ postIds: publicationStorySets.postIds })
    .from(publicationStorySets)
    .where(and(eq(publicationStorySets.publicationId, publicationId), eq(publicationStorySets.kind, kind)));
  return row ? row.postIds : null;
}

/** The publication whose devotion set was curated last (the site's daily devotion), or null. */
export async function findLatestDevotionPublicationId(): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ publicationId: publicationStorySets.publicationId })
    .from(publicationStorySets)
    .where(
      and(eq(publicationStorySets.kind, 'devotion'), sql`cardinality(${publicationStorySets.postIds}) > 0`),
    )
    .orderBy(desc(publicationStorySets.updatedAt))
    .limit(1);
  return row?.publicationId ?? null;
}

/** Replaces a publication's devotion or trending stories. */
export async function upsertPublicationStorySet(
  publicationId: string,
  kind: PublicationStorySetKind,
  postIds: readonly string[],
  updatedBy: string,
): Promise<void> {
  const db = await getDb();
  await db
    .insert(publicationStorySets)
    .values({ publicationId, kind, postIds: [...postIds], updatedBy })
    .onConflictDoUpdate({
      target: [publicationStorySets.publicationId, publicationStorySets.kind],
      set: { postIds: [...postIds], updatedBy, updatedAt: sql`now()` },
    });
}

/** Every publication's id and name, by name (the staff area's choices; a site has few). */
export async function findPublicationChoices(
  limit: number,
): Promise<{ id: string; name: string; subdomain: string }[]> {
  const db = await getDb();
  return db
    .select({ id: publications.id, name: publications.name, subdomain: publications.subdomain })
    .from(publications)
    .orderBy(publications.name, publications.id)
    .limit(limit);
}

/** These users with their status (any order; unknown ids absent): the staff's editor shows banned ones too. */
export async function findUsersByIds(
  ids: readonly string[],
): Promise<{ id: string; name: string; subdomain: string | null; status: 'active' | 'banned' }[]> {
  const valid = ids.filter((id) => UUID_SHAPE.test(id));
  if (valid.length === 0) return [];
  const db = await getDb();
  return db
    .select({ id: users.id, name: users.name, subdomain: users.subdomain, status: users.status })
    .from(users)
    .where(inArray(users.id, valid));
}
