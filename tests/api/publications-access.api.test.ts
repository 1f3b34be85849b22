import { beforeAll, describe, expect, it } from 'vitest';
import {
  can,
  type Action,
  type NewsletterCandidate,
  type NewsletterEntryResource,
  type PublicationResource,
  type StoryResource,
} from '../../src/server/auth/policy';
import type { Db } from '../../src/server/db/client';
import { uniqueSuffix } from '../factories';
import {
  ACTOR_NAMES,
  createPeople,
  createWorld,
  policyActor,
  publicationRoleOf,
  snapshot,
  storeTestImage,
  storyResourceOf,
  type ActorName,
  type People,
  type World,
} from '../helpers/access-world';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 10 "Done when": every publication and collection endpoint × every kind of actor, the expected
// answer derived from the policy itself (can(actor, action, resource, {publicationRole})), the real
// API called. Allowed → 2xx. Refused → 401/403/404 (never "no such route") and nothing changed.
// Disagreements are collected and printed as findings: endpoint, actor, expected, got.

type Target =
  'none' | 'publication' | 'pending' | 'scheduled' | 'published' | 'entry' | 'scheduledEntry' | 'candidate';
type Request = { method: string; path: string; body?: unknown };

type Endpoint = {
  /** The route as the OpenAPI document names it (checked against it below). */
  route: string;
  /** A variant of the route, when one route answers two questions (forAdmin). */
  variant?: string;
  action: Action;
  /** What the policy is asked about: the world's publication, one of its stories, or nothing. */
  on: Target;
  /** Writes get a world of their own per actor, so each call meets the state it was built for. */
  writes: boolean;
  request: (world: World, ctx: { people: People; image: string }) => Request;
};

const inADay = () => Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000;

// THE TABLE: each endpoint and the policy action that decides it (issue 10 contract, DESIGN §4).
const ENDPOINTS: Endpoint[] = [
  // Publications
  {
    route: 'POST /api/publications/create',
    action: 'publication.create',
    on: 'none',
    writes: true,
    request: () => ({
      method: 'POST',
      path: '/api/publications/create',
      body: {
        name: 'Access',
        description: 'Checked by the access test.',
        subdomain: `acc-${uniqueSuffix()}`,
      },
    }),
  },
  {
    route: 'GET /api/publications',
    action: 'publication.read',
    on: 'publication',
    writes: false,
    request: () => ({ method: 'GET', path: '/api/publications?limit=5' }),
  },
  {
    route: 'GET /api/publications/getPublicationsByUserId',
    action: 'publication.read',
    on: 'publication',
    writes: false,
    request: (_, { people }) => ({
      method: 'GET',
      path: `/api/publications/getPublicationsByUserId?userId=${people.owner.user!.id}`,
    }),
  },
  {
    route: 'GET /api/publications/getRoleByUserId',
    action: 'publication.read',
    on: 'publication',
    writes: false,
    request: (w, { people }) => ({
      method: 'GET',
      path: `/api/publications/getRoleByUserId?userId=${people.author.user!.id}&publicationId=${w.publication.id}`,
    }),
  },
  {
    route: 'GET /api/publications/{id}',
    action: 'publication.read',
    on: 'publication',
    writes: false,
    request: (w) => ({ method: 'GET', path: `/api/publications/${w.publication.id}?getUserRelation=true` }),
  },
  ...(['owners', 'editors', 'authors'] as const).map((list): Endpoint => ({
    route: `GET /api/publications/{id}/${list}`,
    action: 'publication.read',
    on: 'publication',
    writes: false,
    request: (w) => ({ method: 'GET', path: `/api/publications/${w.publication.id}/${list}` }),
  })),
  {
    route: 'PATCH /api/publications/{id}',
    action: 'publication.updateProfile',
    on: 'publication',
    writes: true,
    request: (w) => ({
      method: 'PATCH',
      path: `/api/publications/${w.publication.id}`,
      body: { name: 'Renamed', description: 'A new description.' },
    }),
  },
  {
    route: 'PATCH /api/publications/updateBackgroundImage',
    action: 'publication.updateProfile',
    on: 'publication',
    writes: true,
    request: (w, { image }) => ({
      method: 'PATCH',
      path: '/api/publications/updateBackgroundImage',
      body: { id: w.publication.id, backgroundImage: image },
    }),
  },
  {
    route: 'DELETE /api/publications/{id}',
    action: 'publication.delete',
    on: 'publication',
    writes: true,
    request: (w) => ({ method: 'DELETE', path: `/api/publications/${w.publication.id}` }),
  },
  {
    route: 'POST /api/publications/addContributorByUserId',
    action: 'publication.manageContributors',
    on: 'publication',
    writes: true,
    request: (w, { people }) => ({
      method: 'POST',
      path: '/api/publications/addContributorByUserId',
      body: { userId: people.newcomer.id, publicationId: w.publication.id, userRole: 'publication_author' },
    }),
  },
  {
    route: 'DELETE /api/publications/removeContributor',
    action: 'publication.manageContributors',
    on: 'publication',
    writes: true,
    request: (w, { people }) => ({
      method: 'DELETE',
      path: `/api/publications/removeContributor?id=${w.publication.id}`,
      body: { authorId: people.contributor.id },
    }),
  },
  {
    route: 'PATCH /api/publications/updateContributor',
    action: 'publication.changeRole',
    on: 'publication',
    writes: true,
    request: (w, { people }) => ({
      method: 'PATCH',
      path: `/api/publications/updateContributor?id=${w.publication.id}`,
      body: { userId: people.contributor.id, userRole: 'publication_editor' },
    }),
  },
  // Collections
  {
    route: 'POST /api/collections/create',
    action: 'publication.manageCollections',
    on: 'publication',
    writes: true,
    request: (w) => ({
      method: 'POST',
      path: '/api/collections/create',
      body: {
        publicationId: w.publication.id,
        name: 'Night Prayers',
        description: 'For the end of the day.',
      },
    }),
  },
  {
    route: 'PATCH /api/collections/{id}',
    action: 'publication.manageCollections',
    on: 'publication',
    writes: true,
    request: (w) => ({
      method: 'PATCH',
      path: `/api/collections/${w.spareCollection.id}`,
      body: { name: 'Late Evening' },
    }),
  },
  {
    route: 'DELETE /api/collections/{id}',
    action: 'publication.manageCollections',
    on: 'publication',
    writes: true,
    // The collection with the world's stories in it: they stay in the publication (decision 020).
    request: (w) => ({ method: 'DELETE', path: `/api/collections/${w.collection.id}` }),
  },
  {
    route: 'GET /api/collections/{id}',
    action: 'publication.read',
    on: 'publication',
    writes: false,
    request: (w) => ({ method: 'GET', path: `/api/collections/${w.collection.id}` }),
  },
  // A publication's stories
  {
    route: 'GET /api/posts/publications/{id}',
    action: 'publication.read',
    on: 'publication',
    writes: false,
    request: (w) => ({ method: 'GET', path: `/api/posts/publications/${w.publication.id}` }),
  },
  {
    route: 'GET /api/posts/publications/{id}',
    variant: '?collectionId',
    action: 'publication.read',
    on: 'publication',
    writes: false,
    request: (w) => ({
      method: 'GET',
      path: `/api/posts/publications/${w.publication.id}?collectionId=${w.collection.id}`,
    }),
  },
  {
    route: 'GET /api/posts/publications/{id}',
    variant: '?forAdmin=true',
    action: 'publication.viewStudio',
    on: 'publication',
    writes: false,
    request: (w) => ({ method: 'GET', path: `/api/posts/publications/${w.publication.id}?forAdmin=true` }),
  },
  {
    route: 'GET /api/publications/stats/by_post',
    action: 'publication.viewStudio',
    on: 'publication',
    writes: false,
    request: (w) => ({
      method: 'GET',
      path: `/api/publications/stats/by_post?id=${w.publication.id}&startDate=${new Date().toISOString().slice(0, 10)}`,
    }),
  },
  // The publication's newsletter (issue 12)
  {
    route: 'GET /api/publications/stats/getNewslettersStats',
    action: 'publication.openAdmin',
    on: 'publication',
    writes: false,
    request: (w) => ({
      method: 'GET',
      path: `/api/publications/stats/getNewslettersStats?id=${w.publication.id}`,
    }),
  },
  {
    route: 'PUT /api/publications/{publicationId}/newsletters/settings',
    action: 'publication.manageNewsletterSettings',
    on: 'publication',
    writes: true,
    request: (w) => ({
      method: 'PUT',
      path: `/api/publications/${w.publication.id}/newsletters/settings`,
      body: { hasNewsletters: true, newsletterDescription: 'Letters for the access test.' },
    }),
  },
  {
    route: 'GET /api/publications/{publicationId}/newsletters/topic',
    action: 'publication.read',
    on: 'publication',
    writes: false,
    request: (w) => ({ method: 'GET', path: `/api/publications/${w.publication.id}/newsletters/topic` }),
  },
  {
    route: 'POST /api/publications/{publicationId}/newsletters/create',
    action: 'newsletter.add',
    on: 'candidate',
    writes: true,
    request: (w) => ({
      method: 'POST',
      path: `/api/publications/${w.publication.id}/newsletters/create`,
      body: { publicationId: w.publication.id, postId: w.published.id },
    }),
  },
  {
    route: 'GET /api/publications/{publicationId}/newsletters',
    action: 'publication.openAdmin',
    on: 'publication',
    writes: false,
    request: (w) => ({ method: 'GET', path: `/api/publications/${w.publication.id}/newsletters` }),
  },
  {
    route: 'GET /api/publications/{publicationId}/newsletters/{newsletterId}',
    action: 'publication.openAdmin',
    on: 'publication',
    writes: false,
    request: (w) => ({
      method: 'GET',
      path: `/api/publications/${w.publication.id}/newsletters/${w.entry.newsletterId}`,
    }),
  },
  {
    route: 'PATCH /api/publications/{publicationId}/newsletters/{newsletterId}',
    action: 'newsletter.schedule',
    on: 'entry',
    writes: true,
    request: (w) => ({
      method: 'PATCH',
      path: `/api/publications/${w.publication.id}/newsletters/${w.entry.newsletterId}`,
      body: { scheduledTime: inADay(), publicationId: w.publication.id, timezone: 'UTC' },
    }),
  },
  {
    route: 'PUT /api/publications/{publicationId}/newsletters/{newsletterId}',
    action: 'newsletter.cancel',
    on: 'scheduledEntry',
    writes: true,
    request: (w) => ({
      method: 'PUT',
      path: `/api/publications/${w.publication.id}/newsletters/${w.scheduledEntry.newsletterId}`,
      body: { newsletterId: w.scheduledEntry.newsletterId, id: w.scheduledEntry.newsletterId },
    }),
  },
  {
    route: 'DELETE /api/publications/{publicationId}/newsletters/{newsletterId}',
    action: 'newsletter.remove',
    on: 'entry',
    writes: true,
    request: (w) => ({
      method: 'DELETE',
      path: `/api/publications/${w.publication.id}/newsletters/${w.entry.newsletterId}`,
      body: { publicationId: w.publication.id, newsletterId: w.entry.newsletterId, postId: w.scheduled.id },
    }),
  },
  ...(['pending', 'scheduled', 'published'] as const).map((queue): Endpoint => ({
    route: `GET /api/posts/publications/{id}/posts/${queue}`,
    action: 'publication.openStudio',
    on: 'publication',
    writes: false,
    request: (w) => ({ method: 'GET', path: `/api/posts/publications/${w.publication.id}/posts/${queue}` }),
  })),
  // The review desk: state changes of a story inside the publication
  ...(
    [
      ['approve_post', 'story.approve', 'pending', undefined],
      ['reject_post', 'story.reject', 'pending', { reason: 'Please keep to one thought.' }],
      ['publish_post', 'story.publish', 'pending', undefined],
      ['schedule_post', 'story.schedule', 'pending', 'scheduledTime'],
      ['cancel_schedule_post', 'story.cancelSchedule', 'scheduled', undefined],
      ['unpublish_post', 'story.unpublish', 'published', undefined],
    ] as const
  ).map(([name, action, on, body]): Endpoint => ({
    route: `PATCH /api/posts/manage_posts/${name}/{id}`,
    action,
    on,
    writes: true,
    request: (w) => ({
      method: 'PATCH',
      path: `/api/posts/manage_posts/${name}/${w[on].id}`,
      body: body === 'scheduledTime' ? { scheduledTime: inADay() } : body,
    }),
  })),
];

/** The routes this test must cover: every one under these prefixes in the OpenAPI document. */
const COVERED_PREFIXES = ['/api/publications', '/api/collections', '/api/posts/publications'];
/** Under those prefixes but about no one publication: the home page's curated set (tests/api/curation.api.test.ts). */
const NOT_ABOUT_ONE_PUBLICATION = new Set([
  'GET /api/publications/top_publications/{languageCode}/{countryCode}',
  // Site staff's curation (issue 13): generated from the policy in tests/api/staff-access.api.test.ts.
  'PUT /api/publications/top_publications/{languageCode}/{countryCode}',
  'GET /api/publications/publication_devotion/{id}',
  'PUT /api/publications/publication_devotion/{id}',
  'GET /api/publications/publication_trending/{id}',
  'PUT /api/publications/publication_trending/{id}',
  // Responses on or off for a whole publication (issue 25): generated from the policy in
  // tests/api/responses-access.api.test.ts.
  'GET /api/publications/{id}/responses/settings',
  'PUT /api/publications/{id}/responses/settings',
]);

type Finding = { endpoint: string; actor: ActorName; expected: string; got: string };
const tally = { cases: 0, allowed: 0, refused: 0 };
const unexpectedSuccesses: Finding[] = [];
const findings: Finding[] = [];

let db: Db;
let people: People;
let image: string;
let shared: World;

const label = (e: Endpoint) => `${e.route}${e.variant ?? ''}`;

function resourceOf(
  e: Endpoint,
  world: World,
): PublicationResource | StoryResource | NewsletterEntryResource | NewsletterCandidate | undefined {
  if (e.on === 'none') return undefined;
  if (e.on === 'publication') return { id: world.publication.id };
  if (e.on === 'entry' || e.on === 'scheduledEntry') {
    const entry = world[e.on];
    return { publicationId: entry.publicationId, status: entry.status, scheduledTime: entry.scheduledTime };
  }
  if (e.on === 'candidate') {
    // The world's published story: in this publication (which has newsletters), in no newsletter yet.
    return {
      publicationId: world.publication.id,
      hasNewsletters: true,
      story: { ...storyResourceOf(world.published), isInNewsletter: false },
    };
  }
  return storyResourceOf(world[e.on]);
}

/** One endpoint × one actor: the policy's answer, the API's answer, and what changed. */
async function runCase(e: Endpoint, actor: ActorName): Promise<void> {
  const world = e.writes ? await createWorld(db, people) : shared;
  // `as never`: the table mixes actions, so TypeScript cannot pair each with its resource type.
  const allowed = can(policyActor(people, actor), e.action, resourceOf(e, world) as never, {
    publicationRole: publicationRoleOf(actor),
  });
  // Taken when the call must leave the rows as they were (refused) or must change them (an allowed write).
  const before = !allowed || e.writes ? await snapshot(db, world) : '';
  const { method, path, body } = e.request(world, { people, image });
  const res = await call(method, path, { as: people[actor].user?.id, body });
  const code: string | undefined = res.json?.error?.code;
  const got = `${res.status}${code ? ` ${code}: ${res.json.error.message}` : ''}`;
  const note = (expected: string) => findings.push({ endpoint: label(e), actor, expected, got });
  tally.cases++;
  const succeeded = res.status >= 200 && res.status < 300;
  if (allowed) {
    tally.allowed++;
    if (!succeeded) note('2xx (allowed by the policy)');
    // A write that answers 2xx did something: a success that changes nothing is no success.
    else if (e.writes && (await snapshot(db, world)) === before) note('a change (allowed write)');
    return;
  }
  tally.refused++;
  if (succeeded) {
    unexpectedSuccesses.push({ endpoint: label(e), actor, expected: '401/403/404', got });
    note('401/403/404 (refused by the policy)');
    return;
  }
  if (![401, 403, 404].includes(res.status) || code === 'route_not_found' || !res.json?.error?.message) {
    note('401/403/404 with the error shape (refused by the policy)');
  }
  if ((await snapshot(db, world)) !== before) note('nothing changed (refused by the policy)');
}

const print = (list: Finding[]) =>
  list.map((f) => `${f.endpoint} as ${f.actor}: expected ${f.expected}, got ${f.got}`).join('\n');

describe('publications access control, generated from the policy (issue 10)', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    people = await createPeople(db);
    image = await storeTestImage();
    shared = await createWorld(db, people);
  });

  it('covers every publication, collection and publication-stories route of the API', async () => {
    const doc = await call('GET', '/api/openapi.json');
    const routes = Object.entries(doc.json.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) =>
        Object.keys(methods)
          .filter(() => COVERED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
          .map((method) => `${method.toUpperCase()} ${path.replace(/\/$/, '')}`),
    );
    const tested = new Set(ENDPOINTS.map((e) => e.route));
    expect(routes.filter((r) => !tested.has(r) && !NOT_ABOUT_ONE_PUBLICATION.has(r))).toEqual([]);
  });

  it.each(ENDPOINTS.map((e) => [label(e), e] as const))('%s', async (_, endpoint) => {
    const before = findings.length;
    for (const actor of ACTOR_NAMES) await runCase(endpoint, actor);
    const mine = findings.slice(before);
    expect(mine, print(mine)).toEqual([]);
  });

  it('0 unexpected successes over every endpoint × actor', () => {
    expect(tally.cases).toBe(ENDPOINTS.length * ACTOR_NAMES.length);
    expect(tally.allowed).toBeGreaterThan(0);
    expect(tally.refused).toBeGreaterThan(0);
    expect(unexpectedSuccesses, print(unexpectedSuccesses)).toEqual([]);
  });
});
