// The studio's calls (SPEC §7 Posts): the writer's stories page by page under the story-filter, the
// filter's choices, and the story-actions that have no dialog of their own. Every call throws
// ApiError, whose message already reads 'ERROR: …' (SPEC §8).
import { api, abortable, call } from '@/lib/api-client';
import type {
  StoryPage,
  StoryStatusFilter,
  StorySummary,
  StoryTimeRange,
  StudioFilters,
} from '@/server/modules/posts/posts.schema';

export type { StoryPage, StorySummary, StudioFilters, StoryStatusFilter, StoryTimeRange };

/** What the story-filter chooses; absent parts mean "all". */
export type StudioFilterValues = {
  status?: Exclude<StoryStatusFilter, 'all'>;
  time?: Exclude<StoryTimeRange, 'all'>;
  collectionId?: string;
  writerId?: string;
};

/** The studio covers the writer's own stories and those of the publications they own or edit. */
const SCOPE = 'desk';

const userPosts = api.posts.user_posts;
const manage = api.posts.manage_posts;

/** GET /api/posts/user_posts/all_posts/{user_id}?forStudio=true&lastKeys&… — one page, newest created first. */
export function listStudioStories(
  userId: string,
  filters: StudioFilterValues,
  {
    lastKey,
    limit = 10,
    signal,
  }: { lastKey?: StoryPage['lastKey']; limit?: number; signal?: AbortSignal } = {},
): Promise<StoryPage> {
  const query = {
    forStudio: 'true' as const,
    scope: SCOPE,
    limit: String(limit),
    ...filters,
    ...(lastKey && { lastKeys: JSON.stringify(lastKey) }),
  } as const;
  return call(userPosts.all_posts[':user_id'].$get({ param: { user_id: userId }, query }, abortable(signal)));
}

/** GET /api/posts/user_posts/studio_filters/{user_id} — collections, writers and publications (with roles). */
export const getStudioFilters = (userId: string, signal?: AbortSignal) =>
  call(
    userPosts.studio_filters[':user_id'].$get(
      { param: { user_id: userId }, query: { scope: SCOPE } },
      abortable(signal),
    ),
  );

export const unpublishStory = (id: string) => call(manage.unpublish_post[':id'].$patch({ param: { id } }));
export const cancelStorySchedule = (id: string) =>
  call(manage.cancel_schedule_post[':id'].$patch({ param: { id } }));
export const deleteStory = (id: string) => call(api.posts[':id'].$delete({ param: { id } }));
