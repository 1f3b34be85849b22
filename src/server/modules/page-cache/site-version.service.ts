import { findSiteVersion } from './site-version.repository';

// What other modules may ask of the site's version (docs/decisions/026-listing-page-caches.md).

/** The site's version now: the fingerprint of a page that changes only with it (the search page). */
export function currentSiteVersion(): Promise<string> {
  return findSiteVersion();
}

/**
 * `compute`, kept per arguments until the site's version moves: for rankings over every published
 * story (the most used tags, the most publishing writers and publications), which cost 100–200 ms
 * at 100,000 stories on PGlite and change only when a listing would. Each call still reads the
 * version (one prepared lookup), so a result is never older than the last change; one computed
 * across a change is kept under the older version and dropped on the next call.
 */
export function untilSiteChanges<Args extends (string | number)[], Result>(
  compute: (...args: Args) => Promise<Result>,
  /** At most this many results are kept (the oldest kept go first): for arguments readers choose. */
  maxEntries = 1000,
): (...args: Args) => Promise<Result> {
  let version = '';
  const kept = new Map<string, Promise<Result>>();
  return async (...args) => {
    const now = await findSiteVersion();
    if (now !== version) {
      kept.clear();
      version = now;
    }
    const key = JSON.stringify(args);
    let result = kept.get(key);
    if (!result) {
      result = compute(...args);
      kept.set(key, result);
      if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
      // A failure is not kept: the next reader asks again.
      result.catch(() => kept.get(key) === result && kept.delete(key));
    }
    return result;
  };
}
