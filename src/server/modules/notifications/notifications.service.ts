import { storyPath } from '../../../lib/slug';
import { actorOf, type Actor } from '../../auth/actor';
import { assertCan, can } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { AppError, notFound } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import type { NotificationSettings } from '../users/users.schema';
import { findNotificationSettings, setNotificationDigest } from '../users/users.service';
import { NOTIFICATION_ACTORS_SHOWN } from './notifications.limits';
import {
  countUnread,
  deleteNotificationsOfDeletedResponses,
  findNotificationsPage,
  findRecipients,
  insertNotifications,
  markNotificationsRead,
  type NotificationListRow,
} from './notifications.repository';
import type {
  MarkReadInput,
  Notification,
  NotificationsPage,
  NotificationsQuery,
} from './notifications.schema';
import type { NewNotificationRow, NotificationKind } from './notifications.table';
import { verifyDigestOffToken } from './notifications-tokens';

// In-app notifications (issue 25 item 4; docs/decisions/055-notifications.md): written when the
// modules below tell of a follow, a response or a review (notifications.listeners.ts), listed and
// marked read by their recipient alone. Never for one's own act, never of a kind the recipient
// turned off; one per person per response (a reply outranks a response, which outranks a mention);
// one 'follower' per follower per day, however often they unfollow and follow again. Followers,
// responses and replies join the recipient's unread row of their kind and subject ("Ruth and 4
// others …"): grouped when written, so a row is a line of the list, the count and the digest.

/** "a follow's day": follow, unfollow, follow again the same UTC day is one notification. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The anchor the story page's responses carry (`id="response-{id}"`). */
export const responseAnchor = (responseId: string) => `response-${responseId}`;

const quoted = (title: string) => `“${title || 'Untitled story'}”`;

/**
 * Who did it, in words: one "Ruth", two "Ruth and Amos", more "Ruth and 4 others" (the people
 * counted, less the one named). A deleted actor is counted but not named: alone they are "Someone",
 * beside one named "1 other", and a group of none named "3 people".
 */
export function actorsInWords(row: Pick<NotificationListRow, 'actors' | 'actorCount'>): string {
  const count = Math.max(1, row.actorCount);
  const [first, second] = row.actors;
  if (!first) return count === 1 ? 'Someone' : `${count} people`;
  const name = first.name || 'Someone';
  if (count === 1) return name;
  if (count === 2 && second) return `${name} and ${second.name || 'someone else'}`;
  return `${name} and ${count - 1} ${count === 2 ? 'other' : 'others'}`;
}

/** What the notification says, in words: plain text (the UI escapes it like any text). */
export function messageOf(
  row: Pick<NotificationListRow, 'kind' | 'actors' | 'actorCount' | 'post' | 'publication'>,
): string {
  const who = actorsInWords(row);
  const story = quoted(row.post?.title ?? '');
  const publication = row.publication?.name || 'the publication';
  switch (row.kind) {
    case 'follower':
      return `${who} started following you`;
    case 'response':
      return `${who} responded to your story ${story}`;
    case 'reply':
      return `${who} replied to your response on ${story}`;
    case 'mention':
      return `${who} mentioned you in a response on ${story}`;
    case 'story_approved':
      return `${publication} published your story ${story}`;
    case 'story_rejected':
      return `${publication} returned your story ${story} to you`;
  }
}

/** Where the notification leads (site-relative), or null when nowhere is left to go. */
export function linkOf(
  row: Pick<NotificationListRow, 'kind' | 'actor' | 'post' | 'responseId' | 'responseShown'>,
): string | null {
  switch (row.kind) {
    case 'follower':
      // A group of followers: the newest's home (there is no page of one's followers).
      return row.actor?.subdomain ? `/@${row.actor.subdomain}` : null;
    case 'response':
    case 'reply':
    case 'mention':
      if (!row.post) return null;
      // A group's newest response, unless it is gone or hidden since: then the story's responses.
      return row.responseId && row.responseShown
        ? `${storyPath(row.post)}#${responseAnchor(row.responseId)}`
        : `${storyPath(row.post)}#responses`;
    case 'story_approved':
      return row.post ? storyPath(row.post) : null;
    case 'story_rejected':
      // Back in the writer's hands: the editor, where the rejection's reason shows.
      return row.post ? `/stories/edit/${encodeURIComponent(row.post.id)}` : null;
  }
}

export function toNotification(row: NotificationListRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.getTime(),
    read: row.readAt !== null,
    message: messageOf(row),
    link: linkOf(row),
    actor: row.actor,
    actors: row.actors
      .slice(0, NOTIFICATION_ACTORS_SHOWN)
      .map(({ id, name, image }) => ({ id, name, image })),
    actorCount: row.actorCount,
    story: row.post ? { id: row.post.id, title: row.post.title } : null,
    publication: row.publication,
  };
}

/** GET /api/notifications: the reader's own, newest first, a page at a time, with the unread count. */
export async function listMyNotifications(
  actor: Actor,
  query: NotificationsQuery,
): Promise<NotificationsPage> {
  assertCan(actor, 'notification.read', undefined);
  const me = actor!.id;
  const cursor = decodeCursor(query.lastKey);
  const [rows, unreadCount] = await Promise.all([
    findNotificationsPage(me, cursor, query.limit),
    countUnread(me),
  ]);
  const page = toPage(rows, query.limit, (row) => ({ t: row.createdAt.getTime(), id: row.id }));
  return { items: page.items.map(toNotification), lastKey: page.lastKey, unreadCount };
}

/** The header's bell (GET /api/me/page-state): the reader's unread count, or null for a guest. */
export async function unreadCountOf(actor: Actor): Promise<number | null> {
  if (!actor) return null;
  assertCan(actor, 'notification.read', undefined);
  return countUnread(actor.id);
}

/** POST /api/notifications/read: marks the reader's own (ids, or all); others' ids change nothing. */
export async function markMyNotificationsRead(
  actor: Actor,
  input: MarkReadInput,
): Promise<{ marked: number; unreadCount: number }> {
  assertCan(actor, 'notification.markRead', undefined);
  const me = actor!.id;
  const marked = await markNotificationsRead(me, input.all ? 'all' : [...new Set(input.ids ?? [])]);
  return { marked, unreadCount: await countUnread(me) };
}

/** GET /api/notifications/settings: the reader's own settings (changed with PATCH /api/users/{id}). */
export async function getMyNotificationSettings(actor: Actor): Promise<NotificationSettings> {
  assertCan(actor, 'notification.read', undefined);
  const settings = await findNotificationSettings(actor!.id);
  if (!settings) throw notFound('User');
  return settings;
}

// ---------------------------------------------------------------------------------------------------
// Writing them (called by the listeners of the events below)
// ---------------------------------------------------------------------------------------------------

type Candidate = Omit<NewNotificationRow, 'id' | 'userId'> & { recipientId: string };

/**
 * Writes the candidates that pass: not the actor themself, an active recipient who has the kind
 * on. Answers how many were written (a repeated event writes none: the dedupe key).
 */
async function deliver(candidates: Candidate[]): Promise<number> {
  const wanted = candidates.filter((c) => c.recipientId !== c.actorId);
  if (wanted.length === 0) return 0;
  const recipients = new Map(
    (await findRecipients([...new Set(wanted.map((c) => c.recipientId))])).map((r) => [r.id, r]),
  );
  const rows: NewNotificationRow[] = [];
  for (const { recipientId, ...candidate } of wanted) {
    const recipient = recipients.get(recipientId);
    if (!recipient || !recipient.settings[candidate.kind]) continue;
    // A banned reader hears of nothing (their session no longer works); the policy says who may read.
    if (!can(actorOf(recipient), 'notification.read', undefined)) continue;
    rows.push({ id: newUuid(), userId: recipientId, ...candidate });
  }
  return insertNotifications(rows);
}

/**
 * What a notification of a grouped kind is about, so those of one subject share a row while it is
 * unread: the recipient (new followers), the story (responses), the parent response (replies). Null
 * for the kinds never grouped: a mention or a review is news of its own.
 */
function groupSubjectOf(
  kind: NotificationKind,
  ids: { recipientId: string; postId?: string | null; parentId?: string | null },
): string | null {
  switch (kind) {
    case 'follower':
      return ids.recipientId;
    case 'response':
      return ids.postId ?? null;
    case 'reply':
      return ids.parentId ?? null;
    case 'mention':
    case 'story_approved':
    case 'story_rejected':
      return null;
  }
}

/** A reader followed a writer: the writer hears of a new follower (once per follower per day). */
export async function notifyFollow(input: { followerId: string; writerId: string; at?: Date }) {
  return deliver([
    {
      recipientId: input.writerId,
      kind: 'follower',
      actorId: input.followerId,
      dedupeKey: `follow:${input.followerId}:${dayOf(input.at ?? new Date())}`,
      groupSubject: groupSubjectOf('follower', { recipientId: input.writerId }),
    },
  ]);
}

/** A response was deleted: the notifications about it alone go (a group of several stays). */
export async function forgetDeletedResponse(input: { responseId: string; postId: string }) {
  return deleteNotificationsOfDeletedResponses(input.postId);
}

/**
 * A response was written: the parent's author hears of a reply, the story's writer of a response,
 * those mentioned of a mention — one notification per person, the first of those that applies.
 */
export async function notifyResponse(input: {
  responseId: string;
  postId: string;
  authorId: string;
  storyAuthorId: string;
  parentId: string | null;
  parentAuthorId: string | null;
  mentionedUserIds: string[];
}) {
  const kinds = new Map<string, NotificationKind>();
  const offer = (userId: string | null, kind: NotificationKind) => {
    if (userId && !kinds.has(userId)) kinds.set(userId, kind);
  };
  offer(input.parentAuthorId, 'reply');
  offer(input.storyAuthorId, 'response');
  for (const id of input.mentionedUserIds) offer(id, 'mention');
  return deliver(
    [...kinds].map(([recipientId, kind]) => ({
      recipientId,
      kind,
      actorId: input.authorId,
      postId: input.postId,
      responseId: input.responseId,
      parentResponseId: kind === 'reply' ? input.parentId : null,
      dedupeKey: `response:${input.responseId}`,
      groupSubject: groupSubjectOf(kind, { recipientId, postId: input.postId, parentId: input.parentId }),
    })),
  );
}

/** A publication's owner or editor approved or rejected a submitted story: its writer hears of it. */
export async function notifyReview(input: {
  postId: string;
  actorId: string;
  authorId: string;
  publicationId: string | null;
  outcome: 'approved' | 'rejected';
}) {
  return deliver([
    {
      recipientId: input.authorId,
      kind: input.outcome === 'approved' ? 'story_approved' : 'story_rejected',
      actorId: input.actorId,
      postId: input.postId,
      publicationId: input.publicationId,
      dedupeKey: `review:${newUuid()}`,
    },
  ]);
}

// ---------------------------------------------------------------------------------------------------
// The digest's one-click unsubscribe
// ---------------------------------------------------------------------------------------------------

function digestUserOf(token: string): string {
  const verified = verifyDigestOffToken(token);
  if (!verified.ok) {
    throw new AppError(
      'validation_failed',
      verified.problem === 'expired' ? 'This link has expired' : 'This link is not valid',
      'token',
    );
  }
  return verified.userId;
}

/** The unsubscribe page: whose digest the link is for, and whether it is still on. */
export async function readDigestOffLink(token: string): Promise<{ digest: boolean }> {
  const settings = await findNotificationSettings(digestUserOf(token));
  if (!settings) throw notFound('User');
  return { digest: settings.digest };
}

/** POST /api/notifications/digest/unsubscribe?token: turns the digest off (RFC 8058 one-click; idempotent). */
export async function turnDigestOffWithToken(token: string) {
  const userId = digestUserOf(token);
  if (!(await setNotificationDigest(userId, false))) throw notFound('User');
  return { ok: true as const, digest: false as const, message: 'The daily e-mail digest is off.' };
}
