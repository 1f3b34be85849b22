import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import {
  typedPlaceholder,
  namedColumns,
  namedPreparedQuery,
  queryBuilder,
  preparedQuery,
  sqlStatement,
  textArrayParameter,
} from '../../db/prepared';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { posts, type PostStatus } from '../posts/posts.table';
import { users } from '../users/users.table';
import { citationCount, citesRange, DENSE_CITATIONS } from './scripture-citations.selection';
import { postScriptureRefs, postScriptureScans } from './scripture.table';
import { publishedStory } from '../posts/posts-published.selection';

// The stored references of stories (docs/decisions/046-stored-references.md): the only SQL of the
// scripture module. A story's rows are replaced whole on one transaction, guarded by the version of
// the story that was read, so of two saves read out of order the newer one's rows stay.

/** What is read of a story to find its references. */
export type StoryText = {
  id: string;
  version: number;
  title: string;
  bodyText: string;
  languageCode: string;
  status: PostStatus;
};

const storyTextColumns = {
  id: posts.id,
  version: posts.version,
  title: posts.title,
  bodyText: posts.bodyText,
  languageCode: posts.languageCode,
  status: posts.status,
};

// A story's text and its last reading, asked after every save: a prepared statement
// (src/server/db/prepared.ts), its columns named as the fields.
const storyTextQuery = preparedQuery<StoryText & { readVersion: number | null; readBy: number | null }>(
  'scripture_story_text',
  queryBuilder
    .select(
      namedColumns({
        ...storyTextColumns,
        readVersion: postScriptureScans.postVersion,
        readBy: postScriptureScans.scannerVersion,
      }),
    )
    .from(posts)
    .leftJoin(postScriptureScans, eq(postScriptureScans.postId, posts.id))
    .where(eq(posts.id, sql.placeholder('id'))),
);

/** A story's text, and which version of it was read last by which scanner (null: never read). */
export async function findStoryText(
  postId: string,
): Promise<(StoryText & { read: { postVersion: number; scannerVersion: number } | null }) | null> {
  const [row] = await storyTextQuery(postId);
  if (!row) return null;
  const { readVersion, readBy, ...story } = row;
  return {
    ...story,
    version: Number(story.version),
    read:
      readVersion === null || readBy === null
        ? null
        : { postVersion: Number(readVersion), scannerVersion: Number(readBy) },
  };
}

/** Stories never read, read at an older version of theirs, or read by another scanner. */
const unread = (scannerVersion: number): SQL =>
  or(
    isNull(postScriptureScans.postId),
    lt(postScriptureScans.postVersion, posts.version),
    ne(postScriptureScans.scannerVersion, scannerVersion),
  )!;

/** The next `limit` stories to read after `afterId`, in id order (a backfill's keyset page). */
export async function findUnreadStories(
  scannerVersion: number,
  afterId: string | null,
  limit: number,
): Promise<StoryText[]> {
  const db = await getDb();
  return db
    .select(storyTextColumns)
    .from(posts)
    .leftJoin(postScriptureScans, eq(postScriptureScans.postId, posts.id))
    .where(and(unread(scannerVersion), afterId === null ? undefined : gt(posts.id, afterId)))
    .orderBy(asc(posts.id))
    .limit(limit);
}

/** Whether any story is left to read (one probe that stops at the first). */
export async function hasUnreadStories(scannerVersion: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .leftJoin(postScriptureScans, eq(postScriptureScans.postId, posts.id))
    .where(unread(scannerVersion))
    .limit(1);
  return rows.length > 0;
}

export type StoredReference = { osis: string; startKey: number; endKey: number; position: number };

export type ReplaceResult = 'changed' | 'unchanged' | 'stale' | 'gone';

// PostgreSQL's foreign-key violation: the story was deleted while its text was being read.
const FOREIGN_KEY_VIOLATION = '23503';
function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
  }
  return false;
}

export type StoryReading = {
  postId: string;
  postVersion: number;
  scannerVersion: number;
  found: number;
  references: readonly StoredReference[];
};

const param = typedPlaceholder;
const scans = postScriptureScans;
const refs = postScriptureRefs;
const column = (c: { name: string }) => sql.identifier(c.name);

/*
 * One statement for a whole reading (a save costs PGlite one planned statement, not six):
 * - "before": the story's scan row as this statement's snapshot sees it;
 * - "claimed": the scan row upserted, unless the stored reading is of a newer version — or the row
 *   changed since the snapshot (another reading of the story committed meanwhile, on PostgreSQL):
 *   then nothing else is written, and the caller reads again with a fresh snapshot;
 * - "removed": the rows of passages no longer cited; "written": the new passages, and those whose
 *   keys or order changed (the rows of both readings are then the ones this snapshot saw, in full).
 */
const replaceQuery = namedPreparedQuery<{
  present: number;
  claimed: number;
  removed: number;
  written: number;
}>(
  'scripture_replace_story_refs',
  sqlStatement(sql`with "wanted" as (
    select * from unnest(${param('osis', 'text[]')}, ${param('starts', 'integer[]')}, ${param('ends', 'integer[]')},
      ${param('positions', 'smallint[]')}) as "w"("osis", "start_key", "end_key", "position")
  ), "before" as (
    select ${column(scans.postVersion)} as "v", ${column(scans.scannerVersion)} as "s", ${column(scans.found)} as "f",
      ${column(scans.scannedAt)} as "t"
    from ${scans} where ${column(scans.postId)} = ${param('postId', 'text')}
  ), "claimed" as (
    insert into ${scans} (${column(scans.postId)}, ${column(scans.postVersion)}, ${column(scans.scannerVersion)},
      ${column(scans.found)}, ${column(scans.scannedAt)})
    select ${param('postId', 'text')}, ${param('postVersion', 'integer')}, ${param('scannerVersion', 'integer')},
      ${param('found', 'integer')}, clock_timestamp()
    where exists (select 1 from ${posts} where ${posts.id} = ${param('postId', 'text')})
    on conflict (${column(scans.postId)}) do update set
      ${column(scans.postVersion)} = excluded.${column(scans.postVersion)},
      ${column(scans.scannerVersion)} = excluded.${column(scans.scannerVersion)},
      ${column(scans.found)} = excluded.${column(scans.found)},
      ${column(scans.scannedAt)} = excluded.${column(scans.scannedAt)}
    where ${scans}.${column(scans.postVersion)} <= excluded.${column(scans.postVersion)}
      and row(${scans}.${column(scans.postVersion)}, ${scans}.${column(scans.scannerVersion)}, ${scans}.${column(scans.found)},
        ${scans}.${column(scans.scannedAt)}) is not distinct from (select row("v", "s", "f", "t") from "before")
    returning ${column(scans.postId)} as "post_id"
  ), "removed" as (
    delete from ${refs} using "claimed"
    where ${refs}.${column(refs.postId)} = "claimed"."post_id"
      and not (${refs}.${column(refs.osis)} = any(${param('osis', 'text[]')}))
    returning 1
  ), "written" as (
    insert into ${refs} (${column(refs.postId)}, ${column(refs.osis)}, ${column(refs.startKey)}, ${column(refs.endKey)},
      ${column(refs.position)})
    select "claimed"."post_id", "wanted"."osis", "wanted"."start_key", "wanted"."end_key", "wanted"."position"
    from "claimed" cross join "wanted"
    on conflict (${column(refs.postId)}, ${column(refs.osis)}) do update set
      ${column(refs.startKey)} = excluded.${column(refs.startKey)},
      ${column(refs.endKey)} = excluded.${column(refs.endKey)},
      ${column(refs.position)} = excluded.${column(refs.position)}
    where (${refs}.${column(refs.startKey)}, ${refs}.${column(refs.endKey)}, ${refs}.${column(refs.position)})
      is distinct from (excluded.${column(refs.startKey)}, excluded.${column(refs.endKey)}, excluded.${column(refs.position)})
    returning 1
  )
  select (select count(*) from ${posts} where ${posts.id} = ${param('postId', 'text')})::integer as "present",
    (select count(*) from "claimed")::integer as "claimed",
    (select count(*) from "removed")::integer as "removed",
    (select count(*) from "written")::integer as "written"`),
);

/** Readings that met another reading of the same story are tried again (then 'stale' if still refused). */
const RETRIES = 2;

/**
 * The story's references as read from `postVersion` of it, replacing what was stored, unless a newer
 * version was read already ('stale') or the story is gone ('gone'). 'unchanged': the same passages
 * in the same order (only the scan's record moved).
 */
export async function replaceStoryReferences(reading: StoryReading): Promise<ReplaceResult> {
  const values = {
    postId: reading.postId,
    postVersion: String(reading.postVersion),
    scannerVersion: String(reading.scannerVersion),
    found: String(reading.found),
    osis: textArrayParameter(reading.references.map((ref) => ref.osis)),
    starts: `{${reading.references.map((ref) => ref.startKey).join(',')}}`,
    ends: `{${reading.references.map((ref) => ref.endKey).join(',')}}`,
    positions: `{${reading.references.map((ref) => ref.position).join(',')}}`,
  };
  for (let attempt = 0; ; attempt += 1) {
    let row: { present: number; claimed: number; removed: number; written: number };
    try {
      [row] = await replaceQuery(values);
    } catch (error) {
      // The story was deleted between the statement's look and its write.
      if (isForeignKeyViolation(error)) return 'gone';
      throw error;
    }
    if (Number(row.present) === 0) return 'gone';
    if (Number(row.claimed) === 0) {
      if (attempt < RETRIES) continue;
      return 'stale';
    }
    return Number(row.removed) + Number(row.written) > 0 ? 'changed' : 'unchanged';
  }
}

/** Forgets a story's references and its scan (the foreign keys do it too when the row goes). */
export async function deleteStoryReferences(postId: string): Promise<void> {
  const db = await getDb();
  await db.delete(postScriptureRefs).where(eq(postScriptureRefs.postId, postId));
  await db.delete(postScriptureScans).where(eq(postScriptureScans.postId, postId));
}

/** A story's passages in order of first appearance. */
export async function findStoryReferences(postId: string): Promise<StoredReference[]> {
  const db = await getDb();
  return db
    .select({
      osis: postScriptureRefs.osis,
      startKey: postScriptureRefs.startKey,
      endKey: postScriptureRefs.endKey,
      position: postScriptureRefs.position,
    })
    .from(postScriptureRefs)
    .where(eq(postScriptureRefs.postId, postId))
    .orderBy(asc(postScriptureRefs.position));
}

export type CitingStoriesQuery = {
  startKey: number;
  endKey: number;
  /** Include stories of banned writers (site admins only). */
  includeBannedWriters: boolean;
  cursor: Cursor | null;
  /** Rows to fetch: the page size plus one (see toPage). */
  fetch: number;
};

export type CitingStoryKey = { id: string; publishedAt: Date };

/**
 * One keyset page of the published stories citing a passage that overlaps [startKey, endKey],
 * newest first (published_at, id). A bounded count of its citing rows first decides how they are
 * found (scripture-citations.selection.ts): a rare passage's few rows from the range index, their
 * stories read and sorted; a common one's by walking posts_published_at_id_idx backward and probing
 * each story's rows by the primary key, stopping at the page's end.
 */
export async function findCitingStoryKeys(query: CitingStoriesQuery): Promise<CitingStoryKey[]> {
  const db = await getDb();
  const [{ citing }] = await db.select({ citing: citationCount(query) }).from(sql`(select 1) as one`);
  const rows = await db
    .select({ id: posts.id, publishedAt: posts.publishedAt })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        publishedStory,
        query.includeBannedWriters ? undefined : eq(users.status, 'active'),
        citesRange(query, Number(citing) >= DENSE_CITATIONS),
        query.cursor
          ? sql`(${posts.publishedAt}, ${posts.id}) < (${cursorTime(query.cursor).toISOString()}::timestamptz, ${query.cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(query.fetch);
  // The status guarantees a publication time (posts_published_has_time).
  return rows.map((row) => ({ id: row.id, publishedAt: row.publishedAt! }));
}
