import { AppError } from '../../lib/errors';

// The beacon's per-address ceiling (DESIGN §9), kept in memory: the beacon must cost the request
// path no database write, and a count lost on restart only lets one address a few more beacons.
// A fixed one-minute window per address bucket; the map is emptied when the window turns.

export const BEACON_LIMIT = { perWindow: 120, windowMs: 60_000 };

let windowStart = 0;
let counts = new Map<string, number>();

/** Counts one beacon from `bucket`; throws rate_limited (429, Retry-After) past the ceiling. */
export function consumeBeacon(bucket: string, now = Date.now()): void {
  if (now - windowStart >= BEACON_LIMIT.windowMs) {
    windowStart = now;
    counts = new Map();
  }
  const count = (counts.get(bucket) ?? 0) + 1;
  counts.set(bucket, count);
  if (count > BEACON_LIMIT.perWindow) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + BEACON_LIMIT.windowMs - now) / 1000));
    throw new AppError(
      'rate_limited',
      `Too many page views. Try again in ${retryAfter} seconds.`,
      undefined,
      retryAfter,
    );
  }
}
