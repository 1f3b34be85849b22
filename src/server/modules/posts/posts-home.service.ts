import type { Actor } from '../../auth/actor';
import { readScopeOf } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { mostViewedPostIds } from '../stats/stats.service';
import { findLatestPostKeys } from './posts-home.repository';
import { listVisibleStorySummaries } from './posts-read.service';
import type { StoryPage, StorySummary } from './posts.schema';

// The home page's stories (SPEC §7 latest_posts/for_home_page, editor_posts; DESIGN §7): the
// newest of the reader's language page by page, and the curated story sets hydrated with the
// same fields and visibility rules as every other list (listVisibleStorySummaries).

export const HOME_PAGE_SIZE = 10;

/** GET /posts/latest_posts/for_home_page/{languageCode}?lastKeys: newest published first. */
export async function listLatestHomePosts(
  actor: Actor,
  languageCode: string,
  options: { lastKey?: string; limit: number },
): Promise<StoryPage> {
  const keys = await findLatestPostKeys({
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

/** These stories as the actor may see them, in this order; ids that no longer resolve are skipped. */
export const storiesByIds = (actor: Actor, ids: readonly string[]): Promise<StorySummary[]> =>
  listVisibleStorySummaries(actor, ids);

const WEEK_MS = 7 * 86_400_000;

/**
 * The computed sets when nothing is curated (DESIGN §7), as story ids: popular = most viewed in
 * the last 7 days, topped up with the newest stories so a fresh site (no views yet) is full too;
 * the editor pick falls back to the newest stories.
 */
export async function computedStoryIds(
  kind: 'popular_stories' | 'editor_pick',
  languageCode: string,
  limit: number,
  now = Date.now(),
): Promise<string[]> {
  const viewed =
    kind === 'popular_stories'
      ? await mostViewedPostIds({ languageCode, since: new Date(now - WEEK_MS), limit })
      : [];
  if (viewed.length >= limit) return viewed;
  const newest = await findLatestPostKeys({
    languageCode,
    cursor: null,
    fetch: limit,
    includeBannedWriters: false,
  });
  const ids = [...viewed];
  for (const key of newest) if (ids.length < limit && !ids.includes(key.id)) ids.push(key.id);
  return ids;
}
