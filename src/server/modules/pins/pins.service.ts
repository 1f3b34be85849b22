import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/policy';
import { conflict, notFound, unauthorized } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import { isPostInList, listResource, loadReadableList } from '../lists/lists.service';
import { loadVisibleStory } from '../posts/posts-access.service';
import { listVisibleStorySummaries } from '../posts/posts-read.service';
import { getUserProfileOrThrow } from '../users/users.service';
import { countPins, deletePin, findPin, findPinnedPostIds, insertPin } from './pins.repository';
import { MAX_PINS, type Pin, type PinInput, type PinsAnswer, type PinsQuery } from './pins.schema';
import type { PinRow } from './pins.table';

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

/** The actor's own list, for pinning in it. */
async function loadOwnList(actor: NonNullable<Actor>, listId: string) {
  const list = await loadReadableList(actor, listId);
  assertCan(actor, 'list.update', listResource(list));
  return list;
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
  const posts = await listVisibleStorySummaries(actor, ids);
  return { posts, postIds: posts.map((post) => post.id) };
}

/** POST /users/pin_post: pins the story (idempotent: `created` false when it was pinned already). */
export async function pinPost(actor: Actor, input: PinInput): Promise<{ pin: Pin; created: boolean }> {
  const me = signedIn(actor);
  const listId = input.listId ?? null;
  if (listId) {
    const list = await loadOwnList(me, listId);
    if (!(await isPostInList(list, input.postId)))
      throw conflict('Add the story to the list before pinning it there');
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
