import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { newUuid } from '../../src/server/lib/ids';
import { createUser, type CreateUserInput } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

let db: Db;
const makeUser = (input: CreateUserInput = {}) =>
  createUser(db, { subdomain: null, showOnboarding: true, ...input });

/** A photo uploaded through the local driver, as the profile form does; returns its fileUrl. */
async function uploadPhoto(userId: string): Promise<string> {
  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c86' } })
    .png()
    .toBuffer();
  const target = await call(
    'GET',
    `/api/images/get_presigned_url?fileExtension=png&fileSize=${png.byteLength}`,
    { as: userId },
  );
  expect(target.status).toBe(200);
  const put = await call('PUT', target.json.preSignedUrl, {
    as: userId,
    rawBody: png,
    headers: { 'content-type': 'image/png' },
  });
  expect(put.status).toBe(200);
  return target.json.fileUrl as string;
}

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
    const photo = await uploadPhoto(user.id);
    const res = await call('PATCH', `/api/users/${user.id}`, {
      as: user.id,
      body: {
        id: user.id,
        name: '  Grace Hopper ',
        description: 'Writes about hope.',
        image: photo,
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
      image: photo,
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
    const stranger = await call('PATCH', `/api/users/${owner.id}`, {
      as: other.id,
      body: { name: 'Hacked' },
    });
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
      [a, b].map((u) =>
        call('PATCH', `/api/users/${u.id}`, { as: u.id, body: { subdomain: 'morning-light' } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.json.error).toMatchObject({ code: 'conflict', message: 'This subdomain is already taken.' });
  });

  it('PATCH accepts only images this platform issued (or the one the user already has), storing nothing otherwise', async () => {
    const user = await makeUser({ image: 'https://lh3.googleusercontent.com/a/from-google-sign-in' });
    const other = await makeUser();
    const othersPhoto = await uploadPhoto(other.id);
    const refused: Array<[string, number]> = [
      // Well-formed addresses of no upload name nothing: 404 (decision 028); malformed ones: 400.
      ['https://evil.example/avatar.png', 404],
      ['http://localhost:3000/uploads/0123456789abcdef0123456789abcdef.webp', 404],
      ['/uploads/0123456789abcdef0123456789abcdef.webp', 404], // well-formed, never uploaded
      ['/uploads/../secrets.webp', 400],
      ['/uploads/avatar.webp', 400],
    ];
    for (const [image, status] of refused) {
      const res = await call('PATCH', `/api/users/${user.id}`, {
        as: user.id,
        body: { name: 'Changed', image },
      });
      expect(res.status, image).toBe(status);
      expect(res.json.error.detail).toMatch(/image/);
    }
    let row = (await call('GET', `/api/users/${user.id}`)).json;
    expect(row).toMatchObject({ name: user.name, image: user.image });

    // Keeping the photo from Google is fine; so is anyone's upload (URLs are public) and removing it.
    const kept = await call('PATCH', `/api/users/${user.id}`, {
      as: user.id,
      body: { name: 'Kept', image: user.image },
    });
    expect(kept.status).toBe(200);
    expect(kept.json.image).toBe(user.image);
    expect(
      (await call('PATCH', `/api/users/${user.id}`, { as: user.id, body: { image: othersPhoto } })).status,
    ).toBe(200);
    const removed = await call('PATCH', `/api/users/${user.id}`, { as: user.id, body: { image: null } });
    expect(removed.status).toBe(200);
    row = (await call('GET', `/api/users/${user.id}`)).json;
    expect(row.image).toBeNull();
  });

  it('PATCH refuses a subdomain under 4 characters, a reserved one and a taken one, storing nothing', async () => {
    const holder = await makeUser({ subdomain: 'already-mine' });
    const user = await makeUser({ subdomain: 'my-own-handle' });
    const cases: Array<[string, number, string]> = [
      ['abc', 400, 'Subdomain must be at least 4 characters.'],
      ['lists', 400, 'This subdomain is reserved.'],
      ['Already-Mine', 409, 'This subdomain is already taken.'],
    ];
    for (const [subdomain, status, text] of cases) {
      const res = await call('PATCH', `/api/users/${user.id}`, {
        as: user.id,
        body: { name: 'Should not stick', description: 'Nor this', subdomain },
      });
      expect(res.status, subdomain).toBe(status);
      expect(`${res.json.error.message} ${res.json.error.detail ?? ''}`).toContain(text);
    }
    const row = (await call('GET', `/api/users/${user.id}`)).json;
    expect(row).toMatchObject({ name: user.name, description: '', subdomain: 'my-own-handle' });
    expect((await call('GET', `/api/users/${holder.id}`)).json.subdomain).toBe('already-mine');
    // Saving one's own current subdomain again is fine (the onboarding form sends it back).
    const same = await call('PATCH', `/api/users/${user.id}`, {
      as: user.id,
      body: { subdomain: 'my-own-handle' },
    });
    expect(same.status).toBe(200);
  });

  it('a publication holding the subdomain makes it taken for users too (one namespace)', async () => {
    const { createPublication } = await import('../factories');
    const publication = await createPublication(db, { subdomain: 'grace-weekly' });
    const user = await makeUser();
    const res = await call('PATCH', `/api/users/${user.id}`, {
      as: user.id,
      body: { subdomain: publication.subdomain },
    });
    expect(res.status).toBe(409);
  });

  it('skipping onboarding sets showOnboarding false', async () => {
    const user = await makeUser();
    const res = await call('PATCH', `/api/users/${user.id}`, {
      as: user.id,
      body: { id: user.id, showOnboarding: false },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ showOnboarding: false, subdomain: null, name: user.name });
  });

  it('many users racing for one subdomain: exactly one gets it, nothing of the others is stored', async () => {
    const racers = await Promise.all([1, 2, 3, 4].map(() => makeUser()));
    const results = await Promise.all(
      racers.map((u) =>
        call('PATCH', `/api/users/${u.id}`, {
          as: u.id,
          body: { name: `Racer ${u.id.slice(0, 4)}`, subdomain: 'still-waters' },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = racers[results.findIndex((r) => r.status === 200)];
    for (const racer of racers) {
      const row = (await call('GET', `/api/users/${racer.id}`)).json;
      if (racer === winner)
        expect(row).toMatchObject({ subdomain: 'still-waters', name: `Racer ${racer.id.slice(0, 4)}` });
      else expect(row).toMatchObject({ subdomain: null, name: racer.name });
    }
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
