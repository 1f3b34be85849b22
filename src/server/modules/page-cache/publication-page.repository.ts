import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { preparedQuery } from '../../db/prepared';

// The publication page's fingerprint (docs/decisions/021-publication-page-cache.md): the
// publication's id and the version the database's own triggers bump whenever anything its public
// page shows changes (migration 0001_publication_page_version). One indexed lookup, made on every
// request for a cached page: a prepared statement (src/server/db/prepared.ts).
//
// publication_page_versions is kept by those triggers alone and read only here; it is not a Drizzle
// table because no code writes it.

const FINGERPRINT = `select p.id || '|' || coalesce(v.version, 0) as fp
  from publications p left join publication_page_versions v on v.publication_id = p.id`;

const bySubdomain = preparedQuery<{ fp: string }>(
  'page_cache_publication_by_subdomain',
  `${FINGERPRINT} where p.subdomain = $1`,
  1,
  { keptUntilChange: true },
);
const byId = preparedQuery<{ fp: string }>(
  'page_cache_publication_by_id',
  `${FINGERPRINT} where p.id = $1::uuid`,
  1,
  { keptUntilChange: true },
);

export type PublicationRef = { by: 'id' | 'subdomain'; value: string };

/**
 * The fingerprint of a publication's page, or null when there is no such publication. The caller
 * has checked the value's form (a UUID, or a subdomain's lower-case form).
 */
export async function findPublicationPageFingerprint(ref: PublicationRef): Promise<string | null> {
  const [row] = await (ref.by === 'id' ? byId : bySubdomain)(ref.value);
  return row?.fp ?? null;
}

/**
 * Moves a publication's page version on `tx` (the database's own bump_publication_page_versions, as
 * its triggers do), for a change the triggers do not see: a table of a module above this one that the
 * page shows (a reading plan). Its cached page is then rendered afresh on the next request.
 */
export async function bumpPublicationPageVersion(tx: Db, publicationId: string): Promise<void> {
  await tx.execute(sql`select bump_publication_page_versions(${publicationId}::uuid)`);
}
