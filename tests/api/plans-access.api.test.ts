import { asc, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { can, type Action, type Actor, type PublicationRole } from '../../src/server/auth/policy';
import type { Db } from '../../src/server/db/client';
import {
  planDays,
  planReaders,
  planReads,
  plans,
  subscriptions,
  topics,
  type UserRow,
} from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import {
  addPublicationMember,
  createPost,
  createPublication,
  createSubscription,
  createTopic,
  createUser,
} from '../factories';
import { accessRecorder } from '../helpers/access-cases';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 24 item 5: every reading-plan endpoint × (anonymous, a stranger, the publication's author,
// editor and owner, site editor, site admin, a banned owner), the expected answer derived from the
// policy itself, the real API called. Allowed → 2xx and (for a write) a change; refused →
// 401/403/404 with DESIGN §8's error shape, and the database exactly as it was.

const ACTORS = [
  'anonymous',
  'stranger',
  'publication author',
  'publication editor',
  'publication owner',
  'site editor',
  'site admin',
  'banned owner',
] as const;
type ActorName = (typeof ACTORS)[number];
type Person = { user: UserRow | null; actor: Actor; role: PublicationRole | null };

type World = { publicationId: string; collectionId: string; planId: string; storyIds: string[] };
type Request = { method: string; path: string; body?: unknown };
type Endpoint = {
  route: string;
  action: Action;
  /** The publication the policy is asked about (plan.manage, publication.read); none for the others. */
  onPublication: boolean;
  writes: boolean;
  request: (w: World) => Request;
};

let mailboxes = 0;
const mailbox = () => `access-${++mailboxes}-${Math.random().toString(36).slice(2, 6)}@example.test`;

// THE TABLE: each plan endpoint and the policy action that decides it.
const ENDPOINTS: Endpoint[] = [
  {
    route: 'GET /api/plans',
    action: 'plan.manage',
    onPublication: true,
    writes: false,
    request: (w) => ({ method: 'GET', path: `/api/plans?publicationId=${w.publicationId}` }),
  },
  {
    route: 'POST /api/plans',
    action: 'plan.manage',
    onPublication: true,
    writes: true,
    request: (w) => ({
      method: 'POST',
      path: '/api/plans',
      body: { publicationId: w.publicationId, collectionId: w.collectionId, title: 'Access plan' },
    }),
  },
  {
    route: 'GET /api/plans/mine',
    action: 'plan.follow',
    onPublication: false,
    writes: false,
    request: () => ({ method: 'GET', path: '/api/plans/mine' }),
  },
  // A plan is read as its publication is: by anyone.
  {
    route: 'GET /api/plans/{id}',
    action: 'publication.read',
    onPublication: true,
    writes: false,
    request: (w) => ({ method: 'GET', path: `/api/plans/${w.planId}` }),
  },
  {
    route: 'PATCH /api/plans/{id}',
    action: 'plan.manage',
    onPublication: true,
    writes: true,
    request: (w) => ({
      method: 'PATCH',
      path: `/api/plans/${w.planId}`,
      body: { title: 'Renamed', days: [{ postId: w.storyIds[1], passages: ['Ps 23'] }] },
    }),
  },
  {
    route: 'DELETE /api/plans/{id}',
    action: 'plan.manage',
    onPublication: true,
    writes: true,
    request: (w) => ({ method: 'DELETE', path: `/api/plans/${w.planId}` }),
  },
  {
    route: 'POST /api/plans/{id}/start',
    action: 'plan.start',
    onPublication: false,
    writes: true,
    request: (w) => ({
      method: 'POST',
      path: `/api/plans/${w.planId}/start`,
      body: { email: mailbox(), timeZone: 'Europe/Oslo', sendAt: '21:45' },
    }),
  },
  {
    route: 'POST /api/plans/{id}/days/{day}/read',
    action: 'plan.follow',
    onPublication: false,
    writes: true,
    request: (w) => ({ method: 'POST', path: `/api/plans/${w.planId}/days/1/read`, body: {} }),
  },
];

let db: Db;
let people: Record<ActorName, Person>;
let owner: UserRow;
let shared: World;

const STORED_ROLE = {
  author: 'publication_author',
  editor: 'publication_editor',
  owner: 'publication_owner',
} as const;

/**
 * A publication where each actor holds their part, a collection of two published stories, a plan of
 * them — and every signed-in actor already reading it (so marking a day read is theirs to do).
 */
async function createWorld(): Promise<World> {
  const publication = await createPublication(db, { owner });
  for (const name of ACTORS) {
    const { user, role } = people[name];
    if (user && role && user.id !== owner.id) {
      await addPublicationMember(db, { publication, user, role: STORED_ROLE[role] });
    }
  }
  const stories = [
    await createPost(db, { author: owner, publication }),
    await createPost(db, { author: owner, publication }),
  ];
  const topic = await createTopic(db, { slug: `plan-${newUuid()}` });
  const planId = newUuid();
  await db.insert(plans).values({
    id: planId,
    publicationId: publication.id,
    collectionId: publication.collection.id,
    topicId: topic.id,
    title: 'Access',
  });
  await db.insert(planDays).values(stories.map((s, i) => ({ planId, day: i + 1, postId: s.id })));
  for (const name of ACTORS) {
    const user = people[name].user;
    if (!user) continue;
    const subscription = await createSubscription(db, { topic, email: user.email });
    await db.insert(planReaders).values({
      id: newUuid(),
      planId,
      userId: user.id,
      subscriptionId: subscription.id,
      email: user.email,
      timeZone: 'UTC',
      sendAt: '07:00',
      status: 'active',
      startDate: '2026-01-01',
      nextDay: 1,
      nextDueAt: new Date(Date.now() + 3_600_000),
    });
  }
  return {
    publicationId: publication.id,
    collectionId: publication.collection.id,
    planId,
    storyIds: stories.map((s) => s.id),
  };
}

/** Every row a plan endpoint could change (whole tables: these are small in a test database). */
async function snapshot(): Promise<string> {
  const rows = await Promise.all([
    db.select().from(plans).orderBy(asc(plans.id)),
    db.select().from(planDays).orderBy(asc(planDays.planId), asc(planDays.day)),
    db.select().from(planReaders).orderBy(asc(planReaders.id)),
    db.select().from(planReads).orderBy(asc(planReads.readerId), asc(planReads.day)),
    db.select().from(subscriptions).orderBy(asc(subscriptions.id)),
    db.select().from(topics).orderBy(asc(topics.id)),
    db.select({ n: sql<number>`count(*)::int` }).from(plans),
  ]);
  return JSON.stringify(rows);
}

const { check, findings, unexpectedSuccesses, tally, print } = accessRecorder(() => snapshot());

async function runCase(e: Endpoint, name: ActorName): Promise<void> {
  const world = e.writes ? await createWorld() : shared;
  const { role } = people[name];
  // A banned user's session counts as none (DESIGN §5: it stops working on its next request): the
  // API asks the policy about an anonymous caller, who may read and start a plan by mail as anyone.
  const actor = people[name].actor?.status === 'banned' ? null : people[name].actor;
  const allowed = e.onPublication
    ? can(actor, e.action, { id: world.publicationId } as never, { publicationRole: role })
    : can(actor, e.action, undefined as never);
  await check({
    route: e.route,
    actor: name,
    as: people[name].user?.id,
    allowed,
    writes: e.writes,
    request: e.request(world),
  });
}

describe('reading plans access control, generated from the policy (issue 24)', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    owner = await createUser(db);
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
      'publication author': await person({}, 'author'),
      'publication editor': await person({}, 'editor'),
      'publication owner': {
        user: owner,
        actor: { id: owner.id, roles: [], status: 'active' },
        role: 'owner',
      },
      'site editor': await person({ roles: ['editor'] }),
      'site admin': await person({ roles: ['admin'] }),
      // An owner of the publication too (a member row), banned: a ban outweighs every part.
      'banned owner': await person({ status: 'banned' }, 'owner'),
    };
    shared = await createWorld();
  });

  it('covers every reading-plan route of the API', async () => {
    const doc = await call('GET', '/api/openapi.json');
    const routes = Object.entries(doc.json.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\/$/, '')}`),
    );
    const ours = routes.filter((route) => /^\w+ \/api\/plans(\/|$)/.test(route));
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
});
