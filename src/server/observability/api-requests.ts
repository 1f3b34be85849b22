import { log } from './logger';
import type { Metrics } from './metrics';

// One API request answered (docs/decisions/036-metrics-and-logs.md): its line in the access log
// and its count and time by route pattern. Written once per request, by the outermost server that
// took it: the front server (./front-requests.ts) for `npm start` — answers from the response
// caches included — else the API's own middleware (src/server/api/request-log.ts). Never a body,
// a cookie, a query string or an e-mail address: the route pattern stands for the path.

/** The route label of a request no API route takes (a 404 or a 405). */
export const UNMATCHED_ROUTE = 'unmatched';

export type ApiRequestRecord = {
  requestId: string;
  method: string | undefined;
  /** The route's pattern as the app registered it (`/api/posts/:id`), or UNMATCHED_ROUTE. */
  route: string;
  /** 0 when the client left before an answer was sent. */
  status: number;
  seconds: number;
};

export function recordApiRequest(metrics: Metrics, record: ApiRequestRecord): void {
  const { requestId, method, route, status, seconds } = record;
  metrics.api.observe(route, method, status, seconds);
  log('api').info(
    { requestId, method, route, status, durationMs: Math.round(seconds * 10_000) / 10 },
    'api request',
  );
}
