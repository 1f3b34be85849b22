import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { can, type Action, type Actor, type PublicationRole } from '../../src/server/auth/policy';
import type { Db } from '../../src/server/db/client';
import { notifications, users, type UserRow } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { digestOffToken } from '../../src/server/modules/notifications/notifications-tokens';
import { addPublicationMember, createPublication, createUser } from '../factories';
import { accessRecorder } from '../helpers/access-cases';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 25's Done-when for notifications: every notifications endpoint × (anonymous, a stranger, a
// writer, a publication editor, a site editor, a site admin, a banned writer), the expected answer
// derived from the policy itself, the real API called. Allowed → 2xx and (for a write) a change;
// refused → 401/403/404 with DESIGN §8's error shape, and the database exactly as it was. The
// digest's one-click unsubscribe asks no policy: its signed token is the permission, so it is
// allowed to every caller holding one (and refused without: notifications.api.test.ts).

const ACTORS = [
  'anonymous',
  'stranger',
  'writer',
  'publication editor',
  'site editor',
  'site admin',
  'banned',
] as const;
type ActorName = (typeof ACTORS)[number];
type Person = { user: UserRow | null; actor: Actor; role: PublicationRole | null };
type Request = { method: string; path: string; body?: unknown };
type Endpoint = {
  route: string;
  /** The policy action that decides it; null: a signed token decides (allowed to anyone holding one). */
  action: Action | null;
  writes: boolean;
  request: (name: ActorName) => Promise<Request>;
};

let db: Db;
let people: Record<ActorName, Person>;
/** The reader whose digest the token of the unsubscribe endpoint turns off. */
let digestReader: UserRow;

/** One unread notification for every signed-in actor, so marking read has something to change. */
async function giveEveryoneAnUnreadNotification(actor: UserRow) {
  for (const name of ACTORS) {
    const user = people[name].user;
    if (!user) continue;
    const id = newUuid();
    await db.insert(notifications).values({
      id,
      userId: user.id,
      kind: 'follower',
      actorId: actor.id,
      dedupeKey: `access:${id}`,
    });
  }
}

const ENDPOINTS: Endpoint[] = [
  {
    route: 'GET /api/notifications',
    action: 'notification.read',
    writes: false,
    request: async () => ({ method: 'GET', path: '/api/notifications' }),
  },
  {
    route: 'POST /api/notifications/read',
    action: 'notification.markRead',
    writes: true,
    request: async () => ({ method: 'POST', path: '/api/notifications/read', body: { all: true } }),
  },
  {
    route: 'GET /api/notifications/settings',
    action: 'notification.read',
    writes: false,
    request: async () => ({ method: 'GET', path: '/api/notifications/settings' }),
  },
  {
    route: 'POST /api/notifications/digest/unsubscribe',
    action: null,
    writes: true,
    request: async () => {
      await db.update(users).set({ notificationDigest: true }).where(eq(users.id, digestReader.id));
      return {
        method: 'POST',
        path: `/api/notifications/digest/unsubscribe?token=${encodeURIComponent(digestOffToken(digestReader.id))}`,
      };
    },
  },
  {
    route: 'GET /api/notifications/digest/unsubscribe',
    action: null,
    writes: false,
    request: async () => ({
      method: 'GET',
      path: `/api/notifications/digest/unsubscribe?token=${encodeURIComponent(digestOffToken(digestReader.id))}`,
    }),
  },
];

/** Every row a notifications endpoint could change. */
async function snapshot(): Promise<string> {
  const rows = await Promise.all([
    db.select().from(notifications).orderBy(asc(notifications.id)),
    db
      .select({
        id: users.id,
        f: users.notifyFollower,
        r: users.notifyResponse,
        p: users.notifyReply,
        a: users.notifyStoryApproved,
        j: users.notifyStoryRejected,
        m: users.notifyMention,
        d: users.notificationDigest,
      })
      .from(users)
      .orderBy(asc(users.id)),
  ]);
  return JSON.stringify(rows);
}

const { check, findings, unexpectedSuccesses, tally, print } = accessRecorder(() => snapshot());
let follower: UserRow;

async function runCase(e: Endpoint, name: ActorName): Promise<void> {
  if (e.writes) await giveEveryoneAnUnreadNotification(follower);
  // A banned user's session counts as none (DESIGN §5): the API asks the policy about an anonymous caller.
  const actor = people[name].actor?.status === 'banned' ? null : people[name].actor;
  const allowed = e.action === null ? true : can(actor, e.action, undefined as never);
  const request = await e.request(name);
  await check({
    route: e.route,
    actor: name,
    as: people[name].user?.id,
    allowed,
    writes: e.writes,
    request,
    redirectIsSuccess: true,
  });
}

describe('notifications access control, generated from the policy (issue 25)', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    const person = async (
      input: Parameters<typeof createUser>[1],
      role: PublicationRole | null = null,
    ): Promise<Person> => {
      const user = await createUser(db, input);
      const roles = (input?.roles ?? []) as ('admin' | 'editor')[];
      return { user, actor: { id: user.id, roles, status: user.status }, role };
    };
    people = {
      anonymous: { user: null, actor: null, role: null },
      stranger: await person({}),
      writer: await person({}),
      'publication editor': await person({}, 'editor'),
      'site editor': await person({ roles: ['editor'] }),
      'site admin': await person({ roles: ['admin'] }),
      banned: await person({ status: 'banned' }),
    };
    const publication = await createPublication(db);
    await addPublicationMember(db, {
      publication,
      user: people['publication editor'].user!,
      role: 'publication_editor',
    });
    follower = await createUser(db);
    digestReader = await createUser(db, { notificationDigest: true });
  });

  it('covers every notifications route of the API', async () => {
    const doc = await call('GET', '/api/openapi.json');
    const routes = Object.entries(doc.json.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\/$/, '')}`),
    );
    const ours = routes.filter((route) => /^\w+ \/api\/notifications(\/|$)/.test(route));
    expect(ours.length).toBeGreaterThan(0);
    const tested = new Set(ENDPOINTS.map((e) => e.route));
    expect(ours.filter((r) => !tested.has(r))).toEqual([]);
  });

  it.each(ENDPOINTS.map((e) => [e.route, e] as const))('%s', async (_, endpoint) => {
    const before = findings.length;
    for (const name of ACTORS) await runCase(endpoint, name);
    const mine = findings.slice(before);
    expect(mine, print(mine)).toEqual([]);
  });

  it('0 unexpected successes over every endpoint × actor', () => {
    expect(tally.cases).toBe(ENDPOINTS.length * ACTORS.length);
    expect(tally.allowed).toBeGreaterThan(0);
    expect(tally.refused).toBeGreaterThan(0);
    expect(unexpectedSuccesses, print(unexpectedSuccesses)).toEqual([]);
  });

  it('each reader sees and marks only their own', async () => {
    await giveEveryoneAnUnreadNotification(follower);
    const stranger = people.stranger.user!;
    const writer = people.writer.user!;
    const mine = (await call('GET', '/api/notifications?limit=50', { as: stranger.id })).json.items as {
      id: string;
    }[];
    const theirs = await db.select().from(notifications).where(eq(notifications.userId, writer.id));
    expect(mine.some((item) => theirs.some((row) => row.id === item.id))).toBe(false);
    const before = await snapshot();
    const res = await call('POST', '/api/notifications/read', {
      as: stranger.id,
      body: { ids: theirs.map((row) => row.id).slice(0, 100) },
    });
    expect(res.json.marked).toBe(0);
    expect(await snapshot()).toBe(before);
  });
});
