import { bumpSiteVersion, findSiteVersion } from './site-version.repository';

// What other modules may ask of the site's version (docs/decisions/026-listing-page-caches.md).

/** The site's version now: the fingerprint of a page that changes only with it (the search page). */
export function currentSiteVersion(): Promise<string> {
  return findSiteVersion();
}

/**
 * Tells every listing cache that something they show changed where no trigger looks (a story's
 * stored scripture references, written after the story's own commit: decision 046).
 */
export function touchSiteVersion(): Promise<void> {
  return bumpSiteVersion();
}

/** What one kept result may be estimated to hold: a string's characters, else its JSON's, at 2 bytes. */
export function estimatedBytes(value: unknown): number {
  if (typeof value === 'string') return value.length * 2;
  try {
    return (JSON.stringify(value)?.length ?? 0) * 2;
  } catch {
    return 0;
  }
}

/** What each kept computation may hold by default: bounded by bytes, not by count (issue 21). */
export const KEPT_RESULTS_BYTES = 4 * 1024 * 1024;

/**
 * `compute`, kept per arguments until the site's version moves: for rankings over every published
 * story (the most used tags, the most publishing writers and publications), feeds and search pages,
 * which cost 100–200 ms at 100,000 stories on PGlite and change only when a listing would. Each call
 * still reads the version (one prepared lookup), so a result is never older than the last change;
 * one computed across a change is kept under the older version and dropped on the next call.
 * At most `maxBytes` of results are kept (estimatedBytes; the oldest kept go first): readers choose
 * the arguments, so their number is theirs, but not the memory they hold.
 */
export function untilSiteChanges<Args extends (string | number)[], Result>(
  compute: (...args: Args) => Promise<Result>,
  maxBytes = KEPT_RESULTS_BYTES,
): (...args: Args) => Promise<Result> {
  let version = '';
  let bytes = 0;
  const kept = new Map<string, { result: Promise<Result>; bytes: number }>();
  const drop = (key: string) => {
    bytes -= kept.get(key)?.bytes ?? 0;
    kept.delete(key);
  };
  return async (...args) => {
    const now = await findSiteVersion();
    if (now !== version) {
      kept.clear();
      bytes = 0;
      version = now;
    }
    const key = JSON.stringify(args);
    const found = kept.get(key);
    if (found) return found.result;
    const entry = { result: compute(...args), bytes: 0 };
    kept.set(key, entry);
    entry.result.then(
      (value) => {
        if (kept.get(key) !== entry) return; // dropped meanwhile (a change, or evicted)
        entry.bytes = estimatedBytes(value) + key.length * 2;
        bytes += entry.bytes;
        for (const [oldest] of kept) {
          if (bytes <= maxBytes) break;
          drop(oldest);
        }
      },
      // A failure is not kept: the next reader asks again.
      () => kept.get(key) === entry && drop(key),
    );
    return entry.result;
  };
}
