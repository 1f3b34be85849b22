import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { can, type Action, type Actor } from '../../src/server/auth/policy';
import type { Db } from '../../src/server/db/client';
import { dailyVerses, type UserRow } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { createUser } from '../factories';
import { accessRecorder } from '../helpers/access-cases';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// The verse of the day's routes (decision 049) × (anonymous, writer, site editor, site admin,
// banned), the expected answer derived from the policy itself, the real API called — as
// staff-access.api.test.ts does for issue 13's. Allowed → 2xx and, for a write, a change; refused →
// 401/403/404 with the error shape, and the list exactly as it was.

const ACTORS = ['anonymous', 'writer', 'site editor', 'site admin', 'banned'] as const;
type ActorName = (typeof ACTORS)[number];
type Person = { user: UserRow | null; actor: Actor };
type Request = { method: string; path: string; body?: unknown };
type Endpoint = {
  route: string;
  /** The policy action that decides it; null: anyone. */
  action: Action | null;
  writes: boolean;
  request: (verseId: string) => Request;
};

const LIST = '/api/scripture/daily_verses';

// THE TABLE: each verse-of-the-day route and what decides it.
const ENDPOINTS: Endpoint[] = [
  {
    route: 'GET /api/scripture/daily',
    action: null,
    writes: false,
    request: () => ({ method: 'GET', path: '/api/scripture/daily?language=zh' }),
  },
  {
    route: `GET ${LIST}`,
    action: 'scripture.manageDailyVerses',
    writes: false,
    request: () => ({ method: 'GET', path: LIST }),
  },
  {
    route: `POST ${LIST}`,
    action: 'scripture.manageDailyVerses',
    writes: true,
    request: () => ({ method: 'POST', path: LIST, body: { reference: 'John 3:16', language: 'en' } }),
  },
  {
    route: `PATCH ${LIST}/{id}`,
    action: 'scripture.manageDailyVerses',
    writes: true,
    request: (id) => ({ method: 'PATCH', path: `${LIST}/${id}`, body: { language: 'zh' } }),
  },
  {
    route: `DELETE ${LIST}/{id}`,
    action: 'scripture.manageDailyVerses',
    writes: true,
    request: (id) => ({ method: 'DELETE', path: `${LIST}/${id}` }),
  },
];

let db: Db;
let people: Record<ActorName, Person>;

/** A verse of the rotation to act on, made fresh for each case. */
async function createVerse(): Promise<string> {
  const id = newUuid();
  await db.insert(dailyVerses).values({ id, osis: 'Ps.23.1', language: 'both', position: 1 });
  return id;
}

const snapshot = async () => JSON.stringify(await db.select().from(dailyVerses).orderBy(asc(dailyVerses.id)));

const { check, findings, tally, print } = accessRecorder(() => snapshot());

async function runCase(e: Endpoint, name: ActorName): Promise<void> {
  const id = await createVerse();
  const allowed = e.action === null || can(people[name].actor, e.action);
  await check({
    route: e.route,
    actor: name,
    as: people[name].user?.id,
    allowed,
    writes: e.writes,
    request: e.request(id),
  });
}

describe('verse of the day access, generated from the policy (decision 049)', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    const person = async (input: Parameters<typeof createUser>[1]): Promise<Person> => {
      const user = await createUser(db, input);
      const roles = (input?.roles ?? []) as ('admin' | 'editor')[];
      return { user, actor: { id: user.id, roles, status: user.status } };
    };
    people = {
      anonymous: { user: null, actor: null },
      writer: await person({}),
      'site editor': await person({ roles: ['editor'] }),
      'site admin': await person({ roles: ['admin'] }),
      banned: await person({ status: 'banned', roles: ['admin'] }),
    };
  });

  it('covers every verse-of-the-day route of the API', async () => {
    const doc = await call('GET', '/api/openapi.json');
    const routes = Object.entries(doc.json.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const ours = routes.filter((route) => /^\w+ \/api\/scripture\/daily/.test(route));
    expect(ours.sort()).toEqual(ENDPOINTS.map((e) => e.route).sort());
  });

  it.each(ENDPOINTS.map((e) => [e.route, e] as const))('%s', async (_, endpoint) => {
    const before = findings.length;
    for (const name of ACTORS) await runCase(endpoint, name);
    const mine = findings.slice(before);
    expect(mine, print(mine)).toEqual([]);
  });

  it('every endpoint × actor was tried; staff only may change the list', () => {
    expect(tally.cases).toBe(ENDPOINTS.length * ACTORS.length);
    // Reads by anyone (5), and the four staff routes for the editor and the admin (8).
    expect(tally.allowed).toBe(5 + 8);
    expect(tally.refused).toBe(4 * 3);
    expect(findings, print(findings)).toEqual([]);
  });
});
