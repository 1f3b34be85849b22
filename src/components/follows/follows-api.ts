// The calls behind follow buttons, the Following tab and /me's Following list (issue 25, decision
// 052). Every call throws ApiError ('ERROR: …').
import { abortable, api, call } from '@/lib/api-client';
import type { KeysetPage } from '@/components/hooks/use-keyset-list';
import type { Cursor } from '@/server/lib/cursor';
import type { FollowItem, FollowState } from '@/server/modules/follows/follows.schema';
import type { FollowKind } from '@/server/modules/follows/follows.table';
import type { StorySummary } from '@/server/modules/posts/posts.schema';

/** PUT /api/follows/{kind}/{id}: follow (idempotent); the target's state after it. */
export const followTarget = (kind: FollowKind, id: string): Promise<FollowState> =>
  call(api.follows[':kind'][':id'].$put({ param: { kind, id } }));

/** DELETE /api/follows/{kind}/{id}: unfollow (idempotent). */
export const unfollowTarget = (kind: FollowKind, id: string): Promise<unknown> =>
  call(api.follows[':kind'][':id'].$delete({ param: { kind, id } }));

/** GET /api/follows/counts: the public follower count of one target (a guest's view). */
export const fetchFollowerCount = (kind: FollowKind, id: string, signal?: AbortSignal): Promise<number> =>
  call(api.follows.counts.$get({ query: { [kind]: id } }, abortable(signal))).then(
    (answer) => answer.counts[0]?.followers ?? 0,
  );

/** GET /api/follows?lastKey: the next page of whom I follow. */
export const fetchMyFollows = (
  lastKey: Cursor | null,
  signal?: AbortSignal,
): Promise<KeysetPage<FollowItem>> =>
  call(
    api.follows.$get({ query: lastKey ? { lastKey: JSON.stringify(lastKey) } : {} }, abortable(signal)),
  ).then((page) => ({ items: page.follows, lastKey: page.lastKey }));

/** GET /api/posts/following?lastKey: the next page of the Following feed. */
export const fetchFollowingStories = (
  lastKey: Cursor | null,
  signal?: AbortSignal,
): Promise<KeysetPage<StorySummary>> =>
  call(
    api.posts.following.$get(
      { query: lastKey ? { lastKey: JSON.stringify(lastKey) } : {} },
      abortable(signal),
    ),
  ).then((page) => ({ items: page.posts, lastKey: page.lastKey }));
