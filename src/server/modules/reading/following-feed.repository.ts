import { sql, type AnyColumn } from 'drizzle-orm';
import { namedPreparedQuery, sqlStatement } from '../../db/prepared';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { follows } from '../follows/follows.table';
import { postTags } from '../posts/posts-tags.table';
import { posts } from '../posts/posts.table';
import { users } from '../users/users.table';
import { publishedStory } from '../posts/posts-published.selection';

// The Following feed's keys (issue 25, docs/decisions/052-follows.md): the newest published stories
// whose writer, publication or tag the reader follows, as keyset pages of (published_at, id). The
// reader's follows are read once into three hashed sets (the subplans below); PostgreSQL walks
// posts_published_at_id_idx backward from the cursor and keeps each story in one of them, stopping at
// the page's end — page 500 costs what page 1 does, and no story is sorted. A tag follow is checked in
// post_tags' primary key (post_id, tag_slug) only for a story no writer or publication follow took,
// and only for a reader who follows a tag. One statement: the kinds a reader follows are not read
// first in a query of their own.

export type FollowingFeedQuery = {
  readerId: string;
  cursor: Cursor | null;
  /** Rows to fetch: the page size plus one (see toPage). */
  fetch: number;
  /** Include stories of banned writers (site admins only). */
  includeBannedWriters: boolean;
};

export type FollowingStoryKey = { id: string; publishedAt: Date };

const param = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * The feed's statement, prepared (src/server/db/prepared.ts: PGlite would plan it anew for every
 * page, ~3 ms) — one per shape, first page or after a cursor, so each keeps its index condition.
 */
function followingKeysQuery(name: string, shape: { after: boolean }) {
  const me = param('readerId', 'uuid');
  const followed = (column: AnyColumn) =>
    sql`select ${column} from ${follows} where ${follows.followerId} = ${me} and ${column} is not null`;
  // The two guards below hold no column of the story: PostgreSQL computes each once per query (an
  // InitPlan). The first stops the walk before it starts for a reader who follows nothing; the
  // second skips the per-story tag probe for one who follows no tag.
  return namedPreparedQuery<{ id: string; published_at: string | Date }>(
    name,
    sqlStatement(sql`
      select ${posts.id} as id, ${posts.publishedAt} as published_at
      from ${posts}
      join ${users} on ${users.id} = ${posts.authorId}
      where ${publishedStory}
        and exists (select 1 from ${follows} where ${follows.followerId} = ${me})
        and (${users.status} = 'active' or ${param('includeBanned', 'boolean')})
        ${
          shape.after
            ? sql`and (${posts.publishedAt}, ${posts.id}) < (${param('t', 'timestamptz')}, ${param('id', 'text')})`
            : sql``
        }
        and (
          ${posts.authorId} in (${followed(follows.followedUserId)})
          or ${posts.publicationId} in (${followed(follows.followedPublicationId)})
          or ((select exists (${followed(follows.followedTagSlug)}))
              and exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id}
                          and ${postTags.tagSlug} in (${followed(follows.followedTagSlug)})))
        )
      order by ${posts.publishedAt} desc, ${posts.id} desc
      limit ${param('fetch', 'integer')}`),
  );
}

const followingKeys = {
  first: followingKeysQuery('following_feed_keys', { after: false }),
  after: followingKeysQuery('following_feed_keys_after', { after: true }),
};

/** One keyset page of the reader's Following feed, newest published first. */
export async function findFollowingStoryKeys(query: FollowingFeedQuery): Promise<FollowingStoryKey[]> {
  const values = {
    readerId: query.readerId,
    includeBanned: String(query.includeBannedWriters),
    fetch: String(query.fetch),
  };
  const rows = query.cursor
    ? await followingKeys.after({
        ...values,
        t: cursorTime(query.cursor).toISOString(),
        id: query.cursor.id,
      })
    : await followingKeys.first(values);
  // A published story always has publishedAt (check posts_published_has_time).
  return rows.map((row) => ({ id: row.id, publishedAt: new Date(row.published_at) }));
}
