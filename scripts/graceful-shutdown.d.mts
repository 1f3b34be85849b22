// Types of graceful-shutdown.mjs for the TypeScript tests that import it: the project compiles
// without allowJs, so a .mjs needs its declaration beside it.
import type { Server } from 'node:http';

export type Drainable = {
  /** True from the moment drain() is called. */
  readonly draining: boolean;
  /** Stops accepting, lets requests finish for up to `timeoutMs`, then cuts the rest. */
  drain(timeoutMs: number): Promise<{ forced: boolean }>;
};

export declare function drainable(server: Server): Drainable;

export declare function drainOnSignals(
  server: Server,
  options: {
    timeoutMs: number;
    stop: () => Promise<void>;
    log?: Pick<Console, 'log' | 'warn' | 'error'>;
  },
): Drainable;
