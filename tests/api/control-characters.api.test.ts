import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { SINGLE_LINE_MESSAGE } from '../../src/server/lib/plain-text';
import { createUser, storyPayload } from '../factories';
import { call } from '../helpers/api-client';
import { captureLogs } from '../helpers/log-capture';
import { useTestDatabase } from '../helpers/test-db';

// A NUL (or another control character) in a path, a query or a JSON body is a 400 in DESIGN §8's
// shape — never a 500 from PostgreSQL, which refuses 0x00 in text — and nothing is stored; rich
// text (a story's body) has them stripped instead (src/server/lib/safe-string.ts).

/** A single-line field (a name) refuses them by its own schema, line breaks with them (issue 19). */
const SINGLE_LINE_FIELDS = new Set(['name', 'listName']);

const expectRefused = (res: { status: number; json: any }, where: string) => {
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  const rule = SINGLE_LINE_FIELDS.has(where) ? SINGLE_LINE_MESSAGE : 'Control characters are not allowed';
  expect(res.json.error).toEqual({
    code: 'validation_failed',
    message: 'Invalid input',
    detail: `${where}: ${rule}`,
  });
};

describe('control characters in requests', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('refuses them in path parameters, also where no route matches', async () => {
    const user = await createUser(db);
    expectRefused(await call('GET', '/api/subdomains/%00'), 'path');
    expectRefused(await call('GET', '/api/subdomains/ab%00cd'), 'path');
    expectRefused(await call('GET', '/api/users/%01'), 'path');
    expectRefused(await call('GET', `/api/posts/user_posts/all_posts/${user.id}%00`), 'path');
    expectRefused(await call('GET', '/api/no-such-route/%00'), 'path');
    expectRefused(await call('PATCH', '/api/lists/%00', { as: user.id, body: { listName: 'x' } }), 'path');
  });

  it('refuses them in query parameters, names and values', async () => {
    const user = await createUser(db);
    expectRefused(
      await call('GET', `/api/posts/user_posts/all_posts/${user.id}?lastKeys=%00`),
      'query.lastKeys',
    );
    expectRefused(
      await call('GET', '/api/images/get_presigned_url?fileExtension=png%00', { as: user.id }),
      'query.fileExtension',
    );
    expectRefused(await call('GET', '/api/subdomains/taken?x%7F=1'), 'query.x\\u007f');
  });

  it('refuses them in JSON bodies and leaves the stored data as it was', async () => {
    const user = await createUser(db, { name: 'Ruth' });
    for (const body of [{ name: 'Ru\u0000th' }, { description: 'line\u0000' }]) {
      const res = await call('PATCH', `/api/users/${user.id}`, { as: user.id, body });
      expectRefused(res, Object.keys(body)[0]!);
    }
    const subdomain = await call('PATCH', `/api/users/${user.id}`, {
      as: user.id,
      body: { subdomain: 'ru\u0000th' },
    });
    expect(subdomain.status).toBe(400); // its own rule (letters, digits, hyphens) answers first
    // So does a field with a pattern in the document: the image address's pattern has no room for
    // a control character, and the field's own rule is the one a client can read there.
    const image = await call('PATCH', `/api/users/${user.id}`, {
      as: user.id,
      body: { image: '/uploads/a\u0000.webp' },
    });
    expect(image.status).toBe(400);
    expect(image.json.error).toEqual({
      code: 'validation_failed',
      message: 'Invalid input',
      detail: 'image: Must be an image address',
    });
    const profile = (await call('GET', `/api/users/${user.id}`)).json;
    expect(profile).toMatchObject({ name: 'Ruth', description: '', image: null, subdomain: user.subdomain });

    expectRefused(
      await call('POST', '/api/lists/create', {
        as: user.id,
        body: { listName: 'Morning\u0000', privacyStatus: 'public' },
      }),
      'listName',
    );
    expect((await call('GET', '/api/users/lists', { as: user.id })).json.lists ?? []).toEqual([]);

    // Tab, line feed and carriage return are ordinary text.
    const fine = await call('PATCH', `/api/users/${user.id}`, {
      as: user.id,
      body: { description: 'a\tb\r\nc' },
    });
    expect(fine.status).toBe(200);
  });

  it('strips them from a story body (rich text) instead of refusing the save', async () => {
    const author = await createUser(db);
    const res = await call('POST', '/api/posts/new/draft', {
      as: author.id,
      body: storyPayload({
        bodyJson: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Pasted\u0000 text\u0007' }] }],
        },
      }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const story = (await call('GET', `/api/posts/${res.json.id}`, { as: author.id })).json;
    expect(JSON.stringify(story.bodyJson)).toContain('Pasted text');
    expect(story.bodyHtml).toContain('Pasted text');
    expect(JSON.stringify(story)).not.toMatch(/\\u000[07]/);
  });

  it('never writes a raw control character into the server log', async () => {
    const logged = captureLogs('error');
    try {
      // An unexpected error (500) is logged with the request's path: the only case that logs one.
      const { onError } = await import('../../src/server/api/error-handler');
      const { Hono } = await import('hono');
      const app = new Hono();
      app.get('*', () => {
        throw new Error('failed query: params: \u0000\nforged line');
      });
      app.onError(onError);
      expect((await app.request('http://localhost/a%0Ab')).status).toBe(500);
      // One JSON line, no control character in it raw, and the error's text escaped within it.
      expect(logged.raw).toHaveLength(1);
      expect(logged.raw[0]).not.toMatch(/[\u0000-\u001f]/);
      const [line] = logged.lines;
      expect(line).toMatchObject({ level: 'error', component: 'api', msg: 'unexpected error' });
      const text = String(line!.error);
      expect(text).toContain('\\u0000');
      expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
      expect(
        text
          .split('\n')
          .slice(1)
          .every((rest) => rest.startsWith('    ')),
      ).toBe(true);
    } finally {
      logged.restore();
    }
  });
});
