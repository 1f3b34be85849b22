// The history calls the story editor makes (docs/decisions/039-story-revisions.md). Every call throws
// ApiError, whose message already reads 'ERROR: …' (SPEC §8).
import { abortable, api, call } from '@/lib/api-client';
import type {
  RestoredRevision,
  Revision,
  RevisionPage,
  RevisionSummary,
} from '@/server/modules/revisions/revisions.schema';

export type { RestoredRevision, Revision, RevisionPage, RevisionSummary };

const revisions = api.posts[':id'].revisions;

/** GET /api/posts/{id}/revisions: a page of the story's history, newest first. */
export const listRevisions = (
  postId: string,
  lastKey: RevisionPage['lastKey'],
  signal?: AbortSignal,
): Promise<RevisionPage> =>
  call(
    revisions.$get(
      {
        param: { id: postId },
        query: { limit: '50', ...(lastKey && { lastKey: JSON.stringify(lastKey) }) },
      },
      abortable(signal),
    ),
  );

/** GET /api/posts/{id}/revisions/{revisionId}: one version with its content. */
export const getRevision = (postId: string, revisionId: string, signal?: AbortSignal): Promise<Revision> =>
  call(revisions[':revisionId'].$get({ param: { id: postId, revisionId } }, abortable(signal)));

/** POST …/restore with the story's current version: 409 when it is stale. */
export const restoreRevision = (
  postId: string,
  revisionId: string,
  version: number,
): Promise<RestoredRevision> =>
  call(
    revisions[':revisionId'].restore.$post({
      param: { id: postId, revisionId },
      json: { version },
    }),
  );
