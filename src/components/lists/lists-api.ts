// The list calls the pages and dialogs make (SPEC §7 Lists). Every call throws ApiError, whose
// message already reads 'ERROR: …' (SPEC §8).
import { api, abortable, call } from '@/lib/api-client';
import type { List, ListPrivacy } from '@/server/modules/lists/lists.schema';
import type { StoryPage } from '@/server/modules/posts/posts.schema';

export type { List, ListPrivacy };

/** SPEC §8: the message of every successful list change. */
export const LIST_SAVED = 'Saved successfully!';
/** SPEC §2 create-list placeholder, word for word. */
export const LIST_NAME_PLACEHOLDER = 'List name (60 Char Max)';

export const createList = (listName: string, privacyStatus: ListPrivacy) =>
  call(api.lists.create.$post({ json: { listName, privacyStatus } }));

export const updateList = (id: string, changes: { listName?: string; privacyStatus?: ListPrivacy }) =>
  call(api.lists[':id'].$patch({ param: { id }, query: changes }));

export const deleteList = (id: string) => call(api.lists[':id'].$delete({ param: { id } }));

export const getMyLists = (signal?: AbortSignal) =>
  call(api.users.lists.$get(undefined, abortable(signal))).then((answer) => answer.lists);

export const getListIdsHoldingPost = (postId: string, signal?: AbortSignal) =>
  call(api.lists.posts.$get({ query: { postId } }, abortable(signal))).then((answer) => answer.listIds);

export const addPostToList = (listId: string, postId: string) =>
  call(api.lists.posts.$post({ query: { listId, postId } }));

export const removePostFromList = (listId: string, postId: string) =>
  call(api.lists.posts.$delete({ query: { listId, postId } }));

/** GET /api/posts/get_posts_by_list_id?id&lastKey — one page of the list's stories. */
export const getListPosts = (id: string, lastKey: StoryPage['lastKey'], signal?: AbortSignal) =>
  call(
    api.posts.get_posts_by_list_id.$get(
      { query: { id, ...(lastKey && { lastKey: JSON.stringify(lastKey) }) } },
      abortable(signal),
    ),
  );

/** What the list dialogs need to know about a list (dialog props: ids and names, never the whole page). */
export type ListRef = { id: string; listName: string; privacyStatus: ListPrivacy };
