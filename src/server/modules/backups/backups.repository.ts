import type { Transaction } from '@electric-sql/pglite';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../db/client';

// The SQL of backups and restores (docs/decisions/035-backup-and-restore.md): holding a database
// still while it is copied, the facts a manifest records, what pg_dump leaves out, and whether a
// restore target is empty. Both engines read the same facts through the same statements.

type Query = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

/** What the manifest records about a database, read at the instant it was copied. */
export type DatabaseFacts = {
  serverVersion: string;
  serverMajor: number;
  /** `created_at` of every row in drizzle.__drizzle_migrations: the journal's `when` stamps. */
  appliedMigrations: number[];
  /** Rows per table, keyed "schema.table", for every ordinary table outside the system schemas. */
  rowCounts: Record<string, number>;
};

/** A checksum of every row of every table, keyed "schema.table" (see readRowDigests). */
export type RowDigests = Record<string, string>;

/**
 * What migrations change outside what pg_dump writes: pg_catalog is never dumped, so migration
 * 0007's `ALTER FUNCTION pg_catalog.ts_match_vq … COST 100` is lost, and a database's own settings
 * (`ALTER DATABASE … SET`) come only with `pg_dump --create`, which restores under the old name. A
 * migration that changes another built-in object adds its signature here.
 */
export const CATALOG_FUNCTIONS = ['pg_catalog.ts_match_vq(tsvector, tsquery)'] as const;

export type UndumpedSettings = {
  functionCosts: { signature: string; cost: number }[];
  /** `name=value` entries of pg_db_role_setting for this database and every role. */
  databaseSettings: string[];
};

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function readFacts(query: Query): Promise<DatabaseFacts> {
  const [version] = await query<{ server_version: string; server_version_num: string | number }>(
    `select current_setting('server_version') as server_version,
            current_setting('server_version_num') as server_version_num`,
  );
  const [journal] = await query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  const applied = journal?.present
    ? await query<{ created_at: string | number }>(
        'select created_at from drizzle.__drizzle_migrations order by created_at',
      )
    : [];
  const tables = await query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_%'
      order by 1, 2`,
  );
  const rowCounts: Record<string, number> = {};
  // One statement for every table: a few dozen counts, each a scan of a small table.
  if (tables.length > 0) {
    const counts = await query<{ name: string; count: string | number }>(
      tables
        .map(
          (table, i) =>
            `select $${i + 1}::text as name, count(*)::bigint as count from ${quoteIdent(table.schema)}.${quoteIdent(table.name)}`,
        )
        .join(' union all '),
      tables.map((table) => `${table.schema}.${table.name}`),
    );
    for (const row of counts) rowCounts[row.name] = Number(row.count);
  }
  const serverVersionNum = Number(version.server_version_num);
  return {
    serverVersion: version.server_version,
    serverMajor: Math.floor(serverVersionNum / 10_000),
    appliedMigrations: applied.map((row) => Number(row.created_at)),
    rowCounts,
  };
}

/**
 * One checksum per table over the text of all its rows, in an order that does not depend on how
 * they are stored (the md5 of the sorted md5s of the rows), so a restored table that holds the same
 * rows gives the same digest. The row text depends on the session's time zone, date style and float
 * digits: they are set for this transaction, the same on both sides. Every row is read once: a
 * backup computes it from its own snapshot (PostgreSQL) or from its copy (PGlite), never while
 * readers wait.
 */
async function readRowDigests(query: Query, tables: string[]): Promise<RowDigests> {
  await query(`set local timezone = 'UTC'`);
  await query(`set local datestyle = 'ISO, MDY'`);
  await query(`set local extra_float_digits = 1`);
  const digests: RowDigests = {};
  for (const table of tables) {
    const [schema, name] = splitTable(table);
    const [row] = await query<{ digest: string }>(
      `select coalesce(md5(string_agg(r.h, '' order by r.h)), '') as digest
         from (select md5(t::text) as h from ${quoteIdent(schema)}.${quoteIdent(name)} t) r`,
    );
    digests[table] = row.digest;
  }
  return digests;
}

function splitTable(table: string): [string, string] {
  const dot = table.indexOf('.');
  return [table.slice(0, dot), table.slice(dot + 1)];
}

const pgliteQuery =
  (runner: Pick<Transaction, 'query'>): Query =>
  async <Row>(text: string, params?: unknown[]) =>
    (await runner.query<Row>(text, params)).rows;

/**
 * Runs `work` while no statement can reach the embedded database: inside a transaction of PGlite's,
 * which holds its transaction lock, so every other query, transaction and pg-boss poll of the
 * process waits. The files of the data folder then describe one instant; a CHECKPOINT first writes
 * the changed pages out, so the copy needs little WAL replay when it is opened. Hands `work` the
 * facts read at that instant and the data folder's path.
 */
export async function withPgliteHeldStill<T>(
  database: Database,
  work: (facts: DatabaseFacts, dataDir: string) => Promise<T>,
): Promise<T> {
  const pglite = database.pglite;
  if (database.kind !== 'pglite' || !pglite) throw new Error('Not an embedded database');
  const dataDir = pglite.dataDir;
  if (!dataDir || dataDir.startsWith('memory://')) {
    throw new Error('An in-memory embedded database has no data folder to back up');
  }
  return pglite.transaction(async (tx) => {
    const facts = await readFacts(pgliteQuery(tx));
    await tx.exec('CHECKPOINT');
    return work(facts, path.resolve(dataDir.replace(/^file:\/\//, '')));
  });
}

/**
 * The facts and row digests of an embedded database folder, opened for the purpose and closed
 * again: a backup's copy (nothing else has it open) or a restored folder.
 */
export async function readPgliteFolderFacts(
  dataDir: string,
  options: { lock?: boolean } = {},
): Promise<DatabaseFacts & { rowDigests: RowDigests }> {
  const database = await openDatabase({ kind: 'pglite', dataDir, lock: options.lock });
  try {
    return await database.pglite!.transaction(async (tx) => {
      const facts = await readFacts(pgliteQuery(tx));
      return { ...facts, rowDigests: await readRowDigests(pgliteQuery(tx), Object.keys(facts.rowCounts)) };
    });
  } finally {
    await database.close();
  }
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'lamplight-backup' });
  client.on('error', () => {}); // a lost connection fails the statement that is waiting on it
  await client.connect();
  return client;
}

const clientQuery =
  (client: pg.Client): Query =>
  async <Row>(text: string, params?: unknown[]) =>
    (await client.query(text, params as unknown[])).rows as Row[];

async function readUndumpedSettings(query: Query): Promise<UndumpedSettings> {
  const functionCosts = await query<{ signature: string; cost: number }>(
    `select s.signature, p.procost::float8 as cost
       from unnest($1::text[]) with ordinality as s(signature, i)
       join pg_proc p on p.oid = to_regprocedure(s.signature)
      order by s.i`,
    [CATALOG_FUNCTIONS],
  );
  const settings = await query<{ setting: string }>(
    `select unnest(setconfig) as setting from pg_db_role_setting
      where setrole = 0 and setdatabase = (select oid from pg_database where datname = current_database())`,
  );
  return {
    functionCosts: functionCosts.map((row) => ({ signature: row.signature, cost: Number(row.cost) })),
    databaseSettings: settings.map((row) => row.setting),
  };
}

/**
 * Runs `work` with a snapshot of the PostgreSQL database exported for pg_dump (`--snapshot`), so
 * the dump, the row counts and the settings all describe one instant, and writes go on meanwhile.
 * The exporting transaction stays open until `work` is done, as pg_dump needs.
 */
export async function withPostgresSnapshot<T>(
  url: string,
  work: (state: {
    snapshot: string;
    facts: DatabaseFacts & { rowDigests: RowDigests };
    undumped: UndumpedSettings;
  }) => Promise<T>,
): Promise<T> {
  const client = await connect(url);
  try {
    await client.query('begin isolation level repeatable read read only');
    const query = clientQuery(client);
    const [{ snapshot }] = await query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const facts = await readFacts(query);
    const undumped = await readUndumpedSettings(query);
    const rowDigests = await readRowDigests(query, Object.keys(facts.rowCounts));
    const result = await work({ snapshot, facts: { ...facts, rowDigests }, undumped });
    await client.query('commit');
    return result;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The facts and row digests of a PostgreSQL database now (a restore's check). */
export async function readPostgresFacts(url: string): Promise<DatabaseFacts & { rowDigests: RowDigests }> {
  const client = await connect(url);
  try {
    await client.query('begin isolation level repeatable read read only');
    const query = clientQuery(client);
    const facts = await readFacts(query);
    const rowDigests = await readRowDigests(query, Object.keys(facts.rowCounts));
    await client.query('commit');
    return { ...facts, rowDigests };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A restore target's server, and the relations it already holds outside the system schemas. */
export async function readPostgresTarget(
  url: string,
): Promise<{ serverVersion: string; serverMajor: number; relations: string[]; relationCount: number }> {
  const client = await connect(url);
  try {
    const query = clientQuery(client);
    const [version] = await query<{ server_version: string; server_version_num: string }>(
      `select current_setting('server_version') as server_version,
              current_setting('server_version_num') as server_version_num`,
    );
    const [{ count }] = await query<{ count: string }>(
      `select count(*) as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
    );
    const relations = await query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
        order by c.relkind <> 'r', 1 limit 3`,
    );
    return {
      serverVersion: version.server_version,
      serverMajor: Math.floor(Number(version.server_version_num) / 10_000),
      relations: relations.map((row) => row.name),
      relationCount: Number(count),
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs a script of statements (a restore's post-restore.sql); returns the notices it raised. */
export async function runPostgresScript(url: string, script: string): Promise<string[]> {
  const client = await connect(url);
  const notices: string[] = [];
  client.on('notice', (notice) => notices.push(notice.message ?? String(notice)));
  try {
    await client.query(script);
    return notices;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// pg_try_advisory_lock key: one nightly backup at a time across every worker of a database.
const BACKUP_LOCK = 7_243_035;

/**
 * Holds the database's backup lock on a connection of its own, or answers null when another
 * process holds it. The lock goes with the connection, so a worker that dies frees it.
 */
export async function tryPostgresBackupLock(url: string): Promise<{ release(): Promise<void> } | null> {
  const client = await connect(url);
  try {
    const [{ locked }] = await clientQuery(client)<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [BACKUP_LOCK],
    );
    if (locked) return { release: () => client.end().catch(() => undefined) };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  await client.end().catch(() => undefined);
  return null;
}
