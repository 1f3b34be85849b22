import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '../../db';
import { namedPreparedQuery, rowBoolean, sqlStatement, textArrayParameter } from '../../db/prepared';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { posts } from '../posts/posts.table';
import { publications } from '../publications/publications.table';
import { responses } from '../responses/responses.table';
import { users } from '../users/users.table';
import { notifications, type NewNotificationRow, type NotificationKind } from './notifications.table';

// Every query of the notifications table (docs/decisions/055-notifications.md). What a reader is
// shown is filtered here, at read time, so a ban or a moderation step undone shows them again: no
// notification whose actor is banned, none about a response that is hidden or removed.

const actors = alias(users, 'notification_actors');

/** The rows a reader is shown: theirs, not from a banned actor, not about a hidden or removed response. */
function shownTo(userId: string): SQL {
  return and(
    eq(notifications.userId, userId),
    or(isNull(notifications.actorId), eq(actors.status, 'active')),
    or(isNull(notifications.responseId), and(isNull(responses.hiddenAt), isNull(responses.removedAt))),
  )!;
}

/** The rows as one JSON parameter: a statement of one shape however many recipients there are. */
const insertNotificationsQuery = namedPreparedQuery<{ id: string }>(
  'notifications_insert',
  sqlStatement(sql`
    insert into ${notifications} (id, user_id, kind, actor_id, post_id, response_id, publication_id, dedupe_key)
    select (r->>'id')::uuid, (r->>'userId')::uuid, r->>'kind', (r->>'actorId')::uuid, r->>'postId',
           (r->>'responseId')::uuid, (r->>'publicationId')::uuid, r->>'dedupeKey'
      from json_array_elements(${sql.placeholder('rows')}::json) r
    on conflict (user_id, dedupe_key) do nothing
    returning id`),
);

/** Writes the notifications; one that exists already (same recipient and dedupe key) is skipped. */
export async function insertNotifications(rows: NewNotificationRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await insertNotificationsQuery({
    rows: JSON.stringify(
      rows.map((row) => ({
        id: row.id,
        userId: row.userId,
        kind: row.kind,
        actorId: row.actorId ?? null,
        postId: row.postId ?? null,
        responseId: row.responseId ?? null,
        publicationId: row.publicationId ?? null,
        dedupeKey: row.dedupeKey,
      })),
    ),
  });
  return inserted.length;
}

export type NotificationListRow = {
  id: string;
  kind: NotificationKind;
  createdAt: Date;
  readAt: Date | null;
  responseId: string | null;
  actor: { id: string; name: string; image: string | null; subdomain: string | null } | null;
  post: { id: string; title: string; slug: string } | null;
  publication: { id: string; name: string } | null;
};

/** A page of the reader's notifications, newest first: `limit + 1` rows after `cursor`. */
export async function findNotificationsPage(
  userId: string,
  cursor: Cursor | null,
  limit: number,
): Promise<NotificationListRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      responseId: notifications.responseId,
      actorId: actors.id,
      actorName: actors.name,
      actorImage: actors.image,
      actorSubdomain: actors.subdomain,
      postId: posts.id,
      postTitle: posts.title,
      postSlug: posts.slug,
      publicationId: publications.id,
      publicationName: publications.name,
    })
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .leftJoin(responses, eq(responses.id, notifications.responseId))
    .leftJoin(posts, eq(posts.id, notifications.postId))
    .leftJoin(publications, eq(publications.id, notifications.publicationId))
    .where(
      and(
        shownTo(userId),
        cursor
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${cursorTime(cursor).toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt,
    readAt: row.readAt,
    responseId: row.responseId,
    actor: row.actorId
      ? { id: row.actorId, name: row.actorName ?? '', image: row.actorImage, subdomain: row.actorSubdomain }
      : null,
    post: row.postId ? { id: row.postId, title: row.postTitle ?? '', slug: row.postSlug ?? '' } : null,
    publication: row.publicationId ? { id: row.publicationId, name: row.publicationName ?? '' } : null,
  }));
}

/** The reader's unread notifications, as the list would show them. */
export async function countUnread(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .leftJoin(responses, eq(responses.id, notifications.responseId))
    .where(and(shownTo(userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Unread notifications of the reader created in (since, until], oldest first, up to `limit`. */
export async function findUnreadBetween(
  userId: string,
  since: Date,
  until: Date,
  limit: number,
): Promise<{ rows: NotificationListRow[]; total: number }> {
  const db = await getDb();
  const window = and(
    shownTo(userId),
    isNull(notifications.readAt),
    sql`${notifications.createdAt} > ${since.toISOString()}::timestamptz`,
    sql`${notifications.createdAt} <= ${until.toISOString()}::timestamptz`,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
        responseId: notifications.responseId,
        actorId: actors.id,
        actorName: actors.name,
        actorImage: actors.image,
        actorSubdomain: actors.subdomain,
        postId: posts.id,
        postTitle: posts.title,
        postSlug: posts.slug,
        publicationId: publications.id,
        publicationName: publications.name,
      })
      .from(notifications)
      .leftJoin(actors, eq(actors.id, notifications.actorId))
      .leftJoin(responses, eq(responses.id, notifications.responseId))
      .leftJoin(posts, eq(posts.id, notifications.postId))
      .leftJoin(publications, eq(publications.id, notifications.publicationId))
      .where(window)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .leftJoin(actors, eq(actors.id, notifications.actorId))
      .leftJoin(responses, eq(responses.id, notifications.responseId))
      .where(window),
  ]);
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      createdAt: row.createdAt,
      readAt: row.readAt,
      responseId: row.responseId,
      actor: row.actorId
        ? { id: row.actorId, name: row.actorName ?? '', image: row.actorImage, subdomain: row.actorSubdomain }
        : null,
      post: row.postId ? { id: row.postId, title: row.postTitle ?? '', slug: row.postSlug ?? '' } : null,
      publication: row.publicationId ? { id: row.publicationId, name: row.publicationName ?? '' } : null,
    })),
  };
}

/** Marks the reader's own notifications read (all of them, or those of `ids`); answers how many changed. */
export async function markNotificationsRead(userId: string, ids: string[] | 'all'): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export type Recipient = {
  id: string;
  roles: string[];
  status: 'active' | 'banned';
  settings: Record<NotificationKind, boolean>;
};

type RecipientRow = {
  id: string;
  roles: string[];
  status: 'active' | 'banned';
  follower: unknown;
  response: unknown;
  reply: unknown;
  story_approved: unknown;
  story_rejected: unknown;
  mention: unknown;
};

// Read, then written, for every response, reply, follow and review: prepared statements (PGlite
// plans an unprepared one again each time, ~1 ms: db/prepared.ts).
const recipientsQuery = namedPreparedQuery<RecipientRow>(
  'notifications_recipients',
  sqlStatement(sql`
    select id, roles, status, notify_follower as follower, notify_response as response,
           notify_reply as reply, notify_story_approved as story_approved,
           notify_story_rejected as story_rejected, notify_mention as mention
      from ${users} where id = any(${sql.placeholder('ids')}::uuid[])`),
);

/** The would-be recipients with their settings (unknown ids are left out). */
export async function findRecipients(ids: string[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  const rows = await recipientsQuery({ ids: textArrayParameter(ids) });
  return rows.map((row) => ({
    id: row.id,
    roles: row.roles,
    status: row.status,
    settings: {
      follower: rowBoolean(row.follower),
      response: rowBoolean(row.response),
      reply: rowBoolean(row.reply),
      story_approved: rowBoolean(row.story_approved),
      story_rejected: rowBoolean(row.story_rejected),
      mention: rowBoolean(row.mention),
    },
  }));
}
