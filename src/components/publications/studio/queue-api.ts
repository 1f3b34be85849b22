// The publication studio's calls (SPEC §7 posts of a publication, DESIGN §3 review): its three lists
// a page at a time, and the review actions that have no dialog of their own. Every call throws
// ApiError, whose message already reads 'ERROR: …' (SPEC §8).
import type { KeysetPage } from '@/components/hooks/use-keyset-list';
import { api, abortable, call } from '@/lib/api-client';
import type { Cursor } from '@/server/lib/cursor';
import type { StorySummary } from '@/server/modules/posts/posts.schema';
import type { QueueTab } from './queue-tabs';

export type { StorySummary };

const queue = api.posts.publications[':id'].posts;
const manage = api.posts.manage_posts;

/** The cursor as the query parameter carries it (URL-encoded JSON, src/server/lib/cursor.ts). */
const lastKeyParam = (lastKey: Cursor | null) => (lastKey ? { lastKey: JSON.stringify(lastKey) } : {});

/** GET /api/posts/publications/{id}/posts/{pending|scheduled|published}?lastKey&limit — one page. */
export async function listQueue(
  publicationId: string,
  tab: QueueTab,
  { lastKey, limit, signal }: { lastKey: Cursor | null; limit: number; signal?: AbortSignal },
): Promise<KeysetPage<StorySummary>> {
  const request = { param: { id: publicationId }, query: { limit: String(limit), ...lastKeyParam(lastKey) } };
  const options = abortable(signal);
  switch (tab) {
    case 'pending': {
      const page = await call(queue.pending.$get(request, options));
      return { items: page.pendingPosts, lastKey: page.lastKey };
    }
    case 'scheduled': {
      const page = await call(queue.scheduled.$get(request, options));
      return { items: page.scheduledPosts, lastKey: page.lastKey };
    }
    case 'published': {
      const page = await call(queue.published.$get(request, options));
      return { items: page.publishedPosts, lastKey: page.lastKey };
    }
  }
}

/** PATCH /api/posts/manage_posts/approve_post/{id} — a story under review goes out now. */
export const approveStory = (id: string) => call(manage.approve_post[':id'].$patch({ param: { id } }));

/** PATCH /api/posts/manage_posts/reject_post/{id} {reason} — back to its author, with the reason if any. */
export const rejectStory = (id: string, reason: string) =>
  call(manage.reject_post[':id'].$patch({ param: { id }, json: reason ? { reason } : {} }));
