// The periods the publication stats offer, and the first UTC day of each (shared by the server
// render and the browser).

export const STATS_RANGES = [7, 30, 90] as const;
export type StatsRange = (typeof STATS_RANGES)[number];
export const DEFAULT_STATS_RANGE: StatsRange = 30;

/** The UTC day `days - 1` days before today: a range of `days` days ending today. */
export function rangeStart(days: number, now = Date.now()): string {
  return new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}
