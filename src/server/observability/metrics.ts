import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { processSlot } from '../lib/process-slot';
import { log } from './logger';

// The process's Prometheus metrics (docs/decisions/036-metrics-and-logs.md), in one registry per
// process whichever bundle records (lib/process-slot.ts). Recording is a counter's increment and a
// histogram's observation on label sets bound once and kept (prom-client's `labels()` children):
// the cached story page serves thousands of requests a second through here. Every label takes a
// small, fixed set of values — route kinds, the API's route patterns, job names — never a raw path.

/** Seconds; from half a millisecond (a cached page) to ten seconds. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 1800];
/** How long a scrape waits for the queue sizes before it leaves them out. */
const QUEUE_SIZES_TIMEOUT_MS = 2_000;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A request answered: `route` is a route kind or an API route pattern; `status` 0 if none was sent. */
export type RequestRecorder = {
  observe(route: string, method: string | undefined, status: number, seconds: number): void;
};

export type CacheOutcome = 'hit' | 'miss';
export type JobOutcome = 'completed' | 'failed' | 'invalid';
/** `bounced`: refused for good (5xx), as the newsletter sender records a bounce; `unknown`: the connection was lost after the message. */
export type MailOutcome = 'sent' | 'failed' | 'bounced' | 'unknown';
export const MAIL_OUTCOMES: readonly MailOutcome[] = ['sent', 'failed', 'bounced', 'unknown'];

export type QueueSize = { name: string; ready: number; deferred: number; active: number };
/** node-postgres's pool counts (PGlite: one connection, none idle or waiting to report). */
export type PoolUse = { total: number; idle?: number; waiting?: number; max: number };

/** What the gauges read when scraped: the runtime points them at its jobs and database. */
export type ScrapeSources = {
  queueSizes?: () => Promise<QueueSize[]>;
  pool?: () => PoolUse | null;
};

export type Metrics = {
  registry: Registry;
  /** Every request the front server answers, by route kind (lamplight_http_*). */
  http: RequestRecorder;
  /** Every API request, by the API's route pattern (lamplight_api_*). */
  api: RequestRecorder;
  /** The recorder of one response cache's lookups. */
  cacheLookups(cache: string): (outcome: CacheOutcome) => void;
  /** Starts every job's series at 0, so a scrape lists each job before it first runs. */
  knowJobs(names: Iterable<string>): void;
  jobFinished(job: string, outcome: JobOutcome, seconds: number): void;
  mailFinished(outcome: MailOutcome): void;
  /** What the scrape-time gauges read now: the running runtime's (replaced whole, never edited). */
  sources: ScrapeSources;
  /** prom-client's process metrics (CPU, memory, event-loop lag, GC…): once, for a process that serves them. */
  collectDefaults(): void;
};

const slot = processSlot<Metrics>('metrics');

/** The process's metrics (made on first use). */
export function processMetrics(): Metrics {
  let metrics = slot.get();
  if (!metrics) slot.set((metrics = createMetrics()));
  return metrics;
}

/** `what`: the requests counted, as the end of a sentence ("… by the front server, by route kind"). */
function requestRecorder(registry: Registry, prefix: string, what: string): RequestRecorder {
  const total = new Counter({
    name: `lamplight_${prefix}_requests_total`,
    help: `Requests answered ${what}, method and status code (0: the client left first)`,
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `lamplight_${prefix}_request_duration_seconds`,
    help: `Time from a request's arrival to the end of its answer ${what} and method`,
    labelNames: ['route', 'method'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  type Series = {
    duration: ReturnType<typeof duration.labels>;
    byStatus: Map<number, ReturnType<typeof total.labels>>;
  };
  // route → method → status → prom-client's children, bound once: no label object made per request
  // (prom-client still joins the bound values into its key on each call: ~0.7 µs for both).
  const series = new Map<string, Map<string, Series>>();
  return {
    observe(route, rawMethod, status, seconds) {
      const method = rawMethod && METHODS.has(rawMethod) ? rawMethod : 'other';
      let byMethod = series.get(route);
      if (!byMethod) series.set(route, (byMethod = new Map()));
      let bound = byMethod.get(method);
      if (!bound)
        byMethod.set(method, (bound = { duration: duration.labels(route, method), byStatus: new Map() }));
      let count = bound.byStatus.get(status);
      if (!count) bound.byStatus.set(status, (count = total.labels(route, method, String(status))));
      count.inc();
      bound.duration.observe(seconds);
    },
  };
}

function createMetrics(): Metrics {
  const registry = new Registry();
  // The gauges below read `metrics.sources` when scraped (the object is made at the end).
  const sources = (): ScrapeSources => metrics.sources;

  const cacheRequests = new Counter({
    name: 'lamplight_cache_requests_total',
    help: 'Requests a response cache could answer: from its copy (hit) or not (miss: rendered or asked afresh)',
    labelNames: ['cache', 'outcome'] as const,
    registers: [registry],
  });
  const caches = new Map<string, (outcome: CacheOutcome) => void>();

  const jobs = new Counter({
    name: 'lamplight_jobs_total',
    help: 'Job runs in this process by job and outcome (failed: will retry, or failed for good; invalid: a payload this version cannot read)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'lamplight_job_duration_seconds',
    help: 'Time a job run took, by job',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });

  const mail = new Counter({
    name: 'lamplight_mail_messages_total',
    help: 'Messages handed to the mail transport by outcome (bounced: refused for good, 5xx)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const mailOutcomes = new Map(MAIL_OUTCOMES.map((outcome) => [outcome, mail.labels(outcome)]));
  for (const child of mailOutcomes.values()) child.inc(0);

  new Gauge({
    name: 'lamplight_job_queue_size',
    help: 'Jobs waiting by job and state (ready: due now; deferred: due later; active: running), as pg-boss counts them',
    labelNames: ['job', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const read = sources().queueSizes;
      if (!read) return;
      const sizes = await withTimeout(read(), QUEUE_SIZES_TIMEOUT_MS).catch((error: unknown) => {
        log('metrics').warn({ err: error }, 'could not read the job queue sizes');
        return [];
      });
      for (const { name, ready, deferred, active } of sizes) {
        this.set({ job: name, state: 'ready' }, ready);
        this.set({ job: name, state: 'deferred' }, deferred);
        this.set({ job: name, state: 'active' }, active);
      }
    },
  });

  const poolGauge = (name: string, help: string, read: (use: PoolUse) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        const use = sources().pool?.();
        const value = use ? read(use) : undefined;
        if (value !== undefined) this.set(value);
      },
    });
  poolGauge('lamplight_db_pool_connections', 'Open connections of the database pool', (use) => use.total);
  poolGauge('lamplight_db_pool_idle_connections', 'Open connections not in use', (use) => use.idle);
  poolGauge('lamplight_db_pool_waiting_queries', 'Queries waiting for a connection', (use) => use.waiting);
  poolGauge('lamplight_db_pool_max_connections', 'The most connections the pool opens', (use) => use.max);

  let defaults = false;
  const metrics: Metrics = {
    registry,
    http: requestRecorder(registry, 'http', 'by the front server, by route kind'),
    api: requestRecorder(registry, 'api', 'by the API, by route pattern'),
    cacheLookups(cache) {
      let record = caches.get(cache);
      if (!record) {
        const hit = cacheRequests.labels(cache, 'hit');
        const miss = cacheRequests.labels(cache, 'miss');
        hit.inc(0);
        miss.inc(0);
        caches.set(cache, (record = (outcome) => (outcome === 'hit' ? hit : miss).inc()));
      }
      return record;
    },
    knowJobs(names) {
      for (const job of names)
        for (const outcome of ['completed', 'failed'] as const) jobs.labels(job, outcome).inc(0);
    },
    jobFinished(job, outcome, seconds) {
      jobs.labels(job, outcome).inc();
      jobDuration.labels(job).observe(seconds);
    },
    mailFinished(outcome) {
      mailOutcomes.get(outcome)!.inc();
    },
    sources: {},
    collectDefaults() {
      if (defaults) return;
      defaults = true;
      collectDefaultMetrics({ register: registry });
    },
  };
  return metrics;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
