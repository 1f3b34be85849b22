import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { listVisibleStorySummaries } from '../posts/posts-read.service';
import type { StaffSearchQuery } from './posts-search.schema';
import { findStaffSearchKeys } from './posts-staff-search.repository';
import type { StoryPage } from '../posts/posts.schema';
import { toSearchQueryText } from '../posts/posts.table';

/**
 * GET /posts/search_all: every story matching the filters, newest created first (site admins:
 * post.searchAll). Hydrated through the same read rule as every list — which lets a site admin read
 * any story, a banned writer's too (DESIGN §5).
 */
export async function searchAllStories(actor: Actor, query: StaffSearchQuery): Promise<StoryPage> {
  assertCan(actor, 'post.searchAll');
  const cursor = decodeCursor(query.lastKey);
  const queryText = query.q ? toSearchQueryText(query.q) : '';
  const keys = await findStaffSearchKeys({ ...query, queryText }, cursor, query.limit + 1);
  const page = toPage(keys, query.limit, (key) => ({ t: key.createdAt.getTime(), id: key.id }));
  const stories = await listVisibleStorySummaries(
    actor,
    page.items.map((key) => key.id),
  );
  return { posts: stories, lastKey: page.lastKey };
}
