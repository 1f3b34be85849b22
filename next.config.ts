import type { NextConfig } from 'next';
import { securityHeaders } from './src/server/lib/security-headers';

const nextConfig: NextConfig = {
  // Separate build folders let several checkouts' browser tests run side by side (NEXT_DIST_DIR).
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  poweredByHeader: false,
  // The build does not check types a second time: `npm run typecheck` checks the whole project (the
  // pages and the server, the tests and scripts too), and `npm run check` and .ci/run run it before
  // the build. Next.js's own check took 79 of the build's 146 s here (docs/decisions/056-ci-time.md),
  // spent again on every first `npm start`.
  typescript: { ignoreBuildErrors: true },
  // Every page's <title>, canonical and Open Graph tags in its <head>, for every user agent: Next.js
  // otherwise streams them into the body for browsers and blocks only for the crawlers it knows, so a
  // page cached from a browser's request held a different head from one cached from a bot's (the
  // caches keep one HTML for every reader), and a client navigation could leave the story page's
  // streamed canonical beside the tag page's (seen in tests/e2e/tags.spec.ts). Our pages come from
  // the page caches: waiting for the metadata costs a render, not a reader.
  htmlLimitedBots: /.*/,
  // PGlite ships WASM and pg-boss spawns timers: both must stay plain Node modules, not bundled;
  // prom-client too, one copy per process (pino is kept out by Next.js itself).
  serverExternalPackages: ['@electric-sql/pglite', 'pg-boss', 'pg', 'prom-client'],
  // SPEC §2: a user's home is /@{subdomain}; the page lives at /u/[subdomain] because a folder
  // named "@x" is a parallel-route slot in the App Router.
  async rewrites() {
    return [
      { source: '/@:subdomain', destination: '/u/:subdomain' },
      // RSS feeds (src/app/feed): a route handler cannot sit beside the pages of those segments.
      { source: '/@:subdomain/feed', destination: '/feed/writers/:subdomain' },
      { source: '/tags/:slug/feed', destination: '/feed/tags/:slug' },
      { source: '/scripture/:osis/feed', destination: '/feed/scripture/:osis' },
      { source: '/:subdomain/feed', destination: '/feed/publications/:subdomain' },
    ];
  },
  // Every response; an HTML page's Content-Security-Policy is then replaced by one naming the hashes
  // of its inline scripts (scripts/server.mjs, docs/decisions/017-runtime-and-csp.md).
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default nextConfig;
