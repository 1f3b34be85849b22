import { UUID_RE } from '../../lib/ids';
import { createApiResponseCache } from './api-response.cache';
import { isAnonymous } from './cache-request';
import { findPublicationPageFingerprint } from './publication-page.repository';

// The response cache of GET /api/posts/publications/{id} for anonymous readers
// (docs/decisions/021-publication-page-cache.md): a publication's published stories, a page at a
// time, are the same for everyone who is not signed in, and change only when the publication's
// page does — the same fingerprint, read on every request, decides. Editors' views (forAdmin) and
// signed-in readers always reach the API; an answer other than a plain 200 is never kept.

/** Memory the cache may hold (gzipped JSON pages of ~10 story summaries: a few KB each). */
export const PUBLICATION_POSTS_CACHE_BYTES = 8 * 1024 * 1024;

const PATH = /^\/api\/posts\/publications\/([0-9a-f-]{36})$/;
/** The query parameters of the public list; any other (forAdmin) goes to the API. */
const PUBLIC_PARAMS = new Set(['lastKeys', 'lastKey', 'collectionId', 'limit']);

export function createPublicationPostsCache(options: {
  maxBytes: number;
  probe?: typeof findPublicationPageFingerprint;
  onLookup?: (outcome: 'hit' | 'miss') => void;
}) {
  const probe = options.probe ?? findPublicationPageFingerprint;
  return createApiResponseCache({
    maxBytes: options.maxBytes,
    onLookup: options.onLookup,
    async resolve(request, store) {
      if (!request.url.startsWith('/api/posts/publications/')) return null;
      const url = new URL(request.url, 'http://localhost');
      const id = PATH.exec(url.pathname)?.[1];
      if (!id || !UUID_RE.test(id)) return null;
      for (const name of url.searchParams.keys()) if (!PUBLIC_PARAMS.has(name)) return null;
      if (!isAnonymous(request.headers)) return null;
      const key = `${url.pathname}${url.search}`;
      const fingerprint = await probe({ by: 'id', value: id });
      // No such publication: the API answers (404), and nothing is kept.
      if (fingerprint === null) store.drop(key);
      return fingerprint === null ? null : { key, fingerprint };
    },
  });
}

export type PublicationPostsCache = ReturnType<typeof createPublicationPostsCache>;
