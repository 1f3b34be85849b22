import { performance } from 'node:perf_hooks';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { METHOD_NAME_ALL } from 'hono/router';
import { recordApiRequest, UNMATCHED_ROUTE } from '../observability/api-requests';
import { runWithLogContext } from '../observability/log-context';
import { processMetrics } from '../observability/metrics';
import {
  FRONT_REQUEST_ID_HEADER,
  isSaneRequestId,
  REQUEST_ID_HEADER,
  requestIdFrom,
} from '../observability/request-id';
import type { AppEnv } from './types';

// The API's first middleware (docs/decisions/036-metrics-and-logs.md). Every request gets its id —
// the one the front server gave it, else the caller's sane X-Request-Id, else a new one — sent back
// in X-Request-Id, and runs in a log context with it: every line logged for it, and every job it
// enqueues (src/server/jobs/runner.ts), carries the id. Where no front server stands in front
// (`next dev`, the tests) the API is the outermost server and writes the access log line and the
// request's metrics itself; behind the front server, that one does (observability/front-requests.ts).

/** The pattern of the route that answered (`/api/posts/:id`): its middleware and handler share it. */
export function answeringRoute(c: Context): string {
  return matchedRoutes(c).find((route) => route.method !== METHOD_NAME_ALL)?.path ?? UNMATCHED_ROUTE;
}

export function requestLog(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const fromFront = c.req.header(FRONT_REQUEST_ID_HEADER);
    const outermost = !isSaneRequestId(fromFront);
    const requestId = outermost ? requestIdFrom(c.req.header(REQUEST_ID_HEADER)) : fromFront;
    const started = performance.now();
    c.header(REQUEST_ID_HEADER, requestId);
    return runWithLogContext({ requestId }, async () => {
      await next();
      if (!c.res.headers.has(REQUEST_ID_HEADER)) {
        try {
          c.res.headers.set(REQUEST_ID_HEADER, requestId);
        } catch {
          // A Response with immutable headers (Response.redirect): the front server's header stands.
        }
      }
      if (!outermost) return;
      recordApiRequest(processMetrics(), {
        requestId,
        method: c.req.method,
        route: answeringRoute(c),
        status: c.res.status,
        seconds: (performance.now() - started) / 1000,
      });
    });
  };
}
