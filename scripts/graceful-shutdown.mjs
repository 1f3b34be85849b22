// How the front server (scripts/server.mjs) stops on SIGTERM or SIGINT without dropping requests
// (docs/decisions/033-health-and-shutdown.md). Plain JavaScript: the front server runs outside
// Next.js's bundles and cannot import the TypeScript sources.
//
//   1. stop accepting connections (the listening socket closes: a new connection is refused);
//   2. close the idle keep-alive connections at once, and each busy one as soon as its response
//      ends — responses still to be written say `Connection: close`, so no client sends another
//      request down a connection that is about to close;
//   3. after `timeoutMs`, destroy whatever is still open (a stuck render must not hold the exit);
//   4. then `stop()` (the runtime: jobs, then the database) and exit 0 (1 if stopping failed).
// Meanwhile `draining` is true, and GET /readyz on a connection still open answers 503.

/**
 * Follows a server's requests so it can be drained. Call it before the server listens: a request
 * already running when it is called would not be told to close its connection.
 * @param {import('node:http').Server} server
 */
export function drainable(server) {
  let draining = false;
  /** @type {Promise<{ forced: boolean }> | undefined} */
  let drained;
  /** @type {Set<import('node:http').ServerResponse>} */
  const inFlight = new Set();

  // Before the server's own handler, so the header is set before anything can be written.
  server.prependListener('request', (req, res) => {
    inFlight.add(res);
    if (draining) res.setHeader('connection', 'close');
    res.once('close', () => {
      inFlight.delete(res);
      // Its connection is idle now: close it rather than wait for the client's next request.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });

  return {
    /** True from the moment drain() is called. */
    get draining() {
      return draining;
    },
    /**
     * Drains the server as described above; resolves once every connection is closed, with
     * `forced: true` when the deadline had to cut some. Called again, answers the same promise.
     * @param {number} timeoutMs
     */
    drain(timeoutMs) {
      drained ??= new Promise((resolve) => {
        draining = true;
        let forced = false;
        const deadline = setTimeout(() => {
          forced = true;
          server.closeAllConnections();
        }, timeoutMs);
        // Called once the last connection has closed (at once if none is open).
        server.close(() => {
          clearTimeout(deadline);
          resolve({ forced });
        });
        for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
        server.closeIdleConnections();
      });
      return drained;
    },
  };
}

/**
 * Drains `server` and then calls `stop` on the first SIGTERM or SIGINT, and exits. A repeated signal
 * (npm and a terminal both pass Ctrl+C on) does not cut the stop short. Returns the drainable, so
 * the server can tell its readiness probe that it is draining.
 * @param {import('node:http').Server} server
 * @param {{ timeoutMs: number, stop: () => Promise<void>, log?: Pick<Console, 'log' | 'warn' | 'error'> }} options
 */
export function drainOnSignals(server, { timeoutMs, stop, log = console }) {
  const drainer = drainable(server);
  let stopping = false;
  const onSignal = (/** @type {NodeJS.Signals} */ signal) => {
    if (stopping) return;
    stopping = true;
    log.log(`[lamplight] ${signal}: draining requests (up to ${timeoutMs / 1000} s), then stopping…`);
    drainer
      .drain(timeoutMs)
      .then(({ forced }) => {
        if (forced) log.warn('[lamplight] requests still running at the deadline were cut off');
        return stop();
      })
      .then(
        () => {
          log.log('[lamplight] stopped');
          process.exit(0);
        },
        (error) => {
          log.error('[lamplight] stopping failed:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return drainer;
}
