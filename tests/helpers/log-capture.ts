import { createLogger, setProcessLogger } from '../../src/server/observability/logger';
import type { LogLevel } from '../../src/server/lib/env';

// The process's log (src/server/observability/logger.ts) written where a test can read it: every
// JSON line as written, and parsed. `restore()` puts the process's own logger back.

export type LogLine = Record<string, unknown> & { level: string; msg?: string };

export type LogCapture = {
  /** Each line exactly as the logger wrote it (one JSON text, its newline dropped). */
  raw: string[];
  lines: LogLine[];
  restore(): void;
};

export function captureLogs(level: LogLevel = 'info'): LogCapture {
  const raw: string[] = [];
  const lines: LogLine[] = [];
  const destination = {
    write(chunk: string) {
      for (const text of chunk.split('\n')) {
        if (!text) continue;
        raw.push(text);
        lines.push(JSON.parse(text) as LogLine);
      }
    },
  };
  const restore = setProcessLogger(createLogger({ level, destination }));
  return { raw, lines, restore };
}
