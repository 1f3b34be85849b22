import { eq, sql } from 'drizzle-orm';
import { jsonObject, namedColumns, preparedQuery, queryBuilder } from '../../db/prepared';
import { publications } from '../publications/publications.table';
import { postTags, tags } from './posts-tags.table';
import type { Tag } from './posts-tags.schema';
import { users } from '../users/users.table';
import { posts, type PostStatus } from './posts.table';
import { storyPageFingerprintPartsSlot } from './story-page-fingerprint-slot';

// Reads for the story page (/stories/{slug}): what the page shows, and a fingerprint of it that is
// cheap enough to check on every request (docs/decisions/006-story-page.md).

export type StoryPageRow = {
  id: string;
  title: string;
  excerpt: string;
  slug: string;
  bodyHtml: string;
  featureImageUrl: string | null;
  /** The original address elsewhere (an imported story), for <link rel="canonical">. */
  canonicalUrl: string | null;
  status: PostStatus;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  readingMinutes: number;
  wordCount: number;
  languageCode: string;
  version: number;
  authorId: string;
  publicationId: string | null;
  author: {
    id: string;
    name: string;
    image: string | null;
    subdomain: string | null;
    status: 'active' | 'banned';
  };
  publication: { id: string; name: string; subdomain: string } | null;
  tags: Tag[];
};

// Run for every story page that is rendered: a prepared statement (src/server/db/prepared.ts), its
// columns named as StoryPageRow's fields.
const storyPageQuery = preparedQuery<StoryPageRow>(
  'posts_story_page_by_id',
  queryBuilder
    .select(
      namedColumns({
        id: posts.id,
        title: posts.title,
        excerpt: posts.excerpt,
        slug: posts.slug,
        bodyHtml: posts.bodyHtml,
        featureImageUrl: posts.featureImageUrl,
        canonicalUrl: posts.canonicalUrl,
        status: posts.status,
        publishedAt: posts.publishedAt,
        createdAt: posts.createdAt,
        updatedAt: posts.updatedAt,
        readingMinutes: posts.readingMinutes,
        wordCount: posts.wordCount,
        languageCode: posts.languageCode,
        version: posts.version,
        authorId: posts.authorId,
        publicationId: posts.publicationId,
        author: jsonObject({
          id: users.id,
          name: users.name,
          image: users.image,
          subdomain: users.subdomain,
          status: users.status,
        }),
        publication: jsonObject(
          { id: publications.id, name: publications.name, subdomain: publications.subdomain },
          publications.id,
        ),
        tags: sql`(select coalesce(json_agg(json_build_object('name', ${tags.name}, 'slug', ${tags.slug}) order by ${postTags.position}), '[]'::json)
          from ${postTags} join ${tags} on ${tags.slug} = ${postTags.tagSlug} where ${postTags.postId} = ${posts.id})`,
      }),
    )
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(publications, eq(publications.id, posts.publicationId))
    .where(eq(posts.id, sql.placeholder('id'))),
);

/** The story page's content, whatever the story's state (the service decides who may see it). */
export async function findStoryPageRow(id: string): Promise<StoryPageRow | undefined> {
  // The id is checked against STORY_ID_RE ([0-9A-Za-z_-]{21}) by the caller.
  const [row] = await storyPageQuery(id);
  return row;
}

/**
 * Everything the public page shows that can change, as one short string: the story's version (every
 * write bumps it: title, body, tags, status, times, publication), the author's state and byline, and
 * the publication's byline. null when the story does not exist.
 */
const FINGERPRINT_SQL = `select p.version || '|' || p.status || '|' || p.slug || '|' || u.status || '|' || u.name
    || '|' || coalesce(u.image, '') || '|' || coalesce(u.subdomain, '') || '|' || coalesce(pub.name, '')
    || '|' || coalesce(pub.subdomain, '') as fp
  from posts p join users u on u.id = p.author_id left join publications pub on pub.id = p.publication_id
  where p.id = $1`;

/** FINGERPRINT_SQL with the parts upper modules add (story-page-fingerprint-slot.ts) at its end. */
function fingerprintSql(): string {
  const parts = storyPageFingerprintPartsSlot.get() ?? [];
  if (parts.length === 0) return FINGERPRINT_SQL;
  const extra = parts.map((part) => ` || '|' || (${part})`).join('');
  return FINGERPRINT_SQL.replace(' as fp\n', `${extra} as fp\n`);
}

// Run on every story page request: a prepared statement (~0.2 ms instead of ~0.5 ms on PGlite).
const fingerprintQuery = preparedQuery<{ fp: string }>(
  'lamplight_story_fingerprint',
  { toSQL: () => ({ sql: fingerprintSql(), params: [] }) },
  1,
  {
    keptUntilChange: true,
  },
);

/** The fingerprint of a story page (see FINGERPRINT_SQL), or null when there is no such story. */
export async function findStoryPageFingerprint(id: string): Promise<string | null> {
  // The id is checked against STORY_ID_RE ([0-9A-Za-z_-]{21}) by the caller.
  const [row] = await fingerprintQuery(id);
  return row?.fp ?? null;
}
