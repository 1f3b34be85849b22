import { subdomainFormProblem } from '../subdomains/reserved-subdomains';

// The kind of page or call a request to the front server is, for the request metrics
// (docs/decisions/036-metrics-and-logs.md): a small fixed set, so a path never becomes a label of
// its own. Read from the path alone (no database, no headers) on every request: a few string
// comparisons. The API's own calls are counted again by route pattern (lamplight_api_*).

export const ROUTE_KINDS = [
  'home', // /
  'story', // /stories/{slug}
  'tag', // /tags/{slug}
  'writer', // /@{subdomain}, /u/{subdomain}
  'publication', // /{subdomain}, /publications, /publications/{id}
  'search', // /search
  'scripture', // /scripture/{osis}: the passage pages
  'api', // /api/* but next-auth's
  'auth', // /api/auth/*, /signin, /signup
  'static', // /_next/*, /uploads/*, files such as /favicon.ico
  'feed', // RSS feeds, sitemaps, robots.txt
  'health', // /healthz, /readyz
  'metrics', // /metrics
  'other', // every other page: the editor, settings, lists, admin …
] as const;

export type RouteKind = (typeof ROUTE_KINDS)[number];

const isFeed = (path: string) => path.endsWith('/feed');

/** The kind of `url` (path and query, as the request line has it). */
export function routeKind(url: string): RouteKind {
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  if (path === '/') return 'home';
  const slash = path.indexOf('/', 1);
  const first = slash < 0 ? path.slice(1) : path.slice(1, slash);
  switch (first) {
    case 'api':
      return path.startsWith('/api/auth/') ? 'auth' : 'api';
    case 'stories':
      return slash > 0 && path.indexOf('/', slash + 1) < 0 && path !== '/stories/new-story'
        ? 'story'
        : 'other';
    case '_next':
    case 'uploads':
      return 'static';
    case 'tags':
      return isFeed(path) ? 'feed' : 'tag';
    case 'u':
      return 'writer';
    case 'publications':
      return 'publication';
    case 'search':
      return 'search';
    case 'scripture':
      return isFeed(path) ? 'feed' : 'scripture';
    case 'signin':
    case 'signup':
      return 'auth';
    case 'feed':
    case 'sitemap':
    case 'sitemap.xml':
    case 'robots.txt':
      return 'feed';
    case 'healthz':
    case 'readyz':
      return slash < 0 ? 'health' : 'other';
    case 'metrics':
      return slash < 0 ? 'metrics' : 'other';
  }
  if (first.startsWith('@')) return isFeed(path) ? 'feed' : 'writer';
  // A publication's name is a subdomain no page has taken (reserved-subdomains.ts).
  if (subdomainFormProblem(first) === null) return isFeed(path) ? 'feed' : 'publication';
  return slash < 0 && first.includes('.') ? 'static' : 'other';
}
