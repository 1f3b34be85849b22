import pg from 'pg';

// Change notices on a PostgreSQL server (docs/decisions/032-change-notices.md): several processes
// share it, so each hears the others' changes over a connection of its own that LISTENs, and its
// own writes from the pool connections that make them — the notice for those would arrive a moment
// after the commit, and the request that wrote must read what it wrote.

/**
 * The change notices heard so far, and the answers of the reads kept until the next one
 * (src/server/db/prepared.ts): an answer read while the count was N is current while it is N.
 */
export type ChangeNotices = {
  heard: number;
  /** Whether every change reaches this process now: while not, nothing is kept. */
  listening: boolean;
  kept: Map<string, { heard: number; rows: readonly unknown[]; bytes: number }>;
  keptBytes: number;
  /**
   * On a PostgreSQL server: resolves once every notice of a change committed before the call has
   * been heard (or the connection is lost). A notice travels from the listening backend to this
   * process on its own time — later than the writer's answer when either is busy — so a kept answer
   * is served only after this. Absent on the embedded database, which tells in the same call.
   */
  caughtUp?: () => Promise<void>;
};

/** The name the listening connection gives itself (pg_stat_activity.application_name). */
export const LISTENER_APPLICATION_NAME = 'lamplight change notices';

/**
 * Why a round trip proves the notices are in: PostgreSQL signals every listening backend before the
 * writer's COMMIT returns, and a backend sends the notices it was signalled for before it reads its
 * next command, so they reach this process ahead of this query's answer, on the same socket.
 */
const CAUGHT_UP_QUERY = 'SELECT 1';

/** How long to wait before listening again after the connection is lost: doubling, at most this. */
const RETRY_MAX_MS = 5_000;
const RETRY_FIRST_MS = 100;

export type ChangeListener = { close(): Promise<void> };

/**
 * Keeps one connection listening on `channel`. While it listens, `changes.listening` is true and
 * every notice counts one more change; the moment it is lost nothing is kept (every read asks the
 * database) until a new connection listens again. Resolves after the first attempt, listening or not.
 */
export async function listenForChanges(
  url: string,
  channel: string,
  changes: ChangeNotices,
): Promise<ChangeListener> {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  // Losing the connection loses the notices sent meanwhile: stop keeping, and forget what was kept.
  const lost = (from: pg.Client) => {
    if (client !== from) return;
    client = undefined;
    changes.listening = false;
    changes.heard += 1;
    from.end().catch(() => undefined);
    if (closed) return;
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    client = next;
    next.on('error', (error) => {
      console.warn(
        `[db] change notices: connection lost (${error.message}); reading afresh until it is back`,
      );
      lost(next);
    });
    next.on('end', () => lost(next));
    next.on('notification', () => {
      changes.heard += 1;
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      console.warn(`[db] change notices: cannot listen (${(error as Error).message}); will try again`);
      lost(next);
      return;
    }
    if (client !== next || closed) return;
    // Anything read before this moment may have missed a notice: read it all again.
    changes.heard += 1;
    changes.listening = true;
    retryMs = RETRY_FIRST_MS;
  };

  // One round trip over the listening connection at a time, shared by every read that asked before
  // it was sent; a read that asks while one is on its way waits for the next.
  let sent: Promise<void> | undefined;
  let waiting: Promise<void> | undefined;
  const roundTrip = (): Promise<void> => {
    const current = client;
    if (!current || !changes.listening) return Promise.resolve();
    sent = current
      .query(CAUGHT_UP_QUERY)
      .then(
        () => undefined,
        () => undefined, // lost: the 'error' handler has stopped the keeping
      )
      .finally(() => {
        sent = undefined;
      });
    return sent;
  };
  changes.caughtUp = () => {
    if (!sent) return roundTrip();
    waiting ??= sent.then(() => {
      waiting = undefined;
      return roundTrip();
    });
    return waiting;
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      changes.listening = false;
      await current?.end().catch(() => undefined);
    },
  };
}

// A statement that may change a row, or the end of a transaction that did: the words PostgreSQL
// starts them with, anywhere in the text (a WITH query may write). A read that happens to contain
// one only makes the kept answers be read once more.
const MAY_WRITE = /\b(?:insert|update|delete|truncate|merge|commit|call|do)\b/i;

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * Counts a change as soon as a statement that may write finishes on this pooled connection, before
 * its caller resumes: the process that wrote never reads a kept answer from before its own write,
 * whenever its notice arrives. Both calling conventions of pg's query (callback, promise) are kept.
 */
export function countOwnWrites(connection: pg.PoolClient, changes: ChangeNotices): void {
  const query = connection.query.bind(connection) as QueryFunction;
  const counted: QueryFunction = (...args) => {
    const first = args[0] as { text?: unknown } | string | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text !== 'string' || !MAY_WRITE.test(text)) return query(...args);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        changes.heard += 1;
        return (callback as QueryFunction)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) {
      return result.finally(() => {
        changes.heard += 1;
      });
    }
    return result;
  };
  (connection as unknown as { query: QueryFunction }).query = counted;
}
