// The answers of the feed, sitemap and robots routes: the right type and a short public cache
// (five minutes: a new story reaches readers and crawlers soon, and a burst of polls costs one read).

export const FEED_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=60';

export const xmlResponse = (body: string, type = 'application/rss+xml'): Response =>
  new Response(body, {
    headers: { 'content-type': `${type}; charset=utf-8`, 'cache-control': FEED_CACHE_CONTROL },
  });

export const textResponse = (body: string): Response =>
  new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': FEED_CACHE_CONTROL },
  });

export const notFoundResponse = (): Response =>
  new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
