import pino, { type DestinationStream, type Logger } from 'pino';
import { env, type LogLevel } from '../lib/env';
import { processSlot } from '../lib/process-slot';
import { currentLogContext } from './log-context';
import { logLevelOverride } from './log-level';

// The process's operational log (docs/decisions/036-metrics-and-logs.md): one JSON object per line
// on standard output (pino), at LOG_LEVEL and above. `npm start | npx pino-pretty` reads it as text.
// Each line names its component (`api`, `jobs`, `mail`, `runtime`, …) and, within a request or a
// job, the request's id and the job (./log-context.ts). One logger per process, whichever bundle
// asks (lib/process-slot.ts); tests swap it for one that writes where they can read (setProcessLogger).

export type { Logger };

type LoggerState = { root: Logger; components: Map<string, Logger> };

const slot = processSlot<LoggerState>('logger');

/**
 * A logger writing JSON lines to `destination` (default: standard output, written synchronously,
 * so the last lines before an exit are not lost).
 */
export function createLogger(options: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level ?? logLevelOverride() ?? env.LOG_LEVEL,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // A copy: pino merges the line's own fields into the object this returns.
    mixin: () => ({ ...currentLogContext() }),
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

function state(): LoggerState {
  let current = slot.get();
  if (!current) slot.set((current = { root: createLogger(), components: new Map() }));
  return current;
}

/** The process's logger, or its child for `component` (asked at each use: tests may swap the root). */
export function log(component?: string): Logger {
  const { root, components } = state();
  if (component === undefined) return root;
  let child = components.get(component);
  if (!child) components.set(component, (child = root.child({ component })));
  return child;
}

/** Makes `root` the process's logger (tests that read the log); answers a function putting the old one back. */
export function setProcessLogger(root: Logger): () => void {
  const previous = slot.get();
  slot.set({ root, components: new Map() });
  return () => slot.set(previous);
}
