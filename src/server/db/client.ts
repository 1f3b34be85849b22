import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import * as schema from './schema';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { countOwnWrites, listenForChanges, type ChangeNotices } from './change-listener';

export type { ChangeNotices };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine, when that is what runs (pg-boss shares it). */
  pglite?: PGlite;
  /** The connection string, when a PostgreSQL server runs (pg-boss opens its own pool). */
  url?: string;
  /**
   * Statements PREPAREd on this database by name (src/server/db/prepared.ts): PGlite has one
   * connection, so once per database; node-postgres keeps its own per pooled connection.
   */
  preparedStatements: Map<string, Promise<void>>;
  /**
   * The database's change notices as this process hears them (migration 0013, decision 032): on the
   * embedded database every change reaches this process the moment it commits; on a PostgreSQL
   * server, over a connection that listens (src/server/db/change-listener.ts). Absent when opened
   * with `changeNotices: false`.
   */
  changes?: ChangeNotices;
  close(): Promise<void>;
};

/** The channel migration 0013's triggers notify on. */
export const CHANGE_CHANNEL = 'lamplight_changes';

export type OpenOptions =
  | {
      kind: 'postgres';
      url: string;
      max?: number;
      /** Listen for change notices (one more connection) so hot reads can be kept: default true. */
      changeNotices?: boolean;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File; lock?: boolean };

/**
 * PostgreSQL compiles a statement whose estimated cost passes jit_above_cost (100,000) with LLVM.
 * A keyset page's estimate is its whole index walk, though LIMIT stops it after a few rows: the
 * Following feed's page was compiled on every execution (~1 ms of its ~2.4), and once it became a
 * generic plan, 0.8 s. Every statement here is short; none gains from JIT.
 */
const WITHOUT_JIT = '-c jit=off';

/**
 * The pool's connection settings: the URL's, with JIT off among the startup options each
 * connection opens with (added to the URL's own `options`, which pg would otherwise let win).
 */
function poolConfig(url: string, max: number): pg.PoolConfig {
  const config = parseIntoClientConfig(url);
  return { ...config, max, options: [config.options, WITHOUT_JIT].filter(Boolean).join(' ') };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool(poolConfig(options.url, options.max ?? 10));
    // An idle connection that the server drops (restart, failover) must not crash the process:
    // the pool discards it and the next query opens a fresh one.
    pool.on('error', (error) => console.warn(`[db] idle connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (options.changeNotices === false) {
      return {
        db,
        kind: 'postgres',
        url: options.url,
        preparedStatements: new Map(),
        close: () => pool.end(),
      };
    }
    const changes: ChangeNotices = { heard: 0, listening: false, kept: new Map(), keptBytes: 0 };
    pool.on('connect', (connection) => countOwnWrites(connection, changes));
    const listener = await listenForChanges(options.url, CHANGE_CHANNEL, changes);
    return {
      db,
      kind: 'postgres',
      url: options.url,
      preparedStatements: new Map(),
      changes,
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir);
    mkdirSync(path.dirname(dir), { recursive: true });
    // PGlite has no lock between processes: two of them on one folder silently lose writes.
    if (options.lock !== false) lock = acquireDataDirLock(dir);
  }
  const pglite = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    // PGlite's WebAssembly memory only grows: 128 MB of shared buffers, once filled by a busy site,
    // stay in the server's RSS for good. 16 MB costs little — the OS page cache still holds the data
    // files — and keeps the whole server near its memory budget
    // (docs/decisions/009-api-fast-path-and-memory.md).
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  // PGlite calls the listener while it finishes the statement that committed, before that
  // statement's caller resumes: no read after a commit can find the count from before it.
  const changes: ChangeNotices = { heard: 0, listening: true, kept: new Map(), keptBytes: 0 };
  await pglite.listen(CHANGE_CHANNEL, () => {
    changes.heard += 1;
  });
  return {
    db,
    kind: 'pglite',
    pglite,
    changes,
    preparedStatements: new Map(),
    close: async () => {
      await pglite.close();
      lock?.release();
    },
  };
}
