import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../lib/errors';
import { curationRoutes } from '../modules/curation/curation.routes';
import { exportsRoutes } from '../modules/exports/exports.routes';
import { homeFeedRoutes } from '../modules/reading/home-feed.routes';
import { followingFeedRoutes } from '../modules/reading/following-feed.routes';
import { followsRoutes } from '../modules/follows/follows.routes';
import { imagesRoutes } from '../modules/images/images.routes';
import { importsRoutes } from '../modules/imports/imports.routes';
import { webhooksRoutes } from '../modules/webhooks/webhooks.routes';
import { listsRoutes } from '../modules/lists/lists.routes';
import { pinsRoutes } from '../modules/pins/pins.routes';
import { notificationsRoutes } from '../modules/notifications/notifications.routes';
import { reportsRoutes } from '../modules/reports/reports.routes';
import { postCreateRoutes, postStateRoutes, postsRoutes } from '../modules/posts/posts.routes';
import { authorStoriesRoutes } from '../modules/reading/author-stories.routes';
import { publicationListRoutes } from '../modules/reading/publications-list.routes';
import { publicationStoriesRoutes } from '../modules/reading/publication-stories.routes';
import { postsSearchRoutes } from '../modules/search/posts-search.routes';
import { revisionsRoutes } from '../modules/revisions/revisions.routes';
import { scriptureRoutes } from '../modules/scripture/scripture.routes';
import { dailyVersesRoutes } from '../modules/scripture/daily-verses.routes';
import { tagStoriesRoutes } from '../modules/reading/tag-stories.routes';
import { subtopicsRoutes } from '../modules/subtopics/subtopics.routes';
import { tagsRoutes } from '../modules/tags/tags.routes';
import { collectionsRoutes } from '../modules/collections/collections.routes';
import { publicationCreateRoutes, publicationsRoutes } from '../modules/publications/publications.routes';
import { statsRoutes, viewBeaconRoutes } from '../modules/stats/stats.routes';
import { newslettersRoutes } from '../modules/newsletters/newsletters.routes';
import { subscriptionsRoutes } from '../modules/newsletters/subscriptions.routes';
import { subdomainsRoutes } from '../modules/subdomains/subdomains.routes';
import { moderationRoutes } from '../modules/users/moderation.routes';
import { signUpRoutes } from '../modules/users/signups.routes';
import { usersRoutes } from '../modules/users/users.routes';
import { usersSearchRoutes } from '../modules/search/users-search.routes';
import { pageStateRoutes } from '../modules/viewer/page-state.routes';
import { plansRoutes } from '../modules/plans/plans.routes';
import { responsesRoutes } from '../modules/responses/responses.routes';
import { renderApiReference } from './api-reference';
import { errorResponse, onError } from './error-handler';
import { methodNotAllowedResponse, methodTable, refuseMethod } from './methods';
import {
  REQUEST_ID_COMPONENT,
  requestIdHeader,
  requestIdParameter,
  SESSION_SCHEME,
  sessionSecurityScheme,
} from './openapi';
import { requestLog } from './request-log';
import { wholeJson } from './whole-json';
import { sameOrigin } from './same-origin';
import { session } from './session';
import type { AppEnv } from './types';
import { refuseControlCharactersInUrl, validationHook } from './validation';

const documentInfo = {
  openapi: '3.1.0',
  info: {
    title: 'Lamplight API',
    version: '1.0.0',
    description:
      "The REST API behind every Lamplight page. Every answer carries X-Request-Id, the request's id in the server's log: send your own (at most 64 characters of A-Z, a-z, 0-9, `.`, `_`, `-`) to follow a call.",
  },
};

/**
 * A middleware for requests that may carry a body. A read has none, and asking (bodyLimit reads
 * `body`) turns the Node server's lightweight request into a real one: a fifth of a small GET.
 */
const withBody =
  (middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
  (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : middleware(c, next);

/**
 * A middleware for every path but these (exact, or every path under a `/*` prefix). Hono's
 * `except` matches through a router and composes a new chain on every request: a tenth of a small
 * GET's CPU for the two uses below.
 */
const exceptOn = (
  paths: readonly string[],
  middleware: MiddlewareHandler<AppEnv>,
): MiddlewareHandler<AppEnv> => {
  const exact = new Set(paths.filter((path) => !path.endsWith('/*')));
  const bases = paths.filter((path) => path.endsWith('/*')).map((path) => path.slice(0, -2));
  const skips = (path: string) =>
    exact.has(path) || bases.some((base) => path === base || path.startsWith(`${base}/`));
  return (c, next) => (skips(c.req.path) ? next() : middleware(c, next));
};

// THE route table (CONVENTIONS §2): every module router is mounted here, under /api.
export function createApp() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath('/api');

  // Every request's id (X-Request-Id), its log context, and — where the API is the outermost
  // server — its access log line and metrics: request-log.ts, docs/decisions/036-metrics-and-logs.md.
  // JSON answers without a web stream, when the fast path asks for them so (./whole-json.ts).
  app.use('*', wholeJson());
  app.use('*', requestLog());
  // No control character (a NUL) in any path or query gets past this: lib/safe-string.ts.
  app.use('*', refuseControlCharactersInUrl());
  app.use(
    '*',
    // Image uploads stream their own (10 MB) limit after checking the signed URL: images.routes.ts;
    // imports stream theirs (IMPORT_MAX_BYTES) to disk: imports.upload.ts.
    exceptOn(
      ['/api/images/upload/*', '/api/imports', '/api/imports/subscribers'],
      withBody(
        bodyLimit({
          maxSize: 1024 * 1024,
          onError: (c) => errorResponse(c, new AppError('payload_too_large', 'Request body is too large')),
        }),
      ),
    ),
  );
  // RFC 8058's one-click unsubscribe is POSTed by mail providers from anywhere; it carries a signed
  // token and rides no cookie, so there is nothing for a cross-site request to abuse.
  // The notifications' digest has its own (decision 055).
  app.use(
    '*',
    exceptOn(['/api/subscriptions/unsubscribe', '/api/notifications/digest/unsubscribe'], sameOrigin()),
  );
  app.use('*', session());

  // The mounts are one chain so the type of `routes` carries every endpoint: the browser's typed
  // client (src/lib/api-client.ts) is built from it (docs/decisions/018-typed-client-and-shared-frontend.md).
  const routes = app
    // Lists first: its /users/lists and /posts/get_posts_by_list_id would be taken by /users/{id}, /posts/{id}.
    .route('/', listsRoutes)
    // Curated sets span four prefixes (/posts, /publications, /tags, /users): before their {id} routes.
    .route('/', curationRoutes)
    .route('/posts', homeFeedRoutes)
    // The Following feed (decision 052) before the posts router: /posts/following is not /posts/{id}.
    .route('/posts', followingFeedRoutes)
    // Follows (decision 052): /follows, /follows/counts, /follows/{kind}/{id}.
    .route('/follows', followsRoutes)
    // Pins before users: /users/pin_post would otherwise be taken by /users/{id}.
    .route('/users', pinsRoutes)
    // Search before users and posts: /users/all_authors, /posts/search are not /users/{id}, /posts/{id}.
    .route('/users', usersSearchRoutes)
    .route('/posts', postsSearchRoutes)
    // Moderation before users: /users/ban_user/{id}, /users/site_roles are not /users/{id}.
    .route('/users', moderationRoutes)
    .route('/users', signUpRoutes)
    .route('/users', usersRoutes)
    .route('/subdomains', subdomainsRoutes)
    // Newsletters before stats and publications: /publications/stats/getNewslettersStats, /{id}/newsletters/….
    .route('/', subscriptionsRoutes)
    .route('/publications', newslettersRoutes)
    .route('/publications/stats', statsRoutes)
    // A publication's routes with the reading module's directory between (the document's order).
    .route('/publications', publicationCreateRoutes)
    .route('/publications', publicationListRoutes)
    .route('/publications', publicationsRoutes)
    .route('/collections', collectionsRoutes)
    // A story's routes with the reading module's lists between (the document's order); '/{id}' last.
    .route('/posts', postCreateRoutes)
    .route('/posts', authorStoriesRoutes)
    .route('/posts', postStateRoutes)
    .route('/posts', publicationStoriesRoutes)
    .route('/posts', postsRoutes)
    .route('/posts', tagStoriesRoutes)
    // A story's history (decision 039): /posts/{id}/revisions/…, which no '/{id}' route above takes.
    .route('/posts', revisionsRoutes)
    // Responses (decision 053): /posts/{id}/responses…, /responses/{id}…, /publications/{id}/responses/settings.
    .route('/', responsesRoutes)
    .route('/tags', tagsRoutes)
    .route('/subtopics', subtopicsRoutes)
    .route('/images', imagesRoutes)
    .route('/imports', importsRoutes)
    .route('/stats', viewBeaconRoutes)
    .route('/me', pageStateRoutes)
    // Notifications (decision 055): /notifications, /notifications/read, /settings, /digest/unsubscribe.
    .route('/notifications', notificationsRoutes)
    .route('/exports', exportsRoutes)
    // Webhooks (decision 040): /webhooks, /webhooks/{id}, its deliveries and their resend.
    .route('/webhooks', webhooksRoutes)
    // The verse of the day (decision 049) before the passages: /scripture/daily and
    // /scripture/daily_verses are not /scripture/{osis}.
    .route('/', dailyVersesRoutes)
    // Scripture (decisions 046, 047): a passage's preview text and the stories citing it.
    .route('/scripture', scriptureRoutes)
    // Reading plans (decision 050): /plans, /plans/mine, /plans/{id}, its start and its days read.
    .route('/plans', plansRoutes)
    // Reports of responses and stories, and the staff's queue (decision 054).
    .route('/reports', reportsRoutes);

  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_SCHEME, sessionSecurityScheme);
  // X-Request-Id on every operation and answer (router.ts; docs/decisions/036-metrics-and-logs.md).
  app.openAPIRegistry.registerComponent('headers', REQUEST_ID_COMPONENT, requestIdHeader);
  app.openAPIRegistry.registerComponent('parameters', REQUEST_ID_COMPONENT, requestIdParameter);
  // GET /api/openapi.json — generated from the same zod schemas that validate the requests
  app.doc31('/openapi.json', documentInfo);
  // GET /api/docs — a readable reference, self-contained (no CDN scripts)
  app.get('/docs', (c) => c.html(renderApiReference(app.getOpenAPI31Document(documentInfo))));

  const methodsAt = methodTable(app.routes);
  app.notFound((c) => {
    // A path some route takes, asked with a method none of them takes: 405 with Allow (methods.ts).
    const refusal = refuseMethod(methodsAt, c.req.method, c.req.path);
    if (refusal) return methodNotAllowedResponse(c, refusal);
    return errorResponse(c, new AppError('route_not_found', 'No such API route', c.req.path));
  });
  app.onError(onError);
  return routes;
}

export type App = ReturnType<typeof createApp>;
