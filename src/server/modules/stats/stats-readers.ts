import { createHash } from 'node:crypto';

// Who a page view is from, without keeping anything that identifies a guest: bots and prefetches
// are not readers, and a guest is a salted hash that changes every UTC day.

// Crawlers, link-preview fetchers, monitors and scripted HTTP clients. Headless browsers are not
// listed: they run the page like a reader (and the end-to-end tests use one).
const BOT_UA =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|discord|skypeuripreview|lighthouse|pagespeed|pingdom|uptime|monitor|curl\/|wget\/|python-|httpclient|go-http-client|node-fetch|undici|axios\/|okhttp|java\/|libwww|scrapy|feedfetcher|feed reader/i;

/** True for a user agent that is no person reading (an empty one included). */
export function isBotUserAgent(userAgent: string | undefined | null): boolean {
  const ua = (userAgent ?? '').trim();
  return ua === '' || BOT_UA.test(ua);
}

/** True for a speculative load: `Purpose: prefetch` or `Sec-Purpose: prefetch` (also `prefetch;prerender`). */
export function isPrefetch(headers: Headers): boolean {
  const purpose = `${headers.get('purpose') ?? ''},${headers.get('sec-purpose') ?? ''},${headers.get('x-purpose') ?? ''}`;
  return /prefetch|preview/i.test(purpose) || (headers.get('x-moz') ?? '').toLowerCase() === 'prefetch';
}

/** A guest's reader key for one day: never the address itself. */
export function guestReader(salt: string, address: string, userAgent: string, day: string): string {
  const hash = createHash('sha256').update(`${salt}\n${day}\n${address}\n${userAgent}`).digest('base64url');
  return `g:${hash}`;
}

export const userReader = (userId: string): string => `u:${userId}`;
