import { latestStoryKeys } from '../posts/posts-read.service';
import { mostViewedPostIds } from '../stats/stats.service';

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
  const newest = await latestStoryKeys({
    languageCode,
    cursor: null,
    fetch: limit,
    includeBannedWriters: false,
  });
  const ids = [...viewed];
  for (const key of newest) if (ids.length < limit && !ids.includes(key.id)) ids.push(key.id);
  return ids;
}
