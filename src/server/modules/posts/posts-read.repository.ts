import { and, desc, eq, getTableColumns, gte, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import {
  jsonObject,
  namedColumns,
  preparedQuery,
  queryBuilder,
  rowBoolean,
  textArrayParameter,
} from '../../db/prepared';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { newsletterEntries } from '../newsletters/newsletters.table';
import {
  collections,
  publicationMembers,
  publications,
  type PublicationMemberRow,
} from '../publications/publications.table';
import { postTags, tags } from '../tags/tags.table';
import type { Tag } from '../tags/tags.schema';
import { users } from '../users/users.table';
import { posts, type PostRow, type PostStatus } from './posts.table';

// Reads of stories with what every answer shows beside the row: author, publication, tags and
// whether the story is in a newsletter. Lists are keyset pages (src/server/lib/cursor.ts).

const { searchVector: _vector, ...postColumns } = getTableColumns(posts);
const { bodyJson: _json, bodyHtml: _html, bodyText: _text, ...summaryColumns } = postColumns;

const joined = {
  author: {
    id: users.id,
    name: users.name,
    status: users.status,
    image: users.image,
    subdomain: users.subdomain,
  },
  publication: {
    id: publications.id,
    name: publications.name,
    newsletterDescription: publications.newsletterDescription,
    hasNewsletters: publications.hasNewsletters,
  },
  isInNewsletter: sql<boolean>`exists (select 1 from ${newsletterEntries} where ${newsletterEntries.postId} = ${posts.id})`,
  // The story's tags in the author's order, in the same query (one round trip per story or page).
  tags: sql<
    Tag[]
  >`(select coalesce(json_agg(json_build_object('name', ${tags.name}, 'slug', ${tags.slug}) order by ${postTags.position}), '[]'::json)
    from ${postTags} join ${tags} on ${tags.slug} = ${postTags.tagSlug} where ${postTags.postId} = ${posts.id})`,
};

/** StorySummaryRow's columns for a Drizzle select over posts ⋈ users ⟕ publications (then settle each row). */
export const storySummarySelection = { ...summaryColumns, ...joined };

type Joined = {
  author: {
    id: string;
    name: string;
    status: 'active' | 'banned';
    image: string | null;
    subdomain: string | null;
  };
  publication: {
    id: string;
    name: string;
    newsletterDescription: string | null;
    hasNewsletters: boolean;
  } | null;
  isInNewsletter: boolean;
  tags: Tag[];
};
export type StorySummaryRow = Omit<PostRow, 'searchVector' | 'bodyJson' | 'bodyHtml' | 'bodyText'> & Joined;
export type StoryRow = Omit<PostRow, 'searchVector'> & Joined;

// Drivers differ in how they hand back json and booleans from raw SQL: settle both here.
export const settle = <T extends { isInNewsletter: unknown; tags: unknown }>(row: T) => ({
  ...row,
  isInNewsletter: rowBoolean(row.isInNewsletter),
  tags: (typeof row.tags === 'string' ? JSON.parse(row.tags) : row.tags) as Tag[],
});

/** What a story's row is read with, as a prepared statement's columns named like StoryRow's fields. */
const namedJoined = () => ({
  author: jsonObject(joined.author),
  publication: jsonObject(joined.publication, publications.id),
  isInNewsletter: joined.isInNewsletter,
  tags: joined.tags,
});

/**
 * StorySummaryRow's columns for a prepared statement (src/server/db/prepared.ts), over posts joined
 * with users and left-joined with publications.
 */
export const storySummaryNamedColumns = () => namedColumns({ ...summaryColumns, ...namedJoined() });

// A story by id, asked on every read and write of one: a prepared statement
// (src/server/db/prepared.ts), its columns named as StoryRow's fields.
const storyByIdQuery = preparedQuery<StoryRow>(
  'posts_story_by_id',
  queryBuilder
    .select(namedColumns({ ...postColumns, ...namedJoined() }))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(publications, eq(publications.id, posts.publicationId))
    .where(eq(posts.id, sql.placeholder('id'))),
);

/** A story with its body, whatever its state (the service decides who may see it). */
export async function findStoryRowById(id: string): Promise<StoryRow | undefined> {
  const [row] = await storyByIdQuery(id);
  return row && settle(row);
}

// Summaries by id hydrate every ranked or curated list (search, home sets, lists): one prepared
// statement whatever the number of ids, so PGlite plans it once rather than per page.
const storySummariesByIdsQuery = preparedQuery<StorySummaryRow>(
  'posts_story_summaries_by_ids',
  queryBuilder
    .select(storySummaryNamedColumns())
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(publications, eq(publications.id, posts.publicationId))
    .where(sql`${posts.id} = any(${sql.placeholder('ids')}::text[])`),
);

/** Summaries of these stories (no bodies), whatever their state, in one query; missing ids are absent. */
export async function findStorySummaryRowsByIds(ids: readonly string[]): Promise<StorySummaryRow[]> {
  if (ids.length === 0) return [];
  return (await storySummariesByIdsQuery(textArrayParameter(ids))).map(settle);
}

export type AuthorPostsQuery = {
  authorId: string;
  /** true: every status, newest created first (the studio); false: published only, newest published first. */
  allStatuses: boolean;
  cursor: Cursor | null;
  /** Rows to fetch: the page size plus one (see toPage). */
  fetch: number;
  /** Studio only: also other writers' non-draft stories in publications the author owns or edits. */
  desk?: boolean;
  /** With desk: include stories of banned writers (site admins only). */
  includeBannedWriters?: boolean;
  status?: PostStatus;
  collectionId?: string;
  writerId?: string;
  /** Only rows whose sort time is at or after this instant. */
  since?: Date;
};

/** Publications where the user is owner or editor (the "desk"), as a subquery of ids. */
const deskPublicationIds = (userId: string) => sql`(
  select ${publicationMembers.publicationId} from ${publicationMembers}
   where ${publicationMembers.userId} = ${userId}
     and ${publicationMembers.role} in ('publication_owner', 'publication_editor')
  union
  select ${publications.id} from ${publications} where ${publications.ownerId} = ${userId})`;

/** Whose stories a studio covers: the author's own, plus (desk) the non-draft stories of their desks. */
function studioScope(query: Pick<AuthorPostsQuery, 'authorId' | 'desk' | 'includeBannedWriters'>): SQL {
  if (!query.desk) return eq(posts.authorId, query.authorId);
  const others = and(
    sql`${posts.publicationId} in ${deskPublicationIds(query.authorId)}`,
    ne(posts.status, 'draft'),
    query.includeBannedWriters ? undefined : eq(users.status, 'active'),
  );
  return or(eq(posts.authorId, query.authorId), others)!;
}

/** One keyset page of an author's stories, ordered by (sort time, id) descending; filters narrow it. */
export async function findAuthorPostRows(query: AuthorPostsQuery): Promise<StorySummaryRow[]> {
  const db = await getDb();
  const sortColumn = query.allStatuses ? posts.createdAt : posts.publishedAt;
  const conditions: (SQL | undefined)[] = [
    query.allStatuses ? studioScope(query) : eq(posts.authorId, query.authorId),
    query.allStatuses ? undefined : eq(posts.status, 'published'),
    query.status ? eq(posts.status, query.status) : undefined,
    query.collectionId ? eq(posts.collectionId, query.collectionId) : undefined,
    query.writerId ? eq(posts.authorId, query.writerId) : undefined,
    query.since ? gte(sortColumn, query.since) : undefined,
    query.cursor
      ? sql`(${sortColumn}, ${posts.id}) < (${cursorTime(query.cursor).toISOString()}::timestamptz, ${query.cursor.id})`
      : undefined,
  ];
  const rows = await db
    .select(storySummarySelection)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(publications, eq(publications.id, posts.publicationId))
    .where(and(...conditions))
    .orderBy(desc(sortColumn), desc(posts.id))
    .limit(query.fetch);
  return rows.map(settle);
}

export type StudioFilterRows = {
  collections: { id: string; name: string; publicationId: string; publicationName: string }[];
  writers: { id: string; name: string; image: string | null }[];
  publications: { id: string; name: string; role: PublicationMemberRow['role'] }[];
};

/** The choices of a studio's story-filter: the collections and writers its stories have, and the user's publications. */
export async function findStudioFilterRows(
  query: Pick<AuthorPostsQuery, 'authorId' | 'desk' | 'includeBannedWriters'>,
): Promise<StudioFilterRows> {
  const db = await getDb();
  const scope = studioScope(query);
  const [collectionRows, writerRows, publicationRows] = await Promise.all([
    db
      .selectDistinct({
        id: collections.id,
        name: collections.name,
        publicationId: publications.id,
        publicationName: publications.name,
        createdAt: collections.createdAt,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .innerJoin(collections, eq(collections.id, posts.collectionId))
      .innerJoin(publications, eq(publications.id, collections.publicationId))
      .where(scope)
      .orderBy(publications.name, collections.createdAt, collections.id),
    db
      .selectDistinct({ id: users.id, name: users.name, image: users.image })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(scope)
      .orderBy(users.name, users.id),
    db
      .select({ id: publications.id, name: publications.name, role: publicationMembers.role })
      .from(publicationMembers)
      .innerJoin(publications, eq(publications.id, publicationMembers.publicationId))
      .where(eq(publicationMembers.userId, query.authorId))
      .orderBy(publications.name, publications.id),
  ]);
  return {
    collections: collectionRows.map(({ createdAt: _created, ...row }) => row),
    writers: writerRows,
    publications: publicationRows,
  };
}
