import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { can, type Action, type Actor, type ReportSubjectResource } from '../../src/server/auth/policy';
import type { Db } from '../../src/server/db/client';
import { moderationLog, posts, reports, responses, users, type UserRow } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { addPublicationMember, createPost, createPublication, createUser } from '../factories';
import { accessRecorder } from '../helpers/access-cases';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 25 item 3, "Done when" access: every reports endpoint × (anonymous, a stranger, the writer of
// the reported story and response, the story's publication editor, site editor, site admin, a banned
// reader), the expected answer derived from the policy itself, the real API called. Allowed → 2xx and
// (for a write) a change; refused → 401/403/404 with DESIGN §8's error shape, and the database exactly
// as it was.

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

/** A publication's story and a response under it, both by `writer`, each with an open report. */
type World = {
  writer: UserRow;
  storyId: string;
  responseId: string;
  storyReportId: string;
  responseReportId: string;
};
type Request = { method: string; path: string; body?: unknown };
type Endpoint = {
  route: string;
  label: string;
  /** The policy's actions that must all allow the call, each with its resource (none: undefined). */
  actions: (w: World) => [Action, ReportSubjectResource | undefined][];
  writes: boolean;
  request: (w: World) => Request;
};

const subject = (kind: 'response' | 'story', w: World): ReportSubjectResource => ({
  kind,
  authorId: w.writer.id,
});

// THE TABLE: each reports endpoint (the PATCH once per action) and the policy actions that decide it.
const ENDPOINTS: Endpoint[] = [
  {
    route: 'POST /api/reports',
    label: 'POST /api/reports (a response)',
    actions: (w) => [['report.create', subject('response', w)]],
    writes: true,
    request: (w) => ({
      method: 'POST',
      path: '/api/reports',
      body: { kind: 'response', id: w.responseId, reason: 'spam' },
    }),
  },
  {
    route: 'POST /api/reports',
    label: 'POST /api/reports (a story)',
    actions: (w) => [['report.create', subject('story', w)]],
    writes: true,
    request: (w) => ({
      method: 'POST',
      path: '/api/reports',
      body: { kind: 'story', id: w.storyId, reason: 'hate' },
    }),
  },
  {
    route: 'GET /api/reports',
    label: 'GET /api/reports',
    actions: () => [['report.review', undefined]],
    writes: false,
    request: () => ({ method: 'GET', path: '/api/reports?status=open' }),
  },
  {
    route: 'PATCH /api/reports/{id}',
    label: 'PATCH /api/reports/{id} dismiss',
    actions: () => [['report.review', undefined]],
    writes: true,
    request: (w) => ({
      method: 'PATCH',
      path: `/api/reports/${w.responseReportId}`,
      body: { action: 'dismiss' },
    }),
  },
  {
    route: 'PATCH /api/reports/{id}',
    label: 'PATCH /api/reports/{id} hide (a response)',
    actions: (w) => [
      ['report.review', undefined],
      ['report.hide', subject('response', w)],
    ],
    writes: true,
    request: (w) => ({
      method: 'PATCH',
      path: `/api/reports/${w.responseReportId}`,
      body: { action: 'hide' },
    }),
  },
  {
    route: 'PATCH /api/reports/{id}',
    label: 'PATCH /api/reports/{id} hide (a story)',
    actions: (w) => [
      ['report.review', undefined],
      ['report.hide', subject('story', w)],
    ],
    writes: true,
    request: (w) => ({ method: 'PATCH', path: `/api/reports/${w.storyReportId}`, body: { action: 'hide' } }),
  },
  {
    route: 'PATCH /api/reports/{id}',
    label: 'PATCH /api/reports/{id} ban',
    actions: (w) => [
      ['report.review', undefined],
      ['report.ban', subject('response', w)],
    ],
    writes: true,
    request: (w) => ({
      method: 'PATCH',
      path: `/api/reports/${w.responseReportId}`,
      body: { action: 'ban', note: 'Access test' },
    }),
  },
];

let db: Db;
let people: Record<Exclude<ActorName, 'writer' | 'publication editor'>, UserRow | null>;
let editor: UserRow;
let shared: World;

async function createWorld(): Promise<World> {
  const writer = await createUser(db);
  const publication = await createPublication(db);
  await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
  const story = await createPost(db, { author: writer, publication });
  const responseId = newUuid();
  await db.insert(responses).values({ id: responseId, postId: story.id, authorId: writer.id, text: 'Hello' });
  // A reporter per world: one reader's reports an hour are limited.
  const reporter = await createUser(db);
  const file = async (kind: 'response' | 'story', id: string) => {
    const res = await call('POST', '/api/reports', { as: reporter.id, body: { kind, id, reason: 'other' } });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  return {
    writer,
    storyId: story.id,
    responseId,
    storyReportId: await file('story', story.id),
    responseReportId: await file('response', responseId),
  };
}

/** Every row a reports endpoint could change (whole tables: these are small in a test database). */
async function snapshot(): Promise<string> {
  const rows = await Promise.all([
    db.select().from(reports).orderBy(asc(reports.id)),
    db.select().from(responses).orderBy(asc(responses.id)),
    db
      .select({ id: posts.id, status: posts.status, pub: posts.publicationId })
      .from(posts)
      .orderBy(asc(posts.id)),
    db.select({ id: users.id, status: users.status }).from(users).orderBy(asc(users.id)),
    db.select().from(moderationLog).orderBy(asc(moderationLog.id)),
  ]);
  return JSON.stringify(rows);
}

const { check, findings, unexpectedSuccesses, tally, print } = accessRecorder(() => snapshot());

function actorOf(name: ActorName, world: World): { user: UserRow | null; actor: Actor } {
  const user = name === 'writer' ? world.writer : name === 'publication editor' ? editor : people[name];
  if (!user) return { user: null, actor: null };
  // A banned user's session counts as none (DESIGN §5: it stops working on its next request).
  if (user.status === 'banned') return { user, actor: null };
  return { user, actor: { id: user.id, roles: user.roles as ('admin' | 'editor')[], status: user.status } };
}

async function runCase(e: Endpoint, name: ActorName): Promise<void> {
  const world = e.writes ? await createWorld() : shared;
  const { user, actor } = actorOf(name, world);
  const allowed = e.actions(world).every(([action, resource]) => can(actor, action, resource as never));
  await check({
    route: e.label,
    actor: name,
    as: user?.id,
    allowed,
    writes: e.writes,
    request: e.request(world),
  });
}

describe('reports access control, generated from the policy (issue 25)', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    editor = await createUser(db);
    people = {
      anonymous: null,
      stranger: await createUser(db),
      'site editor': await createUser(db, { roles: ['editor'] }),
      'site admin': await createUser(db, { roles: ['admin'] }),
      banned: await createUser(db, { status: 'banned' }),
    };
    shared = await createWorld();
  });

  it('covers every reports route of the API', async () => {
    const doc = await call('GET', '/api/openapi.json');
    const routes = Object.entries(doc.json.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\/$/, '')}`),
    );
    const ours = routes.filter((route) => /^\w+ \/api\/reports(\/|$)/.test(route));
    expect(ours.length).toBe(3);
    const tested = new Set(ENDPOINTS.map((e) => e.route));
    expect(ours.filter((r) => !tested.has(r))).toEqual([]);
  });

  it.each(ENDPOINTS.map((e) => [e.label, e] as const))('%s', async (_, endpoint) => {
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
