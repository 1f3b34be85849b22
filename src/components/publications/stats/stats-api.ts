// The call behind the publication's stats (SPEC §7 GET /publications/stats/by_post). Throws
// ApiError ('ERROR: …', SPEC §8).
import { abortable, api, call } from '@/lib/api-client';
import type { Cursor } from '@/server/lib/cursor';
import type { ByPostAnswer } from '@/server/modules/stats/stats.schema';

/** GET /api/publications/stats/by_post?id&startDate&lastKey: views per story (a page) and per day. */
export const fetchPublicationStats = (
  id: string,
  startDate: string,
  lastKey: Cursor | null,
  signal?: AbortSignal,
): Promise<ByPostAnswer> =>
  call(
    api.publications.stats.by_post.$get(
      { query: { id, startDate, ...(lastKey && { lastKey: JSON.stringify(lastKey) }) } },
      abortable(signal),
    ),
  );
