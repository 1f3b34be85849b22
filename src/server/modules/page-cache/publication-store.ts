import { createPageStore } from './page-store';
import { findPublicationPageFingerprint, type PublicationRef } from './publication-page.repository';

// What the publication page's cache and its stories API cache share
// (docs/decisions/021-publication-page-cache.md): a page store whose copies are good while the
// publication's fingerprint, read from the database on every request, is the one they were made for.

export type PublicationStoreOptions = {
  maxBytes: number;
  /** 'text/html' for the page, 'application/json' for the API's answers. */
  contentType: string;
  /** The fingerprint's source; the database's (one indexed lookup) unless a test says otherwise. */
  probe?: typeof findPublicationPageFingerprint;
};

export function createPublicationStore(options: PublicationStoreOptions) {
  const probe = options.probe ?? findPublicationPageFingerprint;
  // 'private': a shared cache must not hand the anonymous copy to a signed-in reader.
  const store = createPageStore({
    maxBytes: options.maxBytes,
    cacheControl: 'private, max-age=0, must-revalidate',
    contentType: options.contentType,
  });

  /**
   * The publication's fingerprint now; null when there is no such publication (deleted, renamed
   * away), and then nothing stays kept under `key`.
   */
  async function fingerprint(ref: PublicationRef, key: string): Promise<string | null> {
    const current = await probe(ref);
    if (current === null) store.drop(key);
    return current;
  }

  return { store, fingerprint };
}
