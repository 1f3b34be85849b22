import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import type { ChangeNotices, Database } from './client';
import { getDatabase } from './index';

// The app's one way to run a query as a server-side prepared statement: the hot, small queries run
// on nearly every request (the session's actor, the story page's fingerprint and content). PGlite
// parses and plans every statement it is sent (~1 ms of WebAssembly even for a primary-key lookup)
// but runs a PREPAREd one in a fraction of that; on PostgreSQL a named statement is prepared once
// per pooled connection by node-postgres. Parameters are text: each is passed as a quoted literal to
// PGlite's EXECUTE (standard_conforming_strings is on, so doubling quotes is the whole escaping),
// which is why this is only for parameters the callers have already validated. A null value is SQL's
// null (PGlite: the literal null; node-postgres passes it as is).
//
// What is prepared where is kept on the Database itself (`preparedStatements`), which the runtime
// owns: every copy of this module that Next.js's bundles load sees the same record.

type PgPool = {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
};
type Exec = (sql: string) => Promise<{ rows: unknown[] }[]>;

/** A query written with Drizzle (tables and columns checked by the compiler), $1…$n from placeholders. */
type BuiltQuery = { toSQL(): { sql: string; params: unknown[] } };

/** Builds queries for preparedQuery without a database at hand (they are turned into text once). */
export const queryBuilder = new QueryBuilder();

const dialect = new PgDialect();

/**
 * A statement Drizzle's builders cannot write (data-modifying WITH queries, say), written as a `sql`
 * template over the tables' columns, for preparedQuery / namedPreparedQuery.
 */
export const sqlStatement = (statement: SQL): BuiltQuery => ({ toSQL: () => dialect.sqlToQuery(statement) });

/**
 * A select list whose result columns are named by the keys (`"featureImageUrl"`), as raw rows of a
 * prepared statement come back: nested objects are written as json_build_object(…) fields.
 */
export function namedColumns(fields: Record<string, SQLWrapper>) {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, sql`${field}`.as(key)]));
}

/**
 * json_build_object(…) of these fields, keyed as given: a nested object of a prepared query's row.
 * With `nullUnless` (a column of an outer join), null when that column is null.
 */
export function jsonObject(fields: Record<string, SQLWrapper>, nullUnless?: SQLWrapper): SQL {
  const pairs = Object.entries(fields).map(([key, field]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`bad field name ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${field}`;
  });
  const object = sql`json_build_object(${sql.join(pairs, sql`, `)})`;
  return nullUnless ? sql`case when ${nullUnless} is null then null else ${object} end` : object;
}

/** A boolean column of a raw or prepared row, as either driver hands it back (true or 't'). */
export const rowBoolean = (value: unknown): boolean => value === true || value === 't';

/** A named placeholder cast to its column's type (prepared parameters are text): `$n::uuid`. */
export const typedPlaceholder = (name: string, type: string): SQL =>
  sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * A named placeholder the planner cannot see into: `(select $n::uuid)`, worked out once per
 * execution (an InitPlan). A statement whose parameters are all such has one plan whatever they
 * are, so PostgreSQL keeps its generic plan after five executions instead of planning every one
 * anew — for the Following feed's page, planning took twice its execution (decision 062). Only for
 * statements whose best plan does not depend on the values.
 */
export const planTimeUnknown = (name: string, type: string): SQL =>
  sql`(select ${typedPlaceholder(name, type)})`;

/**
 * A list of texts as one text parameter: a PostgreSQL array literal, each element double-quoted with
 * its `"` and `\` escaped, for a statement that casts it (`= any($1::text[])`).
 */
export function textArrayParameter(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** 42P05: the statement is there already (an earlier copy of the app on this database): that will do. */
const alreadyPrepared = (error: unknown) => (error as { code?: string })?.code === '42P05';

const literal = (value: string | null) => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`);

/**
 * A query by name with $1…$n text parameters, as SQL text or built with `queryBuilder`. The name
 * must be unique in the process. Answers the rows as the driver gives them (PGlite and
 * node-postgres parse types alike: timestamps as Date, json as objects).
 */
export function preparedQuery<Row>(
  name: string,
  query: string | BuiltQuery,
  parameterCount?: number,
  options: PreparedQueryOptions = {},
) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad statement name ${name}`);
  let text: string | undefined;
  let types = '';
  // Turned into text on first use: building it at import would cost every process that never asks.
  const statement = () => {
    if (text === undefined) {
      const built = typeof query === 'string' ? { sql: query, params: [] } : query.toSQL();
      const count = parameterCount ?? built.params.length;
      types = count ? `(${Array.from({ length: count }, () => 'text').join(', ')})` : '';
      text = built.sql;
    }
    return { text, types };
  };
  if (options.keptUntilChange) keptUntilChangeStatements.set(name, () => statement().text);
  return async (...values: (string | null)[]): Promise<Row[]> => {
    const database = await getDatabase();
    const ask = async () => {
      if (database.kind === 'pglite') return executeOnPglite<Row>(database, name, statement, values);
      const pool = (database.db as unknown as { $client: PgPool }).$client;
      return (await pool.query({ name, text: statement().text, values })).rows as Row[];
    };
    if (options.keptUntilChange && database.changes?.listening) {
      return keptUntilChange(database.changes, `${name}\u0000${JSON.stringify(values)}`, ask);
    }
    return ask();
  };
}

export type PreparedQueryOptions = {
  /**
   * Keep each answer until the database next tells of a change (decision 032), while this process
   * hears every change (always on the embedded database; on a PostgreSQL server while its listening
   * connection is up): for the hot freshness reads asked on every request. Only for a query whose every table sends change notices (migration 0013) — checked by
   * tests/db/change-notices.test.ts against keptUntilChangeStatements — and whose callers
   * never modify the rows they get (the same rows go to every caller).
   */
  keptUntilChange?: boolean;
};

/** The queries kept until a change, by name, with their text (for the test named above). */
export const keptUntilChangeStatements = new Map<string, () => string>();

/** The memory the kept answers may hold (keys and rows as JSON): a few thousand small rows. */
export const KEPT_ANSWERS_MAX_BYTES = 4 * 1024 * 1024;

async function keptUntilChange<Row>(
  changes: ChangeNotices,
  key: string,
  read: () => Promise<Row[]>,
): Promise<Row[]> {
  if (changes.caughtUp) {
    await changes.caughtUp();
    if (!changes.listening) return read();
  }
  const known = changes.kept.get(key);
  if (known && known.heard === changes.heard) return known.rows as Row[];
  // The count is taken before the read: a change committed while it runs leaves the answer stale
  // under an older count, so it is never served.
  const heard = changes.heard;
  const rows = await read();
  if (changes.heard !== heard) return rows;
  const old = changes.kept.get(key);
  if (old) {
    changes.kept.delete(key);
    changes.keptBytes -= old.bytes;
  }
  const bytes = key.length + JSON.stringify(rows).length;
  changes.kept.set(key, { heard, rows, bytes });
  changes.keptBytes += bytes;
  // Insertion order is age: the oldest go first, whatever count they were read at.
  for (const [oldest, entry] of changes.kept) {
    if (changes.keptBytes <= KEPT_ANSWERS_MAX_BYTES) break;
    changes.kept.delete(oldest);
    changes.keptBytes -= entry.bytes;
  }
  return rows;
}

/**
 * preparedQuery for a query built with named placeholders that may repeat or come in any order
 * (Drizzle numbers every occurrence, and writes LIMIT before OFFSET): called with the values by name.
 */
export function namedPreparedQuery<Row>(name: string, query: BuiltQuery) {
  let names: string[] | undefined;
  const run = preparedQuery<Row>(name, query);
  return (values: Record<string, string | null>): Promise<Row[]> => {
    names ??= query.toSQL().params.map((param) => {
      const placeholder = (param as { name?: unknown }).name;
      if (typeof placeholder !== 'string') throw new Error(`${name}: every parameter must be a placeholder`);
      return placeholder;
    });
    return run(
      ...names.map((key) => {
        const value = values[key];
        if (value === undefined) throw new Error(`${name}: no value for ${key}`);
        return value;
      }),
    );
  };
}

async function executeOnPglite<Row>(
  database: Database,
  name: string,
  statement: () => { text: string; types: string },
  values: (string | null)[],
): Promise<Row[]> {
  const pglite = database.pglite!;
  const exec = pglite.exec.bind(pglite) as unknown as Exec;
  const prepared = database.preparedStatements;
  const run = async (): Promise<Row[]> => {
    // One PREPARE however many first calls arrive together; a failed one is tried again next time.
    if (!prepared.has(name)) {
      const { text, types } = statement();
      const preparing = exec(`prepare ${name}${types} as ${text}`).then(
        () => undefined,
        (error: unknown) => {
          if (!alreadyPrepared(error)) throw error;
        },
      );
      prepared.set(name, preparing);
      preparing.catch(() => prepared.delete(name));
    }
    await prepared.get(name);
    const args = values.length ? `(${values.map(literal).join(', ')})` : '';
    const [result] = await exec(`execute ${name}${args}`);
    return (result?.rows ?? []) as Row[];
  };
  try {
    return await run();
  } catch (error) {
    // Someone deallocated it (DEALLOCATE ALL, DISCARD ALL): prepare it again, once.
    if (!/prepared statement .* does not exist/i.test(String(error))) throw error;
    prepared.delete(name);
    return run();
  }
}
