import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOptions } from '../../src/server/auth/auth-options';

// POST /api/auth/_log is open to anyone: next-auth's client reports its errors there
// (`level=error&code=…&message=…&stack=…`) and next-auth hands the fields to our logger as
// `logger[level](code, rest)`. Every level — next-auth's three, `info`, or any word at all — is
// answered 200 and leaves at most one log line per entry: no stack (neither a TypeError of
// next-auth's dispatch nor one the sender wrote) and no raw control character.
// next-auth's core handler is driven the way its Next.js route drives it (as tests/api/auth.api.test.ts
// does; the route adds nothing for _log).
const { AuthHandler } = createRequire(import.meta.url)(
  path.resolve('node_modules/next-auth/core/index.js'),
) as {
  AuthHandler: (params: {
    req: Record<string, unknown>;
    options: typeof authOptions;
  }) => Promise<{ status?: number }>;
};

type Printed = { stream: string; text: string };

/** Posts one client log entry; answers the status next-auth gives and every console line it caused. */
async function postLog(body: Record<string, unknown>) {
  const printed: Printed[] = [];
  for (const stream of ['error', 'warn', 'log', 'info', 'debug', 'trace'] as const) {
    vi.spyOn(console, stream).mockImplementation((...args: unknown[]) => {
      printed.push({ stream, text: args.map((a) => (typeof a === 'string' ? a : String(a))).join(' ') });
    });
  }
  const response = await AuthHandler({
    req: {
      action: '_log',
      method: 'POST',
      body,
      query: {},
      cookies: {},
      headers: {},
      origin: 'http://localhost:3000',
    },
    options: authOptions,
  });
  vi.restoreAllMocks();
  return { status: response.status ?? 200, printed };
}

const STACK = /\n\s+at |TypeError|is not a function/;

describe('POST /api/auth/_log', () => {
  afterEach(() => vi.restoreAllMocks());

  const levels = [
    'error',
    'warn',
    'debug',
    'info',
    'trace',
    'fatal',
    '',
    'constructor',
    '__proto__',
    'toString',
  ];
  for (const level of levels) {
    it(`level ${JSON.stringify(level)}: 200, at most one line, no stack`, async () => {
      const { status, printed } = await postLog({
        level,
        code: 'CLIENT_FETCH_ERROR',
        message: 'Failed to fetch',
        stack: 'Error: Failed to fetch\n    at fetchData (webpack:///client.js:1:1)',
        client: 'true',
      });
      expect(status).toBe(200);
      expect(printed.length).toBeLessThanOrEqual(1);
      for (const line of printed) expect(line.text).not.toMatch(STACK);
    });
  }

  it('a client error is logged as one line with its code and message', async () => {
    const { printed } = await postLog({
      level: 'error',
      code: 'CLIENT_FETCH_ERROR',
      message: 'Failed to fetch',
    });
    expect(printed).toEqual([{ stream: 'error', text: '[auth] CLIENT_FETCH_ERROR Failed to fetch' }]);
  });

  it('control characters in any field are escaped, so no entry forges a log line', async () => {
    for (const level of ['error', 'warn', 'info']) {
      const { status, printed } = await postLog({
        level,
        code: 'X\r\n[auth] forged\u0000',
        message: 'line\nbreak\u001b[31m',
      });
      expect(status).toBe(200);
      for (const line of printed) expect(line.text).not.toMatch(/[\u0000-\u001f\u007f]/);
    }
    const { printed } = await postLog({ level: 'warn', code: 'X\r\n[auth] forged' });
    expect(printed).toEqual([{ stream: 'warn', text: '[auth] X\\u000d\\u000a[auth] forged' }]);
  });

  it('JSON bodies with nested or odd values are logged without throwing', async () => {
    for (const body of [
      { level: 'error', code: { nested: ['a', 1] }, message: { toString: 1 } },
      { level: 'warn', code: null },
      { level: 'error' },
      { level: ['error'], code: 'A' },
      {},
    ]) {
      const { status, printed } = await postLog(body);
      expect(status).toBe(200);
      for (const line of printed) expect(line.text).not.toMatch(STACK);
    }
  });
});
