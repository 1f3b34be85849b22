import { and, desc, sql, type AnyColumn } from 'drizzle-orm';
import { namedPreparedQuery, planTimeUnknown } from '../../db/prepared';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { follows } from '../follows/follows.table';
import { postTags } from '../posts/posts-tags.table';
import { posts } from '../posts/posts.table';
import { publishedStory } from '../posts/posts-published.selection';
import { settle, selectStorySummaries, type StorySummaryRow } from '../posts/posts-summary.selection';
import { users } from '../users/users.table';

// The Following feed (issue 25, docs/decisions/052-follows.md): the newest published stories whose
// writer, publication or tag the reader follows, as keyset pages of (published_at, id), each row the
// story card's summary. The reader's follows are read once into three hashed sets (the subplans
// below); PostgreSQL walks posts_published_at_id_idx backward from the cursor and keeps each story in
// one of them, stopping at the page's end — page 500 costs what page 1 does, and no story is sorted.
// A tag follow is checked in post_tags' primary key (post_id, tag_slug) only for a story no writer or
// publication follow took, and only for a reader who follows a tag. One statement: the kinds a reader
// follows are not read first, and the cards are not read after, in queries of their own.

export type FollowingFeedQuery = {
  readerId: string;
  cursor: Cursor | null;
  /** Rows to fetch: the page size plus one (see toPage). */
  fetch: number;
  /** Include stories of banned writers (site admins only). */
  includeBannedWriters: boolean;
};

// The plan is the same index walk for every reader and page (above): parameters unknown to the
// planner let PostgreSQL keep one generic plan rather than plan each page again (decision 062).
const param = planTimeUnknown;

/**
 * The feed's statement, prepared (src/server/db/prepared.ts: PGlite would plan it anew for every
 * page, ~3 ms) — one per shape, first page or after a cursor, so each keeps its index condition.
 */
function followingPageQuery(name: string, shape: { after: boolean }) {
  const me = param('readerId', 'uuid');
  const followed = (column: AnyColumn) =>
    sql`select ${column} from ${follows} where ${follows.followerId} = ${me} and ${column} is not null`;
  return namedPreparedQuery<StorySummaryRow>(
    name,
    selectStorySummaries()
      .where(
        and(
          publishedStory,
          // The two guards below hold no column of the story: PostgreSQL computes each once per
          // query (an InitPlan). The first stops the walk before it starts for a reader who follows
          // nothing; the second skips the per-story tag probe for one who follows no tag.
          sql`exists (select 1 from ${follows} where ${follows.followerId} = ${me})`,
          sql`(${users.status} = 'active' or ${param('includeBanned', 'boolean')})`,
          shape.after
            ? sql`(${posts.publishedAt}, ${posts.id}) < (${param('t', 'timestamptz')}, ${param('id', 'text')})`
            : undefined,
          sql`(
            ${posts.authorId} in (${followed(follows.followedUserId)})
            or ${posts.publicationId} in (${followed(follows.followedPublicationId)})
            or ((select exists (${followed(follows.followedTagSlug)}))
                and exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id}
                            and ${postTags.tagSlug} in (${followed(follows.followedTagSlug)}))))`,
        ),
      )
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(param('fetch', 'integer') as unknown as number),
  );
}

const followingPages = {
  first: followingPageQuery('following_feed_page', { after: false }),
  after: followingPageQuery('following_feed_page_after', { after: true }),
};

/** One keyset page of the reader's Following feed, newest published first, as story summaries. */
export async function findFollowingStoryRows(query: FollowingFeedQuery): Promise<StorySummaryRow[]> {
  const values = {
    readerId: query.readerId,
    includeBanned: String(query.includeBannedWriters),
    fetch: String(query.fetch),
  };
  const rows = query.cursor
    ? await followingPages.after({
        ...values,
        t: cursorTime(query.cursor).toISOString(),
        id: query.cursor.id,
      })
    : await followingPages.first(values);
  return rows.map(settle);
}
