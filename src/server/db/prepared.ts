import { getDatabase } from './index';

// Hot, tiny queries (run on nearly every request) as server-side prepared statements. PGlite parses
// and plans every statement it is sent (~1 ms of WebAssembly for even a primary-key lookup), but
// runs a PREPAREd one in a fraction of that; on PostgreSQL a named statement is prepared once per
// pooled connection by node-postgres. Parameters are text: each is passed as a quoted literal to
// PGlite's EXECUTE (standard_conforming_strings is on, so doubling quotes is the whole escaping),
// which is why this is only for text parameters the callers have already validated.

type PgPool = {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
};
type Exec = (sql: string) => Promise<{ rows: unknown[] }[]>;

// Per PGlite instance: the statement names prepared (or being prepared) on it. On globalThis, like
// the database itself: Next's bundles (pages, route handlers) each load this module, and all of
// them share the one PGlite.
const holder = globalThis as unknown as {
  __lamplightPrepared?: WeakMap<object, Map<string, Promise<unknown>>>;
};
const preparedOn = (holder.__lamplightPrepared ??= new WeakMap());

/** 42P05: the statement is there already (prepared by another copy of this module): that will do. */
const alreadyPrepared = (error: unknown) => (error as { code?: string })?.code === '42P05';

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * A query by name and SQL text with $1…$n text parameters. The name must be unique in the process.
 * Answers the rows as the driver gives them (PGlite and node-postgres parse types alike).
 */
export function preparedQuery<Row>(name: string, sql: string, parameterCount: number) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad statement name ${name}`);
  const types = parameterCount ? `(${Array.from({ length: parameterCount }, () => 'text').join(', ')})` : '';
  return async (...values: string[]): Promise<Row[]> => {
    const database = await getDatabase();
    if (database.kind === 'postgres') {
      const pool = (database.db as unknown as { $client: PgPool }).$client;
      return (await pool.query({ name, text: sql, values })).rows as Row[];
    }
    const pglite = database.pglite!;
    const exec = pglite.exec.bind(pglite) as unknown as Exec;
    let prepared = preparedOn.get(pglite);
    if (!prepared) preparedOn.set(pglite, (prepared = new Map()));
    const statements = prepared;
    const run = async (): Promise<Row[]> => {
      // One PREPARE however many first calls arrive together; a failed one is tried again next time.
      if (!statements.has(name)) {
        const preparing = exec(`prepare ${name}${types} as ${sql}`).catch((error: unknown) => {
          if (!alreadyPrepared(error)) throw error;
        });
        statements.set(name, preparing);
        preparing.catch(() => statements.delete(name));
      }
      await statements.get(name);
      const args = values.length ? `(${values.map(literal).join(', ')})` : '';
      const [result] = await exec(`execute ${name}${args}`);
      return (result?.rows ?? []) as Row[];
    };
    try {
      return await run();
    } catch (error) {
      // Someone deallocated it (DEALLOCATE ALL, DISCARD ALL): prepare it again, once.
      if (!/prepared statement .* does not exist/i.test(String(error))) throw error;
      statements.delete(name);
      return run();
    }
  };
}
