import { eq, getTableColumns, sql } from 'drizzle-orm';
import { jsonObject, namedColumns, queryBuilder, rowBoolean } from '../../db/prepared';
import { publications } from '../publications/publications.table';
import { users } from '../users/users.table';
import type { Tag } from './posts-tags.schema';
import { postTags, tags } from './posts-tags.table';
import { posts, type PostRow } from './posts.table';

// What every answer about a story shows beside its row: author, publication, tags and whether a
// newsletter holds it (posts.in_newsletter). The columns are shared so that every module reading
// stories — the core's own reads, the listings, search, feeds — selects a summary the same way; the
// SQL that uses them stays in each module's repository.

export const { searchVector: _vector, ...postColumns } = getTableColumns(posts);
export const { bodyJson: _json, bodyHtml: _html, bodyText: _text, ...summaryColumns } = postColumns;

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
  isInNewsletter: posts.inNewsletter,
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
export const namedJoined = () => ({
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

/** Story summaries for a prepared list: the columns above over posts, their writer and publication. */
export const selectStorySummaries = () =>
  queryBuilder
    .select(storySummaryNamedColumns())
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(publications, eq(publications.id, posts.publicationId));
