import type { Actor } from '../../auth/actor';
import {
  assertCan,
  can,
  type PublicationRole,
  type ResponseResource,
  type ResponseTargetResource,
  type StoryResource,
} from '../../auth/policy';
import { decodeCursor, toPage, type Cursor } from '../../lib/cursor';
import { notFound, unauthorized } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import { log } from '../../observability/logger';
import { isPublicStory, loadVisibleStory, type LoadedStory } from '../posts/posts-access.service';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/rate-limits.service';
import { recordModerationAction } from '../users/moderation.service';
import { findUserHome } from '../users/users.service';
import { responseCreated, responseDeleted } from './responses.events';
import {
  READER_SCOPE,
  countShown,
  deleteResponse as deleteResponseRow,
  findClosedState,
  findFirstReplies,
  findNewestShown,
  findRepliesPage,
  findResponseById,
  findTopLevelPage,
  insertResponse,
  setResponseHidden,
  setResponseRemoved,
  updateResponseText,
  type ReadScope,
  type ResponseListRow,
  type ResponseStateRow,
} from './responses.repository';
import {
  REPLIES_PAGE_SIZE,
  REPLIES_SHOWN,
  RESPONSES_PAGE_SIZE,
  type CreateResponseInput,
  type HideResponseInput,
  type HideResult,
  type RepliesPage,
  type ResponseItem,
  type ResponsesPage,
  type TopLevelResponse,
  type UpdateResponseInput,
} from './responses.schema';

export { STORY_RESPONSES_VERSION_SQL } from './responses.repository';

// Responses under a published story (issue 25; docs/decisions/053-responses.md). Every permission is
// the policy's (response.* actions): who responds, edits (15 minutes), deletes, hides (the story's
// writer and its publication's editors) and removes (site staff, logged in the moderation log). What
// a reader is shown is filtered at read time: a banned writer's responses vanish and come back with an
// unban; hidden ones are shown, marked, to those who may unhide them.

/** Floods (DESIGN §9): per writer, and per story, each a minute's window. */
export const RESPONSE_LIMITS = {
  perUser: { name: 'responses-user', limit: 5, windowSeconds: 60, message: 'Too many responses' },
  perStory: {
    name: 'responses-story',
    limit: 30,
    windowSeconds: 60,
    message: 'Too many responses to this story right now',
  },
} satisfies Record<string, RateLimitRule>;

/** At most this many @handles of one response are looked up (and told). */
const MENTIONS_MAX = 10;
/** The story page's JSON-LD carries this many of the newest responses. */
export const JSON_LD_COMMENTS = 20;

export type StoryContext = { story: StoryResource; role: PublicationRole | null; loaded: LoadedStory };
export const ctxOf = (s: StoryContext) => ({ publicationRole: s.role });

/**
 * The story, if it is public (published, by an active writer: what the policy lets anyone read);
 * anything else — a draft, a preview its writer or editors may open, a banned writer's — answers 404.
 */
async function loadPublishedStory(actor: Actor, postId: string): Promise<StoryContext> {
  const loaded = await loadVisibleStory(actor, postId);
  if (!isPublicStory(loaded.resource)) throw notFound('Story');
  return { story: loaded.resource, role: loaded.role, loaded };
}

/** Any response of the story, as the policy asks about moderating it (the writer's part aside). */
const anyResponseOf = (story: StoryResource): ResponseResource => ({
  story,
  authorId: '',
  ageMs: 0,
  hidden: false,
  removed: false,
});

function scopeOf(actor: Actor, s: StoryContext): ReadScope {
  const any = anyResponseOf(s.story);
  const showRemoved = can(actor, 'response.remove', any, ctxOf(s));
  return { showRemoved, showHidden: showRemoved || can(actor, 'response.hide', any, ctxOf(s)) };
}

function resourceOf(row: ResponseListRow, story: StoryResource, now = Date.now()): ResponseResource {
  return {
    story,
    authorId: row.authorId,
    ageMs: now - row.createdAt.getTime(),
    hidden: row.hiddenAt !== null,
    removed: row.removedAt !== null,
  };
}

function toItem(actor: Actor, row: ResponseListRow, s: StoryContext): ResponseItem {
  const resource = resourceOf(row, s.story);
  const ctx = ctxOf(s);
  return {
    id: row.id,
    postId: row.postId,
    parentId: row.parentId,
    text: row.text,
    createdAt: row.createdAt.getTime(),
    editedAt: row.editedAt?.getTime() ?? null,
    author: { id: row.authorId, name: row.authorName, handle: row.authorHandle, image: row.authorImage },
    hidden: resource.hidden,
    removed: resource.removed,
    can: {
      edit: can(actor, 'response.update', resource, ctx),
      delete: can(actor, 'response.delete', resource, ctx),
      hide: can(actor, 'response.hide', resource, ctx),
      remove: can(actor, 'response.remove', resource, ctx),
      report: can(actor, 'report.create', { kind: 'response', authorId: row.authorId }),
    },
  };
}

const keyOf = (row: ResponseListRow): Cursor => ({ t: row.createdAt.getTime(), id: row.id });

async function isOpen(postId: string): Promise<boolean> {
  const closed = await findClosedState(postId);
  return !closed.story && !closed.publication;
}

/** GET /posts/{id}/responses: top-level responses newest first, each with its first replies. */
export async function listResponses(actor: Actor, postId: string, lastKey?: string): Promise<ResponsesPage> {
  const cursor = decodeCursor(lastKey);
  const s = await loadPublishedStory(actor, postId);
  const scope = scopeOf(actor, s);
  const [rows, count, open] = await Promise.all([
    findTopLevelPage(postId, scope, cursor, RESPONSES_PAGE_SIZE),
    countShown(postId, scope),
    isOpen(postId),
  ]);
  const page = toPage(rows, RESPONSES_PAGE_SIZE, keyOf);
  const replies = await findFirstReplies(
    page.items.map((row) => row.id),
    scope,
    REPLIES_SHOWN,
  );
  const items: TopLevelResponse[] = page.items.map((row) => {
    const shownReplies = replies.rows.filter((reply) => reply.parentId === row.id);
    const replyCount = replies.totals.get(row.id) ?? 0;
    const last = shownReplies[shownReplies.length - 1];
    return {
      ...toItem(actor, row, s),
      replies: shownReplies.map((reply) => toItem(actor, reply, s)),
      replyCount,
      repliesLastKey: replyCount > shownReplies.length && last ? keyOf(last) : null,
    };
  });
  const target: ResponseTargetResource = { story: s.story, open, parent: null };
  return {
    items,
    lastKey: page.lastKey,
    count,
    open,
    signedIn: actor !== null && actor.status === 'active',
    can: {
      respond: can(actor, 'response.create', target, ctxOf(s)),
      close: can(actor, 'response.closeForStory', s.story, ctxOf(s)),
    },
  };
}

/**
 * The response, if the actor is shown it (or wrote it): 404 otherwise, like a response that does not
 * exist, so a hidden or a banned writer's response is not revealed.
 */
async function loadResponse(
  actor: Actor,
  id: string,
): Promise<{ row: ResponseStateRow; s: StoryContext; resource: ResponseResource }> {
  const row = await findResponseById(id);
  if (!row) throw notFound('Response');
  const s = await loadPublishedStory(actor, row.postId).catch(() => {
    throw notFound('Response');
  });
  const scope = scopeOf(actor, s);
  const own = actor !== null && actor.id === row.authorId;
  const visible =
    (row.authorStatus === 'active' || scope.showRemoved) &&
    (own || ((scope.showHidden || row.hiddenAt === null) && (scope.showRemoved || row.removedAt === null)));
  if (!visible) throw notFound('Response');
  return { row, s, resource: resourceOf(row, s.story) };
}

/** GET /responses/{id}/replies: a response's replies after the first ones, oldest first. */
export async function listReplies(actor: Actor, id: string, lastKey?: string): Promise<RepliesPage> {
  const cursor = decodeCursor(lastKey);
  const { row, s } = await loadResponse(actor, id);
  if (row.parentId !== null) throw notFound('Response');
  const rows = await findRepliesPage(id, scopeOf(actor, s), cursor, REPLIES_PAGE_SIZE);
  const page = toPage(rows, REPLIES_PAGE_SIZE, keyOf);
  return { items: page.items.map((reply) => toItem(actor, reply, s)), lastKey: page.lastKey };
}

/** The ids of the users a text mentions by @handle: existing, not banned, not the writer, ≤ 10. */
async function mentionedUserIds(text: string, authorId: string): Promise<string[]> {
  const handles = new Set<string>();
  for (const match of text.matchAll(/(?:^|[^\w@/.])@([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?![\w-])/gi)) {
    handles.add(match[1]!.toLowerCase());
    if (handles.size >= MENTIONS_MAX) break;
  }
  const users = await Promise.all([...handles].map((handle) => findUserHome(null, handle)));
  const ids = new Set(users.flatMap((user) => (user && user.id !== authorId ? [user.id] : [])));
  return [...ids];
}

/** POST /posts/{id}/responses: a response, or (parentId) a reply to a top-level one. */
export async function createResponse(
  actor: Actor,
  postId: string,
  input: CreateResponseInput,
): Promise<ResponseItem> {
  if (!actor) throw unauthorized();
  // Every read the decision needs at once (none depends on another); nothing is written before it.
  const [s, parentRow, open, mentioned] = await Promise.all([
    loadPublishedStory(actor, postId),
    input.parentId ? findResponseById(input.parentId) : undefined,
    isOpen(postId),
    mentionedUserIds(input.text, actor.id),
  ]);
  if (input.parentId && (!parentRow || parentRow.postId !== postId)) throw notFound('Response');
  const parent = parentRow ?? null;
  const target: ResponseTargetResource = {
    story: s.story,
    open,
    parent: parent && {
      topLevel: parent.parentId === null,
      shown: parent.authorStatus === 'active' && parent.hiddenAt === null && parent.removedAt === null,
    },
  };
  assertCan(actor, 'response.create', target, ctxOf(s));
  // Counted once allowed, before anything is written: past the limit nothing is. One after the other:
  // a reader refused by their own limit spends nothing of the story's.
  await consumeRateLimit(RESPONSE_LIMITS.perUser, actor.id);
  await consumeRateLimit(RESPONSE_LIMITS.perStory, postId);

  const row = await insertResponse({
    id: newUuid(),
    postId,
    authorId: actor.id,
    parentId: parent?.id ?? null,
    text: input.text,
  });
  await responseCreated.emit({
    responseId: row.id,
    postId,
    authorId: actor.id,
    storyAuthorId: s.story.authorId,
    parentId: parent?.id ?? null,
    parentAuthorId: parent?.authorId ?? null,
    mentionedUserIds: mentioned,
  });
  return toItem(actor, row, s);
}

/** PATCH /responses/{id}: its writer changes the text, within 15 minutes of posting it. */
export async function updateResponse(
  actor: Actor,
  id: string,
  input: UpdateResponseInput,
): Promise<ResponseItem> {
  const { s, resource } = await loadResponse(actor, id);
  assertCan(actor, 'response.update', resource, ctxOf(s));
  await updateResponseText(id, input.text);
  const row = await findResponseById(id);
  if (!row) throw notFound('Response');
  return toItem(actor, row, s);
}

/** DELETE /responses/{id}: its writer deletes it, and its replies with it. */
export async function deleteResponse(actor: Actor, id: string): Promise<void> {
  const { row, s, resource } = await loadResponse(actor, id);
  assertCan(actor, 'response.delete', resource, ctxOf(s));
  if (await deleteResponseRow(id)) await responseDeleted.emit({ responseId: id, postId: row.postId });
}

/** Writes the moderation-log row of a removal or restoration; undoes the change if it cannot. */
async function logged(actor: Actor, row: ResponseStateRow, removed: boolean): Promise<void> {
  try {
    await recordModerationAction(actor, {
      action: removed ? 'remove_response' : 'restore_response',
      targetUserId: row.authorId,
      subjectId: row.id,
    });
  } catch (error) {
    // Nothing half-done: a removal the log does not record is taken back.
    await setResponseRemoved(row.id, !removed, actor!.id).catch((undo: unknown) =>
      log('responses').error({ err: undo, responseId: row.id }, 'could not undo a response removal'),
    );
    throw error;
  }
}

/**
 * POST /responses/{id}/hide: the story's writer and its publication's editors hide it (or show it
 * again); site staff remove it (or restore it), which the moderation log records.
 */
export async function hideResponse(actor: Actor, id: string, input: HideResponseInput): Promise<HideResult> {
  const { row, s, resource } = await loadResponse(actor, id);
  if (can(actor, 'response.remove', resource, ctxOf(s))) {
    if (await setResponseRemoved(id, input.hidden, actor!.id)) await logged(actor, row, input.hidden);
    // Staff showing a response again shows it whoever hid it.
    if (!input.hidden) await setResponseHidden(id, false, actor!.id);
  } else {
    assertCan(actor, 'response.hide', resource, ctxOf(s));
    await setResponseHidden(id, input.hidden, actor!.id);
  }
  const after = await findResponseById(id);
  if (!after) throw notFound('Response');
  return { id, hidden: after.hiddenAt !== null, removed: after.removedAt !== null };
}

export type StoryPageComments = {
  count: number;
  comments: {
    id: string;
    text: string;
    createdAt: number;
    author: { name: string; handle: string | null };
  }[];
};

/**
 * The newest responses every reader is shown, and how many there are: the story page's JSON-LD
 * (the same for everyone; its cache learns of a change through the responses' version).
 */
export async function storyPageComments(postId: string): Promise<StoryPageComments> {
  const [count, rows] = await Promise.all([
    countShown(postId, READER_SCOPE),
    findNewestShown(postId, JSON_LD_COMMENTS),
  ]);
  return {
    count,
    comments: rows.map((row) => ({
      id: row.id,
      text: row.text,
      createdAt: row.createdAt.getTime(),
      author: { name: row.authorName, handle: row.authorHandle },
    })),
  };
}
