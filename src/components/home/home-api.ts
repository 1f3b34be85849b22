// The calls behind the home page (SPEC §7 Posts, Users). Every call throws ApiError ('ERROR: …').
import { api, abortable, call } from '@/lib/api-client';
import type { KeysetPage } from '@/components/hooks/use-keyset-list';
import type { Cursor } from '@/server/lib/cursor';
import type { StorySummary } from '@/server/modules/posts/posts.schema';

/** GET /api/posts/latest_posts/for_home_page/{languageCode}?lastKeys: the next page of latest stories. */
export const fetchLatestStories = (
  languageCode: string,
  lastKey: Cursor | null,
  signal?: AbortSignal,
): Promise<KeysetPage<StorySummary>> =>
  call(
    api.posts.latest_posts.for_home_page[':languageCode'].$get(
      {
        param: { languageCode },
        query: lastKey ? { lastKeys: JSON.stringify(lastKey) } : {},
      },
      abortable(signal),
    ),
  ).then((page) => ({ items: page.posts, lastKey: page.lastKey }));

/** PATCH /api/users/{id} with the reader's preferLanguageCode (the language-reign dialog). */
export const savePreferredLanguage = (userId: string, preferLanguageCode: string) =>
  call(api.users[':id'].$patch({ param: { id: userId }, json: { id: userId, preferLanguageCode } }));
