import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { posts } from '../posts/posts.table';
import { publications } from '../publications/publications.table';
import { postTags, tags } from '../tags/tags.table';
import { users } from '../users/users.table';
import { curatedSets, type CuratedSetKind } from './curation.table';
import type { TopAuthor, TopPublication } from './curation.schema';

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
