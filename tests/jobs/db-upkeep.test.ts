// The embedded database's upkeep (issue 22 item 5; docs/decisions/037-embedded-database-upkeep.md):
// on a real PGlite database, migrated as the app's, the db.upkeep sweep vacuums a table whose dead
// rows pass autovacuum's threshold — its dead rows go, and an index-only scan stops fetching rows
// from the heap — leaves a table below the threshold alone, takes one step per tick and keeps the
// longest; on PostgreSQL it does nothing.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import {
  createDbUpkeep,
  planUpkeep,
  upkeepCommand,
  type TableState,
  type UpkeepSettings,
} from '../../src/server/db/upkeep';
import { dbUpkeepStats, defineDbUpkeepSweep } from '../../src/server/jobs/db-upkeep';
import type { EnqueueFn, JobsLogger } from '../../src/server/jobs/registry';

const ROWS = 10_000;
const PROBE = 'upkeep_probe';

function logger(): JobsLogger & { lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

const noEnqueue = (async () => {
  throw new Error('the upkeep enqueues nothing');
}) as unknown as EnqueueFn;

describe('db upkeep on PGlite', () => {
  let database: Database;
  const query = async <T>(text: string) => (await database.pglite!.query<T>(text)).rows;

  /** The probe table's counters (fresh: outside a transaction every read takes a new snapshot). */
  const counters = async () => {
    await query('select pg_stat_force_next_flush()'); // counts reach the shared statistics once a second
    return (
      await query<{ dead: number; vacuums: number; analyzes: number }>(
        `select n_dead_tup::int as "dead", vacuum_count::int as "vacuums", analyze_count::int as "analyzes"
           from pg_stat_user_tables where relname = '${PROBE}'`,
      )
    )[0];
  };

  /** EXPLAIN (ANALYZE, FORMAT JSON) of an index-only scan over every probe row: its heap fetches. */
  const heapFetches = async () => {
    await database.pglite!.exec('set enable_seqscan = off; set enable_bitmapscan = off');
    try {
      const [row] = await query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(
        `explain (analyze, format json) select id from ${PROBE} where id between 1 and ${ROWS}`,
      );
      const plan = row['QUERY PLAN'][0].Plan;
      expect(plan['Node Type']).toBe('Index Only Scan');
      expect(plan['Actual Rows']).toBe(ROWS);
      return plan['Heap Fetches'] as number;
    } finally {
      await database.pglite!.exec('reset enable_seqscan; reset enable_bitmapscan');
    }
  };

  const sweepOnce = async (sweep: ReturnType<typeof defineDbUpkeepSweep>, log = logger()) => {
    await sweep.run(database.db, { database, enqueue: noEnqueue, log });
    return log.lines;
  };

  beforeAll(async () => {
    // The run's migrated template; `npm run test:pg` makes none: then migrate a fresh one.
    const template = inject('pgliteTemplate');
    database = await openDatabase({
      kind: 'pglite',
      ...(template && { loadDataDir: new Blob([readFileSync(template)]) }),
    });
    if (!template) await migrateDatabase(database);
    await database.pglite!.exec(`
      create table ${PROBE} (id integer primary key, n integer not null, note text not null);
      create index ${PROBE}_n_idx on ${PROBE} (n);
      insert into ${PROBE} select g, g, repeat('x', 100) from generate_series(1, ${ROWS}) g;`);
    // Alone: several statements in one exec() are one transaction, and VACUUM refuses to run in one.
    await database.pglite!.exec(`vacuum analyze ${PROBE}`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('vacuums a table past the threshold: its dead rows go and the index-only scan stops fetching heap rows', async () => {
    expect(await heapFetches()).toBe(0);
    // A stream of edits: every row updated twice (n is indexed, so no update is HOT).
    for (let round = 0; round < 2; round++) {
      for (let from = 1; from <= ROWS; from += 500) {
        await database.pglite!.exec(
          `update ${PROBE} set n = n + 1 where id between ${from} and ${from + 499}`,
        );
      }
    }
    const before = await counters();
    // autovacuum's threshold: 50 + 0.2 × reltuples = 2,050 dead rows.
    expect(before.dead).toBeGreaterThan(2050);
    const fetchesBefore = await heapFetches();
    expect(fetchesBefore).toBeGreaterThan(ROWS / 2);
    const due = await createDbUpkeep(database).due();
    expect(due).toContainEqual(expect.objectContaining({ kind: 'vacuum', table: PROBE }));

    // The sweep, as the runner calls it: one step per run.
    const sweep = defineDbUpkeepSweep({ catchUpAfterMs: Infinity });
    const lines: string[] = [];
    for (
      let run = 0;
      run < 10 && !lines.some((line) => line.includes(`PROCESS_TOAST FALSE) ${PROBE}`));
      run++
    ) {
      const logged = await sweepOnce(sweep);
      expect(logged.length).toBeLessThanOrEqual(1);
      lines.push(...logged);
    }
    const vacuumLine = lines.find((line) => line.includes(`VACUUM (PROCESS_TOAST FALSE) ${PROBE}`));
    expect(vacuumLine).toMatch(/dead rows > 2,050\) held the database \d[\d,]* ms/);

    const after = await counters();
    expect(after.vacuums).toBe(before.vacuums + 1);
    expect(after.dead).toBe(0);
    expect(await heapFetches()).toBeLessThan(fetchesBefore / 10);

    const stats = dbUpkeepStats(database)!;
    expect(stats.steps).toBe(lines.length);
    expect(stats.longest!.ms).toBeGreaterThan(0);
    expect(stats.longest!.ms).toBeGreaterThanOrEqual(stats.last!.ms);
  });

  it('does nothing to a table below the threshold', async () => {
    const upkeep = createDbUpkeep(database, { catchUpAfterMs: Infinity });
    // Whatever else is due (the probe's ANALYZE after the edits above) is done first.
    for (let i = 0; i < 50 && (await upkeep.step()); i++);
    expect(await upkeep.due()).toEqual([]);
    const before = await counters();
    // 1,000 dead rows and 1,000 changed rows: under 50 + 0.2 × 10,000 and 50 + 0.1 × 10,000.
    await database.pglite!.exec(`update ${PROBE} set n = n + 1 where id <= 1000`);
    expect((await counters()).dead).toBe(1000);
    expect(await upkeep.due()).toEqual([]);
    expect(await upkeep.step()).toBeNull();
    const after = await counters();
    expect(after).toEqual({ ...before, dead: 1000 });
  });

  it('checkpoints when enough WAL was written since the last checkpoint', async () => {
    const upkeep = createDbUpkeep(database, { checkpointWalBytes: 1024, catchUpAfterMs: Infinity });
    await database.pglite!.exec(`update ${PROBE} set note = note || 'y' where id <= 100`);
    const step = await upkeep.step();
    expect(step).toMatchObject({ kind: 'checkpoint', command: 'CHECKPOINT' });
    expect(step!.reason).toMatch(/MiB of WAL since the last checkpoint/);
    expect((await upkeep.due()).some((task) => task.kind === 'checkpoint')).toBe(false);
  });

  it('after a start (PGlite keeps no counters), vacuums each table once, largest first, when nothing is due', async () => {
    const drain = createDbUpkeep(database, { catchUpAfterMs: Infinity });
    for (let i = 0; i < 50 && (await drain.step()); i++); // what the tests above left due
    let clock = 0;
    const upkeep = createDbUpkeep(database, { catchUpAfterMs: 60_000, catchUpMinPages: 1, now: () => clock });
    expect(await upkeep.step()).toBeNull(); // too soon after the start
    clock = 60_000;
    const tables: string[] = [];
    for (let i = 0; i < 3; i++) {
      const step = await upkeep.step();
      expect(step).toMatchObject({
        kind: 'vacuum',
        reason: expect.stringMatching(/not vacuumed since the start/),
      });
      tables.push(step!.table!);
    }
    expect(new Set(tables).size).toBe(3);
    expect(tables[0]).toBe(PROBE); // the largest table of this database, by its size on disk
  });
});

describe('upkeep plan (autovacuum formula)', () => {
  const settings: UpkeepSettings = {
    vacuumThreshold: 50,
    vacuumScaleFactor: 0.2,
    insertThreshold: 1000,
    insertScaleFactor: 0.2,
    analyzeThreshold: 50,
    analyzeScaleFactor: 0.1,
    freezeMaxAge: 200_000_000,
    multixactFreezeMaxAge: 400_000_000,
  };
  const table = (name: string, counts: Partial<TableState>): TableState => ({
    name,
    kind: 'r',
    pages: 100,
    tuples: 1000,
    dead: 0,
    modified: 0,
    inserted: 0,
    xidAge: 1000,
    mxidAge: 1,
    ...counts,
  });

  it('is due past threshold + scale factor × reltuples, not at it', () => {
    expect(planUpkeep([table('a', { dead: 250, modified: 150, inserted: 1200 })], settings, 0)).toEqual([]);
    expect(planUpkeep([table('a', { dead: 251 })], settings, 0)).toMatchObject([
      { kind: 'vacuum', table: 'a', reason: '251 dead rows > 250' },
    ]);
    expect(planUpkeep([table('a', { inserted: 1201 })], settings, 0)).toMatchObject([
      { kind: 'vacuum', table: 'a', reason: '1,201 rows inserted since vacuumed > 1,200' },
    ]);
    expect(planUpkeep([table('a', { modified: 151 })], settings, 0)).toMatchObject([
      { kind: 'analyze', table: 'a' },
    ]);
  });

  it('vacuums a table before analyzing it, never analyzes a TOAST table; wraparound, checkpoint, then the biggest backlog first', () => {
    const plan = planUpkeep(
      [
        table('both', { dead: 500, modified: 10_000 }),
        table('pg_toast.pg_toast_1', { kind: 't', modified: 10_000 }),
        table('busy', { dead: 2500 }),
        table('old', { xidAge: 250_000_000 }),
      ],
      settings,
      128 * 1048576,
      { checkpointWalBytes: 64 * 1048576 },
    );
    expect(plan.map((task) => `${task.kind} ${task.table ?? ''}`.trim())).toEqual([
      'vacuum old',
      'checkpoint',
      'vacuum busy',
      'vacuum both',
    ]);
  });

  it('caps the dead rows a big table waits for, and never analyzes pg_statistic', () => {
    const big = table('big', { tuples: 1_000_000, dead: 20_001 });
    expect(planUpkeep([big], settings, 0)).toMatchObject([{ reason: '20,001 dead rows > 20,000' }]);
    expect(planUpkeep([big], settings, 0, { vacuumMaxThreshold: 1e9 })).toEqual([]);
    expect(planUpkeep([table('pg_statistic', { modified: 10_000 })], settings, 0)).toEqual([]);
  });

  it('vacuums a TOAST table by itself, its parent without it', () => {
    const task = { kind: 'vacuum' as const, table: 'x', reason: '', priority: 1 };
    expect(upkeepCommand(task, 'r')).toBe('VACUUM (PROCESS_TOAST FALSE) x');
    expect(upkeepCommand({ ...task, table: 'pg_toast.pg_toast_1' }, 't')).toBe('VACUUM pg_toast.pg_toast_1');
    expect(upkeepCommand({ ...task, kind: 'analyze' })).toBe('ANALYZE x');
    expect(upkeepCommand({ ...task, kind: 'checkpoint', table: null })).toBe('CHECKPOINT');
  });
});

describe('db upkeep on PostgreSQL', () => {
  it('does nothing: autovacuum looks after a server', async () => {
    const untouchable = new Proxy(
      {},
      {
        get: () => {
          throw new Error('the upkeep touched the PostgreSQL database');
        },
      },
    );
    const database = { kind: 'postgres', db: untouchable as Db, preparedStatements: new Map() } as Database;
    const upkeep = createDbUpkeep(database);
    expect(upkeep.active).toBe(false);
    expect(await upkeep.step()).toBeNull();
    const log = logger();
    await defineDbUpkeepSweep().run(database.db, { database, enqueue: noEnqueue, log });
    expect(log.lines).toEqual([]);
  });
});
