// One call of an access test generated from the policy (plans-access, staff-access,
// daily-verses-access and the community's): the policy said whether `actor` may make it; the API must
// agree — 2xx (and, for a write, a change) when allowed; 401/403/404 in the error shape, and the
// database unchanged, when refused. Disagreements are kept as findings, printed by the test.
import { call } from './api-client';

export type AccessFinding = { endpoint: string; actor: string; expected: string; got: string };

export type AccessCase = {
  /** The route as the OpenAPI document names it, for the findings. */
  route: string;
  actor: string;
  /** The user the call is made as; undefined: anonymous. */
  as: string | undefined;
  allowed: boolean;
  writes: boolean;
  request: { method: string; path: string; body?: unknown };
  /** A GET answered with a redirect (a link out of a mail) counts as allowed too. */
  redirectIsSuccess?: boolean;
};

export function accessRecorder(snapshot: () => Promise<string>) {
  const findings: AccessFinding[] = [];
  const unexpectedSuccesses: AccessFinding[] = [];
  const tally = { cases: 0, allowed: 0, refused: 0 };

  async function check(c: AccessCase): Promise<void> {
    const before = await snapshot();
    const res = await call(c.request.method, c.request.path, { as: c.as, body: c.request.body });
    const code: string | undefined = res.json?.error?.code;
    const got = `${res.status}${code ? ` ${code}: ${res.json.error.message}` : ''}`;
    const note = (expected: string) => findings.push({ endpoint: c.route, actor: c.actor, expected, got });
    const succeeded =
      (res.status >= 200 && res.status < 300) ||
      (c.redirectIsSuccess === true && c.request.method === 'GET' && res.status === 302);
    tally.cases++;
    if (c.allowed) {
      tally.allowed++;
      if (!succeeded) note('2xx (allowed by the policy)');
      else if (c.writes && (await snapshot()) === before) note('a change (allowed write)');
      return;
    }
    tally.refused++;
    if (succeeded) {
      unexpectedSuccesses.push({ endpoint: c.route, actor: c.actor, expected: '401/403/404', got });
      note('401/403/404 (refused by the policy)');
      return;
    }
    if (![401, 403, 404].includes(res.status) || code === 'route_not_found' || !res.json?.error?.message) {
      note('401/403/404 with the error shape');
    }
    if ((await snapshot()) !== before) note('nothing changed (refused by the policy)');
  }

  const print = (list: AccessFinding[]) =>
    list.map((f) => `${f.endpoint} as ${f.actor}: expected ${f.expected}, got ${f.got}`).join('\n');

  return { check, findings, unexpectedSuccesses, tally, print };
}
