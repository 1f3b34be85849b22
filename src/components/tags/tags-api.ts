// The call behind the tag page's "Load more" (SPEC §7 Posts). Throws ApiError ('ERROR: …', SPEC §8).
import { api, abortable, call } from '@/lib/api-client';
import type { KeysetPage } from '@/components/hooks/use-keyset-list';
import type { Cursor } from '@/server/lib/cursor';
import type { StorySummary } from '@/server/modules/posts/posts.schema';

/** GET /api/posts/tag_posts/pagination/{tag_slug}?lastKey&limit: the tag's stories after lastKey. */
export const fetchTagStories = (
  tagSlug: string,
  { lastKey, limit }: { lastKey: Cursor | null; limit: number },
  signal?: AbortSignal,
): Promise<KeysetPage<StorySummary>> =>
  call(
    api.posts.tag_posts.pagination[':tag_slug'].$get(
      {
        param: { tag_slug: tagSlug },
        query: { limit: String(limit), ...(lastKey && { lastKey: JSON.stringify(lastKey) }) },
      },
      abortable(signal),
    ),
  ).then((page) => ({ items: page.posts, lastKey: page.lastKey }));
