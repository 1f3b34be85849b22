import { asc, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { can, type Action, type Actor, type FollowResource } from '../../src/server/auth/policy';
import type { Db } from '../../src/server/db/client';
import { follows, type UserRow } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { tagSlug } from '../../src/lib/slug';
import { addPublicationMember, createPost, createPublication, createUser } from '../factories';
import { accessRecorder } from '../helpers/access-cases';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 25 "Done when": every follow route × (anonymous, a stranger, the followed writer, a
// publication editor, a site editor, a site admin, a banned reader), the expected answer derived
// from the policy itself, the real API called. Allowed → 2xx and (for a write) a change; refused →
// 401/403/404 with DESIGN §8's error shape, and the follows table exactly as it was.

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
type Person = { user: UserRow | null; actor: Actor };

type World = { writerId: string; publicationId: string; tag: string };
type Request = { method: string; path: string };
type Endpoint = {
  route: string;
  label: string;
  /** The policy action deciding it; null for a public read (anyone). */
  action: Action | null;
  /** The follow.create target, when the action has one. */
  target?: (w: World) => FollowResource;
  writes: boolean;
  /** Before the call: the actor follows the target (an unfollow has something to remove). */
  followFirst?: boolean;
  request: (w: World) => Request;
};

// THE TABLE: each follow route and the policy action that decides it.
const ENDPOINTS: Endpoint[] = [
  {
    route: 'GET /api/follows',
    label: 'mine',
    action: 'follow.list',
    writes: false,
    request: () => ({ method: 'GET', path: '/api/follows' }),
  },
  {
    route: 'GET /api/follows/counts',
    label: 'counts',
    action: null,
    writes: false,
    request: (w) => ({ method: 'GET', path: `/api/follows/counts?user=${w.writerId}&tag=${w.tag}` }),
  },
  {
    route: 'PUT /api/follows/{kind}/{id}',
    label: 'the writer',
    action: 'follow.create',
    target: (w) => ({ kind: 'user', id: w.writerId }),
    writes: true,
    request: (w) => ({ method: 'PUT', path: `/api/follows/user/${w.writerId}` }),
  },
  {
    route: 'PUT /api/follows/{kind}/{id}',
    label: 'a publication',
    action: 'follow.create',
    target: (w) => ({ kind: 'publication', id: w.publicationId }),
    writes: true,
    request: (w) => ({ method: 'PUT', path: `/api/follows/publication/${w.publicationId}` }),
  },
  {
    route: 'PUT /api/follows/{kind}/{id}',
    label: 'a tag',
    action: 'follow.create',
    target: (w) => ({ kind: 'tag', id: w.tag }),
    writes: true,
    request: (w) => ({ method: 'PUT', path: `/api/follows/tag/${w.tag}` }),
  },
  {
    route: 'DELETE /api/follows/{kind}/{id}',
    label: 'a publication followed',
    action: 'follow.delete',
    writes: true,
    followFirst: true,
    request: (w) => ({ method: 'DELETE', path: `/api/follows/publication/${w.publicationId}` }),
  },
  {
    route: 'GET /api/posts/following',
    label: 'the feed',
    action: 'follow.readFeed',
    writes: false,
    request: () => ({ method: 'GET', path: '/api/posts/following' }),
  },
];

let db: Db;
let people: Record<ActorName, Person>;
let world: World;
const ourIds = () => ACTORS.map((name) => people[name].user?.id).filter((id): id is string => !!id);

/** Every follow of the people here (the whole of what a follow route could change). */
const snapshot = async () =>
  JSON.stringify(
    await db.select().from(follows).where(inArray(follows.followerId, ourIds())).orderBy(asc(follows.id)),
  );

const { check, findings, unexpectedSuccesses, tally, print } = accessRecorder(() => snapshot());

async function runCase(e: Endpoint, name: ActorName): Promise<void> {
  const user = people[name].user;
  // Every case starts from no follows of these people; an unfollow's from the one it removes.
  await db.delete(follows).where(inArray(follows.followerId, ourIds()));
  if (e.followFirst && user) {
    await db.insert(follows).values({
      id: newUuid(),
      followerId: user.id,
      kind: 'publication',
      followedPublicationId: world.publicationId,
    });
  }
  // A banned user's session counts as none (DESIGN §5): the API asks the policy about an anonymous caller.
  const actor = people[name].actor?.status === 'banned' ? null : people[name].actor;
  const allowed =
    e.action === null
      ? true
      : e.target
        ? can(actor, e.action, e.target(world) as never)
        : can(actor, e.action);
  await check({
    route: `${e.route} (${e.label})`,
    actor: name,
    as: user?.id,
    allowed,
    writes: e.writes,
    request: e.request(world),
  });
}

describe('follows access control, generated from the policy (issue 25)', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    const person = async (input: Parameters<typeof createUser>[1] = {}): Promise<Person> => {
      const user = await createUser(db, input);
      const roles = (input?.roles ?? []) as ('admin' | 'editor')[];
      return { user, actor: { id: user.id, roles, status: user.status } };
    };
    people = {
      anonymous: { user: null, actor: null },
      stranger: await person(),
      writer: await person(),
      'publication editor': await person(),
      'site editor': await person({ roles: ['editor'] }),
      'site admin': await person({ roles: ['admin'] }),
      banned: await person({ status: 'banned' }),
    };
    const writer = people.writer.user!;
    const publication = await createPublication(db);
    await addPublicationMember(db, {
      publication,
      user: people['publication editor'].user!,
      role: 'publication_editor',
    });
    const story = await createPost(db, {
      author: writer,
      publication,
      tags: [`Access ${newUuid().slice(0, 8)}`],
    });
    world = { writerId: writer.id, publicationId: publication.id, tag: tagSlug(story.tags[0]) };
  });

  it('covers every follow route of the API', async () => {
    const doc = await call('GET', '/api/openapi.json');
    const routes = Object.entries(doc.json.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\/$/, '')}`),
    );
    const ours = routes.filter((route) => /^\w+ \/api\/(follows(\/|$)|posts\/following$)/.test(route));
    expect(ours.length).toBe(5);
    const tested = new Set(ENDPOINTS.map((e) => e.route));
    expect(ours.filter((r) => !tested.has(r))).toEqual([]);
  });

  it.each(ENDPOINTS.map((e) => [`${e.route} (${e.label})`, e] as const))('%s', async (_, endpoint) => {
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
