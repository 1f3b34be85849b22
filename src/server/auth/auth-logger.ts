import { inspect } from 'node:util';
import type { NextAuthOptions } from 'next-auth';
import { errorLogText } from '../lib/log-text';
import { escapeControlCharacters } from '../lib/safe-string';

// next-auth v4's `logger` option. Two kinds of entries reach it:
// - next-auth's own, on the server (an OAuth callback that failed, a session it could not read):
//   the metadata is an Error, or an object holding one, and its stack is worth a log;
// - whatever anyone POSTs to /api/auth/_log: next-auth's client reports its errors there as
//   `level=…&code=…&message=…&stack=…`, and next-auth calls `logger[level](code, rest)` with the
//   request's fields. All of that is the sender's text, so it is written as one escaped line, and
//   no stack it claims to carry is printed.
// next-auth only takes `error`, `warn` and `debug` from this object; any other posted level (`info`,
// `trace`, `__proto__`…) makes its dispatch throw a TypeError that it hands to `error` as
// LOGGER_ERROR. That is a malformed request, not a fault of the server: one line, no stack.

/** Longest piece of request text one log line carries. */
const MAX_TEXT = 500;

/** Request-supplied data as one line: control characters escaped, cut to MAX_TEXT. */
export function logLine(value: unknown): string {
  const text =
    typeof value === 'string'
      ? value
      : inspect(value, { depth: 3, breakLength: Infinity, compact: true, maxStringLength: MAX_TEXT });
  const line = escapeControlCharacters(text);
  return line.length > MAX_TEXT ? `${line.slice(0, MAX_TEXT)}…` : line;
}

/** An Error made on the server (a request body is JSON or a form: it can never hold one). */
const serverError = (metadata: unknown): boolean =>
  metadata instanceof Error ||
  (typeof metadata === 'object' &&
    metadata !== null &&
    (metadata as { error?: unknown }).error instanceof Error);

/** The message a client's report carries, if any (next-auth's client sends `message`). */
function reportedMessage(metadata: unknown): string {
  if (typeof metadata !== 'object' || metadata === null)
    return metadata === undefined ? '' : logLine(metadata);
  const message = (metadata as { message?: unknown }).message;
  return message === undefined ? '' : logLine(message);
}

export const authLogger: NonNullable<NextAuthOptions['logger']> = {
  error(code: unknown, metadata?: unknown) {
    if (code === 'LOGGER_ERROR') {
      console.warn('[auth] client log entry ignored: its level is not error, warn or debug');
      return;
    }
    // An ended session (banned user, deleted account, rotated secret) is routine: one quiet line.
    if (code === 'JWT_SESSION_ERROR') {
      console.warn(`[auth] session refused: ${reportedMessage(metadata) || 'JWT_SESSION_ERROR'}`);
      return;
    }
    if (serverError(metadata)) console.error(`[auth] ${logLine(code)} ${errorLogText(metadata)}`);
    else console.error(`[auth] ${logLine(code)} ${reportedMessage(metadata)}`.trimEnd());
  },
  warn(code: unknown) {
    console.warn(`[auth] ${logLine(code)}`);
  },
  // next-auth's debug output is off in every environment (it would log tokens and profiles).
  debug() {},
};
