import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { posts } from '../posts/posts.table';
import { users } from '../users/users.table';
import { postViewReaders, postViewsDaily, statsDailySalts } from './stats.table';
import { publishedStory } from '../posts/posts-published.selection';

// Reads of the page-view counters (post_views_daily, one row per story and UTC day). "Since" is a
// UTC day string 'YYYY-MM-DD': the range scan walks post_views_daily_day_post_idx.

export type TopQuery = { languageCode: string; sinceDay: string; limit: number };

/** Published stories of a language with the most views since a day, most viewed first. */
export async function findMostViewedPostIds(query: TopQuery): Promise<string[]> {
  const views = sql<number>`sum(${postViewsDaily.views})::int`;
  const rows = await (
    await getDb()
  )
    .select({ id: postViewsDaily.postId, views })
    .from(postViewsDaily)
    .innerJoin(posts, eq(posts.id, postViewsDaily.postId))
    .where(
      and(
        gte(postViewsDaily.day, query.sinceDay),
        eq(posts.status, 'published'),
        eq(posts.languageCode, query.languageCode),
      ),
    )
    .groupBy(postViewsDaily.postId)
    .orderBy(desc(views), desc(postViewsDaily.postId))
    .limit(query.limit);
  return rows.map((row) => row.id);
}

/** Writers whose published stories of a language were read most since a day, most read first. */
export async function findMostReadAuthorIds(query: TopQuery): Promise<string[]> {
  const views = sql<number>`sum(${postViewsDaily.views})::int`;
  const rows = await (
    await getDb()
  )
    .select({ id: posts.authorId, views })
    .from(postViewsDaily)
    .innerJoin(posts, eq(posts.id, postViewsDaily.postId))
    .where(
      and(
        gte(postViewsDaily.day, query.sinceDay),
        eq(posts.status, 'published'),
        eq(posts.languageCode, query.languageCode),
      ),
    )
    .groupBy(posts.authorId)
    .orderBy(desc(views), desc(posts.authorId))
    .limit(query.limit);
  return rows.map((row) => row.id);
}

/** One page view waiting to be written: the reader is already a key (see stats.table.ts). */
export type PendingView = {
  postId: string;
  day: string;
  reader: string;
  userType: 'guest' | 'user';
  userId: string | null;
};

/**
 * Writes a batch of views in ONE statement: each (story, day, reader) not seen before becomes a
 * reader row, and only those new rows add to post_views_daily. Views of stories that are not
 * published (or gone), or of accounts deleted meanwhile, are dropped. The ssoId is the user's own.
 * Returns how many views were counted.
 */
export async function insertViews(views: readonly PendingView[]): Promise<number> {
  if (views.length === 0) return 0;
  const db = await getDb();
  const result = await db.execute(sql`
    with incoming as (
      select * from json_to_recordset(${JSON.stringify(views)}::json)
        as t("postId" text, "day" date, "reader" text, "userType" text, "userId" uuid)
    ), fresh as (
      insert into ${postViewReaders} (post_id, day, reader, user_type, user_id, sso_id)
      select i."postId", i."day", i."reader", i."userType", u.id, u.sso_id
      from incoming i
      join ${posts} p on p.id = i."postId" and p.status = 'published'
      left join ${users} u on u.id = i."userId"
      where i."userId" is null or u.id is not null
      on conflict do nothing
      returning post_id, day
    ), counted as (
      insert into ${postViewsDaily} (post_id, day, views)
      select post_id, day, count(*)::int from fresh group by post_id, day
      on conflict (post_id, day) do update set views = ${postViewsDaily}.views + excluded.views
      returning views
    )
    select count(*)::int as "counted" from fresh
  `);
  const rows = (result as unknown as { rows: Array<{ counted: number }> }).rows;
  return Number(rows[0]?.counted ?? 0);
}

/** The salt of a day's guest hashes, made once (whoever comes first); older salts are deleted. */
export async function dailySalt(day: string, candidate: string): Promise<string> {
  const db = await getDb();
  await db.insert(statsDailySalts).values({ day, salt: candidate }).onConflictDoNothing();
  await db.delete(statsDailySalts).where(lt(statsDailySalts.day, day));
  const [row] = await db
    .select({ salt: statsDailySalts.salt })
    .from(statsDailySalts)
    .where(eq(statsDailySalts.day, day));
  return row?.salt ?? candidate;
}

export type StoryViewsRow = { id: string; title: string; slug: string; publishedAt: Date; views: number };

/**
 * One keyset page of a publication's published stories, newest published first, each with its
 * views from `sinceDay` (0 when none): walks posts_publication_status_published_at_id_idx.
 */
export async function findPublicationStoryViews(query: {
  publicationId: string;
  sinceDay: string;
  cursor: Cursor | null;
  fetch: number;
}): Promise<StoryViewsRow[]> {
  const db = await getDb();
  const views = sql<number>`coalesce((
    select sum(v.views) from ${postViewsDaily} v where v.post_id = ${posts.id} and v.day >= ${query.sinceDay}
  ), 0)::int`;
  const rows = await db
    .select({ id: posts.id, title: posts.title, slug: posts.slug, publishedAt: posts.publishedAt, views })
    .from(posts)
    .where(
      and(
        eq(posts.publicationId, query.publicationId),
        publishedStory,
        query.cursor
          ? sql`(${posts.publishedAt}, ${posts.id}) < (${cursorTime(query.cursor).toISOString()}::timestamptz, ${query.cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(query.fetch);
  return rows.map((row) => ({
    ...row,
    publishedAt: row.publishedAt ?? new Date(0),
    views: Number(row.views),
  }));
}

/** Views per UTC day from `sinceDay` of all of a publication's stories (days without views absent). */
export async function findPublicationDailyViews(publicationId: string, sinceDay: string) {
  const db = await getDb();
  const views = sql<number>`sum(${postViewsDaily.views})::int`;
  const rows = await db
    .select({ day: postViewsDaily.day, views })
    .from(postViewsDaily)
    .innerJoin(posts, eq(posts.id, postViewsDaily.postId))
    .where(and(eq(posts.publicationId, publicationId), gte(postViewsDaily.day, sinceDay)))
    .groupBy(postViewsDaily.day)
    .orderBy(postViewsDaily.day);
  return rows.map((row) => ({ day: row.day, views: Number(row.views) }));
}

/** All-time views of each of these stories (absent: none). */
export async function findTotalViews(postIds: readonly string[]): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const db = await getDb();
  const views = sql<number>`sum(${postViewsDaily.views})::int`;
  const rows = await db
    .select({ id: postViewsDaily.postId, views })
    .from(postViewsDaily)
    .where(inArray(postViewsDaily.postId, [...postIds]))
    .groupBy(postViewsDaily.postId);
  return new Map(rows.map((row) => [row.id, Number(row.views)]));
}
