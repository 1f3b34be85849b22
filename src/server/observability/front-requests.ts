import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { recordApiRequest, UNMATCHED_ROUTE } from './api-requests';
import type { Metrics } from './metrics';
import { FRONT_REQUEST_ID_HEADER, REQUEST_ID_HEADER, requestIdFrom } from './request-id';

// What the front server (scripts/server.mjs) does with every request before anything else
// (docs/decisions/036-metrics-and-logs.md): it gives the request its id — the caller's sane
// X-Request-Id, else a new one — and sends it back in X-Request-Id; and when the answer is done,
// it counts the request and its time by route kind, and an API request once more by route pattern
// with its access log line. The API hears the id in FRONT_REQUEST_ID_HEADER and so leaves the
// counting to this. Per request: a UUID at most, a header, a timestamp and one 'close' listener
// shared by all requests (no closure made per request).

export type RequestObserver = (req: IncomingMessage, res: ServerResponse) => void;

const ROUTE = Symbol('lamplight.route');
const STARTED = Symbol('lamplight.started');
const ID = Symbol('lamplight.requestId');

type Observed = ServerResponse & { [ROUTE]: string; [STARTED]: number; [ID]: string };

export function createRequestObserver(parts: {
  metrics: Metrics;
  /** The request's route kind, from its path (modules/page-cache/route-kind.ts). */
  routeKind: (url: string) => string;
  /** The API's route pattern for a method and a path (with its query), or null when none takes it. */
  apiRoute: (method: string, url: string) => string | null;
}): RequestObserver {
  const { metrics, routeKind, apiRoute } = parts;

  function finished(this: Observed): void {
    const seconds = (performance.now() - this[STARTED]) / 1000;
    const status = this.headersSent ? this.statusCode : 0;
    const method = this.req.method;
    metrics.http.observe(this[ROUTE], method, status, seconds);
    if (this[ROUTE] !== 'api') return;
    const route = apiRoute(method ?? 'GET', this.req.url ?? '/') ?? UNMATCHED_ROUTE;
    recordApiRequest(metrics, { requestId: this[ID], method, route, status, seconds });
  }

  return (req, res) => {
    const observed = res as Observed;
    observed[STARTED] = performance.now();
    const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    const route = routeKind(req.url ?? '/');
    observed[ROUTE] = route;
    observed[ID] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    if (route === 'api') stampFrontRequestId(req, id);
    res.on('close', finished);
  };
}

/**
 * Tells the API (and Next.js's route handler before it) the id, in a header no client can set: a
 * value sent under the same name is dropped first. @hono/node-server reads req.rawHeaders.
 */
function stampFrontRequestId(req: IncomingMessage, id: string): void {
  if (req.headers[FRONT_REQUEST_ID_HEADER] !== undefined) {
    const raw = req.rawHeaders;
    req.rawHeaders = raw.filter((_, i) => raw[i - (i % 2)]!.toLowerCase() !== FRONT_REQUEST_ID_HEADER);
  }
  req.headers[FRONT_REQUEST_ID_HEADER] = id;
  req.rawHeaders.push(FRONT_REQUEST_ID_HEADER, id);
}
