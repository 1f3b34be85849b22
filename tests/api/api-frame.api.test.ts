import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/api/app';
import { createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// The frame every endpoint shares (DESIGN §8 errors, §9 same-origin and sessions), checked on the
// app's real route table: a route added tomorrow is covered without touching this file.

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};
type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Endpoint = { method: string; path: string; operation: Operation };

const app = createApp();
const document = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Lamplight', version: '1' } });
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The two routes that describe the API itself, not in the document they serve. */
const SELF_DESCRIBING = new Set(['GET /api/openapi.json', 'GET /api/docs']);

/** Every method and path the app registers (Hono's table, middleware excluded), as in the document. */
const registered = [
  ...new Set(
    app.routes
      .filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`),
  ),
];
const documented = Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
  Object.entries(operations as Record<string, Operation>).map(([method, operation]): Endpoint => ({
    method: method.toUpperCase(),
    path,
    operation,
  })),
);
const endpoints = registered
  .filter((key) => !SELF_DESCRIBING.has(key))
  .map((key) => documented.find(({ method, path }) => `${method} ${path}` === key)!)
  .filter(Boolean);

/** Strings that satisfy the id, key and signature patterns the API's schemas use. */
const PATTERN_SAMPLES = ['A'.repeat(21), `${'a'.repeat(32)}.png`, 'f'.repeat(64), 'en', 'sample'];

/**
 * Values for fields whose rule is a refinement the OpenAPI document cannot state (an address that
 * must be an e-mail, a language stories are written in), and a publication id the body repeats from
 * the path: the same value wherever the name occurs in one call.
 */
const NAMED_SAMPLES: Record<string, string> = {
  email: 'reader@example.com',
  languageCode: 'en',
  publicationId: randomUUID(),
};

/** A smallest value the schema accepts: required fields only, the first enum member, a fresh uuid. */
function sample(schema: JsonSchema, name?: string): unknown {
  if (name && name in NAMED_SAMPLES) return NAMED_SAMPLES[name];
  if (schema.enum) return schema.enum[0];
  const type = [schema.type ?? 'object'].flat().find((t) => t !== 'null');
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.pattern) return PATTERN_SAMPLES.find((text) => new RegExp(schema.pattern!).test(text));
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    default:
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, sample(schema.properties![name]!, name)]),
      );
  }
}

/** A call to the endpoint that passes its validation, with `junk` in place of its path parameters. */
function request(endpoint: Endpoint, { junk }: { junk?: string } = {}) {
  const parameters = endpoint.operation.parameters ?? [];
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = parameters.find((p) => p.in === 'path' && p.name === name)!;
    return encodeURIComponent(junk ?? String(sample(parameter.schema, name)));
  });
  const query = new URLSearchParams(
    parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => [p.name, String(sample(p.schema, p.name))]),
  );
  const content = endpoint.operation.requestBody?.content ?? {};
  const jsonBody = content['application/json'];
  return {
    url: query.size ? `${path}?${query}` : path,
    body: jsonBody ? sample(jsonBody.schema) : undefined,
    // The one raw body: an image upload's bytes.
    rawBody: content['image/png'] ? new Uint8Array([0x89, 0x50, 0x4e, 0x47]) : undefined,
    headers: content['image/png'] ? { 'content-type': 'image/png' } : undefined,
  };
}

/** DESIGN §8: `{ error: { code, message, detail? } }` and nothing else. */
function expectErrorShape(res: { status: number; json: any }, status?: number, code?: string) {
  if (status) expect(res.status).toBe(status);
  expect(res.json).toEqual({
    error: {
      code: code ?? expect.any(String),
      message: expect.any(String),
      ...(res.json?.error?.detail === undefined ? {} : { detail: expect.any(String) }),
    },
  });
}

const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
const mutating = endpoints.filter((endpoint) => MUTATING.has(endpoint.method));
/**
 * Writes a visitor makes without an account: the page-view beacon (SPEC §9 counts guests too),
 * signing up (decision 028-sign-up-by-mail), and subscribing and the mail's own links, whose signed
 * token stands in for a session (decision 024).
 */
const OPEN_TO_VISITORS = new Set([
  'POST /api/stats/view',
  'POST /api/users/signup',
  'PUT /api/subscribe',
  'POST /api/subscriptions/confirm',
  'POST /api/subscriptions/confirm/form',
  'POST /api/subscriptions/unsubscribe',
  'POST /api/subscriptions/manage/leave',
  // A reading plan is started by e-mail with double opt-in, signed in or not (decision 050).
  'POST /api/plans/{id}/start',
  // The notifications digest's one-click unsubscribe: its signed token names the reader (decision 055).
  'POST /api/notifications/digest/unsubscribe',
]);
/**
 * RFC 8058's one-click unsubscribe is POSTed by mail providers from their own servers: exempt from
 * the same-origin check by design (decision 024); its token alone decides.
 */
const CROSS_SITE_BY_DESIGN = new Set([
  'POST /api/subscriptions/unsubscribe',
  'POST /api/notifications/digest/unsubscribe',
]);
const withCheckedPathParameters = endpoints.filter((endpoint) =>
  (endpoint.operation.parameters ?? []).some(
    (p) => p.in === 'path' && (p.schema.format === 'uuid' || p.schema.pattern),
  ),
);
const withJsonBody = endpoints.filter(
  (endpoint) => endpoint.operation.requestBody?.content['application/json'],
);

describe('the API frame', () => {
  let userId: string;
  beforeAll(async () => {
    const { db } = await useTestDatabase();
    userId = (await createUser(db, { name: 'Frame Tester' })).id;
  });

  it('an unknown /api route answers 404 route_not_found', async () => {
    const res = await call('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      error: { code: 'route_not_found', message: 'No such API route', detail: '/api/nope' },
    });
  });

  it('documents every route it serves, and serves every route it documents', () => {
    expect(endpoints.length).toBeGreaterThan(20);
    expect(registered.filter((key) => !SELF_DESCRIBING.has(key)).sort()).toEqual(
      documented.map(label).sort(),
    );
  });

  it.each(
    mutating
      .filter((endpoint) => !CROSS_SITE_BY_DESIGN.has(label(endpoint)))
      .map((endpoint) => [label(endpoint), endpoint] as const),
  )('%s from another origin is refused with 403, signed in or not', async (_, endpoint) => {
    const { url, ...input } = request(endpoint);
    const crossOrigin = await call(endpoint.method, url, {
      ...input,
      as: userId,
      origin: 'https://evil.example',
    });
    expectErrorShape(crossOrigin, 403, 'forbidden');
    const crossSite = await call(endpoint.method, url, {
      ...input,
      as: userId,
      origin: null,
      headers: { ...input.headers, 'sec-fetch-site': 'cross-site' },
    });
    expectErrorShape(crossSite, 403, 'forbidden');
    const opaque = await call(endpoint.method, url, { ...input, origin: 'null' });
    expectErrorShape(opaque, 403, 'forbidden');
  });

  it.each(
    mutating
      .filter((endpoint) => !OPEN_TO_VISITORS.has(label(endpoint)))
      .map((endpoint) => [label(endpoint), endpoint] as const),
  )('%s without a session is refused: 401, or 404 when its target does not exist', async (_, endpoint) => {
    const { url, ...input } = request(endpoint);
    const res = await call(endpoint.method, url, input);
    expect([401, 404], JSON.stringify(res.json)).toContain(res.status);
    expectErrorShape(res, res.status, res.status === 401 ? 'unauthorized' : 'not_found');
  });

  it.each(endpoints.map((endpoint) => [label(endpoint), endpoint] as const))(
    '%s answers a well-formed call signed in with its result or a DESIGN §8 error, never a 500',
    async (_, endpoint) => {
      const { url, ...input } = request(endpoint);
      const res = await call(endpoint.method, url, { ...input, as: userId });
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) expectErrorShape(res);
    },
  );

  it.each(withCheckedPathParameters.map((endpoint) => [label(endpoint), endpoint] as const))(
    '%s with a malformed path parameter answers 400 validation_failed',
    async (_, endpoint) => {
      const { url, ...input } = request(endpoint, { junk: 'not an id' });
      expectErrorShape(await call(endpoint.method, url, { ...input, as: userId }), 400, 'validation_failed');
    },
  );

  it.each(withJsonBody.map((endpoint) => [label(endpoint), endpoint] as const))(
    '%s with a body that is not JSON answers 400',
    async (_, endpoint) => {
      const { url } = request(endpoint);
      expectErrorShape(await call(endpoint.method, url, { as: userId, rawBody: '{"title": ' }), 400);
    },
  );

  it('a one-click unsubscribe from a mail provider reaches its token check, whatever its origin', async () => {
    const res = await call('POST', '/api/subscriptions/unsubscribe?token=forged', {
      origin: 'https://mail.example',
      headers: { 'sec-fetch-site': 'cross-site' },
      rawBody: 'List-Unsubscribe=One-Click',
    });
    expectErrorShape(res, 400, 'bad_request');
  });

  it('a mutating call from another origin changes nothing', async () => {
    const res = await call('PATCH', `/api/users/${userId}`, {
      as: userId,
      origin: 'https://evil.example',
      body: { name: 'Pwned' },
    });
    expectErrorShape(res, 403, 'forbidden');
    expect((await call('GET', `/api/users/${userId}`)).json.name).toBe('Frame Tester');
  });

  it('a same-origin mutating call goes through', async () => {
    const res = await call('PATCH', `/api/users/${userId}`, {
      as: userId,
      headers: { 'sec-fetch-site': 'same-origin' },
      body: { name: 'Frame Tester' },
    });
    expect(res.status).toBe(200);
  });

  it('a body over the size limit answers 413', async () => {
    const res = await call('PATCH', `/api/users/${userId}`, {
      as: userId,
      rawBody: JSON.stringify({ description: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectErrorShape(res, 413, 'payload_too_large');
  });

  it('serves the OpenAPI document and a reference page listing every endpoint', async () => {
    const res = await call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.paths).toEqual(document.paths);
    const docs = await call('GET', '/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toContain('text/html');
    for (const path of Object.keys(document.paths ?? {})) expect(docs.text).toContain(path);
  });
});
