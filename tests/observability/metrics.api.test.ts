import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAddressList, type AddressList } from '../../src/server/lib/address-list';
import { env } from '../../src/server/lib/env';
import { resetMailTransport, setMailTransport, smtpTransport } from '../../src/server/lib/mail';
import { sendConfirmationJob } from '../../src/server/modules/newsletters/newsletters.jobs';
import { createMetricsEndpoint, type MetricsRequest } from '../../src/server/observability/metrics-endpoint';
import { getRuntime, type Runtime } from '../../src/server/runtime';
import { captureLogs, type LogCapture } from '../helpers/log-capture';
import { parseExposition, sampleValue, type Family } from '../helpers/prometheus-text';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { useTestDatabase } from '../helpers/test-db';

// GET /metrics (docs/decisions/036-metrics-and-logs.md) as the front server answers it, over real
// HTTP: a small node:http server wired to the runtime the way scripts/server.mjs is (which needs a
// Next.js build; a plain 404 stands in for Next.js here). The scrape parses as Prometheus's text
// format, and its counters move with the requests, cache answers, jobs and mails in between.

let runtime: Runtime;
let origin: string;
let server: http.Server;
let sink: SmtpSink;
let logs: LogCapture;

/** scripts/server.mjs's order: observe, probes, /metrics, the API response caches and the API, else Next.js. */
function frontServer(parts: Runtime): http.Server {
  const api = parts.apiListener;
  const send = (res: http.ServerResponse, answer: { status: number; headers: object; body?: unknown }) => {
    res.writeHead(answer.status, answer.headers as http.OutgoingHttpHeaders);
    res.end(answer.body ?? undefined);
  };
  return http.createServer((req, res) => {
    parts.observeRequest(req, res);
    const probe = parts.health.match(req);
    if (probe) return void parts.health.answer(probe, req, { draining: false }).then((a) => send(res, a));
    if (parts.metrics.accepts(req)) return void parts.metrics.answer(req).then((a) => send(res, a));
    if (parts.api.accepts(req)) {
      return void (async () => {
        for (const cache of parts.apiCaches) {
          const hit = await cache.lookup({
            method: req.method,
            url: req.url!,
            headers: req.headers,
            acceptsGzip: false,
            ifNoneMatch: undefined,
          });
          if (hit) return send(res, hit);
        }
        await api(req, res);
      })();
    }
    send(res, { status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not found</h1>' });
  });
}

async function scrape(init: RequestInit = {}) {
  const res = await fetch(`${origin}/metrics`, init);
  const text = await res.text();
  return { res, text, families: res.status === 200 && text ? parseExposition(text) : [] };
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${origin}${path}`, { headers });

beforeAll(async () => {
  logs = captureLogs('info');
  await useTestDatabase({ jobs: { jobs: [sendConfirmationJob], work: true, pollingIntervalSeconds: 0.5 } });
  runtime = await getRuntime();
  sink = await startSmtpSink();
  await setMailTransport(smtpTransport(sink.url, 1));
  server = frontServer(runtime);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await runtime.jobs?.stop();
  await resetMailTransport();
  await sink.close();
  logs.restore();
});

describe('GET /metrics', () => {
  it('answers the loopback in Prometheus text format, never cached', async () => {
    const { res, text, families } = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    const names = families.map((family) => family.name);
    for (const name of [
      'lamplight_http_requests_total',
      'lamplight_http_request_duration_seconds',
      'lamplight_api_requests_total',
      'lamplight_api_request_duration_seconds',
      'lamplight_cache_requests_total',
      'lamplight_jobs_total',
      'lamplight_job_duration_seconds',
      'lamplight_job_queue_size',
      'lamplight_mail_messages_total',
      'lamplight_db_pool_connections',
      'lamplight_db_pool_max_connections',
      // prom-client's process metrics
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(names).toContain(name);
    }
    // Every job of this process and every mail outcome is listed from the start, at 0 if need be.
    expect(
      sampleValue(families, 'lamplight_jobs_total', { job: sendConfirmationJob.name, outcome: 'failed' }),
    ).toBe(0);
    expect(sampleValue(families, 'lamplight_mail_messages_total', { outcome: 'bounced' })).toBe(0);
    // PGlite: its one connection; PostgreSQL: node-postgres's pool (idle connections close after 10 s).
    expect(sampleValue(families, 'lamplight_db_pool_connections')).toBeGreaterThanOrEqual(
      runtime.database.kind === 'pglite' ? 1 : 0,
    );
    expect(sampleValue(families, 'lamplight_db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    if (runtime.database.kind === 'postgres') {
      expect(sampleValue(families, 'lamplight_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(families, 'lamplight_db_pool_waiting_queries')).toBe(0);
    }
    expect(
      sampleValue(families, 'lamplight_job_queue_size', { job: sendConfirmationJob.name, state: 'ready' }),
    ).toBeGreaterThanOrEqual(0);
  });

  it('HEAD: the same headers, no body; another method, or another path, is no scrape', async () => {
    const head = await fetch(`${origin}/metrics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
    expect((await fetch(`${origin}/metrics`, { method: 'POST' })).status).toBe(404);
    expect((await get('/metrics/')).status).toBe(404);
    expect((await get('/metrics?name=x')).status).toBe(200);
  });

  it('counts requests by route kind and API route pattern, cache answers, with their access lines', async () => {
    const before = (await scrape()).families;
    const first = await get('/api/publications', { 'x-request-id': 'metrics-1' });
    expect(first.status).toBe(200);
    const second = await get('/api/publications', { 'x-request-id': 'metrics-2' });
    expect(second.status).toBe(200);
    // The second came from the listing cache, before the API: the front server gave it its id.
    expect(second.headers.get('x-request-id')).toBe('metrics-2');
    expect((await get('/api/no/such/route')).status).toBe(404);
    expect((await get('/healthz')).status).toBe(200);
    expect((await get('/me')).status).toBe(404);
    // A request is counted when the server has finished its response, which can come a moment after
    // the client has read it on a busy machine: scrape until the last one is in (each scrape counts
    // itself, so the metrics route moves by one or more).
    const http = 'lamplight_http_requests_total';
    const api = 'lamplight_api_requests_total';
    const cache = 'lamplight_cache_requests_total';
    const counted = (after: Family[]) => {
      const moved = (name: string, labels: Record<string, string>) =>
        (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
      return {
        apiOk: moved(http, { route: 'api', method: 'GET', status: '200' }),
        apiNotFound: moved(http, { route: 'api', method: 'GET', status: '404' }),
        health: moved(http, { route: 'health', method: 'GET', status: '200' }),
        otherNotFound: moved(http, { route: 'other', method: 'GET', status: '404' }),
        scrapedBefore: moved(http, { route: 'metrics', method: 'GET', status: '200' }) >= 1,
        apiDurations: moved('lamplight_http_request_duration_seconds_count', { route: 'api', method: 'GET' }),
        publications: moved(api, { route: '/api/publications', method: 'GET', status: '200' }),
        unmatched: moved(api, { route: 'unmatched', method: 'GET', status: '404' }),
        publicationDurations: moved('lamplight_api_request_duration_seconds_count', {
          route: '/api/publications',
          method: 'GET',
        }),
        cacheMiss: moved(cache, { cache: 'listing-api', outcome: 'miss' }),
        cacheHit: moved(cache, { cache: 'listing-api', outcome: 'hit' }),
      };
    };
    await expect
      .poll(async () => counted((await scrape()).families), { timeout: 10_000 })
      .toEqual({
        apiOk: 2,
        apiNotFound: 1,
        health: 1,
        otherNotFound: 1,
        scrapedBefore: true,
        apiDurations: 3,
        publications: 2,
        unmatched: 1,
        publicationDurations: 2,
        cacheMiss: 1,
        cacheHit: 1,
      });

    // One access line each, by the front server (the API left it to it), the cached one too.
    for (const id of ['metrics-1', 'metrics-2']) {
      expect(logs.lines.filter((line) => line.requestId === id)).toEqual([
        expect.objectContaining({
          component: 'api',
          msg: 'api request',
          method: 'GET',
          route: '/api/publications',
          status: 200,
        }),
      ]);
    }
  });

  it('counts the page caches by their decisions', async () => {
    const count = (outcome: string) =>
      sampleValue(runtimeFamilies, 'lamplight_cache_requests_total', { cache: 'story', outcome }) ?? 0;
    let runtimeFamilies = (await scrape()).families;
    const [hits, misses] = [count('hit'), count('miss')];
    runtime.countCacheLookup(runtime.storyPageCache, 'serve');
    runtime.countCacheLookup(runtime.storyPageCache, 'redirect');
    runtime.countCacheLookup(runtime.storyPageCache, 'render');
    runtime.countCacheLookup(runtime.storyPageCache, 'pass');
    runtimeFamilies = (await scrape()).families;
    expect(count('hit') - hits).toBe(2);
    expect(count('miss') - misses).toBe(1);
  });

  it('counts job runs and mails, and the queues', async () => {
    const before = (await scrape()).families;
    const address = `metrics-${randomUUID().slice(0, 8)}@example.test`;
    const res = await fetch(`${origin}/api/subscribe`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        origin: new URL(env.NEXTAUTH_URL).origin,
        'x-lamplight-socket-address': '198.51.100.201',
      },
      body: JSON.stringify({ email: address, topic: 'daily-devotional', timezone: 'UTC' }),
    });
    expect(res.status).toBe(200);
    await sink.waitFor((mail) => mail.to.includes(address), { timeoutMs: 20_000 });
    // The job's outcome is counted once its handler returned, a moment after the mail went out.
    const job = { job: sendConfirmationJob.name, outcome: 'completed' };
    let after = (await scrape()).families;
    for (
      let i = 0;
      i < 50 &&
      sampleValue(after, 'lamplight_jobs_total', job) === sampleValue(before, 'lamplight_jobs_total', job);
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = (await scrape()).families;
    }
    const moved = (name: string, labels: Record<string, string> = {}) =>
      (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
    expect(moved('lamplight_jobs_total', job)).toBe(1);
    expect(moved('lamplight_job_duration_seconds_count', { job: sendConfirmationJob.name })).toBe(1);
    expect(moved('lamplight_mail_messages_total', { outcome: 'sent' })).toBe(1);
    expect(
      moved('lamplight_api_requests_total', { route: '/api/subscribe', method: 'PUT', status: '200' }),
    ).toBe(1);
    for (const state of ['ready', 'deferred', 'active']) {
      expect(
        sampleValue(after, 'lamplight_job_queue_size', { job: sendConfirmationJob.name, state }),
      ).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('who may scrape', () => {
  const TOKEN = 'scrape-token-0123456789';
  const request = (address: string, more: Partial<MetricsRequest> = {}): MetricsRequest => ({
    method: 'GET',
    url: '/metrics',
    headers: {},
    socket: { remoteAddress: address },
    ...more,
  });
  const endpoint = (allow: AddressList | string, token?: string) =>
    createMetricsEndpoint({ registry: new Registry(), allow: allow as AddressList, token });

  it('by default (METRICS_ALLOW unset): the loopback only, by the socket address', () => {
    const metrics = runtime.metrics;
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(metrics.accepts(request(address)), address).toBe(true);
    }
    for (const address of ['192.0.2.10', '10.0.0.1', '::ffff:192.0.2.10', '2001:db8::1', '', undefined]) {
      expect(metrics.accepts(request(address as string)), String(address)).toBe(false);
    }
    // X-Forwarded-For is anyone's to write: never believed.
    expect(
      metrics.accepts(
        request('192.0.2.10', { headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' } }),
      ),
    ).toBe(false);
    // A request a reverse proxy on the loopback forwarded is an outsider's: the token alone lets it in.
    expect(metrics.accepts(request('127.0.0.1', { headers: { 'x-forwarded-for': '198.51.100.7' } }))).toBe(
      false,
    );
    expect(metrics.accepts(request('::1', { headers: { forwarded: 'for=198.51.100.7' } }))).toBe(false);
  });

  it('METRICS_ALLOW: exactly its addresses and ranges (empty: none)', () => {
    const allow = parseAddressList('10.0.0.0/8, 192.0.2.7, 2001:db8::/32');
    expect(typeof allow).toBe('object');
    const metrics = endpoint(allow);
    for (const address of ['10.1.2.3', '::ffff:10.1.2.3', '192.0.2.7', '2001:db8::5']) {
      expect(metrics.accepts(request(address)), address).toBe(true);
    }
    for (const address of ['127.0.0.1', '::1', '192.0.2.8', '11.0.0.1']) {
      expect(metrics.accepts(request(address)), address).toBe(false);
    }
    expect(endpoint(parseAddressList('')).accepts(request('127.0.0.1'))).toBe(false);
    expect(parseAddressList('10.0.0.0/33')).toMatch(/invalid prefix length/);
    expect(parseAddressList('localhost')).toMatch(/not an address/);
  });

  it('METRICS_TOKEN: its bearer from any address; a wrong or missing one is not told apart', () => {
    const metrics = endpoint(parseAddressList(''), TOKEN);
    const withAuth = (authorization: string) => request('203.0.113.9', { headers: { authorization } });
    expect(metrics.accepts(withAuth(`Bearer ${TOKEN}`))).toBe(true);
    expect(metrics.accepts(withAuth(`bearer ${TOKEN}`))).toBe(true);
    for (const wrong of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
      'Bearer ',
    ]) {
      expect(metrics.accepts(withAuth(wrong)), wrong).toBe(false);
    }
    expect(metrics.accepts(request('203.0.113.9'))).toBe(false);
    // No token configured: no bearer opens it.
    expect(endpoint(parseAddressList('')).accepts(withAuth('Bearer '))).toBe(false);
    // Only GET and HEAD of /metrics are scrapes.
    expect(metrics.accepts({ ...withAuth(`Bearer ${TOKEN}`), method: 'POST' })).toBe(false);
    expect(metrics.accepts({ ...withAuth(`Bearer ${TOKEN}`), url: '/metricsx' })).toBe(false);
  });

  it('the exposition check refuses what Prometheus would', () => {
    const valid = '# HELP a_total A.\n# TYPE a_total counter\na_total{x="1"} 3\n';
    expect(() => parseExposition(valid)).not.toThrow();
    for (const broken of [
      '# TYPE a_total counter\na_total{x=1} 3\n', // unquoted label value
      '# TYPE a_total counter\na_total 3 x\n', // junk after the value
      'a_total 3\n', // no # TYPE
      '# TYPE a_total counter\nb_total 3\n', // not of the family
      '# TYPE a_total counter\na_total 3\na_total 4\n', // a series twice
      '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n', // not cumulative
      '# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_sum 1\nh_count 1\n', // +Inf is not the count
    ]) {
      expect(() => parseExposition(broken), broken).toThrow();
    }
  });
});
