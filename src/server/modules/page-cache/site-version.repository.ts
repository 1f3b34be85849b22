import { preparedQuery } from '../../db/prepared';

// The site's listing version (docs/decisions/026-listing-page-caches.md): one counter the database's
// own triggers bump, at commit, whenever anything an anonymous listing shows changes (migration
// 0003_site_page_version). Read on every request for a cached listing: one prepared primary-key
// lookup. Not a Drizzle table: no code writes it.

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
