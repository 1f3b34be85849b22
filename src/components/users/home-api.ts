// Calls behind the user home (SPEC §7): more of the author's latest stories, pin and unpin.
import { apiFetch } from '@/lib/api-client';
import type { StoryPage } from '@/server/modules/posts/posts.schema';

export type Cursor = NonNullable<StoryPage['lastKey']>;

/** GET /api/posts/user_posts/latest_posts/{id}?lastKey — the next page (the cursor is URL-encoded JSON). */
export function fetchLatestStories(
  userId: string,
  lastKey: Cursor,
  limit: number,
  signal?: AbortSignal,
): Promise<StoryPage> {
  const query = `lastKey=${encodeURIComponent(JSON.stringify(lastKey))}&limit=${limit}`;
  return apiFetch<StoryPage>(`/api/posts/user_posts/latest_posts/${encodeURIComponent(userId)}?${query}`, {
    signal,
  });
}

export function pinStory(postId: string): Promise<unknown> {
  return apiFetch('/api/users/pin_post', { method: 'POST', body: { postId } });
}

export function unpinStory(postId: string): Promise<unknown> {
  return apiFetch(`/api/users/pin_post?postId=${encodeURIComponent(postId)}`, { method: 'DELETE' });
}
