// Issue 25's measure (npm run bench): the home page's Following feed, GET /api/posts/following, for
// a reader who follows 500 writers among the 100,000 stories of the bench template — page 1 and page
// 500 (keyset, lastKey), signed in. Targets: ≥ 500 req/s, and page 500 within 20% of page 1
// (docs/decisions/052-follows.md). `npm run bench -- --following-only` runs this row alone.
//
// The template's stories belong to a few generated writers; here they are spread over 2,000 writers
// of their own (all but those of the listing and ban measures, which read their writers' counts
// first), and the reader follows every fourth of them: a quarter of the site's stories.
import { sql, type SQL } from 'drizzle-orm';
import type { Load, Row } from './listings';

type Rows = <T>(query: SQL) => Promise<T[]>;

const WRITERS = 2_000;
const FOLLOWED = 500;
const PAGE_SIZE = 10;
const DEEP_PAGE = 500;
const READER_ID = '0c5e5b7a-9d1f-4c55-8a51-25f011000001';
const API_CLIENT = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

export type FollowingData = { readerId: string; followed: number; stories: number; deepKey: string };

/** The reader, the 2,000 writers and the 500 follows, on this run's copy; then page 500's cursor. */
export async function prepareFollowing(
  rows: Rows,
  sparedWriterIds: readonly string[],
): Promise<FollowingData> {
  await rows(sql`
    insert into users (id, email, name, show_onboarding)
    values (${READER_ID}, 'bench-follower@lamplight.local', 'Bench Follower', false)
    on conflict do nothing`);
  await rows(sql`
    insert into users (id, email, name, subdomain, show_onboarding)
    select ('0c5e5b7a-9d1f-4c55-8a52-' || lpad(g::text, 12, '0'))::uuid,
           'bench-followed-' || g || '@lamplight.local', 'Followed Writer ' || g, 'bench-followed-' || g, false
      from generate_series(1, ${WRITERS}) g
    on conflict do nothing`);
  const spared = sql.join(
    sparedWriterIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await rows(sql`
    update posts set author_id = ('0c5e5b7a-9d1f-4c55-8a52-' || lpad((1 + abs(hashtext(id)) % ${WRITERS})::text, 12, '0'))::uuid
     where author_id not in (${spared}) and author_id::text not like '0c5e5b7a-9d1f-4c55-8a52-%'`);
  await rows(sql`
    insert into follows (id, follower_id, kind, followed_user_id)
    select gen_random_uuid(), ${READER_ID}, 'user',
           ('0c5e5b7a-9d1f-4c55-8a52-' || lpad((g * ${WRITERS / FOLLOWED})::text, 12, '0'))::uuid
      from generate_series(1, ${FOLLOWED}) g
    on conflict do nothing`);
  // The UPDATE above rewrote most of posts: its vacuum and the checkpoint it calls for are done
  // before the measures, as on a live site long after such a change — and the statements are
  // planned from current statistics.
  await rows(sql`vacuum (analyze) follows, users, posts`);
  await rows(sql`checkpoint`);
  const [{ n }] = await rows<{ n: number }>(sql`
    select count(*)::int as n from posts p
     where p.status = 'published'
       and p.author_id in (select followed_user_id from follows where follower_id = ${READER_ID})`);
  const [deep] = await rows<{ id: string; t: number }>(sql`
    select p.id, (extract(epoch from p.published_at) * 1000)::bigint::float8 as t from posts p
     where p.status = 'published'
       and p.author_id in (select followed_user_id from follows where follower_id = ${READER_ID})
     order by p.published_at desc, p.id desc
     offset ${(DEEP_PAGE - 1) * PAGE_SIZE - 1} limit 1`);
  if (!deep) throw new Error(`the Following feed has fewer than ${DEEP_PAGE} pages`);
  return {
    readerId: READER_ID,
    followed: FOLLOWED,
    stories: n,
    deepKey: JSON.stringify({ t: Number(deep.t), id: deep.id }),
  };
}

/** Page 1 and page 500 of the reader's Following feed, signed in (a real session cookie). */
export function followingMeasures(context: {
  origin: string;
  load: Load;
  data: FollowingData;
  cookie: () => Promise<string>;
}) {
  const { origin, load, data } = context;
  const first = '/api/posts/following';
  const deep = `/api/posts/following?lastKey=${encodeURIComponent(data.deepKey)}`;
  const what = `${data.followed} writers followed, ${data.stories.toLocaleString('en')} of their stories`;
  const measure = (name: string, path: string) => async (): Promise<Row> => {
    const headers = { ...API_CLIENT, cookie: await context.cookie() };
    const check = await fetch(`${origin}${path}`, { headers });
    const body = (await check.json()) as { posts?: unknown[] };
    if (check.status !== 200 || body.posts?.length !== PAGE_SIZE)
      throw new Error(`${path} answered ${check.status} with ${body.posts?.length ?? 0} stories`);
    return load({ name, pathOf: () => path, warmup: 3, seconds: 10, headers });
  };
  return [
    measure(`Following feed API, page 1 (signed in; ${what})`, first),
    measure(`Following feed API, page ${DEEP_PAGE} (keyset)`, deep),
  ];
}
