import type { ApiFastPath, NodeListener } from './api/fast-path';
import type { Database } from './db/client';
import type { HealthProbes } from './health';
import { setProcessDatabase } from './db/index';
import type { Jobs } from './jobs/runner';
import type { CacheLookupCounter } from './observability/cache-lookups';
import type { RequestObserver } from './observability/front-requests';
import type { log } from './observability/logger';
import type { MetricsEndpoint } from './observability/metrics-endpoint';
import type { ApiResponseCache } from './modules/page-cache/api-response.cache';
import type { ListingApiCache } from './modules/page-cache/listing-api.cache';
import type { ListingPageCache } from './modules/page-cache/listing-page.cache';
import type { PublicationPageCache } from './modules/page-cache/publication-page.cache';
import type { PublicationPostsCache } from './modules/page-cache/publication-posts.cache';
import type { StoryPageCache } from './modules/posts/posts-page.cache';
import type { SearchPageCache } from './modules/search/search-page.cache';
import type { VersionedPageCache } from './modules/page-cache/versioned-page.cache';

// The one process-wide slot that holds the running runtime (docs/decisions/017-runtime-and-csp.md),
// on globalThis for the reasons src/server/lib/process-slot.ts gives (scripts/server.mjs, plain Node
// outside every bundle, reads it too). This file sits on the top floor with the runtime: it knows the
// parts' types, and nothing below imports it. The parts that code below needs at run time — the
// database, the jobs, the story page cache — each have a slot at their own level, filled from here.

/** What a started process has: see startRuntime() in runtime.ts for how each part is made. */
export type Runtime = {
  database: Database;
  /** null when this process runs no jobs (tests and scripts that did not ask for them). */
  jobs: Jobs | null;
  /** The story page's response cache (docs/decisions/006-story-page.md). */
  storyPageCache: StoryPageCache;
  /** The publication page's response cache, anonymous readers only (docs/decisions/021-publication-page-cache.md). */
  publicationPageCache: PublicationPageCache;
  /**
   * GET /api/posts/publications/{id}'s response cache, anonymous readers only (021): `api` answers
   * through it; the front server asks its lookup() first.
   */
  publicationPostsCache: PublicationPostsCache;
  /** The site's listing pages' response cache, anonymous readers only (docs/decisions/026-listing-page-caches.md). */
  listingPageCache: ListingPageCache;
  /** The API's listings' response cache, anonymous readers only (026). */
  listingApiCache: ListingApiCache;
  /** The search page's response cache, every reader's (issue 21, decision 031). */
  searchPageCache: SearchPageCache;
  /** The page caches the front server asks, in order, for a page that is not a story. */
  pageCaches: VersionedPageCache[];
  /** The API response caches the front server asks, in order, before the API. */
  apiCaches: ApiResponseCache[];
  /** The API app, as Next.js's route handler and the front server's fast path both serve it. */
  api: ApiFastPath;
  /** `api` as a Node.js request listener, the front server's way in (whole JSON answers unstreamed). */
  apiListener: NodeListener;
  /** The Content-Security-Policy for an HTML page, allowing exactly its inline scripts. */
  documentPolicy: (html: Buffer) => string;
  /**
   * Takes the session out of a request whose render a page cache keeps for every reader (decision
   * 031): the front server calls it before such a render.
   */
  forgetSession: (request: {
    headers: Record<string, string | string[] | undefined>;
    rawHeaders?: string[];
  }) => void;
  /**
   * Gives a render a page cache means to keep an id a page can refuse keeping by
   * (page-cache/render-refusal.ts); renderRefused(id) answers once it ended, and forgets the id.
   */
  markKeptRender: (request: {
    headers: Record<string, string | string[] | undefined>;
    rawHeaders?: string[];
  }) => string;
  renderRefused: (id: string) => boolean;
  /** The Set-Cookie that brings the member hint in step with a page request's session, or null. */
  memberHintUpdate: (headers: Record<string, string | string[] | undefined>) => string | null;
  /** GET /healthz and /readyz, as the front server answers them (docs/decisions/033-health-and-shutdown.md). */
  health: HealthProbes;
  /**
   * Called by the front server first for every request: gives it its id (X-Request-Id), and counts
   * and times it by route kind when it is answered — an API request also by route pattern, with its
   * access log line (docs/decisions/036-metrics-and-logs.md).
   */
  observeRequest: RequestObserver;
  /** Counts a page cache's decision (serve, redirect, render, pass) as a hit or a miss of that cache. */
  countCacheLookup: CacheLookupCounter;
  /** GET /metrics, as the front server answers it (docs/decisions/036-metrics-and-logs.md). */
  metrics: MetricsEndpoint;
  /** The process's logger (pino), or a component's: `log('server')`. */
  log: typeof log;
  /** How long the front server lets requests in flight finish on SIGTERM (DRAIN_TIMEOUT_SECONDS). */
  drainTimeoutMs: number;
  /** Same as stopRuntime(): stops the jobs, closes the database, empties the slot. */
  stop: () => Promise<void>;
};

/** The slot's shape. scripts/server.mjs reads `runtime` (plain JS: keep these names). */
export type RuntimeSlot = {
  /** Set first, so start-up work (migrations, seeding, sweeps) can use the database meanwhile. */
  database: Promise<Database>;
  runtime: Promise<Runtime>;
};

const SLOT = Symbol.for('lamplight.runtime');
const scope = globalThis as { [SLOT]?: RuntimeSlot };

export function currentSlot(): RuntimeSlot | undefined {
  return scope[SLOT];
}

/** Fills (or empties) the runtime's slot and the database's (src/server/db/index.ts) together. */
export function fillSlot(slot: RuntimeSlot | undefined): void {
  scope[SLOT] = slot;
  setProcessDatabase(slot?.database);
}

const NOT_STARTED =
  'The Lamplight runtime is not started in this process: call startRuntime() first ' +
  '(src/instrumentation.ts, the worker and the test helpers do).';

/** The running runtime (once started), wherever this is called from. */
export function getRuntime(): Promise<Runtime> {
  const slot = currentSlot();
  return slot ? slot.runtime : Promise.reject(new Error(NOT_STARTED));
}
