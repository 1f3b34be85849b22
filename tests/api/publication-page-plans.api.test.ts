import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import {
  createPublicationPageCache,
  type PublicationPageCache,
} from '../../src/server/modules/page-cache/publication-page.cache';
import { listPublicationPlans } from '../../src/server/modules/plans/plans.service';
import { createPost, createPublication, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// A publication's page lists its reading plans (docs/decisions/050-reading-plans.md) and is one cached
// HTML for everyone (decisions 021, 031): making, renaming, re-daying and deleting a plan must each
// move the page's version, so the next reader gets a render with the list as it now is — and the list
// the page renders from must hold the plan, then not.

let database: Database;

beforeAll(async () => {
  database = await useTestDatabase();
});

/** What a reader gets at `url`: the stored page, or the render made (and stored) on a miss. */
async function read(cache: PublicationPageCache, url: string, render: string) {
  const decision = await cache.lookup({ pathname: url, acceptsGzip: false });
  if (decision.action === 'render') {
    cache.store(decision.token, {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'set-cookie': undefined },
      body: Buffer.from(render),
    });
    return `rendered:${render}`;
  }
  if (decision.action === 'serve') return `cached:${decision.body?.toString()}`;
  return 'pass';
}

describe('the publication page and its reading plans', () => {
  it('lists a plan once it is made, follows its changes and drops it once it is deleted', async () => {
    const publication = await createPublication(database.db, { collectionName: 'Psalms at Dawn' });
    const owner = publication.owner;
    const stories = [];
    for (const title of ['The Shepherd', 'Still Waters']) {
      stories.push(await createPost(database.db, { author: owner, publication, title }));
    }
    const other = await createPublication(database.db);
    const cache = createPublicationPageCache({ maxBytes: 1024 * 1024 });
    const home = `/${publication.subdomain}`;
    const otherHome = `/${other.subdomain}`;
    let n = 0;
    /** Whether the next reader gets a new render; the reader after them gets the stored copy either way. */
    const rendersAfresh = async () => {
      n += 1;
      const fresh = (await read(cache, home, `v${n}`)) === `rendered:v${n}`;
      expect(await read(cache, home, 'unused')).toMatch(/^cached:v\d+$/);
      return fresh;
    };
    expect(await rendersAfresh()).toBe(true);
    expect(await rendersAfresh()).toBe(false);
    expect(await listPublicationPlans(publication.id)).toEqual([]);
    expect(await read(cache, otherHome, 'other')).toBe('rendered:other');

    const made = await call('POST', '/api/plans', {
      as: owner.id,
      body: { publicationId: publication.id, collectionId: publication.collection.id },
    });
    expect(made.status, made.text).toBe(201);
    const planId = made.json.id as string;
    expect(await rendersAfresh()).toBe(true);
    expect(await listPublicationPlans(publication.id)).toEqual([
      { id: planId, title: 'Psalms at Dawn', totalDays: 2 },
    ]);
    // Another publication's page is not touched by this one's plans.
    expect(await read(cache, otherHome, 'unused')).toBe('cached:other');

    const renamed = await call('PATCH', `/api/plans/${planId}`, {
      as: owner.id,
      body: { title: 'Morning Psalms' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await rendersAfresh()).toBe(true);
    const oneDay = await call('PATCH', `/api/plans/${planId}`, {
      as: owner.id,
      body: { days: [{ postId: stories[0]!.id }] },
    });
    expect(oneDay.status, oneDay.text).toBe(200);
    expect(await rendersAfresh()).toBe(true);
    expect(await listPublicationPlans(publication.id)).toEqual([
      { id: planId, title: 'Morning Psalms', totalDays: 1 },
    ]);

    // Someone who may not manage it changes nothing, and the page stays kept.
    const stranger = await createUser(database.db);
    expect((await call('DELETE', `/api/plans/${planId}`, { as: stranger.id })).status).toBe(403);
    expect(await rendersAfresh()).toBe(false);

    expect((await call('DELETE', `/api/plans/${planId}`, { as: owner.id })).status).toBe(204);
    expect(await rendersAfresh()).toBe(true);
    expect(await listPublicationPlans(publication.id)).toEqual([]);
  });
});
