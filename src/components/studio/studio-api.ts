// The studio's calls (SPEC §7 Posts): the writer's stories page by page under the story-filter, the
// filter's choices, and the story-actions that have no dialog of their own. Every call throws
// ApiError, whose message already reads 'ERROR: …' (SPEC §8).
import { apiFetch } from '@/lib/api-client';
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

const storyPath = (id: string) => `/api/posts/${encodeURIComponent(id)}`;
const manage = (action: string, id: string) =>
  apiFetch<unknown>(`/api/posts/manage_posts/${action}/${encodeURIComponent(id)}`, { method: 'PATCH' });

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
  const query = new URLSearchParams({ forStudio: 'true', scope: SCOPE, limit: String(limit) });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  if (lastKey) query.set('lastKeys', JSON.stringify(lastKey));
  return apiFetch<StoryPage>(`/api/posts/user_posts/all_posts/${encodeURIComponent(userId)}?${query}`, {
    signal,
  });
}

/** GET /api/posts/user_posts/studio_filters/{user_id} — collections, writers and publications (with roles). */
export const getStudioFilters = (userId: string, signal?: AbortSignal) =>
  apiFetch<StudioFilters>(
    `/api/posts/user_posts/studio_filters/${encodeURIComponent(userId)}?scope=${SCOPE}`,
    {
      signal,
    },
  );

export const unpublishStory = (id: string) => manage('unpublish_post', id);
export const cancelStorySchedule = (id: string) => manage('cancel_schedule_post', id);
export const deleteStory = (id: string) => apiFetch<void>(storyPath(id), { method: 'DELETE' });
