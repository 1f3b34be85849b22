// What the page and API response caches ask of a request before anything else: who may get the
// copy everyone gets (an anonymous visitor), and whether it is a page at all (not a router request).
import { MEMBER_COOKIE, memberHintCookie } from '../../../lib/member-hint';

/** The parts of a request the caches read (Node's req, or a Request's headers copied over). */
export type CacheRequest = {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
};

// next-auth's session cookie (chunked as .0, .1… when large; __Secure- on https), or a bearer token
// (next-auth's getToken reads one too): either makes the visitor possibly signed in.
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?next-auth\.session-token(?:\.\d+)?=/;

const MEMBER_HINT = new RegExp(`(?:^|;)\\s*${MEMBER_COOKIE}=1(?:;|$)`);

/**
 * The Set-Cookie that brings the member hint in step with the request's session, or null when it
 * is: sent with the page itself, so its inline script reads the right hint before the first paint
 * even on a browser that has a session but no hint yet (a session from before the hint, or a cleared
 * cookie), where the browser's own sync would come only after the page had drawn a guest's layout.
 */
export function memberHintUpdate(headers: CacheRequest['headers']): string | null {
  const member = !isAnonymous(headers);
  return member === MEMBER_HINT.test(cookieHeader(headers)) ? null : memberHintCookie(member);
}

/** The request's cookies as one string. */
export function cookieHeader(headers: CacheRequest['headers']): string {
  const cookie = headers.cookie;
  return Array.isArray(cookie) ? cookie.join(';') : (cookie ?? '');
}

const SESSION_COOKIE_NAME = /^\s*(?:__Secure-)?next-auth\.session-token(?:\.\d+)?=/;
const withoutSessionCookies = (cookie: string) =>
  cookie
    .split(';')
    .filter((part) => !SESSION_COOKIE_NAME.test(part))
    .join(';')
    .trim();

/**
 * Takes the session out of a request whose page a cache keeps for every reader (decision 031): the
 * render then cannot see who asked, whatever a page's code would read, so no reader's own part is
 * ever kept. Node's parsed headers and its raw list alike (Next.js reads either).
 */
export function forgetSession(request: { headers: CacheRequest['headers']; rawHeaders?: string[] }): void {
  const { headers } = request;
  delete headers.authorization;
  if (headers.cookie !== undefined) {
    const rest = withoutSessionCookies(cookieHeader(headers));
    if (rest) headers.cookie = rest;
    else delete headers.cookie;
  }
  const raw = request.rawHeaders;
  if (!raw) return;
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name === 'authorization') continue;
    if (name === 'cookie') {
      const rest = withoutSessionCookies(raw[i + 1]!);
      if (rest) kept.push(raw[i]!, rest);
      continue;
    }
    kept.push(raw[i]!, raw[i + 1]!);
  }
  raw.splice(0, raw.length, ...kept);
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
