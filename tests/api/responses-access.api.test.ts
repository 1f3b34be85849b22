import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  can,
  type Actor,
  type PublicationRole,
  type ResponseResource,
  type StoryResource,
} from '../../src/server/auth/policy';
import type { Db } from '../../src/server/db/client';
import {
  moderationLog,
  publicationResponsesClosed,
  responses,
  storyResponsesClosed,
  type UserRow,
} from '../../src/server/db/schema';
import {
  addPublicationMember,
  createPost,
  createPublication,
  createResponse,
  createUser,
} from '../factories';
import { accessRecorder } from '../helpers/access-cases';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 25 "Done when" (responses): every response endpoint × (anonymous, a stranger, the response's
// writer, the story's writer, the publication's editor, site editor, site admin, a banned editor), the
// expected answer derived from the policy itself, the real API called. Allowed → 2xx and (for a write)
// a change; refused → 401/403/404 with DESIGN §8's error shape, and the database exactly as it was.

const ACTORS = [
  'anonymous',
  'stranger',
  'responder',
  'writer',
  'publication editor',
  'site editor',
  'site admin',
  'banned',
] as const;
type ActorName = (typeof ACTORS)[number];
type Person = { user: UserRow | null; actor: Actor; role: PublicationRole | null };

type World = {
  publicationId: string;
  storyId: string;
  story: StoryResource;
  responseId: string;
  responderId: string;
};
type Request = { method: string; path: string; body?: unknown };
type Endpoint = {
  route: string;
  writes: boolean;
  /** Whether the policy lets this actor (a banned one counts as nobody) make the call. */
  allowed: (actor: Actor, role: PublicationRole | null, w: World) => boolean;
  request: (w: World) => Request;
};

const responseOf = (w: World): ResponseResource => ({
  story: w.story,
  authorId: w.responderId,
  ageMs: 60_000,
  hidden: false,
  removed: false,
});
const ctx = (role: PublicationRole | null) => ({ publicationRole: role });

// THE TABLE: each response endpoint and the policy question that decides it.
const ENDPOINTS: Endpoint[] = [
  {
    route: 'GET /api/posts/{id}/responses',
    writes: false,
    allowed: (a, r, w) => can(a, 'story.read', w.story, ctx(r)),
    request: (w) => ({ method: 'GET', path: `/api/posts/${w.storyId}/responses` }),
  },
  {
    route: 'POST /api/posts/{id}/responses',
    writes: true,
    allowed: (a, r, w) => can(a, 'response.create', { story: w.story, open: true, parent: null }, ctx(r)),
    request: (w) => ({ method: 'POST', path: `/api/posts/${w.storyId}/responses`, body: { text: 'Amen' } }),
  },
  {
    route: 'GET /api/responses/{id}/replies',
    writes: false,
    allowed: (a, r, w) => can(a, 'story.read', w.story, ctx(r)),
    request: (w) => ({ method: 'GET', path: `/api/responses/${w.responseId}/replies` }),
  },
  {
    route: 'PATCH /api/responses/{id}',
    writes: true,
    allowed: (a, r, w) => can(a, 'response.update', responseOf(w), ctx(r)),
    request: (w) => ({ method: 'PATCH', path: `/api/responses/${w.responseId}`, body: { text: 'Edited' } }),
  },
  {
    route: 'DELETE /api/responses/{id}',
    writes: true,
    allowed: (a, r, w) => can(a, 'response.delete', responseOf(w), ctx(r)),
    request: (w) => ({ method: 'DELETE', path: `/api/responses/${w.responseId}` }),
  },
  {
    route: 'POST /api/responses/{id}/hide',
    writes: true,
    allowed: (a, r, w) =>
      can(a, 'response.hide', responseOf(w), ctx(r)) || can(a, 'response.remove', responseOf(w), ctx(r)),
    request: (w) => ({ method: 'POST', path: `/api/responses/${w.responseId}/hide`, body: { hidden: true } }),
  },
  {
    route: 'GET /api/posts/{id}/responses/settings',
    writes: false,
    allowed: (a, r, w) => can(a, 'response.closeForStory', w.story, ctx(r)),
    request: (w) => ({ method: 'GET', path: `/api/posts/${w.storyId}/responses/settings` }),
  },
  {
    route: 'PUT /api/posts/{id}/responses/settings',
    writes: true,
    allowed: (a, r, w) => can(a, 'response.closeForStory', w.story, ctx(r)),
    request: (w) => ({
      method: 'PUT',
      path: `/api/posts/${w.storyId}/responses/settings`,
      body: { open: false },
    }),
  },
  {
    route: 'GET /api/publications/{id}/responses/settings',
    writes: false,
    allowed: (a, r, w) => can(a, 'response.closeForPublication', { id: w.publicationId }, ctx(r)),
    request: (w) => ({ method: 'GET', path: `/api/publications/${w.publicationId}/responses/settings` }),
  },
  {
    route: 'PUT /api/publications/{id}/responses/settings',
    writes: true,
    allowed: (a, r, w) => can(a, 'response.closeForPublication', { id: w.publicationId }, ctx(r)),
    request: (w) => ({
      method: 'PUT',
      path: `/api/publications/${w.publicationId}/responses/settings`,
      body: { open: false },
    }),
  },
];

let db: Db;
let people: Record<ActorName, Person>;
let owner: UserRow;
let shared: World;

/** A publication with the editor (and the banned editor) in it, the writer's story, a response to it. */
async function createWorld(): Promise<World> {
  const publication = await createPublication(db, { owner });
  const writer = people.writer.user!;
  await addPublicationMember(db, { publication, user: writer, role: 'publication_author' });
  for (const name of ['publication editor', 'banned'] as const) {
    await addPublicationMember(db, { publication, user: people[name].user!, role: 'publication_editor' });
  }
  const post = await createPost(db, { author: writer, publication });
  const responder = people.responder.user!;
  const response = await createResponse(db, { post, author: responder });
  return {
    publicationId: publication.id,
    storyId: post.id,
    story: {
      authorId: writer.id,
      status: 'published',
      publicationId: publication.id,
      authorStatus: 'active',
      hasExcerpt: post.excerpt.trim() !== '',
    },
    responseId: response.id,
    responderId: responder.id,
  };
}

/** Every row a response endpoint could change (whole tables: small in a test database). */
async function snapshot(): Promise<string> {
  const rows = await Promise.all([
    db.select().from(responses).orderBy(asc(responses.id)),
    db.select().from(storyResponsesClosed).orderBy(asc(storyResponsesClosed.postId)),
    db.select().from(publicationResponsesClosed).orderBy(asc(publicationResponsesClosed.publicationId)),
    db.select().from(moderationLog).orderBy(asc(moderationLog.id)),
  ]);
  return JSON.stringify(rows);
}

const { check, findings, unexpectedSuccesses, tally, print } = accessRecorder(() => snapshot());

async function runCase(e: Endpoint, name: ActorName): Promise<void> {
  const world = e.writes ? await createWorld() : shared;
  const { role } = people[name];
  // A banned user's session counts as none (DESIGN §5: it stops working on its next request).
  const actor = people[name].actor?.status === 'banned' ? null : people[name].actor;
  const allowed = e.allowed(actor, actor ? role : null, world);
  await check({
    route: e.route,
    actor: name,
    as: people[name].user?.id,
    allowed,
    writes: e.writes,
    request: e.request(world),
  });
}

describe('responses access control, generated from the policy (issue 25)', () => {
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
      responder: await person({}),
      writer: await person({}, 'author'),
      'publication editor': await person({}, 'editor'),
      'site editor': await person({ roles: ['editor'] }),
      'site admin': await person({ roles: ['admin'] }),
      // An editor of the publication (a member row), banned: a ban outweighs every part.
      banned: await person({ status: 'banned' }, 'editor'),
    };
    shared = await createWorld();
  });

  it('covers every response route of the API', async () => {
    const doc = await call('GET', '/api/openapi.json');
    const routes = Object.entries(doc.json.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\/$/, '')}`),
    );
    const ours = routes.filter((route) => /\/responses(\/|$)/.test(route));
    expect(ours.length).toBe(ENDPOINTS.length);
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
