// The responses' calls (issue 25; docs/decisions/053-responses.md), through the typed client.
import { abortable, api, call } from '@/lib/api-client';
import type { Cursor } from '@/server/lib/cursor';

const key = (lastKey: Cursor | null) => (lastKey ? JSON.stringify(lastKey) : undefined);

export const fetchResponses = (postId: string, lastKey: Cursor | null, signal?: AbortSignal) =>
  call(
    api.posts[':id'].responses.$get(
      { param: { id: postId }, query: { lastKey: key(lastKey) } },
      abortable(signal),
    ),
  );

export const fetchReplies = (responseId: string, lastKey: Cursor | null) =>
  call(api.responses[':id'].replies.$get({ param: { id: responseId }, query: { lastKey: key(lastKey) } }));

export const postResponse = (postId: string, text: string, parentId?: string) =>
  call(
    api.posts[':id'].responses.$post({
      param: { id: postId },
      json: { text, ...(parentId && { parentId }) },
    }),
  );

export const editResponse = (id: string, text: string) =>
  call(api.responses[':id'].$patch({ param: { id }, json: { text } }));

export const removeOwnResponse = (id: string) => call(api.responses[':id'].$delete({ param: { id } }));

export const setResponseHidden = (id: string, hidden: boolean) =>
  call(api.responses[':id'].hide.$post({ param: { id }, json: { hidden } }));

export const fetchStoryResponsesSettings = (postId: string, signal?: AbortSignal) =>
  call(api.posts[':id'].responses.settings.$get({ param: { id: postId } }, abortable(signal)));

export const saveStoryResponsesSettings = (postId: string, open: boolean) =>
  call(api.posts[':id'].responses.settings.$put({ param: { id: postId }, json: { open } }));

export const fetchPublicationResponsesSettings = (publicationId: string, signal?: AbortSignal) =>
  call(api.publications[':id'].responses.settings.$get({ param: { id: publicationId } }, abortable(signal)));

export const savePublicationResponsesSettings = (publicationId: string, open: boolean) =>
  call(api.publications[':id'].responses.settings.$put({ param: { id: publicationId }, json: { open } }));
