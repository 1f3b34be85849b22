import { METHOD_NAME_ALL } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

// The API route that takes a request, by its pattern (`/api/posts/:id`), for the front server's
// access log and metrics (docs/decisions/036-metrics-and-logs.md), which also count the answers
// its response caches give without asking the API. The same table as the app's, in the same
// order, so the pattern is the one the app's own middleware names (request-log.ts).

type RouteEntry = { method: string; path: string };

export function routePatterns(routes: readonly RouteEntry[]): (method: string, url: string) => string | null {
  let table: TrieRouter<string> | null = null;
  return (method, url) => {
    if (!table) {
      table = new TrieRouter<string>();
      for (const route of routes) {
        if (route.method !== METHOD_NAME_ALL) table.add(route.method, route.path, route.path);
      }
    }
    const mark = url.indexOf('?');
    const [matches] = table.match(method === 'HEAD' ? 'GET' : method, mark < 0 ? url : url.slice(0, mark));
    return matches[0]?.[0] ?? null;
  };
}
