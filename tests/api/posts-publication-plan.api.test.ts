import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { posts } from '../../src/server/db/schema';
import { newStoryId } from '../../src/server/lib/ids';
import { createCollection, createPublication, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// A publication with 1,000 published stories (the bench's case): its public list is read through
// an index, newest first, without sorting or scanning the publication's stories, on the first page
// and on later ones. The plans are those of the prepared statements the API runs (PGlite: what
// EXPLAIN EXECUTE shows after enough runs for PostgreSQL to settle on a generic plan).

let database: Database;
const STORIES = 1000;
const key = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The plan of a prepared statement, without its per-row subplans (a story's tags, its newsletter). */
async function explain(statement: string, args: string[]): Promise<string> {
  const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const [result] = await database.pglite!.exec(
    `explain execute ${statement}(${args.map(literal).join(', ')})`,
  );
  const plan = (result.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
  return plan.split(/\n\s*SubPlan/)[0];
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the publication list’s query plan (PGlite)', () => {
  let pub: Awaited<ReturnType<typeof createPublication>>;
  let second: Awaited<ReturnType<typeof createCollection>>;

  beforeAll(async () => {
    database = await useTestDatabase();
    const { db } = database;
    const writers = [await createUser(db), await createUser(db), await createUser(db)];
    pub = await createPublication(db, { owner: writers[0] });
    second = await createCollection(db, { publication: pub, name: 'Prayers' });
    const now = Date.now();
    const rows = Array.from({ length: STORIES }, (_, i) => {
      const at = new Date(now - i * 60_000);
      return {
        id: newStoryId(),
        authorId: writers[i % 3].id,
        title: `Story ${i}`,
        slug: `story-${i}`,
        excerpt: 'A short reflection.',
        status: 'published' as const,
        publishedAt: at,
        createdAt: at,
        publicationId: pub.id,
        collectionId: i % 2 ? pub.collection.id : second.id,
      };
    });
    for (let i = 0; i < rows.length; i += 250) await db.insert(posts).values(rows.slice(i, i + 250));
    // Other publications' stories and other states around them, as on a real site.
    const other = await createPublication(db, { owner: writers[1] });
    await db.insert(posts).values(
      Array.from({ length: 300 }, (_, i) => ({
        id: newStoryId(),
        authorId: writers[i % 3].id,
        status: i % 2 ? ('published' as const) : ('draft' as const),
        publishedAt: i % 2 ? new Date(now - i * 1000) : null,
        publicationId: i % 3 ? other.id : pub.id,
        collectionId: i % 3 ? other.collection.id : pub.collection.id,
      })),
    );
  });

  it('walks posts_publication_status_published_at_id_idx backward, first page and later ones', async () => {
    const first = await call('GET', `/api/posts/publications/${pub.id}?limit=10`);
    expect(first.status).toBe(200);
    expect(first.json.posts).toHaveLength(10);
    const cursor = first.json.lastKey;
    for (let i = 0; i < 8; i += 1) {
      await call('GET', `/api/posts/publications/${pub.id}?limit=10`);
      await call('GET', `/api/posts/publications/${pub.id}?limit=10&lastKeys=${key(cursor)}`);
    }
    for (const plan of [
      await explain('posts_publication_published', [pub.id, 'false', '11']),
      await explain('posts_publication_published_after', [
        pub.id,
        'false',
        new Date(cursor.t).toISOString(),
        cursor.id,
        '11',
      ]),
    ]) {
      expect(plan).toMatch(/Index Scan Backward using posts_publication_status_published_at_id_idx on posts/);
      expect(plan).not.toMatch(/Sort|Seq Scan on posts/);
    }
  });

  it('reads one collection through an index too', async () => {
    const path = `/api/posts/publications/${pub.id}?collectionId=${second.id}&limit=10`;
    const first = await call('GET', path);
    expect(first.json.posts).toHaveLength(10);
    for (let i = 0; i < 8; i += 1) await call('GET', path);
    const plan = await explain('posts_collection_published', [pub.id, second.id, 'false', '11']);
    expect(plan).toMatch(
      /Index Scan Backward using posts_(collection|publication_status)_published_at_id_idx/,
    );
    expect(plan).not.toMatch(/Sort|Seq Scan on posts/);
  });
});
