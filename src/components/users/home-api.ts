// Calls behind the user home (SPEC §7): more of the author's latest stories, pin and unpin.
import { api, abortable, call } from '@/lib/api-client';
import type { StoryPage } from '@/server/modules/posts/posts.schema';

/** GET /api/posts/user_posts/latest_posts/{id}?lastKey — a page (the cursor is URL-encoded JSON). */
export const fetchLatestStories = (
  userId: string,
  lastKey: StoryPage['lastKey'],
  limit: number,
  signal?: AbortSignal,
) =>
  call(
    api.posts.user_posts.latest_posts[':id'].$get(
      {
        param: { id: userId },
        query: { limit: String(limit), ...(lastKey && { lastKey: JSON.stringify(lastKey) }) },
      },
      abortable(signal),
    ),
  );

export const pinStory = (postId: string) => call(api.users.pin_post.$post({ json: { postId } }));

export const unpinStory = (postId: string) => call(api.users.pin_post.$delete({ query: { postId } }));
