import type { Database } from '../db/client';
import type { PoolUse } from './metrics';

// The database's connections for GET /metrics (docs/decisions/036-metrics-and-logs.md), read when
// scraped: node-postgres's pool counts on PostgreSQL (Drizzle keeps the pool as `$client`); the
// embedded PGlite is one connection in this process, nothing to wait for or keep idle.

type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number; options?: { max?: number } };

export function poolUse(database: Database): PoolUse | null {
  if (database.kind === 'pglite') return { total: 1, max: 1 };
  const pool = (database.db as unknown as { $client?: Partial<PoolCounts> }).$client;
  if (typeof pool?.totalCount !== 'number') return null;
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    // node-postgres's own default when none is given.
    max: pool.options?.max ?? 10,
  };
}
