import { and, desc, eq, gte, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { cursorTime, type Cursor } from '../../lib/cursor';
import {
  collections,
  publicationMembers,
  publications,
  type PublicationMemberRow,
} from '../publications/publications.table';
import { settle, storySummarySelection, type StorySummaryRow } from '../posts/posts-summary.selection';
import { posts, type PostStatus } from '../posts/posts.table';
import { users } from '../users/users.table';
import { publishedStory } from '../posts/posts-published.selection';

// A writer's stories as their home and their studio list them, and the studio's filter choices.

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
    query.allStatuses ? undefined : publishedStory,
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
