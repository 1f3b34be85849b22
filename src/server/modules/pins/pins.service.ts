import type { Actor } from '../../auth/actor';
import { assertCan, can, isSiteAdmin } from '../../auth/policy';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import {
  findListById,
  findListsByOwner,
  findListStats,
  findOwnerListIdsHoldingPost,
  type ListWithOwnerRow,
} from '../lists/lists.repository';
import { loadVisibleStory } from '../posts/posts-access.service';
import { toStorySummary } from '../posts/posts-read.service';
import type { PinRow } from '../lists/lists.table';
import type { StorySummary } from '../posts/posts.schema';
import { getUserProfileOrThrow } from '../users/users.service';
import { countPins, deletePin, findPin, findPinnedPostIds, insertPin } from './pins.repository';
import {
  MAX_PINS,
  type Pin,
  type PinInput,
  type PinsAnswer,
  type PinsQuery,
  type PublicListSummary,
} from './pins.schema';

// Pins (SPEC §7 /users/pin_post): a signed-in user pins stories they may see — on their own home
// page (pinning there is part of their profile: 'user.updateProfile' on themself) or inside one of
// their lists ('list.update'). Pinning twice or unpinning what is not pinned changes nothing.

const toPin = (row: PinRow): Pin => ({
  postId: row.postId,
  listId: row.listId,
  pinnedAt: row.pinnedAt.getTime(),
});

function signedIn(actor: Actor): NonNullable<Actor> {
  if (!actor) throw unauthorized();
  return actor;
}

/** The list, if the actor may read it (a private list of someone else, or a banned owner's, is a 404). */
async function loadReadableList(actor: Actor, listId: string): Promise<ListWithOwnerRow> {
  const list = await findListById(listId);
  if (!list) throw notFound('List');
  if (list.owner.status === 'banned' && !isSiteAdmin(actor) && actor?.id !== list.ownerId)
    throw notFound('List');
  assertCan(actor, 'list.read', { ownerId: list.ownerId, privacyStatus: list.privacyStatus });
  return list;
}

/** The actor's own list, for pinning in it. */
async function loadOwnList(actor: NonNullable<Actor>, listId: string): Promise<ListWithOwnerRow> {
  const list = await loadReadableList(actor, listId);
  assertCan(actor, 'list.update', { ownerId: list.ownerId, privacyStatus: list.privacyStatus });
  return list;
}

/** The stories behind the ids that this actor may see, in the given order. */
async function visibleStories(actor: Actor, ids: readonly string[]): Promise<StorySummary[]> {
  const loaded = await Promise.all(
    ids.map((id) =>
      loadVisibleStory(actor, id, false).then(
        ({ row }) => toStorySummary(row),
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'not_found') return null;
          throw error;
        },
      ),
    ),
  );
  return loaded.filter((story): story is StorySummary => story !== null);
}

/**
 * GET /users/pin_post: pinned stories, latest pin first — the caller's profile pins by default,
 * another user's (userId), or those inside a list the caller may read (listId).
 */
export async function listPins(actor: Actor, query: PinsQuery): Promise<PinsAnswer> {
  let ownerId: string;
  if (query.listId) {
    ownerId = (await loadReadableList(actor, query.listId)).ownerId;
  } else if (query.userId) {
    ownerId = (await getUserProfileOrThrow(actor, query.userId)).id; // 404 for unknown or banned users
  } else {
    ownerId = signedIn(actor).id;
  }
  const ids = await findPinnedPostIds(ownerId, query.listId ?? null, MAX_PINS);
  const posts = await visibleStories(actor, ids);
  return { posts, postIds: posts.map((post) => post.id) };
}

/** POST /users/pin_post: pins the story (idempotent: `created` false when it was pinned already). */
export async function pinPost(actor: Actor, input: PinInput): Promise<{ pin: Pin; created: boolean }> {
  const me = signedIn(actor);
  const listId = input.listId ?? null;
  if (listId) {
    const list = await loadOwnList(me, listId);
    const holding = await findOwnerListIdsHoldingPost(list.ownerId, input.postId);
    if (!holding.includes(listId)) throw conflict('Add the story to the list before pinning it there');
  } else {
    assertCan(me, 'user.updateProfile', { id: me.id });
  }
  // Only a story the user may see can be pinned (a 404 otherwise: existence is not revealed).
  await loadVisibleStory(me, input.postId, false);

  const existing = await findPin(me.id, input.postId, listId);
  if (existing) return { pin: toPin(existing), created: false };
  if ((await countPins(me.id, listId)) >= MAX_PINS) {
    throw conflict(`You can pin at most ${MAX_PINS} stories`, 'unpin a story first');
  }
  const inserted = await insertPin({ id: newUuid(), userId: me.id, postId: input.postId, listId });
  if (inserted) return { pin: toPin(inserted), created: true };
  const raced = await findPin(me.id, input.postId, listId); // the same pin, made a moment ago
  if (!raced) throw notFound('Story');
  return { pin: toPin(raced), created: false };
}

/** DELETE /users/pin_post: unpins the story; nothing to unpin is fine too (idempotent). */
export async function unpinPost(actor: Actor, input: PinInput): Promise<void> {
  const me = signedIn(actor);
  const listId = input.listId ?? null;
  if (listId) await loadOwnList(me, listId);
  else assertCan(me, 'user.updateProfile', { id: me.id });
  await deletePin(me.id, input.postId, listId);
}

/**
 * The public lists of a user, for their home page, newest first, with the number of stories the
 * viewer may see in each. Read through the lists repository (the lists module has no such use case).
 */
export async function listPublicListsOf(actor: Actor, ownerId: string): Promise<PublicListSummary[]> {
  // Only public lists, even when the owner looks at their own home (it shows what others see).
  const rows = (await findListsByOwner(ownerId)).filter(
    (row) =>
      row.privacyStatus === 'public' &&
      can(actor, 'list.read', { ownerId: row.ownerId, privacyStatus: row.privacyStatus }),
  );
  if (rows.length === 0) return [];
  const viewer = actor ? { id: actor.id, isSiteAdmin: isSiteAdmin(actor) } : null;
  const stats = await findListStats(
    rows.map((row) => row.id),
    viewer,
    3,
  );
  return rows.map((row) => ({
    id: row.id,
    listName: row.listName,
    postCount: stats.get(row.id)?.postCount ?? 0,
    coverImages: stats.get(row.id)?.coverImages ?? [],
  }));
}
