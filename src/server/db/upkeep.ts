import type { Database } from './client';

// The embedded database's own upkeep (issue 22 item 5; docs/decisions/037-embedded-database-upkeep.md).
//
// PGlite is PostgreSQL without its background processes: no autovacuum, no checkpointer. Left
// alone, every edit leaves a dead row version (and, for a story, dead TOAST chunks and index
// entries) that nothing reclaims, statistics go stale, the visibility map is never set (an
// index-only scan fetches every row from the heap anyway), and the write-ahead log grows without
// bound: a single-user backend never starts a checkpoint by itself, whatever max_wal_size says (it
// checkpoints when it closes). So the process that holds the database does autovacuum's
// work itself, in small steps: each step is ONE command on ONE table — VACUUM, ANALYZE — or a
// CHECKPOINT, and a tick of the sweep takes at most one step, the first due (see `priority`).
//
// Small steps matter because PGlite has one connection and runs in the Node.js thread: while a
// VACUUM runs, no other query runs and no request is answered. A step's length is therefore the
// pause every reader sees; each is timed, logged and the longest kept (stats()).
//
// Which table, by autovacuum's own rules and settings (PGlite keeps PostgreSQL's defaults):
//   vacuum   n_dead_tup         > autovacuum_vacuum_threshold (50) + autovacuum_vacuum_scale_factor (0.2) × reltuples,
//                                 at most `vacuumMaxThreshold` (20,000: shorter pauses on big tables)
//            n_ins_since_vacuum > autovacuum_vacuum_insert_threshold (1000) + …insert_scale_factor (0.2) × reltuples
//            (the second sets the visibility map of insert-mostly tables: index-only scans stop
//            fetching heap rows)
//   analyze  n_mod_since_analyze > autovacuum_analyze_threshold (50) + …analyze_scale_factor (0.1) × reltuples
//   freeze   age(relfrozenxid) > autovacuum_freeze_max_age, or the multixact age likewise: a VACUUM
//            first of all (transaction ids must not wrap around)
// A TOAST table is vacuumed as a table of its own (its parent with PROCESS_TOAST off): a story's
// body lives there, and two shorter pauses are better than one long one. A checkpoint is due when
// more than `checkpointWalBytes` of WAL were written since the last one.
//
// PGlite does not keep these counters across a restart (it writes no pg_stat file when it closes):
// after a start every count is zero and dead rows left before it are invisible to the thresholds.
// So, once the process has run `catchUpAfterMs` and nothing is due, every table of at least
// `catchUpMinPages` pages not vacuumed since the start is vacuumed once, one per tick.
//
// Not used: vacuum_cost_delay (it sleeps inside the VACUUM, holding the only connection: a longer
// pause, not a shorter one), INDEX_CLEANUP OFF (the indexes' dead entries would never go) and a
// lower statistics target for ANALYZE (shorter, but a smaller sample for the planner): see the decision.

export type UpkeepOptions = {
  /** WAL written since the last checkpoint that makes a CHECKPOINT due. Default 64 MiB. */
  checkpointWalBytes?: number;
  /**
   * The most dead rows a table waits for (PostgreSQL 18's autovacuum_vacuum_max_threshold, much
   * lower): a big table's VACUUM then has less to clean each time, a shorter pause. Default 20,000.
   */
  vacuumMaxThreshold?: number;
  /** How long after the start the catch-up vacuums begin (see above). Default 10 minutes. */
  catchUpAfterMs?: number;
  /** Tables smaller than this many 8 kB pages are not caught up after a start. Default 8. */
  catchUpMinPages?: number;
  /** Milliseconds now (tests). */
  now?: () => number;
};

export const UPKEEP_DEFAULTS = {
  checkpointWalBytes: 64 * 1024 * 1024,
  vacuumMaxThreshold: 20_000,
  catchUpAfterMs: 10 * 60_000,
  catchUpMinPages: 8,
} as const;

export type UpkeepTask = {
  kind: 'vacuum' | 'analyze' | 'checkpoint';
  /** The table, as PostgreSQL quotes it (schema-qualified outside the search path); null: checkpoint. */
  table: string | null;
  /** Why it is due, e.g. "1,204 dead rows > 250". */
  reason: string;
  /**
   * The order of the tasks due, highest first: a vacuum against wraparound, then a checkpoint (a
   * short step that bounds the disk), then the others by how many rows past their threshold they
   * are — a big table's backlog before the few dead rows of a small one, which pruning mostly
   * keeps in check anyway (one step a tick: a tiny hot table must not take every tick).
   */
  priority: number;
};

export type UpkeepStep = UpkeepTask & {
  /** The SQL that ran. */
  command: string;
  /** How long it held the connection: the pause every other query waited. */
  ms: number;
  at: Date;
  /** When the command failed (the table was dropped meanwhile, say): its message. */
  error?: string;
};

export type UpkeepStats = {
  steps: number;
  totalMs: number;
  longest: UpkeepStep | null;
  last: UpkeepStep | null;
};

export type DbUpkeep = {
  /** Whether this database gets the upkeep at all (PGlite; on a PostgreSQL server autovacuum does it). */
  active: boolean;
  /** What is due now, in the order it will be taken (empty on PostgreSQL). */
  due(): Promise<UpkeepTask[]>;
  /** Takes the first step due, if any; null when nothing is. */
  step(): Promise<UpkeepStep | null>;
  stats(): UpkeepStats;
};

/** One table's counters, as planUpkeep reads them. */
export type TableState = {
  name: string;
  /** pg_class.relkind: 'r' table, 'm' materialized view, 't' TOAST table. */
  kind: 'r' | 'm' | 't';
  pages: number;
  /** reltuples (0 when the table was never vacuumed nor analyzed). */
  tuples: number;
  dead: number;
  modified: number;
  inserted: number;
  xidAge: number;
  mxidAge: number;
};

export type UpkeepSettings = {
  vacuumThreshold: number;
  vacuumScaleFactor: number;
  insertThreshold: number;
  insertScaleFactor: number;
  analyzeThreshold: number;
  analyzeScaleFactor: number;
  freezeMaxAge: number;
  multixactFreezeMaxAge: number;
};

const SETTING_NAMES: Record<keyof UpkeepSettings, string> = {
  vacuumThreshold: 'autovacuum_vacuum_threshold',
  vacuumScaleFactor: 'autovacuum_vacuum_scale_factor',
  insertThreshold: 'autovacuum_vacuum_insert_threshold',
  insertScaleFactor: 'autovacuum_vacuum_insert_scale_factor',
  analyzeThreshold: 'autovacuum_analyze_threshold',
  analyzeScaleFactor: 'autovacuum_analyze_scale_factor',
  freezeMaxAge: 'autovacuum_freeze_max_age',
  multixactFreezeMaxAge: 'autovacuum_multixact_freeze_max_age',
};

/** A vacuum against wraparound goes before anything else, then a checkpoint (see `priority`). */
const WRAPAROUND_PRIORITY = 2e15;
const CHECKPOINT_PRIORITY = 1e15;

const NOT_ANALYZED = new Set(['pg_statistic', 'pg_catalog.pg_statistic']);

const count = (n: number) => Math.round(n).toLocaleString('en');

/**
 * What is due, in the order to take it (see `priority`): at most one task per table (its VACUUM
 * before its ANALYZE), and the checkpoint. Pure: the counters in, the plan out.
 */
export function planUpkeep(
  tables: readonly TableState[],
  settings: UpkeepSettings,
  walSinceCheckpoint: number,
  limits: Pick<UpkeepOptions, 'checkpointWalBytes' | 'vacuumMaxThreshold'> = {},
): UpkeepTask[] {
  const checkpointWalBytes = limits.checkpointWalBytes ?? UPKEEP_DEFAULTS.checkpointWalBytes;
  const maxDead = limits.vacuumMaxThreshold ?? UPKEEP_DEFAULTS.vacuumMaxThreshold;
  const tasks: UpkeepTask[] = [];
  for (const table of tables) {
    const tuples = Math.max(table.tuples, 0);
    const vacuum = vacuumTask(table, tuples, settings, maxDead);
    if (vacuum) {
      tasks.push(vacuum);
      continue;
    }
    // A TOAST table has no statistics of its own, and ANALYZE leaves pg_statistic alone (so does
    // autovacuum): its count of changed rows never goes back to zero.
    if (table.kind === 't' || NOT_ANALYZED.has(table.name)) continue;
    const limit = settings.analyzeThreshold + settings.analyzeScaleFactor * tuples;
    if (table.modified > limit) {
      tasks.push({
        kind: 'analyze',
        table: table.name,
        reason: `${count(table.modified)} rows changed since analyzed > ${count(limit)}`,
        priority: table.modified - limit,
      });
    }
  }
  if (walSinceCheckpoint > checkpointWalBytes) {
    tasks.push({
      kind: 'checkpoint',
      table: null,
      reason: `${(walSinceCheckpoint / 1048576).toFixed(0)} MiB of WAL since the last checkpoint > ${(checkpointWalBytes / 1048576).toFixed(0)}`,
      priority: CHECKPOINT_PRIORITY + walSinceCheckpoint,
    });
  }
  return tasks.sort((a, b) => b.priority - a.priority);
}

function vacuumTask(
  table: TableState,
  tuples: number,
  settings: UpkeepSettings,
  maxDead: number,
): UpkeepTask | null {
  if (table.xidAge > settings.freezeMaxAge || table.mxidAge > settings.multixactFreezeMaxAge) {
    return {
      kind: 'vacuum',
      table: table.name,
      reason: `transaction id age ${count(table.xidAge)} (multixact ${count(table.mxidAge)}): freeze`,
      priority: WRAPAROUND_PRIORITY + table.xidAge,
    };
  }
  const deadLimit = Math.min(settings.vacuumThreshold + settings.vacuumScaleFactor * tuples, maxDead);
  const insertLimit = settings.insertThreshold + settings.insertScaleFactor * tuples;
  const byDead = table.dead / Math.max(deadLimit, 1);
  const byInserts = table.inserted / Math.max(insertLimit, 1);
  if (table.dead > deadLimit && byDead >= byInserts) {
    return {
      kind: 'vacuum',
      table: table.name,
      reason: `${count(table.dead)} dead rows > ${count(deadLimit)}`,
      priority: table.dead - deadLimit,
    };
  }
  if (table.inserted > insertLimit) {
    return {
      kind: 'vacuum',
      table: table.name,
      reason: `${count(table.inserted)} rows inserted since vacuumed > ${count(insertLimit)}`,
      priority: table.inserted - insertLimit,
    };
  }
  return null;
}

/** The SQL of a step. Table names come from the catalogue, quoted by PostgreSQL (regclass). */
export function upkeepCommand(task: UpkeepTask, tableKind?: TableState['kind']): string {
  if (task.kind === 'checkpoint') return 'CHECKPOINT';
  if (task.kind === 'analyze') return `ANALYZE ${task.table}`;
  // A table's TOAST table is a step of its own (see the top of this file).
  return tableKind === 't' ? `VACUUM ${task.table}` : `VACUUM (PROCESS_TOAST FALSE) ${task.table}`;
}

// Every table of the database with its counters: ordinary tables, materialized views and TOAST
// tables, system catalogues included (autovacuum looks after those too); not temporary ones, not
// partitioned parents (their partitions are tables of their own). The counters straight from their
// functions: pg_stat_all_tables would add a join and an aggregate over the indexes to every tick.
const TABLES_SQL = `select c.oid::regclass::text as "name", c.relkind::text as "kind",
    c.relpages::float8 as "pages", greatest(c.reltuples, 0)::float8 as "tuples",
    pg_stat_get_dead_tuples(c.oid)::float8 as "dead", pg_stat_get_mod_since_analyze(c.oid)::float8 as "modified",
    pg_stat_get_ins_since_vacuum(c.oid)::float8 as "inserted",
    age(c.relfrozenxid)::float8 as "xidAge", mxid_age(c.relminmxid)::float8 as "mxidAge"
  from pg_class c where c.relkind in ('r', 'm', 't') and c.relpersistence <> 't'`;

// The catch-up's candidates by their size on disk (relpages is 0 until a table's first VACUUM or
// ANALYZE: a bulk-loaded TOAST table, the one that needs it most, would look empty).
const CATCH_UP_SQL = `select c.oid::regclass::text as "name", (pg_relation_size(c.oid) / 8192)::float8 as "pages"
  from pg_class c where c.relkind in ('r', 'm', 't') and c.relpersistence <> 't'
  order by pg_relation_size(c.oid) desc`;

const WAL_SQL = `select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as "bytes"
  from pg_control_checkpoint()`;

const SETTINGS_SQL = `select name, setting::float8 as "value" from pg_settings
  where name in (${Object.values(SETTING_NAMES)
    .map((name) => `'${name}'`)
    .join(', ')})`;

/** The upkeep of one database: on PostgreSQL an inactive one that never touches it. */
export function createDbUpkeep(database: Database, options: UpkeepOptions = {}): DbUpkeep {
  const stats: UpkeepStats = { steps: 0, totalMs: 0, longest: null, last: null };
  const pglite = database.kind === 'pglite' ? database.pglite : undefined;
  if (!pglite) {
    return { active: false, due: async () => [], step: async () => null, stats: () => ({ ...stats }) };
  }
  const now = options.now ?? Date.now;
  const limits = {
    checkpointWalBytes: options.checkpointWalBytes,
    vacuumMaxThreshold: options.vacuumMaxThreshold,
  };
  const catchUpAfterMs = options.catchUpAfterMs ?? UPKEEP_DEFAULTS.catchUpAfterMs;
  const catchUpMinPages = options.catchUpMinPages ?? UPKEEP_DEFAULTS.catchUpMinPages;
  const startedAt = now();
  /** Tables vacuumed since the start: the catch-up leaves them alone. */
  const vacuumed = new Set<string>();
  /**
   * Each task's reason (its counters) when it was last taken: a step that left its counters as they
   * were (a command PostgreSQL skips) is not taken again until they move, or it would take every tick.
   */
  const lastTaken = new Map<string, string>();
  const keyOf = (task: UpkeepTask) => `${task.kind} ${task.table ?? ''}`;
  let settings: UpkeepSettings | undefined;

  const readSettings = async (): Promise<UpkeepSettings> => {
    if (settings) return settings;
    const { rows } = await pglite.query<{ name: string; value: number }>(SETTINGS_SQL);
    const byName = new Map(rows.map((row) => [row.name, Number(row.value)]));
    settings = Object.fromEntries(
      Object.entries(SETTING_NAMES).map(([key, name]) => {
        const value = byName.get(name);
        if (value === undefined || !Number.isFinite(value)) throw new Error(`no setting ${name}`);
        return [key, value];
      }),
    ) as UpkeepSettings;
    return settings;
  };

  const readState = async () => {
    // The backend sends its counters to the shared statistics at most once a second: now, so that
    // the read below counts the last edits too.
    await pglite.query('select pg_stat_force_next_flush()');
    const [tables, wal] = [
      (await pglite.query<TableState>(TABLES_SQL)).rows,
      (await pglite.query<{ bytes: number | null }>(WAL_SQL)).rows[0]?.bytes ?? 0,
    ];
    return { tables, wal: Number(wal) };
  };

  const due = async (): Promise<UpkeepTask[]> => {
    const [current, state] = [await readSettings(), await readState()];
    return planUpkeep(state.tables, current, state.wal, limits).filter(
      (task) => lastTaken.get(keyOf(task)) !== task.reason,
    );
  };

  let caughtUp = false;
  const catchUp = async (): Promise<UpkeepTask | null> => {
    if (caughtUp || now() - startedAt < catchUpAfterMs) return null;
    const { rows } = await pglite.query<{ name: string; pages: number }>(CATCH_UP_SQL);
    const next = rows.find((table) => table.pages >= catchUpMinPages && !vacuumed.has(table.name));
    if (!next) {
      caughtUp = true; // every table big enough was vacuumed since the start
      return null;
    }
    return {
      kind: 'vacuum',
      table: next.name,
      reason: 'not vacuumed since the start (PGlite keeps no counters across a restart)',
      priority: 0,
    };
  };

  const step = async (): Promise<UpkeepStep | null> => {
    const current = await readSettings();
    const { tables, wal } = await readState();
    const task =
      planUpkeep(tables, current, wal, limits).find((due) => lastTaken.get(keyOf(due)) !== due.reason) ??
      (await catchUp()) ??
      null;
    if (!task) return null;
    const kind = tables.find((table) => table.name === task.table)?.kind;
    const command = upkeepCommand(task, kind);
    const at = new Date(now());
    const started = performance.now();
    let error: string | undefined;
    try {
      await pglite.exec(command);
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    const ms = performance.now() - started;
    // A table that failed is not tried again by the catch-up either (its counters still decide).
    if (task.kind === 'vacuum' && task.table) vacuumed.add(task.table);
    lastTaken.set(keyOf(task), task.reason);
    const done: UpkeepStep = { ...task, command, ms, at, ...(error !== undefined && { error }) };
    stats.steps += 1;
    stats.totalMs += ms;
    stats.last = done;
    if (!stats.longest || ms > stats.longest.ms) stats.longest = done;
    return done;
  };

  return { active: true, due, step, stats: () => ({ ...stats }) };
}
