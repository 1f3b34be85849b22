import { inspect } from 'node:util';
import { escapeControlCharacters } from './safe-string';

// Request data in server logs (a path, a query, an error quoting a parameter) is written by
// whoever sent the request. Control characters are escaped, so none can end a line early, forge
// the next one or put a raw NUL into the log.

/**
 * An error with its stack (and causes) as log text: controls escaped within each line, and every
 * line after the first indented, so no part of a message can pass for a log line of its own.
 */
export function errorLogText(error: unknown): string {
  return inspect(error, { depth: 4 })
    .split(/\r?\n/)
    .map((line, index) => (index === 0 ? '' : '    ') + escapeControlCharacters(line))
    .join('\n');
}
