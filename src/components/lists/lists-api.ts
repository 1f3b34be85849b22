// The list calls the pages and dialogs make (SPEC §7 Lists). Every call throws ApiError, whose
// message already reads 'ERROR: …' (SPEC §8).
import { apiFetch } from '@/lib/api-client';
import type {
  List,
  ListEntry,
  ListIdsAnswer,
  ListPrivacy,
  ListsAnswer,
} from '@/server/modules/lists/lists.schema';
import type { StoryPage } from '@/server/modules/posts/posts.schema';

export type { List, ListPrivacy };

/** SPEC §8: the message of every successful list change. */
export const LIST_SAVED = 'Saved successfully!';
/** SPEC §2 create-list placeholder, word for word. */
export const LIST_NAME_PLACEHOLDER = 'List name (60 Char Max)';

const q = encodeURIComponent;

export const createList = (listName: string, privacyStatus: ListPrivacy) =>
  apiFetch<List>('/api/lists/create', { method: 'POST', body: { listName, privacyStatus } });

export const updateList = (id: string, changes: { listName?: string; privacyStatus?: ListPrivacy }) => {
  const params = new URLSearchParams();
  if (changes.listName !== undefined) params.set('listName', changes.listName);
  if (changes.privacyStatus !== undefined) params.set('privacyStatus', changes.privacyStatus);
  return apiFetch<List>(`/api/lists/${q(id)}?${params}`, { method: 'PATCH' });
};

export const deleteList = (id: string) => apiFetch<void>(`/api/lists/${q(id)}`, { method: 'DELETE' });

export const getMyLists = (signal?: AbortSignal) =>
  apiFetch<ListsAnswer>('/api/users/lists', { signal }).then((answer) => answer.lists);

export const getListIdsHoldingPost = (postId: string, signal?: AbortSignal) =>
  apiFetch<ListIdsAnswer>(`/api/lists/posts?postId=${q(postId)}`, { signal }).then(
    (answer) => answer.listIds,
  );

export const addPostToList = (listId: string, postId: string) =>
  apiFetch<ListEntry>(`/api/lists/posts?listId=${q(listId)}&postId=${q(postId)}`, { method: 'POST' });

export const removePostFromList = (listId: string, postId: string) =>
  apiFetch<ListEntry>(`/api/lists/posts?listId=${q(listId)}&postId=${q(postId)}`, { method: 'DELETE' });

export const getListPosts = (id: string, lastKey: StoryPage['lastKey'], signal?: AbortSignal) =>
  apiFetch<StoryPage>(
    `/api/posts/get_posts_by_list_id?id=${q(id)}${lastKey ? `&lastKey=${q(JSON.stringify(lastKey))}` : ''}`,
    { signal },
  );

/** What the list dialogs need to know about a list (dialog props: ids and names, never the whole page). */
export type ListRef = { id: string; listName: string; privacyStatus: ListPrivacy };
