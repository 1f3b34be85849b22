import type { Db } from '../../db';
import { bumpPublicationPageVersion } from './publication-page.repository';

// What a module above this one calls when it changes something a publication's page shows that the
// database's triggers do not watch (docs/decisions/021-publication-page-cache.md): a reading plan
// made, renamed, given other days or deleted (docs/decisions/050-reading-plans.md).

/** Moves the publication page's version on the writing transaction: its cached copy is not served again. */
export const bumpPublicationPage = (tx: Db, publicationId: string): Promise<void> =>
  bumpPublicationPageVersion(tx, publicationId);
