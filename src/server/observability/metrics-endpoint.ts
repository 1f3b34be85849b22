import { createHash, timingSafeEqual } from 'node:crypto';
import type { Registry } from 'prom-client';
import { listHasAddress, type AddressList } from '../lib/address-list';
import { securityHeaderFields } from '../lib/security-headers';

// GET /metrics (docs/decisions/036-metrics-and-logs.md), answered by the front server
// (scripts/server.mjs) beside the health probes, before the page caches, the API and Next.js. Only
// to a scraper it knows: a socket address on METRICS_ALLOW (the loopback by default) — the socket's
// own, never X-Forwarded-For, which anyone can write — or a request with `Authorization: Bearer
// <METRICS_TOKEN>`. Anyone else is not told it exists: the front server goes on as for any other
// path, and Next.js answers its 404 page.

export type MetricsRequest = {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  socket: { remoteAddress?: string };
};

export type MetricsAnswer = { status: number; headers: Record<string, string>; body: string };

export type MetricsEndpoint = {
  /** Whether this is a scrape to answer: GET or HEAD /metrics (any query) by a known scraper. */
  accepts(request: MetricsRequest): boolean;
  /** The metrics in Prometheus's text format (HEAD: the same headers, no body). */
  answer(request: { method?: string }): Promise<MetricsAnswer>;
};

export const METRICS_PATH = '/metrics';

const BASE_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  ...securityHeaderFields,
};

const digest = (text: string) => createHash('sha256').update(text).digest();

export function createMetricsEndpoint(options: {
  registry: Registry;
  allow: AddressList;
  token?: string;
}): MetricsEndpoint {
  const { registry, allow } = options;
  // Compared as digests: equal lengths, and no early exit that times out the token's prefix.
  const token = options.token ? digest(options.token) : null;

  const bearer = (header: string | string[] | undefined): boolean => {
    if (!token || typeof header !== 'string') return false;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match !== null && timingSafeEqual(digest(match[1]!), token);
  };

  return {
    accepts({ method, url = '', headers, socket }) {
      if (method !== 'GET' && method !== 'HEAD') return false;
      if (url !== METRICS_PATH && !url.startsWith(`${METRICS_PATH}?`)) return false;
      // Through a reverse proxy the socket is the proxy's (often the loopback): a forwarded request
      // is never let in by address, only by the token, whatever the proxy is configured to block.
      const forwarded = headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined;
      return (!forwarded && listHasAddress(allow, socket.remoteAddress)) || bearer(headers.authorization);
    },
    async answer({ method }) {
      const text = await registry.metrics();
      const headers = {
        ...BASE_HEADERS,
        'content-type': registry.contentType,
        'content-length': String(Buffer.byteLength(text)),
      };
      return { status: 200, headers, body: method === 'HEAD' ? '' : text };
    },
  };
}
