import type { CacheOutcome, Metrics } from './metrics';

// The page caches' answers as the front server gets them (docs/decisions/036-metrics-and-logs.md):
// a stored copy served (or a story's old address redirected) is a hit, a page rendered to be kept is
// a miss; a request the cache does not keep (`pass`) is neither. The API response caches count
// their own, since some of their answers are given inside the API's fast path.

export type CacheLookupCounter = (cache: object, action: string) => void;

export function countPageCacheLookups(
  metrics: Metrics,
  caches: ReadonlyArray<readonly [cache: object, name: string]>,
): CacheLookupCounter {
  const records = new Map<object, (outcome: CacheOutcome) => void>(
    caches.map(([cache, name]) => [cache, metrics.cacheLookups(name)]),
  );
  return (cache, action) => {
    const record = records.get(cache);
    if (!record) return;
    if (action === 'serve' || action === 'redirect') record('hit');
    else if (action === 'render') record('miss');
  };
}
