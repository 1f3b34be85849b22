import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '../../db';
import { namedPreparedQuery, rowBoolean, sqlStatement } from '../../db/prepared';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { posts } from '../posts/posts.table';
import { users } from '../users/users.table';
import {
  publicationResponsesClosed,
  responses,
  storyResponsesClosed,
  type NewResponseRow,
} from './responses.table';

// The only place responses touch Drizzle. What a reader is shown is decided here in SQL, at read time:
// a banned writer's responses are left out (so an unban brings them back), hidden ones are left out
// unless the scope lets the story's writer and editors see them, removed ones unless it is site staff's.

/** What the reader may be shown besides the plain visible responses (the service asks the policy). */
export type ReadScope = { showHidden: boolean; showRemoved: boolean };
export const READER_SCOPE: ReadScope = { showHidden: false, showRemoved: false };

/**
 * The story page's fingerprint part (story-page-fingerprint-slot.ts): the story's responses' version,
 * bumped by triggers (migration 0017), over the story row `p`.
 */
export const STORY_RESPONSES_VERSION_SQL =
  'select coalesce(max(v.version), 0) from story_response_versions v where v.post_id = p.id';

export type ResponseListRow = {
  id: string;
  postId: string;
  parentId: string | null;
  text: string;
  createdAt: Date;
  editedAt: Date | null;
  hiddenAt: Date | null;
  removedAt: Date | null;
  authorId: string;
  authorName: string;
  authorHandle: string | null;
  authorImage: string | null;
};

const columns = {
  id: responses.id,
  postId: responses.postId,
  parentId: responses.parentId,
  text: responses.text,
  createdAt: responses.createdAt,
  editedAt: responses.editedAt,
  hiddenAt: responses.hiddenAt,
  removedAt: responses.removedAt,
  authorId: responses.authorId,
  authorName: users.name,
  authorHandle: users.subdomain,
  authorImage: users.image,
};

/** The response (of `r`, written by `u`) is shown in this scope. */
function shown(
  scope: ReadScope,
  r: { hiddenAt: AnyColumn; removedAt: AnyColumn } = responses,
  u: { status: AnyColumn } = users,
): SQL {
  return and(
    eq(u.status, 'active'),
    scope.showHidden ? undefined : isNull(r.hiddenAt),
    scope.showRemoved ? undefined : isNull(r.removedAt),
  )!;
}

/** A page of the story's top-level responses, newest first, after `cursor` (limit + 1 rows). */
export async function findTopLevelPage(
  postId: string,
  scope: ReadScope,
  cursor: Cursor | null,
  limit: number,
): Promise<ResponseListRow[]> {
  const db = await getDb();
  return db
    .select(columns)
    .from(responses)
    .innerJoin(users, eq(users.id, responses.authorId))
    .where(
      and(
        eq(responses.postId, postId),
        isNull(responses.parentId),
        shown(scope),
        cursor
          ? sql`(${responses.createdAt}, ${responses.id}) < (${cursorTime(cursor)}, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(responses.createdAt), desc(responses.id))
    .limit(limit + 1);
}

/** The first `perParent` replies (oldest first) of each response, and how many each has in the scope. */
export async function findFirstReplies(
  parentIds: string[],
  scope: ReadScope,
  perParent: number,
): Promise<{ rows: ResponseListRow[]; totals: Map<string, number> }> {
  if (parentIds.length === 0) return { rows: [], totals: new Map() };
  const db = await getDb();
  const ranked = db
    .select({
      ...columns,
      rank: sql<number>`row_number() over (partition by ${responses.parentId} order by ${responses.createdAt}, ${responses.id})`.as(
        'rank',
      ),
      total: sql<number>`count(*) over (partition by ${responses.parentId})`.as('total'),
    })
    .from(responses)
    .innerJoin(users, eq(users.id, responses.authorId))
    .where(and(inArray(responses.parentId, parentIds), shown(scope)))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perParent))
    .orderBy(asc(ranked.parentId), asc(ranked.createdAt), asc(ranked.id));
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.parentId!, Number(row.total));
  return { rows: rows.map(({ rank: _rank, total: _total, ...row }) => row as ResponseListRow), totals };
}

/** A page of one response's replies, oldest first, after `cursor` (limit + 1 rows). */
export async function findRepliesPage(
  parentId: string,
  scope: ReadScope,
  cursor: Cursor | null,
  limit: number,
): Promise<ResponseListRow[]> {
  const db = await getDb();
  return db
    .select(columns)
    .from(responses)
    .innerJoin(users, eq(users.id, responses.authorId))
    .where(
      and(
        eq(responses.parentId, parentId),
        shown(scope),
        cursor
          ? sql`(${responses.createdAt}, ${responses.id}) > (${cursorTime(cursor)}, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(responses.createdAt), asc(responses.id))
    .limit(limit + 1);
}

const parents = alias(responses, 'parents');
const parentAuthors = alias(users, 'parent_authors');

/** Every response the scope shows under the story: top-level ones, and replies to shown ones. */
export async function countShown(postId: string, scope: ReadScope): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(responses)
    .innerJoin(users, eq(users.id, responses.authorId))
    .leftJoin(parents, eq(parents.id, responses.parentId))
    .leftJoin(parentAuthors, eq(parentAuthors.id, parents.authorId))
    .where(
      and(
        eq(responses.postId, postId),
        shown(scope),
        or(isNull(responses.parentId), shown(scope, parents, parentAuthors)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The newest shown responses of a story (replies to shown ones included), for its JSON-LD. */
export async function findNewestShown(postId: string, limit: number): Promise<ResponseListRow[]> {
  const db = await getDb();
  return db
    .select(columns)
    .from(responses)
    .innerJoin(users, eq(users.id, responses.authorId))
    .leftJoin(parents, eq(parents.id, responses.parentId))
    .leftJoin(parentAuthors, eq(parentAuthors.id, parents.authorId))
    .where(
      and(
        eq(responses.postId, postId),
        shown(READER_SCOPE),
        or(isNull(responses.parentId), shown(READER_SCOPE, parents, parentAuthors)),
      ),
    )
    .orderBy(desc(responses.createdAt), desc(responses.id))
    .limit(limit);
}

export type ResponseStateRow = ResponseListRow & { authorStatus: 'active' | 'banned' };

/** One response with its writer's state, whatever its own. */
export async function findResponseById(id: string): Promise<ResponseStateRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ ...columns, authorStatus: users.status })
    .from(responses)
    .innerJoin(users, eq(users.id, responses.authorId))
    .where(eq(responses.id, id))
    .limit(1);
  return row;
}

type InsertedRow = {
  id: string;
  post_id: string;
  parent_id: string | null;
  text: string;
  created_at: string | Date;
  author_id: string;
  author_name: string;
  author_handle: string | null;
  author_image: string | null;
  author_status: 'active' | 'banned';
};

/**
 * Writes the response and answers it as it is read back, its writer's name and picture with it: one
 * statement, where an insert and a read would be two round trips on the path of every post; prepared,
 * because PGlite would plan it again for every post (prepared.ts). The text is the schema's: no
 * control characters, at most RESPONSE_TEXT_MAX.
 */
const insertResponseQuery = namedPreparedQuery<InsertedRow>(
  'responses_insert',
  sqlStatement(sql`
    with inserted as (
      insert into ${responses} (id, post_id, author_id, parent_id, text)
      values (${sql.placeholder('id')}::uuid, ${sql.placeholder('postId')}, ${sql.placeholder('authorId')}::uuid,
              ${sql.placeholder('parentId')}::uuid, ${sql.placeholder('text')})
      returning id, post_id, parent_id, text, created_at, author_id
    )
    select i.id, i.post_id, i.parent_id, i.text, i.created_at, i.author_id,
           u.name as author_name, u.subdomain as author_handle, u.image as author_image,
           u.status as author_status
      from inserted i join ${users} u on u.id = i.author_id`),
);

export async function insertResponse(row: NewResponseRow): Promise<ResponseStateRow> {
  const [inserted] = await insertResponseQuery({
    id: row.id!,
    postId: row.postId,
    authorId: row.authorId,
    parentId: row.parentId ?? null,
    text: row.text,
  });
  if (!inserted) throw new Error('the response was not inserted');
  return {
    id: inserted.id,
    postId: inserted.post_id,
    parentId: inserted.parent_id,
    text: inserted.text,
    createdAt: new Date(inserted.created_at),
    editedAt: null,
    hiddenAt: null,
    removedAt: null,
    authorId: inserted.author_id,
    authorName: inserted.author_name,
    authorHandle: inserted.author_handle,
    authorImage: inserted.author_image,
    authorStatus: inserted.author_status,
  };
}

export async function updateResponseText(id: string, text: string): Promise<void> {
  const db = await getDb();
  await db
    .update(responses)
    .set({ text, editedAt: sql`now()` })
    .where(eq(responses.id, id));
}

/** Deletes the response; its replies go with it (the parent key cascades). */
export async function deleteResponse(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(responses).where(eq(responses.id, id)).returning({ id: responses.id });
  return rows.length > 0;
}

/** Hides or shows it (the writer's and editors' stamp); true when that changed anything. */
export async function setResponseHidden(id: string, hidden: boolean, by: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(responses)
    .set(hidden ? { hiddenAt: sql`now()`, hiddenBy: by } : { hiddenAt: null, hiddenBy: null })
    .where(
      and(eq(responses.id, id), hidden ? isNull(responses.hiddenAt) : sql`${responses.hiddenAt} is not null`),
    )
    .returning({ id: responses.id });
  return rows.length > 0;
}

/** Removes or restores it (site staff's stamp); true when that changed anything. */
export async function setResponseRemoved(id: string, removed: boolean, by: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(responses)
    .set(removed ? { removedAt: sql`now()`, removedBy: by } : { removedAt: null, removedBy: null })
    .where(
      and(
        eq(responses.id, id),
        removed ? isNull(responses.removedAt) : sql`${responses.removedAt} is not null`,
      ),
    )
    .returning({ id: responses.id });
  return rows.length > 0;
}

/**
 * Whether responses are turned off for the story, and for its publication (none: false), by the
 * story's id alone — so it is read beside the story, not after it.
 */
// Read before every post (and with every page of responses): a prepared statement.
const closedStateQuery = namedPreparedQuery<{ story: unknown; publication: unknown }>(
  'responses_closed_state',
  sqlStatement(sql`
    select exists (select 1 from ${storyResponsesClosed} where ${storyResponsesClosed.postId} = ${sql.placeholder('postId')}) as story,
           exists (select 1 from ${publicationResponsesClosed} c
                     join ${posts} p on p.publication_id = c.publication_id
                    where p.id = ${sql.placeholder('postId')}) as publication`),
);

export async function findClosedState(postId: string): Promise<{ story: boolean; publication: boolean }> {
  const [row] = await closedStateQuery({ postId });
  return { story: rowBoolean(row?.story), publication: rowBoolean(row?.publication) };
}

export async function isPublicationClosed(publicationId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: publicationResponsesClosed.publicationId })
    .from(publicationResponsesClosed)
    .where(eq(publicationResponsesClosed.publicationId, publicationId))
    .limit(1);
  return Boolean(row);
}

export async function setStoryClosed(postId: string, closed: boolean, by: string): Promise<void> {
  const db = await getDb();
  if (closed) {
    await db.insert(storyResponsesClosed).values({ postId, closedBy: by }).onConflictDoNothing();
  } else {
    await db.delete(storyResponsesClosed).where(eq(storyResponsesClosed.postId, postId));
  }
}

export async function setPublicationClosed(
  publicationId: string,
  closed: boolean,
  by: string,
): Promise<void> {
  const db = await getDb();
  if (closed) {
    await db.insert(publicationResponsesClosed).values({ publicationId, closedBy: by }).onConflictDoNothing();
  } else {
    await db
      .delete(publicationResponsesClosed)
      .where(eq(publicationResponsesClosed.publicationId, publicationId));
  }
}
