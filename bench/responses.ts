// Issue 25's responses measures (npm run bench; docs/decisions/053-responses.md): the story page with
// 200 responses against the same kind of page without any — both through the story page cache, the
// first carrying its newest 20 responses as JSON-LD comments — and posting a response (POST
// /api/posts/{id}/responses), one at a time, signed in. Targets: the page with responses keeps ≥ 90% of
// the page without; posting p95 ≤ 20 ms. `npm run bench -- --responses-only` runs these rows alone.
//
// The 200 responses (160 top-level, 40 replies) come from 50 readers; the posts come from 200 other
// readers over 100 stories, two each, so no rate limit (5 a minute per reader, 30 per story) is met.
import { sql, type SQL } from 'drizzle-orm';
import type { Load, Row } from './listings';

type Rows = <T>(query: SQL) => Promise<T[]>;

const BROWSER = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
const RESPONDERS = 50;
const POSTERS = 200;
const POSTS_EACH = 2;
const PREFIX = '0c5e5b7a-9d1f-4c55-8a61-';
const POSTER_PREFIX = '0c5e5b7a-9d1f-4c55-8a62-';

export type ResponsesData = {
  /** A story page with 200 responses, and one without any. */
  withPath: string;
  withoutPath: string;
  /** Stories to post to, and the readers who post. */
  targetIds: string[];
  posterIds: string[];
};

const idOfPath = (path: string) => path.slice(-21);

/** On this run's copy: 200 responses under one story, and the readers who will post. */
export async function prepareResponses(rows: Rows, paths: readonly string[]): Promise<ResponsesData> {
  const [withPath, withoutPath] = [paths[paths.length - 1]!, paths[paths.length - 2]!];
  const storyId = idOfPath(withPath);
  await rows(sql`
    insert into users (id, email, name, subdomain, show_onboarding)
    select (${PREFIX} || lpad(g::text, 12, '0'))::uuid, 'bench-responder-' || g || '@lamplight.local',
           'Responder ' || g, 'bench-responder-' || g, false
      from generate_series(1, ${RESPONDERS}) g
    on conflict do nothing`);
  await rows(sql`
    insert into users (id, email, name, show_onboarding)
    select (${POSTER_PREFIX} || lpad(g::text, 12, '0'))::uuid, 'bench-poster-' || g || '@lamplight.local',
           'Poster ' || g, false
      from generate_series(1, ${POSTERS}) g
    on conflict do nothing`);
  await rows(sql`delete from responses where post_id = ${storyId}`);
  await rows(sql`
    insert into responses (id, post_id, author_id, text, created_at)
    select gen_random_uuid(), ${storyId}, (${PREFIX} || lpad((1 + g % ${RESPONDERS})::text, 12, '0'))::uuid,
           'Thank you for writing this. Response ' || g || ': it spoke to where I am this week, and I am praying for you.',
           now() - (g || ' minutes')::interval
      from generate_series(1, 160) g`);
  await rows(sql`
    insert into responses (id, post_id, author_id, parent_id, text, created_at)
    select gen_random_uuid(), ${storyId}, (${PREFIX} || lpad((1 + (g * 7) % ${RESPONDERS})::text, 12, '0'))::uuid,
           r.id, 'Amen to that. Reply ' || g || '.', r.created_at + interval '30 seconds'
      from (select id, created_at, row_number() over (order by created_at desc) as g
              from responses where post_id = ${storyId} and parent_id is null) r
     where r.g <= 40`);
  const targets = paths.slice(0, 100).map(idOfPath);
  return {
    withPath,
    withoutPath,
    targetIds: targets,
    posterIds: Array.from(
      { length: POSTERS },
      (_, i) => `${POSTER_PREFIX}${String(i + 1).padStart(12, '0')}`,
    ),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export function responsesMeasures(context: {
  origin: string;
  load: Load;
  data: ResponsesData;
  cookie: (userId: string) => Promise<string>;
  log: (message: string) => void;
}) {
  const { origin, load, data } = context;
  const page = (name: string, path: string, responses: number) => async (): Promise<Row> => {
    const check = await fetch(`${origin}${path}`, { headers: { accept: 'text/html' } });
    const html = await check.text();
    const ld = /"commentCount":(\d+)/.exec(html);
    if (check.status !== 200 || Number(ld?.[1] ?? 0) !== responses)
      throw new Error(`${path} answered ${check.status} with commentCount ${ld?.[1] ?? 'none'}`);
    return load({ name, pathOf: () => path, warmup: 3, seconds: 10, headers: BROWSER });
  };
  const posting = async (): Promise<Row> => {
    const cookies = await Promise.all(data.posterIds.map((id) => context.cookie(id)));
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    context.log(`posting ${data.posterIds.length * POSTS_EACH} responses, one at a time…`);
    for (let round = 0; round < POSTS_EACH; round++) {
      for (let i = 0; i < data.posterIds.length; i++) {
        const storyId = data.targetIds[(i + round * 50) % data.targetIds.length]!;
        const t0 = performance.now();
        const res = await fetch(`${origin}/api/posts/${storyId}/responses`, {
          method: 'POST',
          headers: {
            cookie: cookies[i]!,
            origin,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({
            text: `A response from the bench, round ${round}. Praying for you @bench-responder-1.`,
          }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 201) errors++;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      name: `post a response (POST /api/posts/{id}/responses, signed in, 1 at a time, ${latencies.length} posts)`,
      requests: latencies.length,
      rps: latencies.length / seconds,
      p50: Math.round(percentile(sorted, 50) * 10) / 10,
      p95: Math.round(percentile(sorted, 95) * 10) / 10,
      p99: Math.round(percentile(sorted, 99) * 10) / 10,
      errors,
    };
  };
  return [
    page('story page without responses (page cache)', data.withoutPath, 0),
    page('story page with 200 responses (page cache; 20 as JSON-LD comments)', data.withPath, 200),
    posting,
  ];
}
