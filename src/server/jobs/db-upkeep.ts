import type { Database } from '../db/client';
import { createDbUpkeep, type DbUpkeep, type UpkeepOptions, type UpkeepStats } from '../db/upkeep';
import { defineSweep, type SweepDefinition } from './registry';

// The embedded database looks after itself (docs/decisions/037-embedded-database-upkeep.md): every
// minute, and once at start, at most one VACUUM, ANALYZE or CHECKPOINT — the first due —
// on the PGlite the process holds (src/server/db/upkeep.ts). On a PostgreSQL server autovacuum
// does this work and the sweep does nothing. DB_UPKEEP=false leaves it out (all-jobs.ts).

/** Steps that held the connection this long are logged as warnings. */
const SLOW_STEP_MS = 1000;

// One upkeep per database: its counters (what was vacuumed since the start, the longest step) live
// as long as the database object.
const upkeeps = new WeakMap<Database, DbUpkeep>();

function upkeepOf(database: Database, options?: UpkeepOptions): DbUpkeep {
  let upkeep = upkeeps.get(database);
  if (!upkeep) {
    upkeep = createDbUpkeep(database, options);
    upkeeps.set(database, upkeep);
  }
  return upkeep;
}

/** How the upkeep of this database went so far (null when the sweep has not run on it). */
export function dbUpkeepStats(database: Database): UpkeepStats | null {
  return upkeeps.get(database)?.stats() ?? null;
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;

export function defineDbUpkeepSweep(
  options: UpkeepOptions & { everySeconds?: number } = {},
): SweepDefinition {
  const { everySeconds = 60, ...upkeepOptions } = options;
  return defineSweep({
    name: 'db.upkeep',
    everySeconds,
    run: async (_db, ctx) => {
      const upkeep = upkeepOf(ctx.database, upkeepOptions);
      if (!upkeep.active) return 0;
      const step = await upkeep.step();
      if (!step) return 0;
      const longest = upkeep.stats().longest;
      const message =
        `db upkeep: ${step.command} (${step.reason}) held the database ${ms(step.ms)}` +
        (longest && longest !== step ? `; longest step so far ${ms(longest.ms)} (${longest.command})` : '');
      if (step.error) ctx.log.warn(`${message}: failed: ${step.error}`);
      else if (step.ms >= SLOW_STEP_MS) ctx.log.warn(message);
      else ctx.log.info(message);
      // Upkeep is not an overdue item caught up on: the runner's own line would only repeat this one.
      return 0;
    },
  });
}

export const dbUpkeepSweep = defineDbUpkeepSweep();
