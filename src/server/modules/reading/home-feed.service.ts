import type { Actor } from '../../auth/actor';
import { readScopeOf } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { latestStoryKeys, listVisibleStorySummaries } from '../posts/posts-read.service';
import type { StoryPage } from '../posts/posts.schema';

// The home page's stories (SPEC §7 latest_posts/for_home_page, editor_posts; DESIGN §7): the
// newest of the reader's language page by page, hydrated with the same fields and visibility rules
// as every other list (listVisibleStorySummaries). The curated sets are the curation module's.

export const HOME_PAGE_SIZE = 10;

/** GET /posts/latest_posts/for_home_page/{languageCode}?lastKeys: newest published first. */
export async function listLatestHomePosts(
  actor: Actor,
  languageCode: string,
  options: { lastKey?: string; limit: number },
): Promise<StoryPage> {
  const keys = await latestStoryKeys({
    languageCode,
    cursor: decodeCursor(options.lastKey, 'lastKeys'),
    fetch: options.limit + 1,
    includeBannedWriters: readScopeOf(actor)?.seesBannedWriters ?? false,
  });
  const page = toPage(keys, options.limit, (key) => ({ t: key.publishedAt.getTime(), id: key.id }));
  const posts = await listVisibleStorySummaries(
    actor,
    page.items.map((key) => key.id),
  );
  return { posts, lastKey: page.lastKey };
}
