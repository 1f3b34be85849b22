import type { Actor } from '../../auth/actor';
import { assertCan, readScopeOf } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { listVisibleStorySummaries } from '../posts/posts-read.service';
import type { StoryPage } from '../posts/posts.schema';
import { findFollowingStoryKeys } from './following-feed.repository';

// GET /posts/following?lastKey (issue 25): the home page's Following tab — the newest published
// stories whose writer, publication or tag the reader follows, hydrated and checked like every other
// home feed (listVisibleStorySummaries), so its cards are the Latest tab's.

export const FOLLOWING_PAGE_SIZE = 10;

export async function listFollowingPosts(
  actor: Actor,
  options: { lastKey?: string; limit: number },
): Promise<StoryPage> {
  assertCan(actor, 'follow.readFeed');
  const cursor = decodeCursor(options.lastKey);
  const keys = await findFollowingStoryKeys({
    readerId: actor!.id,
    cursor,
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
