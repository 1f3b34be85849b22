// What the page and API response caches ask of a request before anything else: who may get the
// copy everyone gets (an anonymous visitor), and whether it is a page at all (not a router request).

/** The parts of a request the caches read (Node's req, or a Request's headers copied over). */
export type CacheRequest = {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
};

// next-auth's session cookie (chunked as .0, .1… when large; __Secure- on https), or a bearer token
// (next-auth's getToken reads one too): either makes the visitor possibly signed in.
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?next-auth\.session-token(?:\.\d+)?=/;

/** The request's cookies as one string. */
export function cookieHeader(headers: CacheRequest['headers']): string {
  const cookie = headers.cookie;
  return Array.isArray(cookie) ? cookie.join(';') : (cookie ?? '');
}

/** No session the page could see: the visitor gets the page everyone gets. */
export function isAnonymous(headers: CacheRequest['headers']): boolean {
  if (headers.authorization !== undefined) return false;
  return !SESSION_COOKIE.test(cookieHeader(headers));
}

// Client-side navigations and prefetches ask for the RSC payload, not the page: Next.js answers those.
const ROUTER_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
];

export const isRouterRequest = (headers: CacheRequest['headers']): boolean =>
  ROUTER_HEADERS.some((name) => headers[name] !== undefined);
