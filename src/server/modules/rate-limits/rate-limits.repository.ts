import { eq, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { rateLimits } from './rate-limits.table';

/**
 * Counts one hit in a fixed window, atomically across processes (one upsert). Returns the count in
 * the current window and when that window started.
 */
export async function hitRateLimit(
  key: string,
  windowSeconds: number,
): Promise<{ count: number; windowStart: Date }> {
  const db = await getDb();
  const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
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

export async function clearRateLimit(key: string): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
