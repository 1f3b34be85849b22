import { createApp } from './api/app';
import { createApiFastPath, nodeListenerOf } from './api/fast-path';
import { getDatabase, openConfiguredDatabase, type Database } from './db';
import { createHealthProbes } from './health';
import { allJobs, allSweeps } from './jobs/all-jobs';
import { processJobsSlot, startJobs, type Jobs, type StartJobsOptions } from './jobs/runner';
import { env } from './lib/env';
import { describeMailTransport } from './lib/mail';
import { countPageCacheLookups } from './observability/cache-lookups';
import { createRequestObserver } from './observability/front-requests';
import { log } from './observability/logger';
import { createMetricsEndpoint } from './observability/metrics-endpoint';
import { processMetrics, type Metrics, type ScrapeSources } from './observability/metrics';
import { poolUse } from './observability/pool-use';
import { routeKind } from './modules/page-cache/route-kind';
import { documentPolicy } from './lib/security-headers';
import {
  createPublicationPageCache,
  PUBLICATION_PAGE_CACHE_BYTES,
} from './modules/page-cache/publication-page.cache';
import {
  createPublicationPostsCache,
  PUBLICATION_POSTS_CACHE_BYTES,
} from './modules/page-cache/publication-posts.cache';
import { createListingApiCache, LISTING_API_CACHE_BYTES } from './modules/page-cache/listing-api.cache';
import { createListingPageCache, LISTING_PAGE_CACHE_BYTES } from './modules/page-cache/listing-page.cache';
import { createStoryPageCache, STORY_PAGE_CACHE_BYTES } from './modules/posts/posts-page.cache';
import { probeStoryPage } from './modules/posts/posts-page.service';
import { forgetSession, memberHintUpdate } from './modules/page-cache/cache-request';
import { markKeptRender, renderRefused } from './modules/page-cache/render-refusal';
import { createSearchPageCache, SEARCH_PAGE_CACHE_BYTES } from './modules/search/search-page.cache';
import { storyPageCacheSlot } from './modules/posts/story-page-cache-slot';
import { listenForStorySaves } from './modules/revisions/revisions.listeners';
import { listenForDailyDevotionMails } from './modules/curation/daily-devotion-mail.listeners';
import { storyScriptureRefsSlot } from './modules/posts/story-scripture-slot';
import { storyPageFingerprintPartsSlot } from './modules/posts/story-page-fingerprint-slot';
import { STORY_RESPONSES_VERSION_SQL } from './modules/responses/responses.service';
import { createPassagePageCache, PASSAGE_PAGE_CACHE_BYTES } from './modules/scripture/passage-page.cache';
import {
  createScripturePreviewCache,
  SCRIPTURE_PREVIEW_CACHE_BYTES,
} from './modules/scripture/scripture-preview.cache';
import { scriptureRefsOfStory } from './modules/scripture/scripture-refs.service';
import { listenForStoryReferences } from './modules/scripture/scripture.listeners';
import { listenForWebhookEvents } from './modules/webhooks/webhooks.listeners';
import { createPlanPageCache, PLAN_PAGE_CACHE_BYTES } from './modules/plans/plans-page.cache';
import { listenForPlanConfirmations } from './modules/plans/plans.listeners';
import { listenForNotifications } from './modules/notifications/notifications.listeners';
import { currentSlot, fillSlot, getRuntime, type Runtime } from './runtime-registry';
import { seedDemo } from './seed/demo';
import { flushPageViews } from './modules/stats/stats-views.service';

// The process's runtime: the database, the jobs, the page caches and the API app, made once
// and shared by everything in the process (docs/decisions/017-runtime-and-csp.md).
//
//   startRuntime()  Next.js's instrumentation (src/instrumentation.ts) for `npm start` and
//                   `next dev`; worker-main.ts for `npm run worker`; the test helpers.
//   getRuntime()    anything that needs a part of it (getDatabase(): the database, already while
//                   the rest starts); scripts/server.mjs reads the same slot.
//   stopRuntime()   stops the jobs (running ones get up to 20 s), closes the database.

export { getDatabase, getRuntime, type Runtime };

export type RuntimeOptions = {
  /** A database the caller opened (tests); default: the configured one, opened and migrated. */
  database?: Database;
  /** Demo content on an empty database (DESIGN §11). Default: SEED_DEMO for the configured database. */
  seed?: boolean;
  /**
   * 'web': enqueue, and work the queue too unless RUN_WORKER=false on PostgreSQL (PGlite belongs to
   * this process alone, so there it always works). 'worker': work. Runner options: tests. Default:
   * no jobs (then follow-up jobs are skipped; the sweeps of a worker catch up).
   */
  jobs?: 'web' | 'worker' | false | StartJobsOptions;
};

/**
 * Starts this process's runtime, once: called again, it answers the runtime already started (the
 * first call's options hold). The database is reachable (getDatabase) as soon as it is open.
 */
export function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const running = currentSlot();
  if (running) return running.runtime;
  const database = options.database ? Promise.resolve(options.database) : openConfiguredDatabase();
  const runtime = database.then((opened) => assemble(opened, options));
  fillSlot({ database, runtime });
  // A failed start leaves no half runtime behind: the next startRuntime() tries again.
  runtime.catch(() => {
    if (currentSlot()?.runtime === runtime) fillSlot(undefined);
  });
  return runtime;
}

/** Stops this process's runtime (if one is started): jobs first, then the database. Idempotent. */
export async function stopRuntime(): Promise<void> {
  const slot = currentSlot();
  if (!slot) return;
  const runtime = await slot.runtime.catch(() => null);
  await runtime?.stop();
}

/**
 * For a process that is nothing but the runtime (`npm run worker`): SIGTERM or SIGINT stop it
 * gracefully, then the process exits. A repeated signal (npm and tsx relay Ctrl+C to a process that
 * got it already) does not cut the stop short.
 */
export function stopRuntimeOnSignals(onStopped?: () => void): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('runtime').info(`${signal}: stopping (waiting for running jobs)…`);
    stopRuntime().then(
      () => {
        onStopped?.();
        process.exit(0);
      },
      (error: unknown) => {
        log('runtime').error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function assemble(database: Database, options: RuntimeOptions): Promise<Runtime> {
  let jobs: Jobs | null = null;
  // Every save of a story keeps a revision, in the web server and the worker alike, from before the
  // first job runs (the scheduler publishes there): docs/decisions/039-story-revisions.md.
  listenForStorySaves();
  // Stories' and subscribers' events become webhook deliveries (docs/decisions/040-webhooks.md).
  listenForWebhookEvents();
  // The daily devotional's newsletter opens with the verse of the day (decision 049).
  listenForDailyDevotionMails();
  // Every save of a story stores the scripture passages it cites (docs/decisions/046-stored-references.md).
  listenForStoryReferences();
  // A reading plan's reader by mail starts once their address is confirmed (decision 050).
  listenForPlanConfirmations();
  // Follows, responses and reviews become the recipients' notifications (decision 055).
  listenForNotifications();
  try {
    if (!options.database) {
      const where = database.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}/db` : 'PostgreSQL';
      log('runtime').info(`database: ${where}`);
      log('runtime').info(`mail: ${describeMailTransport()}`);
    }
    if (options.seed ?? (!options.database && env.SEED_DEMO === 'true')) await seed(database);
    jobs = await startProcessJobs(database, options.jobs ?? false);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  let stopping: Promise<void> | undefined;
  const metrics = processMetrics();
  const publicationPostsCache = createPublicationPostsCache({
    maxBytes: PUBLICATION_POSTS_CACHE_BYTES,
    onLookup: metrics.cacheLookups('publication-posts'),
  });
  const listingApiCache = createListingApiCache({
    maxBytes: LISTING_API_CACHE_BYTES,
    onLookup: metrics.cacheLookups('listing-api'),
  });
  const publicationPageCache = createPublicationPageCache({ maxBytes: PUBLICATION_PAGE_CACHE_BYTES });
  const listingPageCache = createListingPageCache({ maxBytes: LISTING_PAGE_CACHE_BYTES });
  const searchPageCache = createSearchPageCache({ maxBytes: SEARCH_PAGE_CACHE_BYTES });
  // Passage pages and the verse previews (issue 24, docs/decisions/047-passage-pages.md).
  const passagePageCache = createPassagePageCache({ maxBytes: PASSAGE_PAGE_CACHE_BYTES });
  // Reading plans' pages (docs/decisions/050-reading-plans.md).
  const planPageCache = createPlanPageCache({ maxBytes: PLAN_PAGE_CACHE_BYTES });
  const scripturePreviewCache = createScripturePreviewCache({
    maxBytes: SCRIPTURE_PREVIEW_CACHE_BYTES,
    onLookup: metrics.cacheLookups('scripture-preview'),
  });
  const storyPageCache = createStoryPageCache({ maxBytes: STORY_PAGE_CACHE_BYTES, probe: probeStoryPage });
  // The parts code below the runtime uses, each in its own layer's slot (lib/process-slot.ts).
  processJobsSlot.set(jobs ?? undefined);
  storyPageCacheSlot.set(storyPageCache);
  storyScriptureRefsSlot.set(scriptureRefsOfStory);
  // The story page's fingerprint reads its responses' version too (decision 053): set before its first use.
  storyPageFingerprintPartsSlot.set([STORY_RESPONSES_VERSION_SQL]);
  // A publication's public list and the site's listings are answered from their response caches
  // when nothing changed (decisions 021, 026).
  const api = scripturePreviewCache.wrap(
    listingApiCache.wrap(publicationPostsCache.wrap(createApiFastPath(createApp()))),
  );
  const sources = scrapeSources(metrics, database, jobs);
  return {
    database,
    jobs,
    storyPageCache,
    publicationPageCache,
    listingPageCache,
    searchPageCache,
    pageCaches: [publicationPageCache, listingPageCache, searchPageCache, passagePageCache, planPageCache],
    publicationPostsCache,
    listingApiCache,
    apiCaches: [publicationPostsCache, listingApiCache, scripturePreviewCache],
    api,
    apiListener: nodeListenerOf(api),
    documentPolicy,
    forgetSession,
    markKeptRender,
    renderRefused,
    memberHintUpdate,
    health: createHealthProbes({ database, jobs }),
    // Metrics and logs (docs/decisions/036-metrics-and-logs.md).
    observeRequest: createRequestObserver({ metrics, routeKind, apiRoute: api.routePattern }),
    countCacheLookup: countPageCacheLookups(metrics, [
      [storyPageCache, 'story'],
      [publicationPageCache, 'publication'],
      [listingPageCache, 'listing'],
      [searchPageCache, 'search'],
      [passagePageCache, 'passage'],
      [planPageCache, 'plan'],
    ]),
    metrics: createMetricsEndpoint({
      registry: metrics.registry,
      allow: env.METRICS_ALLOW,
      token: env.METRICS_TOKEN,
    }),
    log,
    drainTimeoutMs: env.DRAIN_TIMEOUT_SECONDS * 1000,
    stop: () =>
      (stopping ??= (async () => {
        // The gauges stop reading a database that is closing.
        if (metrics.sources === sources) metrics.sources = {};
        await stopParts(database, jobs);
      })()),
  };
}

/**
 * Points the metrics' scrape-time gauges at this runtime's jobs and database (the job queues' sizes,
 * the pool's connections), and turns on prom-client's process metrics (event-loop lag among them).
 */
function scrapeSources(metrics: Metrics, database: Database, jobs: Jobs | null): ScrapeSources {
  metrics.collectDefaults();
  const sources: ScrapeSources = {
    queueSizes: jobs ? () => jobs.queueSizes() : undefined,
    pool: () => poolUse(database),
  };
  metrics.sources = sources;
  return sources;
}

async function stopParts(database: Database, jobs: Jobs | null): Promise<void> {
  // Views still waiting in memory are written while the database is reachable (getDb needs the slot).
  await flushPageViews().catch((error: unknown) =>
    log('stats').error({ err: error }, 'could not write the last views'),
  );
  // Out of the slot first: nothing new reaches a database that is closing.
  const slot = currentSlot();
  if (slot && (await slot.database.catch(() => null)) === database) {
    fillSlot(undefined);
    processJobsSlot.set(undefined);
    storyPageCacheSlot.set(undefined);
    storyScriptureRefsSlot.set(undefined);
  }
  try {
    await jobs?.stop();
  } finally {
    await database.close();
  }
}

async function seed(database: Database): Promise<void> {
  const seeded = await seedDemo(database.db, { password: env.SEED_ADMIN_PASSWORD });
  if (!seeded) return;
  log('runtime').info(
    `demo content created. Site admin sign-in: e-mail ${seeded.adminEmail}, password ${seeded.adminPassword}`,
  );
}

async function startProcessJobs(
  database: Database,
  choice: NonNullable<RuntimeOptions['jobs']>,
): Promise<Jobs | null> {
  if (choice === false) return null;
  if (typeof choice === 'object') return startJobs(database, choice);
  const work = choice === 'worker' || env.RUN_WORKER === 'true' || database.kind === 'pglite';
  const jobs = await startJobs(database, { jobs: allJobs, sweeps: allSweeps, work });
  log('runtime').info(
    `jobs: ${work ? 'worker running in this process' : 'enqueue only (run `npm run worker`)'}`,
  );
  return jobs;
}
