import type { Context } from 'hono';
import { METHOD_NAME_ALL } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import type { ErrorBody } from '../lib/errors';

// 405 Method Not Allowed for /api/* (RFC 9110 §15.5.6): a method no route of the path takes —
// TRACE, PROPFIND, a made-up one, or DELETE where there is only a GET — answers 405 with an Allow
// header naming the methods that path does take, in DESIGN §8's error shape. Where no route
// matches the path at all, a method the API uses is a plain 404; any other method is 405 with the
// API's own methods. The Hono app answers so itself (app.ts), and the front server answers so
// before a Request is made for a method the Fetch API cannot carry (scripts/server.mjs,
// fast-path.ts): TRACE would otherwise end as an empty 500.

/** Every method some API route takes (HEAD with every GET, which Hono answers from the GET route). */
export const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** next-auth's route handler (src/app/api/auth/[...nextauth]/route.ts) exports GET and POST. */
const AUTH_METHODS = ['GET', 'HEAD', 'POST'];

type RouteEntry = { method: string; path: string };

/** The methods each path takes, from the app's route table (middleware, method ALL, left out). */
export function methodTable(routes: readonly RouteEntry[]): (path: string) => string[] {
  let table: TrieRouter<string> | null = null;
  return (path) => {
    if (!table) {
      table = new TrieRouter<string>();
      for (const route of routes) {
        if (route.method !== METHOD_NAME_ALL) table.add(METHOD_NAME_ALL, route.path, route.method);
      }
    }
    if (path.startsWith('/api/auth/')) return AUTH_METHODS;
    const [matches] = table.match('GET', path);
    const methods = new Set(matches.map(([method]) => method));
    if (methods.has('GET')) methods.add('HEAD');
    return API_METHODS.filter((method) => methods.has(method));
  };
}

export type MethodRefusal = { allow: string[]; body: ErrorBody };

/**
 * The 405 for `method` on `path`, or null when a route takes it (or when it is a 404: a method the
 * API uses, on a path no route matches).
 */
export function refuseMethod(methodsAt: (path: string) => string[], method: string, path: string) {
  const allowed = methodsAt(path);
  if (allowed.includes(method)) return null;
  const known = (API_METHODS as readonly string[]).includes(method);
  if (allowed.length === 0 && known) return null;
  const allow = allowed.length > 0 ? allowed : [...API_METHODS];
  const refusal: MethodRefusal = {
    allow,
    body: {
      error: {
        code: 'method_not_allowed',
        message: 'Method not allowed',
        // The method comes from the request line: only a token's characters (RFC 9110) are echoed.
        detail: `${method.replace(/[^!#$%&'*+.^_`|~0-9A-Za-z-]/g, '?').slice(0, 40)}: use ${allow.join(', ')}`,
      },
    },
  };
  return refusal;
}

/** The refusal as the Hono app answers it. */
export const methodNotAllowedResponse = (c: Context, refusal: MethodRefusal): Response =>
  c.json(refusal.body, 405, { Allow: refusal.allow.join(', ') });
