import { createRequire } from 'node:module';
import path from 'node:path';
import { authOptions } from '../../src/server/auth/auth-options';
import { limitSignInAttempt } from '../../src/server/auth/sign-in-limits';
import { SOCKET_ADDRESS_HEADER } from '../../src/server/lib/client-address';

// next-auth's own core handler with our options (authorize, callbacks), driven like its client:
// csrf cookie + token first, then a form POST to callback/credentials; the route's rate limit runs
// in front of it exactly as src/app/api/auth/[...nextauth]/route.ts does. (The Next.js wrapper
// itself needs a request scope; the browser tests cover it end to end.)
// next-auth does not export its core in package.json "exports"; load the file itself.
const { AuthHandler } = createRequire(import.meta.url)(
  path.resolve('node_modules/next-auth/core/index.js'),
) as {
  AuthHandler: (params: { req: Record<string, unknown>; options: typeof authOptions }) => Promise<{
    status?: number;
    body?: unknown;
    redirect?: string;
    cookies?: { name: string; value: string; options?: { maxAge?: number } }[];
  }>;
};

/** A browser of one client address, signing in through next-auth's credentials callback. */
export class Browser {
  private cookies: Record<string, string> = {};
  /** ip: the socket address the front server (scripts/server.mjs) reports for this browser. */
  constructor(
    private ip = '203.0.113.1',
    private extraHeaders: Record<string, string> = {},
  ) {}

  private async handle(action: string, method: string, body?: Record<string, string>, providerId?: string) {
    const response = await AuthHandler({
      req: {
        action: action as never,
        providerId,
        method,
        body,
        query: {},
        cookies: { ...this.cookies },
        // As the front server passes them on: authorize reads the client address from these.
        headers: { [SOCKET_ADDRESS_HEADER]: this.ip, ...this.extraHeaders },
        origin: 'http://localhost:3000',
      },
      options: authOptions,
    });
    for (const cookie of response.cookies ?? []) {
      if (cookie.value === '' || cookie.options?.maxAge === 0) delete this.cookies[cookie.name];
      else this.cookies[cookie.name] = cookie.value;
    }
    return response;
  }

  async get(action: 'csrf' | 'providers' | 'session') {
    const response = await this.handle(action, 'GET');
    return { status: response.status ?? 200, json: response.body as any };
  }

  async credentials(fields: Record<string, string>) {
    const { csrfToken } = (await this.get('csrf')).json as { csrfToken: string };
    const form = new URLSearchParams({
      ...fields,
      csrfToken,
      callbackUrl: 'http://localhost:3000/',
      json: 'true',
    });
    const limited = await limitSignInAttempt(
      new Request('http://localhost:3000/api/auth/callback/credentials', {
        method: 'POST',
        body: form,
        headers: { [SOCKET_ADDRESS_HEADER]: this.ip, ...this.extraHeaders },
      }),
    );
    if (limited) {
      const json = (await limited.json()) as { url: string };
      return {
        status: limited.status,
        error: new URL(json.url).searchParams.get('error'),
        retryAfter: limited.headers.get('retry-after'),
      };
    }
    const response = await this.handle('callback', 'POST', Object.fromEntries(form), 'credentials');
    const error = response.redirect ? new URL(response.redirect).searchParams.get('error') : null;
    return { status: error ? 401 : 200, error, retryAfter: null as string | null };
  }

  session() {
    return this.get('session');
  }
}
