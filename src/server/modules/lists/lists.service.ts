import type { Actor } from '../../auth/actor';
import { assertCan, can, readScopeOf, type ListResource } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { AppError, notFound, unauthorized } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import { loadVisibleStory } from '../posts/posts-access.service';
import { listVisibleStorySummaries } from '../posts/posts-read.service';
import type { StoryPage } from '../posts/posts.schema';
import {
  deleteListPost,
  deleteListRow,
  findListById,
  findListPostPage,
  findListsByOwner,
  findListStats,
  findOwnerListIdsHoldingPost,
  insertList,
  insertListPost,
  updateListRow,
  type ListStats,
  type ListWithOwnerRow,
  type StoryViewer,
} from './lists.repository';
import {
  listNameProblem,
  type CreateListInput,
  type List,
  type ListEntry,
  type ListIdsAnswer,
  type ListsAnswer,
  type PublicListSummary,
  type UpdateListInput,
} from './lists.schema';
import type { ListRow } from './lists.table';

// Reading lists (SPEC §2 /lists and the list dialogs, §3 List, §4 list privacy, §5 create list,
// §7 Lists). Public lists are readable by anyone; a private list exists only for its owner (a 404
// to everyone else, anonymous included); only the owner changes a list or what it holds.

const COVER_IMAGES = 3;

/** The SQL filter's view of the reader (the policy's read scope). */
function viewerOf(actor: Actor): StoryViewer {
  const scope = readScopeOf(actor);
  return scope && { id: scope.viewerId, isSiteAdmin: scope.seesBannedWriters };
}

function toList(row: ListWithOwnerRow, stats: ListStats | undefined): List {
  return {
    id: row.id,
    listName: row.listName,
    name: row.listName,
    privacyStatus: row.privacyStatus,
    createTimestamp: row.createdAt.getTime(),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    owner: {
      id: row.owner.id,
      name: row.owner.name,
      image: row.owner.image,
      subdomain: row.owner.subdomain,
    },
    postCount: stats?.postCount ?? 0,
    coverImages: stats?.coverImages ?? [],
  };
}

async function withStats(actor: Actor, rows: ListWithOwnerRow[]): Promise<List[]> {
  const stats = await findListStats(
    rows.map((row) => row.id),
    viewerOf(actor),
    COVER_IMAGES,
  );
  return rows.map((row) => toList(row, stats.get(row.id)));
}

/** The trimmed name, or a 400 whose message says what is wrong (SPEC §5, §9: 60 characters). */
function cleanListName(name: string): string {
  const problem = listNameProblem(name);
  if (problem) throw new AppError('validation_failed', problem, `listName: ${problem.toLowerCase()}`);
  return name.trim();
}

/**
 * The list, if this actor may read it: a private list of someone else is a 404, and so is any list
 * of a banned owner (their things vanish from public view, DESIGN §5) unless a site admin asks.
 * Pins inside a list start here too.
 */
export async function loadReadableList(actor: Actor, id: string): Promise<ListWithOwnerRow> {
  const row = await findListById(id);
  if (!row) throw notFound('List');
  assertCan(actor, 'list.read', listResource(row));
  return row;
}

/** The policy's view of a list. */
export const listResource = (row: ListWithOwnerRow): ListResource => ({
  ownerId: row.ownerId,
  ownerStatus: row.owner.status,
  privacyStatus: row.privacyStatus,
});

// POST /lists/create
export async function createList(actor: Actor, input: CreateListInput): Promise<List> {
  assertCan(actor, 'list.create');
  const listName = cleanListName(input.listName);
  const row = await insertList({
    id: newUuid(),
    ownerId: actor!.id,
    listName,
    privacyStatus: input.privacyStatus,
  });
  const full = await findListById(row.id);
  if (!full) throw notFound('List');
  return toList(full, { postCount: 0, coverImages: [] });
}

// GET /lists/{id}
export async function getListOrThrow(actor: Actor, id: string): Promise<List> {
  const row = await loadReadableList(actor, id);
  const [list] = await withStats(actor, [row]);
  return list;
}

/** The list page (/lists/{id}): the list, and what this actor may do with it (from the policy). */
export async function getListPageOrThrow(
  actor: Actor,
  id: string,
): Promise<{ list: List; can: { canEdit: boolean } }> {
  const row = await loadReadableList(actor, id);
  const [list] = await withStats(actor, [row]);
  return { list, can: { canEdit: can(actor, 'list.update', listResource(row)) } };
}

// PATCH /lists/{id}?listName&privacyStatus
export async function updateList(actor: Actor, id: string, input: UpdateListInput): Promise<List> {
  const row = await loadReadableList(actor, id);
  assertCan(actor, 'list.update', listResource(row));
  // Neither field: a PATCH that changes nothing answers the list as it is. The document cannot say
  // "one of two query parameters" as a keyword, so this is no refusal (decision 028).
  if (input.listName === undefined && input.privacyStatus === undefined) {
    const [list] = await withStats(actor, [row]);
    return list;
  }
  const changes = {
    ...(input.listName !== undefined ? { listName: cleanListName(input.listName) } : {}),
    ...(input.privacyStatus !== undefined ? { privacyStatus: input.privacyStatus } : {}),
  };
  const updated = await updateListRow(id, changes);
  if (!updated) throw notFound('List');
  const [list] = await withStats(actor, [{ ...updated, owner: row.owner }]);
  return list;
}

// DELETE /lists/{id}
export async function deleteList(actor: Actor, id: string): Promise<void> {
  const row = await loadReadableList(actor, id);
  assertCan(actor, 'list.delete', listResource(row));
  if (!(await deleteListRow(id))) throw notFound('List');
}

// GET /users/lists — the signed-in user's own lists
export async function listMyLists(actor: Actor): Promise<ListsAnswer> {
  if (!actor) throw unauthorized();
  const rows = await findListsByOwner(actor.id);
  const readable = rows.filter((row) => can(actor, 'list.read', listResource(row)));
  return { lists: await withStats(actor, readable) };
}

// GET /lists/posts?postId — which of my lists hold this story (the save-to dialog's ticks)
export async function listIdsHoldingPost(actor: Actor, postId: string): Promise<ListIdsAnswer> {
  if (!actor) throw unauthorized();
  await loadVisibleStory(actor, postId, false);
  return { listIds: await findOwnerListIdsHoldingPost(actor.id, postId) };
}

// POST /lists/posts?listId&postId — idempotent: saving twice keeps one entry
export async function addPostToList(actor: Actor, listId: string, postId: string): Promise<ListEntry> {
  const list = await loadReadableList(actor, listId);
  assertCan(actor, 'list.addPost', listResource(list));
  // Only a story the owner may read goes in (404 otherwise, like reading it).
  await loadVisibleStory(actor, postId, false);
  const result = await insertListPost(listId, postId);
  if (result === 'gone') throw notFound('List');
  return { listId, postId, saved: true };
}

// DELETE /lists/posts?listId&postId — idempotent too; works for a story that has since gone out of view
export async function removePostFromList(actor: Actor, listId: string, postId: string): Promise<ListEntry> {
  const list = await loadReadableList(actor, listId);
  assertCan(actor, 'list.removePost', listResource(list));
  await deleteListPost(listId, postId);
  return { listId, postId, saved: false };
}

export type ListPostsOptions = { lastKey?: string; limit: number };

// GET /posts/get_posts_by_list_id?id&lastKey — the list's stories this actor may see, latest added first
export async function listPostsOfList(
  actor: Actor,
  listId: string,
  options: ListPostsOptions,
): Promise<StoryPage> {
  const cursor = decodeCursor(options.lastKey);
  await loadReadableList(actor, listId);
  const keys = await findListPostPage({ listId, viewer: viewerOf(actor), cursor, fetch: options.limit + 1 });
  const page = toPage(keys, options.limit, (key) => ({ t: key.addedAt.getTime(), id: key.postId }));
  const stories = await listVisibleStorySummaries(
    actor,
    page.items.map((key) => key.postId),
  );
  return { posts: stories, lastKey: page.lastKey };
}

/** Whether the story is in the list (a story is pinned inside a list only once it is in it). */
export async function isPostInList(list: ListRow, postId: string): Promise<boolean> {
  return (await findOwnerListIdsHoldingPost(list.ownerId, postId)).includes(list.id);
}

/**
 * The public lists of a user, for their home page, newest first, with the number of stories the
 * viewer may see in each.
 */
export async function listPublicListsOf(actor: Actor, ownerId: string): Promise<PublicListSummary[]> {
  // Only public lists, even when the owner looks at their own home (it shows what others see).
  const rows = (await findListsByOwner(ownerId)).filter(
    (row) => row.privacyStatus === 'public' && can(actor, 'list.read', listResource(row)),
  );
  if (rows.length === 0) return [];
  const stats = await findListStats(
    rows.map((row) => row.id),
    viewerOf(actor),
    COVER_IMAGES,
  );
  return rows.map((row) => ({
    id: row.id,
    listName: row.listName,
    postCount: stats.get(row.id)?.postCount ?? 0,
    coverImages: stats.get(row.id)?.coverImages ?? [],
  }));
}
