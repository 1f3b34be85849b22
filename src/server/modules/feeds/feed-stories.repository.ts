import { and, asc, count, countDistinct, desc, eq, isNotNull, max, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { publications } from '../publications/publications.table';
import { postTags } from '../posts/posts-tags.table';
import { citationCount, citesRange, DENSE_CITATIONS } from '../scripture/scripture-citations.selection';
import { users } from '../users/users.table';
import { settle, storySummarySelection, type StoryRow } from '../posts/posts-summary.selection';
import { posts } from '../posts/posts.table';
import { publishedStory } from '../posts/posts-published.selection';

// Reads for feeds and the sitemap: the newest published stories of the site, a writer, a
// publication or a tag (with their bodies), and what the sitemap lists. Only published stories of
// active writers: the SQL mirrors story.read for anonymous readers, the service asks the policy.
// Writers, publications and tags are listed through their published stories (a page with none has
// nothing to index), so every read here is a read over posts joined with its neighbours.

export type FeedStoryRow = Omit<StoryRow, 'bodyJson' | 'bodyText'>;
export type FeedScope =
  | { kind: 'site' }
  | { kind: 'writer'; authorId: string }
  | { kind: 'publication'; publicationId: string }
  | { kind: 'tag'; tagSlug: string }
  /** Stories citing a passage overlapping [startKey, endKey] (verse keys, decision 046). */
  | { kind: 'passage'; startKey: number; endKey: number };

const publicStory = and(publishedStory, eq(users.status, 'active'));

async function scopeCondition(scope: FeedScope): Promise<SQL | undefined> {
  switch (scope.kind) {
    case 'site':
      return undefined;
    case 'writer':
      return eq(posts.authorId, scope.authorId);
    case 'publication':
      return eq(posts.publicationId, scope.publicationId);
    case 'tag':
      return sql`exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id} and ${postTags.tagSlug} = ${scope.tagSlug})`;
    case 'passage': {
      // Rare or common, found as the passage pages find them (scripture-citations.selection.ts).
      const db = await getDb();
      const [{ citing }] = await db.select({ citing: citationCount(scope) }).from(sql`(select 1) as one`);
      return citesRange(scope, Number(citing) >= DENSE_CITATIONS);
    }
  }
}

/** The newest published stories in the scope, bodies included, newest first (publication time, id). */
export async function findFeedStoryRows(scope: FeedScope, limit: number): Promise<FeedStoryRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ ...storySummarySelection, bodyHtml: posts.bodyHtml })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(publications, eq(publications.id, posts.publicationId))
    .where(and(publicStory, await scopeCondition(scope)))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
  return rows.map(settle);
}

export type SitemapKind = 'stories' | 'writers' | 'publications' | 'tags';
export type SitemapRow = { key: string; slug: string | null; lastmod: Date };

/** How many addresses each part of the sitemap has. */
export async function countSitemapRows(): Promise<Record<SitemapKind, number>> {
  const db = await getDb();
  const [stories, writers, pubs, tagRows] = await Promise.all([
    db.select({ n: count() }).from(posts).innerJoin(users, eq(users.id, posts.authorId)).where(publicStory),
    db
      .select({ n: countDistinct(users.subdomain) })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(and(publicStory, isNotNull(users.subdomain))),
    db
      .select({ n: countDistinct(posts.publicationId) })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(and(publicStory, isNotNull(posts.publicationId))),
    db
      .select({ n: countDistinct(postTags.tagSlug) })
      .from(postTags)
      .innerJoin(posts, eq(posts.id, postTags.postId))
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(publicStory),
  ]);
  return {
    stories: Number(stories[0].n),
    writers: Number(writers[0].n),
    publications: Number(pubs[0].n),
    tags: Number(tagRows[0].n),
  };
}

/**
 * One slice of a sitemap part in a stable order. key: the story id, the writer's subdomain, the
 * publication's id, or the tag's slug; slug: the story's title slug or the publication's subdomain.
 * lastmod: the story's last change, or the newest change among the stories behind the page.
 */
export async function findSitemapRows(
  kind: SitemapKind,
  offset: number,
  limit: number,
): Promise<SitemapRow[]> {
  const db = await getDb();
  const lastmod = max(posts.updatedAt);
  switch (kind) {
    case 'stories': {
      const rows = await db
        .select({ key: posts.id, slug: posts.slug, lastmod: posts.updatedAt })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId))
        .where(publicStory)
        .orderBy(asc(posts.id))
        .offset(offset)
        .limit(limit);
      return rows;
    }
    case 'writers': {
      const rows = await db
        .select({ key: users.subdomain, lastmod })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId))
        .where(and(publicStory, isNotNull(users.subdomain)))
        .groupBy(users.subdomain)
        .orderBy(asc(users.subdomain))
        .offset(offset)
        .limit(limit);
      return rows.map((row) => ({ key: row.key!, slug: null, lastmod: toDate(row.lastmod) }));
    }
    case 'publications': {
      const rows = await db
        .select({ key: publications.id, slug: publications.subdomain, lastmod })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId))
        .innerJoin(publications, eq(publications.id, posts.publicationId))
        .where(publicStory)
        .groupBy(publications.id, publications.subdomain)
        .orderBy(asc(publications.id))
        .offset(offset)
        .limit(limit);
      return rows.map((row) => ({ key: row.key, slug: row.slug, lastmod: toDate(row.lastmod) }));
    }
    case 'tags': {
      const rows = await db
        .select({ key: postTags.tagSlug, lastmod })
        .from(postTags)
        .innerJoin(posts, eq(posts.id, postTags.postId))
        .innerJoin(users, eq(users.id, posts.authorId))
        .where(publicStory)
        .groupBy(postTags.tagSlug)
        .orderBy(asc(postTags.tagSlug))
        .offset(offset)
        .limit(limit);
      return rows.map((row) => ({ key: row.key, slug: null, lastmod: toDate(row.lastmod) }));
    }
  }
}

// An aggregate comes back as a Date or, from some drivers, a timestamp string.
const toDate = (value: Date | string | null): Date => (value instanceof Date ? value : new Date(value ?? 0));
