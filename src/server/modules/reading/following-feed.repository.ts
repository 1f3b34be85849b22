import { sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { follows } from '../follows/follows.table';
import { postTags } from '../posts/posts-tags.table';
import { posts } from '../posts/posts.table';
import { users } from '../users/users.table';

// The Following feed's keys (issue 25, docs/decisions/052-follows.md): the newest published stories
// whose writer, publication or tag the reader follows, as keyset pages of (published_at, id). The
// reader's follows are read once into three hashed sets (the subplans below); PostgreSQL walks
// posts_published_at_id_idx backward from the cursor and keeps each story in one of them, stopping at
// the page's end — page 500 costs what page 1 does, and no story is sorted. A tag follow is checked in
// post_tags' primary key (post_id, tag_slug) only for a story no writer or publication follow took.

export type FollowingFeedQuery = {
  readerId: string;
  cursor: Cursor | null;
  /** Rows to fetch: the page size plus one (see toPage). */
  fetch: number;
  /** Include stories of banned writers (site admins only). */
  includeBannedWriters: boolean;
  /** Which kinds the reader follows at all: a kind they follow none of is not checked. */
  kinds: { user: boolean; publication: boolean; tag: boolean };
};

export type FollowingStoryKey = { id: string; publishedAt: Date };

/** How many follows of each kind the reader has (one index range of follows_follower_created_idx). */
export async function countFollowsByKind(
  readerId: string,
): Promise<{ user: number; publication: number; tag: number }> {
  const db = await getDb();
  const rows = (await db.execute(
    sql`select ${follows.kind} as kind, count(*)::int as n from ${follows}
        where ${follows.followerId} = ${readerId} group by ${follows.kind}`,
  )) as unknown as { rows: { kind: 'user' | 'publication' | 'tag'; n: number }[] };
  const out = { user: 0, publication: 0, tag: 0 };
  for (const row of rows.rows) out[row.kind] = Number(row.n);
  return out;
}

/** One keyset page of the reader's Following feed, newest published first. */
export async function findFollowingStoryKeys(query: FollowingFeedQuery): Promise<FollowingStoryKey[]> {
  const db = await getDb();
  const me = query.readerId;
  const sources = [
    query.kinds.user
      ? sql`${posts.authorId} in (select ${follows.followedUserId} from ${follows}
            where ${follows.followerId} = ${me} and ${follows.followedUserId} is not null)`
      : null,
    query.kinds.publication
      ? sql`${posts.publicationId} in (select ${follows.followedPublicationId} from ${follows}
            where ${follows.followerId} = ${me} and ${follows.followedPublicationId} is not null)`
      : null,
    query.kinds.tag
      ? sql`exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id}
            and ${postTags.tagSlug} in (select ${follows.followedTagSlug} from ${follows}
            where ${follows.followerId} = ${me} and ${follows.followedTagSlug} is not null))`
      : null,
  ].filter((source) => source !== null);
  if (sources.length === 0) return [];
  const result = (await db.execute(sql`
    select ${posts.id} as id, ${posts.publishedAt} as published_at
    from ${posts}
    join ${users} on ${users.id} = ${posts.authorId}
    where ${posts.status} = 'published'
      ${query.includeBannedWriters ? sql`` : sql`and ${users.status} = 'active'`}
      ${
        query.cursor
          ? sql`and (${posts.publishedAt}, ${posts.id}) < (${cursorTime(query.cursor).toISOString()}::timestamptz, ${query.cursor.id})`
          : sql``
      }
      and (${sql.join(sources, sql` or `)})
    order by ${posts.publishedAt} desc, ${posts.id} desc
    limit ${query.fetch}`)) as unknown as { rows: { id: string; published_at: string | Date }[] };
  // A published story always has publishedAt (check posts_published_has_time).
  return result.rows.map((row) => ({ id: row.id, publishedAt: new Date(row.published_at) }));
}
