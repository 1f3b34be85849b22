import { preparedQuery } from '../../db/prepared';

// The site's listing version (docs/decisions/026-listing-page-caches.md): one counter the database's
// own triggers bump, at commit, whenever anything an anonymous listing shows changes (migration
// 0003_site_page_version). Read on every request for a cached listing: one prepared primary-key
// lookup. Not a Drizzle table: only the triggers and bumpSiteVersion() write it.

const siteVersion = preparedQuery<{ v: string }>(
  'page_cache_site_version',
  'select version::text as v from site_page_version where id = 1',
  0,
  { keptUntilChange: true },
);

/** The site's listing version now. */
export async function findSiteVersion(): Promise<string> {
  const [row] = await siteVersion();
  return row?.v ?? '0';
}

const bumpQuery = preparedQuery<never>(
  'page_cache_bump_site_version',
  'update site_page_version set version = version + 1 where id = 1',
  0,
);

/**
 * Moves the site's version on, for a change no trigger sees: rows a module above the story core
 * derives from a story after the story's own commit (its scripture references, decision 046). A
 * statement of its own, so the one row is held only while it commits (decision 026).
 */
export async function bumpSiteVersion(): Promise<void> {
  await bumpQuery();
}
