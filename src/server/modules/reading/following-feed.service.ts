import type { Actor } from '../../auth/actor';
import { assertCan, readScopeOf } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { toStorySummary } from '../posts/posts-read.service';
import type { StoryPage } from '../posts/posts.schema';
import { findFollowingStoryRows } from './following-feed.repository';

// GET /posts/following?lastKey (issue 25): the home page's Following tab — the newest published
// stories whose writer, publication or tag the reader follows, with the Latest tab's cards. Every
// row is a published story of an active writer (a banned one's only for site admins, whom the policy
// lets read them), which everyone may read: the query's filter is the read check, as in the
// publication's public list.

export const FOLLOWING_PAGE_SIZE = 10;

export async function listFollowingPosts(
  actor: Actor,
  options: { lastKey?: string; limit: number },
): Promise<StoryPage> {
  assertCan(actor, 'follow.readFeed');
  const rows = await findFollowingStoryRows({
    readerId: actor!.id,
    cursor: decodeCursor(options.lastKey),
    fetch: options.limit + 1,
    includeBannedWriters: readScopeOf(actor)?.seesBannedWriters ?? false,
  });
  // A published story always has publishedAt (check posts_published_has_time).
  const page = toPage(rows, options.limit, (row) => ({ t: row.publishedAt!.getTime(), id: row.id }));
  return { posts: page.items.map(toStorySummary), lastKey: page.lastKey };
}
