import { createApiResponseCache } from '../page-cache/api-response.cache';
import { PREVIEW_CACHE_CONTROL } from './scripture.schema';

// The response cache of GET /api/scripture/{osis}?translation= (issue 24: the verse preview, at
// ≥ 3,000 req/s; docs/decisions/047-passage-pages.md). A passage's text in a named translation is
// the same for every reader and never changes while the process runs, so a copy is served until
// it is evicted (the byte-bounded LRU of page-cache/page-store.ts), from the front server's door
// with no Request object made. Only addresses that name the translation are kept: without it the
// reader's language decides, and the answer varies by headers this cache does not key on.

/** Memory the cache may hold (a preview is a few hundred bytes gzipped). */
export const SCRIPTURE_PREVIEW_CACHE_BYTES = 4 * 1024 * 1024;

// Never the verse of the day's address (/api/scripture/daily…), which changes with the day.
const PREVIEW_ADDRESS =
  /^\/api\/scripture\/(?!daily(?:_verses)?\?)([0-9A-Za-z.-]{1,40})\?translation=(web|kjv|cuv)$/;

/** The key of a preview address this cache keeps, else null. */
export function previewCacheKey(url: string): string | null {
  const match = PREVIEW_ADDRESS.exec(url);
  return match ? `${match[1]} ${match[2]}` : null;
}

/** What every kept copy is checked against: the texts of this build, which a restart reloads. */
const TEXTS = 'texts';

export function createScripturePreviewCache(options: {
  maxBytes: number;
  onLookup?: (outcome: 'hit' | 'miss') => void;
}) {
  return createApiResponseCache({
    maxBytes: options.maxBytes,
    onLookup: options.onLookup,
    cacheControl: PREVIEW_CACHE_CONTROL,
    async resolve(request) {
      const key = previewCacheKey(request.url);
      return key === null ? null : { key, fingerprint: TEXTS };
    },
  });
}

export type ScripturePreviewCache = ReturnType<typeof createScripturePreviewCache>;
