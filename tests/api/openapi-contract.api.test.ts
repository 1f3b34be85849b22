import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { createGenerator } from 'json-schema-faker';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import {
  clickToken,
  confirmToken,
  manageToken,
  openToken,
  unsubscribeToken,
} from '../../src/server/modules/newsletters/newsletters-tokens';
import { digestOffToken } from '../../src/server/modules/notifications/notifications-tokens';
import {
  addPostToList,
  addPublicationMember,
  createList,
  createNewsletterEntry,
  createPost,
  createPublication,
  createSubscription,
  createSubtopic,
  createTopic,
  createUser,
} from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// The OpenAPI document is the contract (docs/decisions/028-openapi-contract.md): a client generated
// from /api/openapi.json, sending what the document allows, is never refused with a 400, and every
// answer it gets is one the document declares, in the declared shape. For every operation the
// document lists, examples are generated from its schemas by json-schema-faker (seeded), with ids
// that must name something resolved to a small real world; they are sent as an actor entitled to
// the call (a site admin who owns the world), and anonymously: a signed-in operation answers 401
// whatever the input. Every body is validated against the document with Ajv.

type Schema = Record<string, any>;
type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: Schema };
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }>; required?: boolean };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Endpoint = { method: string; path: string; operation: Operation };
type Answer = { status: number; json: any; text: string; headers: Headers };

/** Examples generated per operation and actor. */
const EXAMPLES = 3;

/**
 * The one operation whose example cannot be generated: its body is an image's bytes, and its path
 * and query carry an HMAC signature over the key, the expiry and the uploader — tests/api/images
 * covers it with a URL from GET /api/images/get_presigned_url.
 */
const EXCLUDED = new Set([
  'PUT /api/images/upload/{key}',
  // Multipart uploads of export files streamed to disk: tests/api/imports*.api.test.ts send real ones.
  'POST /api/imports',
  'POST /api/imports/subscribers',
]);

/** The people and things the examples' ids name; made afresh for every operation. */
type World = Awaited<ReturnType<typeof makeWorld>>;

async function makeWorld(db: Db) {
  const admin = await createUser(db, { name: 'Contract Admin', roles: ['admin'] });
  const other = await createUser(db, { name: 'Contract Other' });
  const contributor = await createUser(db, { name: 'Contract Contributor' });
  const publication = await createPublication(db, { owner: admin });
  await addPublicationMember(db, { publication, user: contributor, role: 'publication_author' });
  const story = await createPost(db, { author: admin, publication, tags: ['contract'] });
  const list = await createList(db, { owner: admin, privacyStatus: 'public' });
  await addPostToList(db, { list, post: story });
  const subtopic = await createSubtopic(db, { posts: [story] });
  const topic = await createTopic(db, { publication });
  const active = await createSubscription(db, { topic, status: 'active' });
  const pending = await createSubscription(db, { topic, status: 'pending' });
  const entry = await createNewsletterEntry(db, { publication, post: story });
  const link = 'https://example.com/read-more';
  return {
    admin,
    other,
    contributor,
    publication,
    story,
    list,
    subtopic,
    topic,
    active,
    pending,
    entry,
    link,
  };
}

/** The real value for an id-like parameter or body field of `endpoint`, else undefined (keep the example's). */
function realValue(world: World, endpoint: Endpoint, name: string): unknown {
  const { path } = endpoint;
  const byPath = (pairs: [RegExp, unknown][]) => pairs.find(([pattern]) => pattern.test(path))?.[1];
  switch (name) {
    case 'id':
      return byPath([
        [/^\/api\/posts\/publications\//, world.publication.id],
        [/^\/api\/posts\/user_posts\//, world.admin.id],
        [/^\/api\/posts\/get_posts_by_list_id/, world.list.id],
        [/^\/api\/posts\//, world.story.id],
        [/^\/api\/lists\//, world.list.id],
        [/^\/api\/users\/ban_user\//, world.other.id],
        [/^\/api\/users\//, world.admin.id],
        [/^\/api\/publications\//, world.publication.id],
        [/^\/api\/collections\//, world.publication.collection.id],
        [/^\/api\/subtopics\//, world.subtopic.id],
      ]);
    case 'user_id':
    case 'authorId':
      return world.admin.id;
    case 'userId':
      return byPath([
        [/Contributor/, world.contributor.id],
        [/^\/api\/users\/site_roles\//, world.other.id],
        [/./, world.admin.id],
      ]);
    case 'postId':
      return world.story.id;
    case 'subtopicId':
      return world.subtopic.id;
    case 'postIds':
      return [world.story.id];
    case 'posts':
      return path.startsWith('/api/subtopics/') ? [world.story.id] : undefined;
    case 'listId':
      return world.list.id;
    case 'publicationId':
      return world.publication.id;
    case 'collectionId':
      return world.publication.collection.id;
    case 'newsletterId':
      return world.entry.newsletterId;
    case 'slug':
    case 'tag_slug':
      return 'contract';
    case 'subdomain':
      return world.publication.subdomain;
    case 'topic':
      return world.topic.slug;
    case 'osis':
      return 'John.3.16';
    case 'ids':
      return byPath([
        [/^\/api\/posts\//, [world.story.id]],
        [/^\/api\/publications\//, [world.publication.id]],
        [/^\/api\/tags\//, ['contract']],
        [/^\/api\/users\//, [world.admin.id]],
      ]);
    case 'token':
      return byPath([
        [/confirm/, confirmToken(world.pending.id, world.pending.confirmToken)],
        [/\/notifications\/digest\/unsubscribe/, digestOffToken(world.admin.id)],
        [/unsubscribe/, unsubscribeToken(world.active.id, null)],
        [/manage/, manageToken(world.active.email)],
        [/open/, openToken(world.entry.newsletterId, world.active.id)],
      ]);
    case 't':
      return path.endsWith('/click')
        ? clickToken(world.entry.newsletterId, world.active.id, world.link)
        : undefined;
    case 'u':
      return path.endsWith('/click') ? world.link : undefined;
    default:
      return undefined;
  }
}

/** The schema with every local $ref replaced by what it names (the document has no cycles). */
function resolve(schema: unknown, components: Record<string, Schema>): any {
  if (Array.isArray(schema)) return schema.map((item) => resolve(item, components));
  if (!schema || typeof schema !== 'object') return schema;
  const { $ref, ...rest } = schema as Schema;
  if (typeof $ref === 'string') {
    return resolve({ ...components[$ref.replace('#/components/schemas/', '')], ...rest }, components);
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, resolve(value, components)]));
}

const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
const needsSession = (operation: Operation) =>
  (operation.security ?? []).length > 0 &&
  operation.security!.every((requirement) => Object.keys(requirement).length > 0);

describe('the OpenAPI document is the contract', () => {
  let db: Db;
  let document: {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Schema> };
  };
  let endpoints: Endpoint[];
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    const served = await call('GET', '/api/openapi.json');
    expect(served.status).toBe(200);
    document = served.json;
    endpoints = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation: resolve(operation, document.components.schemas) as Operation,
      })),
    );
  });

  /** Checks that `answer` is one the operation declares, and that its JSON body has the declared shape. */
  function expectDeclared(endpoint: Endpoint, answer: Answer, what: string) {
    const declared = endpoint.operation.responses[String(answer.status)];
    expect(
      declared,
      `${what}: status ${answer.status} is not declared (${answer.text.slice(0, 300)})`,
    ).toBeDefined();
    const schema = declared!.content?.['application/json']?.schema;
    if (!schema) return;
    const validate = ajv.compile(schema);
    const valid = validate(answer.json);
    expect(
      valid,
      `${what}: the ${answer.status} body does not match its schema: ${ajv.errorsText(validate.errors)} in ${answer.text.slice(0, 300)}`,
    ).toBe(true);
  }

  /** One example request of the endpoint, made from the document and resolved against the world. */
  async function example(endpoint: Endpoint, world: World, seed: number) {
    const generator = createGenerator({ seed, optionalsProbability: 0.5, maxItems: 3, maxLength: 60 });
    const parameters = endpoint.operation.parameters ?? [];
    const valueOf = async (parameter: Parameter) =>
      realValue(world, endpoint, parameter.name) ?? (await generator.generate(parameter.schema));
    let url = endpoint.path;
    for (const parameter of parameters.filter((p) => p.in === 'path')) {
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(await valueOf(parameter))));
    }
    const query = new URLSearchParams();
    for (const parameter of parameters.filter((p) => p.in === 'query')) {
      const real = realValue(world, endpoint, parameter.name);
      if (!parameter.required && real === undefined && seed % 2 === 0) continue; // optional: sometimes left out
      query.set(parameter.name, String(real ?? (await generator.generate(parameter.schema))));
    }
    const jsonSchema = endpoint.operation.requestBody?.content['application/json']?.schema;
    const formSchema = endpoint.operation.requestBody?.content['application/x-www-form-urlencoded']?.schema;
    const withRealIds = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(withRealIds);
      if (!value || typeof value !== 'object') return value;
      return Object.fromEntries(
        // A null id is a client's "none" (no publication, no collection): kept, not made real.
        Object.entries(value).map(([key, field]) => [
          key,
          field === null ? null : (realValue(world, endpoint, key) ?? withRealIds(field)),
        ]),
      );
    };
    const body = jsonSchema ? withRealIds(await generator.generate(jsonSchema)) : undefined;
    const form = formSchema
      ? new URLSearchParams(
          Object.entries(withRealIds(await generator.generate(formSchema)) as Record<string, unknown>).map(
            ([key, value]) => [key, String(value)],
          ),
        ).toString()
      : undefined;
    return {
      url: query.size ? `${url}?${query}` : url,
      body,
      ...(form !== undefined && {
        rawBody: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    };
  }

  it('lists every operation, each saying who may call it', () => {
    expect(endpoints.length).toBeGreaterThan(100);
    for (const endpoint of endpoints) {
      expect(endpoint.operation.security, label(endpoint)).toBeDefined();
      expect(Object.keys(endpoint.operation.responses), label(endpoint)).toContain('400');
      expect(Object.keys(endpoint.operation.responses), label(endpoint)).toContain('500');
    }
  });

  it('states the cursor as a component a generator can satisfy', () => {
    const cursor = document.components.schemas.Cursor!;
    expect(cursor.pattern).toBeTruthy();
    expect(
      new RegExp(cursor.pattern).test(JSON.stringify({ t: 1735689600000, id: 'V1StGXR8_Z5jdHi6B-myT' })),
    ).toBe(true);
  });

  it('an entitled caller sending examples generated from the document is never refused with a 400', async () => {
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      if (EXCLUDED.has(label(endpoint))) continue;
      const world = await makeWorld(db);
      for (let seed = 1; seed <= EXAMPLES; seed++) {
        const request = await example(endpoint, world, seed);
        const answer = await call(endpoint.method, request.url, { ...request, as: world.admin.id });
        const what = `${label(endpoint)} as the site admin who owns it, ${request.url} ${JSON.stringify(request.body ?? request.rawBody ?? null).slice(0, 300)}`;
        // A success, or what an existing world can still answer: gone (404), conflicting (409), a
        // rule the operation states in words, such as one of the clock (422), rate limited (429).
        // Never 400: that is for inputs the document's keywords rule out.
        if (!(answer.status < 300 || [302, 303, 404, 409, 422, 429].includes(answer.status))) {
          failures.push(`${what} → ${answer.status} ${answer.text.slice(0, 300)}`);
          continue;
        }
        try {
          expectDeclared(endpoint, answer, what);
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('anonymous calls: a signed-in operation answers 401 before it looks at the input; the others as declared', async () => {
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      if (EXCLUDED.has(label(endpoint))) continue;
      const world = await makeWorld(db);
      const session = needsSession(endpoint.operation);
      for (let seed = 1; seed <= EXAMPLES; seed++) {
        const request = await example(endpoint, world, seed);
        const answer = await call(endpoint.method, request.url, request);
        const what = `${label(endpoint)} anonymously, ${request.url}`;
        if (session && answer.status !== 401) failures.push(`${what} → ${answer.status}, not 401`);
        try {
          expectDeclared(endpoint, answer, what);
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
      if (!session) continue;
      // Nothing of the input is looked at: junk parameters and a body that breaks every rule still get 401.
      const junkUrl = endpoint.path.replace(/\{\w+\}/g, 'not%20an%20id');
      const junk = await call(endpoint.method, `${junkUrl}?limit=-1&lastKey=%7B`, {
        ...(endpoint.operation.requestBody && { body: { '': ['\u0000'.repeat(3)], ids: 5 } }),
      });
      if (junk.status !== 401)
        failures.push(`${label(endpoint)} anonymously with junk → ${junk.status}, not 401`);
      else expectDeclared(endpoint, junk, `${label(endpoint)} anonymously with junk`);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
