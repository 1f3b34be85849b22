import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

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

  it('a mutating call from another origin is refused with 403, and nothing changes', async () => {
    const res = await call('PATCH', `/api/users/${userId}`, {
      as: userId,
      origin: 'https://evil.example',
      body: { name: 'Pwned' },
    });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('forbidden');
    const sameSite = await call('PATCH', `/api/users/${userId}`, {
      as: userId,
      origin: null,
      headers: { 'sec-fetch-site': 'cross-site' },
      body: { name: 'Pwned' },
    });
    expect(sameSite.status).toBe(403);
    const nullOrigin = await call('PATCH', `/api/users/${userId}`, {
      as: userId,
      origin: 'null',
      body: { name: 'Pwned' },
    });
    expect(nullOrigin.status).toBe(403);
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
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('payload_too_large');
  });

  it('serves the OpenAPI document listing every endpoint, and a reference page', async () => {
    const res = await call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const paths = Object.keys(res.json.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/users/{id}',
        '/api/subdomains/{subdomain}',
        '/api/publications/getPublicationsByUserId',
      ]),
    );
    expect(Object.keys(res.json.paths['/api/users/{id}'])).toEqual(expect.arrayContaining(['get', 'patch']));
    const docs = await call('GET', '/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('/api/users/{id}');
    expect(docs.headers.get('content-type')).toContain('text/html');
  });
});
