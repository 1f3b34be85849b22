import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { isAccountBanned, isAccountShown } from '../../auth/policy';
import { getDb } from '../../db';
import { namedPreparedQuery, rowBoolean, sqlStatement, textArrayParameter } from '../../db/prepared';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { posts } from '../posts/posts.table';
import { publications } from '../publications/publications.table';
import { responses } from '../responses/responses.table';
import { users } from '../users/users.table';
import {
  GROUP_ACTORS_KEPT,
  notificationDedupeKeys,
  notifications,
  type NewNotificationRow,
  type NotificationKind,
} from './notifications.table';

// Every query of the notifications table (docs/decisions/055-notifications.md). Followers, responses
// and replies are grouped when written (one row per line the reader sees); what a reader is shown is
// filtered here, at read time, so a ban or a moderation step undone shows them again: no row whose
// every actor is banned (a group shows its other actors), none about one response alone that is
// hidden, removed or deleted.

/**
 * The row's actors by id, newest first: actor_ids, or for a row written without them
 * (by hand), its actor.
 */
const actorIdsOf = sql`(case when cardinality(${notifications.actorIds}) > 0 then ${notifications.actorIds}
  else array_remove(array[${notifications.actorId}], null) end)`;

/**
 * Some actor of the row is not banned (a deleted one counts: it is told of as "Someone"), or it has
 * none. Only the actors kept by id can be asked: those a group counted past them are taken as not
 * banned, and a group whose kept actors are all banned is hidden with them.
 */
const someActorNotBanned = sql`(cardinality(${actorIdsOf}) = 0 or exists (
  select 1 from unnest(${actorIdsOf}) as kept(id) left join users u on u.id = kept.id
  where u.status is distinct from 'banned'))`;

/** The row's (newest) response is there to be read: not deleted, hidden nor removed. */
const responseShown = sql`(${responses.id} is not null and ${responses.hiddenAt} is null and ${responses.removedAt} is null)`;

/**
 * The rows a reader is shown: theirs, some actor not banned, and — for a row about one response
 * alone — that response still shown. A group of several stays when its newest response goes (the
 * others are still news); its link then leads to the story's responses.
 */
function shownTo(userId: string): SQL {
  return and(
    eq(notifications.userId, userId),
    someActorNotBanned,
    sql`(${notifications.kind} not in ('response', 'reply', 'mention') or ${notifications.eventCount} > 1 or ${responseShown})`,
  )!;
}

/**
 * The rows as one JSON parameter: a statement of one shape however many recipients there are. One
 * statement: the dedupe keys first (notification_dedupe_keys; a key seen before — a repeated event
 * — goes no further, so it neither adds a row nor bumps a group), then the rows of the fresh events,
 * each joining the recipient's unread group of its kind and subject if there is one
 * (notifications_unread_group_key; a kind never grouped has no subject and never conflicts): the
 * newest actor and response, first in actor_ids (each actor once, the newest kept), counted once,
 * and the row's time the newest event's, so it moves to the top of the list. A batch never holds two
 * rows of one group (one row per recipient), which ON CONFLICT DO UPDATE could not take.
 */
const insertNotificationsQuery = namedPreparedQuery<{ id: string }>(
  'notifications_insert',
  sqlStatement(sql`
    with incoming as (
      select (r->>'id')::uuid as id, (r->>'userId')::uuid as user_id, r->>'kind' as kind,
             (r->>'actorId')::uuid as actor_id, r->>'postId' as post_id,
             (r->>'responseId')::uuid as response_id, (r->>'parentResponseId')::uuid as parent_response_id,
             (r->>'publicationId')::uuid as publication_id, r->>'dedupeKey' as dedupe_key,
             r->>'groupSubject' as group_subject
        from json_array_elements(${sql.placeholder('rows')}::json) r),
    fresh as (
      insert into ${notificationDedupeKeys} (user_id, dedupe_key)
      select user_id, dedupe_key from incoming
      on conflict do nothing
      returning user_id, dedupe_key)
    insert into ${notifications} as n (id, user_id, kind, actor_id, post_id, response_id,
                                       parent_response_id, publication_id, dedupe_key, group_subject, actor_ids)
    select i.id, i.user_id, i.kind, i.actor_id, i.post_id, i.response_id, i.parent_response_id,
           i.publication_id, i.dedupe_key, i.group_subject, array_remove(array[i.actor_id], null)
      from incoming i join fresh f on f.user_id = i.user_id and f.dedupe_key = i.dedupe_key
    on conflict (user_id, kind, group_subject) where read_at is null and group_subject is not null
    do update set
      actor_id = excluded.actor_id,
      response_id = excluded.response_id,
      created_at = excluded.created_at,
      actor_ids = (excluded.actor_ids || array_remove(n.actor_ids, excluded.actor_id))[1:${sql.raw(String(GROUP_ACTORS_KEPT))}],
      actor_count = n.actor_count + (excluded.actor_id is not null and excluded.actor_id <> all(n.actor_ids))::int,
      event_count = n.event_count + 1
    returning n.id`),
);

/**
 * Writes the notifications: each a row of its own, or joining its unread group; one whose dedupe
 * key was seen before (same recipient) adds nothing. Answers how many were written or joined.
 */
export async function insertNotifications(rows: NewNotificationRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const written = await insertNotificationsQuery({
    rows: JSON.stringify(
      rows.map((row) => ({
        id: row.id,
        userId: row.userId,
        kind: row.kind,
        actorId: row.actorId ?? null,
        postId: row.postId ?? null,
        responseId: row.responseId ?? null,
        parentResponseId: row.parentResponseId ?? null,
        publicationId: row.publicationId ?? null,
        dedupeKey: row.dedupeKey,
        groupSubject: row.groupSubject ?? null,
      })),
    ),
  });
  return written.length;
}

/** An actor as the list names them. */
export type NotificationActor = { id: string; name: string; image: string | null; subdomain: string | null };

export type NotificationListRow = {
  id: string;
  kind: NotificationKind;
  createdAt: Date;
  readAt: Date | null;
  responseId: string | null;
  /** The newest response is there to be read (not deleted, hidden nor removed): the link may land on it. */
  responseShown: boolean;
  /** The newest actor shown (not banned, not deleted); null when there is none to name. */
  actor: NotificationActor | null;
  /** The actors shown who can be named (not banned, not deleted), newest first, at most GROUP_ACTORS_KEPT. */
  actors: NotificationActor[];
  /** The people the row tells of, banned ones among those kept left out (at least 1). */
  actorCount: number;
  post: { id: string; title: string; slug: string } | null;
  publication: { id: string; name: string } | null;
};

type KeptActor = {
  id: string;
  name: string | null;
  image: string | null;
  subdomain: string | null;
  status: 'active' | 'banned' | null;
};

/** The kept actors in order, each with their status (null: deleted), as one JSON array. */
const keptActors = sql<KeptActor[]>`(
  select coalesce(json_agg(json_build_object('id', kept.id, 'name', u.name, 'image', u.image,
                                             'subdomain', u.subdomain, 'status', u.status)
                           order by kept.ord), '[]'::json)
    from unnest(${actorIdsOf}) with ordinality as kept(id, ord) left join users u on u.id = kept.id)`;

const listFields = {
  id: notifications.id,
  kind: notifications.kind,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  responseId: notifications.responseId,
  responseShown: sql<boolean>`${responseShown}`,
  keptActors,
  actorCount: notifications.actorCount,
  postId: posts.id,
  postTitle: posts.title,
  postSlug: posts.slug,
  publicationId: publications.id,
  publicationName: publications.name,
};

type ListFieldsRow = {
  id: string;
  kind: NotificationKind;
  createdAt: Date;
  readAt: Date | null;
  responseId: string | null;
  responseShown: unknown;
  keptActors: KeptActor[] | string;
  actorCount: number;
  postId: string | null;
  postTitle: string | null;
  postSlug: string | null;
  publicationId: string | null;
  publicationName: string | null;
};

/**
 * A row as the list shows it: the actors who are not banned, newest first — those who can be named
 * (a deleted one is counted, as "Someone", but not named) — and the people counted without the
 * banned ones kept by id (the count past them cannot be asked: docs/decisions/055-notifications.md).
 */
function toListRow(row: ListFieldsRow): NotificationListRow {
  const kept: KeptActor[] = typeof row.keptActors === 'string' ? JSON.parse(row.keptActors) : row.keptActors;
  const banned = kept.filter((actor) => isAccountBanned(actor.status)).length;
  const actors = kept
    .filter((actor) => isAccountShown(actor.status))
    .map(({ id, name, image, subdomain }) => ({ id, name: name ?? '', image, subdomain }));
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt,
    readAt: row.readAt,
    responseId: row.responseId,
    responseShown: rowBoolean(row.responseShown),
    actor: actors[0] ?? null,
    actors,
    actorCount: Math.max(1, row.actorCount - banned, actors.length),
    post: row.postId ? { id: row.postId, title: row.postTitle ?? '', slug: row.postSlug ?? '' } : null,
    publication: row.publicationId ? { id: row.publicationId, name: row.publicationName ?? '' } : null,
  };
}

/** The rows of `where`, newest first, with what the list shows of each. */
async function selectListRows(where: SQL, limit: number): Promise<NotificationListRow[]> {
  const db = await getDb();
  const rows = await db
    .select(listFields)
    .from(notifications)
    .leftJoin(responses, eq(responses.id, notifications.responseId))
    .leftJoin(posts, eq(posts.id, notifications.postId))
    .leftJoin(publications, eq(publications.id, notifications.publicationId))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(toListRow);
}

/** How many rows of `where` there are (the filters of shownTo need the responses' join). */
async function countRows(where: SQL): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .leftJoin(responses, eq(responses.id, notifications.responseId))
    .where(where);
  return Number(row?.n ?? 0);
}

/** A page of the reader's notifications, newest first: `limit + 1` rows after `cursor`. */
export async function findNotificationsPage(
  userId: string,
  cursor: Cursor | null,
  limit: number,
): Promise<NotificationListRow[]> {
  return selectListRows(
    and(
      shownTo(userId),
      cursor
        ? sql`(${notifications.createdAt}, ${notifications.id}) < (${cursorTime(cursor).toISOString()}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )!,
    limit + 1,
  );
}

/** The reader's unread notifications, as the list would show them (a group is one). */
export async function countUnread(userId: string): Promise<number> {
  return countRows(and(shownTo(userId), isNull(notifications.readAt))!);
}

/**
 * Unread notifications of the reader created (or last joined by an event) in (since, until], newest
 * first, up to `limit`.
 */
export async function findUnreadBetween(
  userId: string,
  since: Date,
  until: Date,
  limit: number,
): Promise<{ rows: NotificationListRow[]; total: number }> {
  const window = and(
    shownTo(userId),
    isNull(notifications.readAt),
    sql`${notifications.createdAt} > ${since.toISOString()}::timestamptz`,
    sql`${notifications.createdAt} <= ${until.toISOString()}::timestamptz`,
  )!;
  const [rows, total] = await Promise.all([selectListRows(window, limit), countRows(window)]);
  return { rows, total };
}

/**
 * A response was deleted (its notifications' response_id set null by the foreign key): the rows
 * about that one response alone go — mentions, and responses or replies no one else joined — so the
 * next response to the story starts a row of its own rather than joining one about nothing. A
 * group of several stays. Answers the rows deleted.
 */
export async function deleteNotificationsOfDeletedResponses(postId: string): Promise<number> {
  const db = await getDb();
  const rows = await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.postId, postId),
        isNull(notifications.responseId),
        inArray(notifications.kind, ['response', 'reply', 'mention']),
        eq(notifications.eventCount, 1),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
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
