import { UUID_RE } from '../../lib/ids';
import { readerLocale, toCountryCode } from '../../lib/reader-locale';
import { LANGUAGE_COOKIE, toReaderLanguage } from '../../lib/reader-language';
import { env } from '../../lib/env';
import { subdomainFormProblem } from '../subdomains/reserved-subdomains';
import { tagSlug } from '../../../lib/slug';
import { cookieHeader, type CacheRequest } from './cache-request';

// Which anonymous reads are the site's listings (docs/decisions/026-listing-page-caches.md), and
// under which key each copy is kept. A listing is the same for every anonymous reader with the same
// language and country, and changes only when the site's version does — plus, for what is ranked
// by page views (the home page's popular stories and top authors), with the minute (VIEWS_WINDOW_MS):
// views are counted all the time, and a ranking a minute old is what every reader gets.
// Anything else in the address (a tracking link's query, an upper-case name) goes to Next.js or
// the API, which answer it afresh.

/** How long a ranking by page views is kept: the popular stories and top authors. */
export const VIEWS_WINDOW_MS = 60_000;
/** A page that shows the site's day (the daily devotion, the verse of the day) is kept within it (UTC). */
export const DAY_MS = 86_400_000;

export type ListingAddress = {
  /** The cache key: what the copy depends on besides the site's version. */
  key: string;
  /** Whether the copy shows a ranking by page views (then it is kept a VIEWS_WINDOW_MS at most). */
  ranksByViews: boolean;
  /** Whether the copy shows the site's day (then it is kept within that UTC day: /dailydevotion). */
  changesDaily?: boolean;
};

const split = (url: string) => {
  const mark = url.indexOf('?');
  return mark < 0 ? { path: url, query: '' } : { path: url.slice(0, mark), query: url.slice(mark + 1) };
};

const header = (headers: CacheRequest['headers'], name: string): string | null => {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

const cookieValue = (headers: CacheRequest['headers'], name: string): string | null => {
  for (const part of cookieHeader(headers).split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
};

const country = (headers: CacheRequest['headers']) => toCountryCode(header(headers, env.COUNTRY_HEADER));

const HOME_QUERY = /^languageCode=([a-z]{2})$/;
const WRITER = /^\/@([a-z0-9-]+)$/;
const TAG = /^\/tags\/([^/?#]+)$/;
const SUBTOPIC_QUERY = /^subtopic=([0-9a-f-]{36})$/;
const PUBLICATIONS_QUERY = /^languageCode=([a-z]{2})$/;
const DEVOTION_QUERY = /^id=([0-9a-f-]{36})$/;

/** Whether a page's target (path and query) can be a cached listing: no database, no headers. */
export function takesListingPage(url: string): boolean {
  const { path, query } = split(url);
  if (path === '/') return !query || HOME_QUERY.test(query);
  if (path === '/publications') return !query || PUBLICATIONS_QUERY.test(query);
  if (path === '/dailydevotion') {
    const id = DEVOTION_QUERY.exec(query)?.[1];
    return !query || (id !== undefined && UUID_RE.test(id));
  }
  const writer = WRITER.exec(path)?.[1];
  if (writer) return !query && subdomainFormProblem(writer) === null;
  const tag = TAG.exec(path)?.[1];
  if (tag === undefined) return false;
  if (query && !(SUBTOPIC_QUERY.test(query) && UUID_RE.test(query.slice('subtopic='.length)))) return false;
  let slug: string;
  try {
    slug = decodeURIComponent(tag);
  } catch {
    return false;
  }
  // Another spelling of a tag is redirected to its slug by the page: never kept.
  return tagSlug(slug) === slug && encodeURIComponent(slug) === tag;
}

/** The listing page a request asks for (its target passed takesListingPage) and its key. */
export function listingPageAddress(request: CacheRequest & { url: string }): ListingAddress {
  const { path, query } = split(request.url);
  if (path === '/') {
    // The page's own choice of language and country (src/server/lib/reader-locale.ts): a language
    // named in the address (the hreflang links), else the reader's cookie or Accept-Language.
    const named = toReaderLanguage(HOME_QUERY.exec(query)?.[1]);
    const locale = readerLocale({
      headers: { get: (name: string) => header(request.headers, name) },
      cookie: cookieValue(request.headers, LANGUAGE_COOKIE),
    });
    const language = named ?? locale.languageCode;
    return {
      key: `home ${query ? `named:${language}` : language} ${locale.countryCode}`,
      ranksByViews: true,
    };
  }
  if (path === '/dailydevotion') {
    // The day's devotion and verse of the day, in the reader's language (docs/decisions/049): one copy
    // per language and publication asked for, kept within the site's day.
    const locale = readerLocale({
      headers: { get: (name: string) => header(request.headers, name) },
      cookie: cookieValue(request.headers, LANGUAGE_COOKIE),
    });
    return { key: `dailydevotion ${locale.languageCode} ${query}`, ranksByViews: false, changesDaily: true };
  }
  return { key: request.url, ranksByViews: false };
}

// The API's listings: GET paths under /api whose answer is the same for every anonymous reader of
// one country (the editor's picks are per country).
const LISTING_APIS: { path: RegExp; ranksByViews?: boolean }[] = [
  { path: /^\/api\/posts\/latest_posts\/for_home_page\/[a-z]{2}$/ },
  { path: /^\/api\/posts\/editor_posts\/[a-z]{2}\/\d{1,4}$/ },
  { path: /^\/api\/posts\/tag_posts\/(?:pagination\/)?[^/]+$/ },
  { path: /^\/api\/posts\/user_posts\/latest_posts\/[0-9a-f-]{36}$/ },
  { path: /^\/api\/posts\/editor_pick\/[a-z]{2}\/[A-Z]{2}$/ },
  { path: /^\/api\/posts\/popular_stories\/[a-z]{2}\/[A-Z]{2}$/, ranksByViews: true },
  { path: /^\/api\/publications\/top_publications\/[a-z]{2}\/[A-Z]{2}$/ },
  { path: /^\/api\/tags\/top_tags\/[a-z]{2}\/[A-Z]{2}$/ },
  { path: /^\/api\/users\/top_authors\/[a-z]{2}\/[A-Z]{2}$/, ranksByViews: true },
  { path: /^\/api\/tags\/[^/]+$/ },
  { path: /^\/api\/subtopics(?:\/[0-9a-f-]{36})?$/ },
  { path: /^\/api\/publications$/ },
];

/** The listing an API request asks for and its key, or null when it is not one. */
export function listingApiAddress(request: CacheRequest & { url: string }): ListingAddress | null {
  if (!request.url.startsWith('/api/')) return null;
  const { path } = split(request.url);
  const match = LISTING_APIS.find((api) => api.path.test(path));
  if (!match) return null;
  return { key: `${request.url} ${country(request.headers)}`, ranksByViews: match.ranksByViews ?? false };
}

/** The fingerprint a listing's copy must have now: the site's version, and the views window. */
export function listingFingerprint(address: ListingAddress, siteVersion: string, now = Date.now()): string {
  if (address.changesDaily) return `${siteVersion}:day${Math.floor(now / DAY_MS)}`;
  return address.ranksByViews ? `${siteVersion}:${Math.floor(now / VIEWS_WINDOW_MS)}` : siteVersion;
}
