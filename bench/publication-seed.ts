// The benchmark's publication (issue 10): one publication with BENCH_PUBLICATION_STORIES published
// stories, added to the bench template right after the generated stories, so that the publication
// page and GET /api/posts/publications/{id} are measured over a publication of a real size. Its
// stories are the newest published ones of the generated set, spread over four collections, their
// writers its authors. bench/run.ts hashes this file into the template's name: a change here seeds
// a new template.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { collections, publicationMembers, publications, subdomains } from '../src/server/db/schema';
import { newUuid } from '../src/server/lib/ids';

export const BENCH_PUBLICATION_SUBDOMAIN = 'bench-publication';
export const BENCH_PUBLICATION_STORIES = 1000;
const COLLECTIONS = ['Devotions', 'Prayer', 'Testimonies', 'Scripture'];

const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export async function seedBenchPublication(db: Db): Promise<void> {
  const [owner] = await rowsOf<{ id: string }>(
    db,
    sql`select id from users where status = 'active' order by created_at, id limit 1`,
  );
  if (!owner) throw new Error('no writer to own the bench publication');
  const publicationId = newUuid();
  await db.insert(publications).values({
    id: publicationId,
    name: 'The Bench Chronicle',
    description: 'Stories of faith, hope and love, a thousand of them, for the benchmark.',
    subdomain: BENCH_PUBLICATION_SUBDOMAIN,
    ownerId: owner.id,
  });
  await db.insert(subdomains).values({ subdomain: BENCH_PUBLICATION_SUBDOMAIN, publicationId });
  const collectionIds = COLLECTIONS.map(() => newUuid());
  await db
    .insert(collections)
    .values(COLLECTIONS.map((name, i) => ({ id: collectionIds[i], publicationId, name })));
  // The newest published stories move in, each into one of the collections in turn.
  const collectionArray = sql.raw(`array[${collectionIds.map((id) => `'${id}'::uuid`).join(', ')}]`);
  await db.execute(sql`
    with chosen as (
      select id, row_number() over (order by published_at desc, id desc) as n from posts
       where status = 'published' order by published_at desc, id desc limit ${BENCH_PUBLICATION_STORIES})
    update posts set publication_id = ${publicationId},
           collection_id = (${collectionArray})[1 + (chosen.n % ${COLLECTIONS.length})]
      from chosen where posts.id = chosen.id`);
  await db.insert(publicationMembers).values({ publicationId, userId: owner.id, role: 'publication_owner' });
  // Their writers are its authors (every role the page lists has people in it).
  await db.execute(sql`
    insert into publication_members (publication_id, user_id, role)
    select distinct ${publicationId}::uuid, author_id, 'publication_author' from posts
     where publication_id = ${publicationId} and author_id <> ${owner.id}
    on conflict do nothing`);
  await db.execute(sql`
    update publication_members set role = 'publication_editor'
     where publication_id = ${publicationId} and user_id = (
       select user_id from publication_members
        where publication_id = ${publicationId} and role = 'publication_author' order by user_id limit 1)`);
  await db.execute(sql`analyze posts, publications, collections, publication_members`);
}
