import { and, eq, sql } from 'drizzle-orm';
import { getDatabase, type Database } from '../../db';
import { rateLimits } from './rate-limits.table';

type Window = { count: number; windowStart: Date };

/**
 * Counts one hit in a fixed window and returns the count in the current window and when that window
 * started. On PostgreSQL one upsert counts it atomically across every process. Embedded PGlite is
 * one process by construction (the data folder's lockfile), so its windows live in that process's
 * memory — as correct, and no write on the path of every search (decision 022: a write per search
 * serialised PGlite's readers behind it).
 */
export async function hitRateLimit(key: string, windowSeconds: number): Promise<Window> {
  const database = await getDatabase();
  if (database.kind === 'pglite') return hitInMemory(windowsOf(database), key, windowSeconds);
  const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await database.db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return row!;
}

/**
 * Takes back one hit of the current window (never below zero): an attempt counted before its outcome
 * was known turned out not to count (a correct sign-in). A window that has rolled over since is left.
 */
export async function releaseRateLimit(key: string, windowSeconds: number): Promise<void> {
  const database = await getDatabase();
  if (database.kind === 'pglite') {
    const window = windowsOf(database).get(key);
    if (window && window.windowStart.getTime() >= Date.now() - windowSeconds * 1000)
      window.count = Math.max(0, window.count - 1);
    return;
  }
  await database.db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(
      and(
        eq(rateLimits.key, key),
        sql`${rateLimits.windowStart} >= now() - make_interval(secs => ${windowSeconds})`,
      ),
    );
}

export async function clearRateLimit(key: string): Promise<void> {
  const database = await getDatabase();
  if (database.kind === 'pglite') {
    windowsOf(database).delete(key);
    return;
  }
  await database.db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** The longest window any rule uses; older windows can be dropped. */
const LONGEST_WINDOW_MS = 60 * 60 * 1000;
/** Past this many keys, expired windows are swept (a flood of addresses must not grow memory). */
const SWEEP_FROM = 10_000;

// One table of windows per database, like the rows they stand in for. On globalThis: Next.js loads
// this module once per bundle, and every bundle of the process must count into the same windows.
const TABLES = Symbol.for('lamplight.rateLimitWindows');
function windowsOf(database: Database): Map<string, Window> {
  const global = globalThis as { [TABLES]?: WeakMap<Database, Map<string, Window>> };
  const tables = (global[TABLES] ??= new WeakMap());
  let windows = tables.get(database);
  if (!windows) tables.set(database, (windows = new Map()));
  return windows;
}

function hitInMemory(windows: Map<string, Window>, key: string, windowSeconds: number): Window {
  const now = Date.now();
  let window = windows.get(key);
  if (!window || window.windowStart.getTime() < now - windowSeconds * 1000) {
    if (windows.size >= SWEEP_FROM) {
      for (const [k, w] of windows) if (w.windowStart.getTime() < now - LONGEST_WINDOW_MS) windows.delete(k);
    }
    window = { count: 0, windowStart: new Date(now) };
    windows.set(key, window);
  }
  window.count += 1;
  return { count: window.count, windowStart: window.windowStart };
}
