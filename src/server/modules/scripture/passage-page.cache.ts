import { LANGUAGE_COOKIE } from '../../lib/reader-language';
import { readerLocale } from '../../lib/reader-locale';
import { cookieHeader, type CacheRequest } from '../page-cache/cache-request';
import { currentSiteVersion } from '../page-cache/site-version.service';
import { createVersionedPageCache } from '../page-cache/versioned-page.cache';
import { OSIS_PATTERN } from './passages';

// The response cache in front of the passage pages, /scripture/{osis} (issue 24,
// docs/decisions/047-passage-pages.md): one HTML per passage and reader language (the page's text is
// in the language's translation), every reader's (decision 031), kept until the site's version
// moves — which every story entering, changing in or leaving the published state does (migration
// 0003), and so does a change of a published story's stored references (decision 046). Later pages
// (?lastKey=), other spellings of a passage (the page redirects them) and unknown passages (404)
// are rendered by Next.js and never kept.

/** Memory the cache may hold (gzipped pages of a few tens of KB). */
export const PASSAGE_PAGE_CACHE_BYTES = 8 * 1024 * 1024;

const PASSAGE_PAGE = /^\/scripture\/([^/?#]+)$/;

/** The OSIS of a passage page's address (path, no query), else null: no database, no headers. */
export function passagePageOsis(url: string): string | null {
  const osis = PASSAGE_PAGE.exec(url)?.[1];
  return osis !== undefined && osis.length <= 40 && OSIS_PATTERN.test(osis) ? osis : null;
}

const cookieValue = (headers: CacheRequest['headers'], name: string): string | null => {
  for (const part of cookieHeader(headers).split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
};

const header = (headers: CacheRequest['headers'], name: string): string | null => {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/** The reader's language as the page chooses it (src/server/lib/reader-locale.ts). */
export function passagePageLanguage(headers: CacheRequest['headers']): string {
  return readerLocale({
    headers: { get: (name: string) => header(headers, name) },
    cookie: cookieValue(headers, LANGUAGE_COOKIE),
  }).languageCode;
}

export function createPassagePageCache(options: { maxBytes: number; probe?: () => Promise<string> }) {
  const probe = options.probe ?? currentSiteVersion;
  return createVersionedPageCache({
    maxBytes: options.maxBytes,
    takes: (url) => passagePageOsis(url) !== null,
    async resolve(request) {
      const osis = passagePageOsis(request.url);
      if (osis === null) return null;
      return { key: `passage ${osis} ${passagePageLanguage(request.headers)}`, fingerprint: await probe() };
    },
  });
}

export type PassagePageCache = ReturnType<typeof createPassagePageCache>;
