import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { newUuid } from '../../src/server/lib/ids';
import { createUser, type CreateUserInput } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

let db: Db;
const makeUser = (input: CreateUserInput = {}) => createUser(db, { subdomain: null, showOnboarding: true, ...input });

describe('users API', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('GET /api/users/{id} answers the public profile', async () => {
    const user = await makeUser();
    const res = await call('GET', `/api/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: user.id,
      name: user.name,
      image: null,
      description: '',
      subdomain: null,
      showOnboarding: true,
      preferLanguageCode: 'en',
      status: 'active',
    });
    expect(res.json).not.toHaveProperty('email');
  });

  it('GET an unknown or malformed id answers 404 / 400 in the error shape', async () => {
    const missing = await call('GET', `/api/users/${newUuid()}`);
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('not_found');
    const malformed = await call('GET', '/api/users/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatchObject({ code: 'validation_failed', message: 'Invalid input' });
    expect(malformed.json.error.detail).toContain('id');
  });

  it('hides a banned user from everyone but site admins', async () => {
    const banned = await makeUser({ status: 'banned' });
    const admin = await makeUser({ roles: ['admin'] });
    expect((await call('GET', `/api/users/${banned.id}`)).status).toBe(404);
    expect((await call('GET', `/api/users/${banned.id}`, { as: admin.id })).status).toBe(200);
  });

  it('PATCH lets the user update their own profile and ignores other fields', async () => {
    const user = await makeUser();
    const res = await call('PATCH', `/api/users/${user.id}`, {
      as: user.id,
      body: {
        id: user.id,
        name: '  Grace Hopper ',
        description: 'Writes about hope.',
        image: '/uploads/avatar.webp',
        subdomain: 'Grace-Notes',
        showOnboarding: false,
        preferLanguageCode: 'zh',
        roles: ['admin'],
        status: 'active',
        email: 'evil@example.test',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: 'Grace Hopper',
      description: 'Writes about hope.',
      image: '/uploads/avatar.webp',
      subdomain: 'grace-notes',
      showOnboarding: false,
      preferLanguageCode: 'zh',
    });
    // roles and e-mail are not the profile's to change: an admin-only call still refuses this user
    const again = await call('GET', `/api/users/${user.id}`);
    expect(again.json.name).toBe('Grace Hopper');
    const { findUserById } = await import('../../src/server/modules/users/users.repository');
    const row = await findUserById(user.id);
    expect(row?.roles).toEqual([]);
    expect(row?.email).toBe(user.email);
  });

  it('PATCH refuses anonymous callers (401) and other users (403), changing nothing', async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const anonymous = await call('PATCH', `/api/users/${owner.id}`, { body: { name: 'Hacked' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe('unauthorized');
    const stranger = await call('PATCH', `/api/users/${owner.id}`, { as: other.id, body: { name: 'Hacked' } });
    expect(stranger.status).toBe(403);
    expect((await call('GET', `/api/users/${owner.id}`)).json.name).toBe(owner.name);
  });

  it('a banned user’s session stops working at once', async () => {
    const user = await makeUser({ status: 'banned' });
    const res = await call('PATCH', `/api/users/${user.id}`, { as: user.id, body: { name: 'Still here' } });
    expect(res.status).toBe(401);
  });

  it('PATCH answers 400 for wrong types, over-long strings, bad subdomains and malformed JSON', async () => {
    const user = await makeUser();
    const cases: Array<[unknown, string]> = [
      [{ name: 42 }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ description: 'x'.repeat(501) }, 'description'],
      [{ showOnboarding: 'yes' }, 'showOnboarding'],
      [{ image: 'javascript:alert(1)' }, 'image'],
      [{ subdomain: 'abc' }, 'at least 4'],
      [{ subdomain: 'admin' }, 'reserved'],
      [{ subdomain: 'no spaces!' }, 'lower-case'],
      [{ id: newUuid() }, 'id'],
    ];
    for (const [body, hint] of cases) {
      const res = await call('PATCH', `/api/users/${user.id}`, { as: user.id, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
      expect(res.json.error.detail).toContain(hint);
    }
    const malformed = await call('PATCH', `/api/users/${user.id}`, { as: user.id, rawBody: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('bad_request');
    expect((await call('GET', `/api/users/${user.id}`)).json.name).toBe(user.name);
  });

  it('two users racing for one subdomain: exactly one gets it, the other a 409', async () => {
    const [a, b] = [await makeUser(), await makeUser()];
    const results = await Promise.all(
      [a, b].map((u) => call('PATCH', `/api/users/${u.id}`, { as: u.id, body: { subdomain: 'morning-light' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.json.error).toMatchObject({ code: 'conflict', message: 'This subdomain is already taken.' });
  });

  it('changing a subdomain frees the old one', async () => {
    const user = await makeUser();
    await call('PATCH', `/api/users/${user.id}`, { as: user.id, body: { subdomain: 'first-handle' } });
    await call('PATCH', `/api/users/${user.id}`, { as: user.id, body: { subdomain: 'second-handle' } });
    expect((await call('GET', '/api/subdomains/first-handle')).status).toBe(404);
    expect((await call('GET', '/api/subdomains/second-handle')).status).toBe(200);
  });
});

describe('subdomains API', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('answers 200 for taken or reserved subdomains and 404 for free ones', async () => {
    await makeUser({ subdomain: 'taken-one' });
    expect((await call('GET', '/api/subdomains/taken-one')).status).toBe(200);
    expect((await call('GET', '/api/subdomains/TAKEN-ONE')).status).toBe(200);
    expect((await call('GET', '/api/subdomains/stories')).status).toBe(200);
    expect((await call('GET', '/api/subdomains/daily-newsletter')).status).toBe(200);
    const free = await call('GET', '/api/subdomains/free-as-a-bird');
    expect(free.status).toBe(404);
    expect(free.json.error.code).toBe('not_found');
  });
});
