// Issue 11's measures (npm run bench): the listing pages and APIs anonymous readers land on, search,
// deep keyset pages and the page-view beacon. run.ts starts the server and calls these in turn; each
// answers one row of the table. The data they need is read from the bench database first.
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import { VOCABULARY } from '../src/server/seed/sample-vocabulary';
import { HOME_PAGE_SIZE } from '../src/server/modules/reading/home-feed.service';

export type Row = {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95?: number;
  p99: number;
  errors: number;
  rss?: number;
};

export type Load = (options: {
  name: string;
  pathOf: (i: number) => string;
  seconds: number;
  warmup?: number;
  headers: Record<string, string>;
}) => Promise<Row>;

export type ListingData = {
  /** The tag with the most published stories, and how many. */
  tag: { slug: string; stories: number };
  /** The writer with the most published stories. */
  writer: { id: string; subdomain: string; stories: number };
  /** The English home feed: how many pages it has, and the cursor of the deepest page measured. */
  feed: { page: number; lastKeys: string };
  /** Published stories for the beacon. */
  postIds: string[];
};

const BROWSER = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
const API_CLIENT = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
/** The deep page of the keyset comparison (issue 11: page 1 against page 5,000). */
const DEEP_PAGE = 5000;

type Rows = <T>(query: SQL) => Promise<T[]>;

export async function readListingData(rows: Rows): Promise<ListingData> {
  const [tag] = await rows<{ slug: string; stories: number }>(sql`
    select pt.tag_slug as slug, count(*)::int as stories from post_tags pt
      join posts p on p.id = pt.post_id and p.status = 'published'
    group by pt.tag_slug order by count(*) desc limit 1`);
  const [writer] = await rows<{ id: string; subdomain: string; stories: number }>(sql`
    select u.id, u.subdomain, count(*)::int as stories from posts p join users u on u.id = p.author_id
    where p.status = 'published' and u.subdomain is not null and u.status = 'active'
    group by u.id, u.subdomain order by count(*) desc limit 1`);
  const [{ n }] = await rows<{ n: number }>(sql`
    select count(*)::int as n from posts p join users u on u.id = p.author_id
    where p.status = 'published' and p.language_code = 'en' and u.status = 'active'`);
  const page = Math.min(DEEP_PAGE, Math.floor((n - 1) / HOME_PAGE_SIZE));
  // Page N starts after the last story of page N - 1: the (N - 1) × size-th, newest first.
  const [key] = await rows<{ t: string; id: string }>(sql`
    select (extract(epoch from p.published_at) * 1000)::bigint::text as t, p.id from posts p
      join users u on u.id = p.author_id
    where p.status = 'published' and p.language_code = 'en' and u.status = 'active'
    order by p.published_at desc, p.id desc offset ${(page - 1) * HOME_PAGE_SIZE - 1} limit 1`);
  const posts = await rows<{ id: string }>(
    sql`select id from posts where status = 'published' order by md5(id) limit 200`,
  );
  if (!tag || !writer || !key) throw new Error('the bench database has no tags, writers or stories');
  return {
    tag,
    writer,
    feed: { page, lastKeys: JSON.stringify({ t: Number(key.t), id: key.id }) },
    postIds: posts.map((row) => row.id),
  };
}

/** The listing measures, each a function answering its row (run.ts adds the RSS). */
export function listingMeasures(context: {
  origin: string;
  load: Load;
  data: ListingData;
  /** A signed-in reader's Cookie header: their requests pass the caches (the API's own cost). */
  signedIn: () => Promise<string>;
  log: (message: string) => void;
}) {
  const { origin, load, data, log } = context;
  const page = (name: string, path: string) => async () => {
    const first = await fetch(`${origin}${path}`, { headers: BROWSER });
    await first.arrayBuffer();
    if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
    return load({ name, pathOf: () => path, warmup: 5, seconds: 15, headers: BROWSER });
  };
  // The same page for a signed-in reader (decision 031: one HTML for everyone, from the same cache).
  const signedInPage = (name: string, path: string) => async () => {
    const headers = { ...BROWSER, cookie: await context.signedIn() };
    const first = await fetch(`${origin}${path}`, { headers });
    await first.arrayBuffer();
    if (first.status !== 200) throw new Error(`${path} answered ${first.status} signed in`);
    return load({ name, pathOf: () => path, warmup: 5, seconds: 15, headers });
  };
  const api =
    (name: string, paths: string[], headers: Record<string, string> = API_CLIENT) =>
    async () => {
      for (const path of paths) {
        const first = await fetch(`${origin}${path}`, { headers });
        await first.arrayBuffer();
        if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
      }
      return load({ name, pathOf: (i) => paths[i % paths.length], warmup: 3, seconds: 10, headers });
    };
  const feed = '/api/posts/latest_posts/for_home_page/en';
  const deep = `${feed}?lastKeys=${encodeURIComponent(data.feed.lastKeys)}`;
  const writer = `/@${data.writer.subdomain}`;
  const tag = `/tags/${encodeURIComponent(data.tag.slug)}`;
  const searchPage = `/search?q=${encodeURIComponent(searchTerms()[0]!)}`;

  return [
    page('home page / (anonymous)', '/'),
    signedInPage('home page / (signed in)', '/'),
    page('home page /?languageCode=zh (anonymous)', '/?languageCode=zh'),
    async () =>
      load({
        name: 'home page, uncached render',
        pathOf: (i) => `/?utm_source=bench&n=${i}`,
        seconds: 10,
        headers: BROWSER,
      }),
    page(`tag page ${tag}, ${data.tag.stories.toLocaleString('en')} stories`, tag),
    signedInPage('tag page (signed in)', tag),
    page(`writer home ${writer}, ${data.writer.stories.toLocaleString('en')} stories`, writer),
    signedInPage('writer home (signed in)', writer),
    // A query asked before: the search page cache answers (decision 031), for guests and members.
    page(`search page ${searchPage}`, searchPage),
    signedInPage('search page (signed in)', searchPage),
    async () => {
      const cookie = await context.signedIn();
      return api(
        'GET /api/me/page-state?writer= (signed in)',
        [`/api/me/page-state?writer=${data.writer.id}`],
        {
          ...API_CLIENT,
          cookie,
        },
      )();
    },
    api('home feed API, first page', [feed]),
    api(`home feed API, page ${data.feed.page.toLocaleString('en')}`, [deep]),
    async () => {
      const cookie = await context.signedIn();
      return api('home feed API page 1, past the cache (signed in)', [feed], { ...API_CLIENT, cookie })();
    },
    async () => {
      const cookie = await context.signedIn();
      return api(
        `home feed API page ${data.feed.page.toLocaleString('en')}, past the cache (signed in)`,
        [deep],
        {
          ...API_CLIENT,
          cookie,
        },
      )();
    },
    api('site RSS feed /feed', ['/feed'], { accept: 'application/rss+xml', 'accept-encoding': 'gzip' }),
    ...searchMeasures(origin, log),
    () => beacon(origin, data.postIds, log),
  ];
}

/**
 * Search (`npm run bench -- --search-only` runs these alone): queries asked before, then queries never
 * asked before from one reader at a time (the latency a reader sees) and from 8 at once.
 */
export function searchMeasures(origin: string, log: (message: string) => void) {
  return [
    () => search(origin, log, 'repeated', 8),
    () => search(origin, log, 'new', 1),
    () => search(origin, log, 'new', 8),
  ];
}

/** Search terms: common and rare English words, and two-character Chinese words. */
function searchTerms(): string[] {
  const firstWords = (list: readonly string[]) => list.map((phrase) => phrase.split(/\s+/)[0]);
  const en = [...firstWords(VOCABULARY.en.people), ...firstWords(VOCABULARY.en.figures)];
  const zh = VOCABULARY.zh.figures.map((phrase) => [...phrase].slice(0, 2).join(''));
  return [...en.slice(0, 30), ...zh.slice(0, 20)].filter((term) => term.length >= 2);
}

let newQueriesAsked = 0;

/**
 * GET /api/posts/search?q= from `readers` concurrent readers for 10 s, each request from its own address
 * (X-Forwarded-For; the bench server trusts one proxy) so the per-address limit does not answer
 * 429 instead: latency percentiles of the search itself.
 */
async function search(
  origin: string,
  log: (message: string) => void,
  queries: 'repeated' | 'new',
  readers: number,
): Promise<Row> {
  const terms = searchTerms();
  // 'repeated': readers asking the same few dozen words (ranked once, then kept until the site
  // changes); 'new': every query a pair of words never asked before, ranked afresh.
  const termOf = (i: number) =>
    queries === 'repeated'
      ? terms[i % terms.length]
      : `${terms[i % terms.length]} ${terms[(Math.floor(i / terms.length) + 1 + i) % terms.length]}`;
  const latencies: number[] = [];
  let errors = 0;
  // New queries continue where the previous measure stopped: none is asked twice.
  let n = queries === 'new' ? newQueriesAsked : 0;
  const end = Date.now() + 10_000;
  if (queries === 'repeated') {
    // Each query asked once first: the measure is of readers asking what was asked before.
    log(`search: asking each of the ${terms.length} queries once…`);
    for (const [i, term] of terms.entries()) {
      const response = await fetch(`${origin}/api/posts/search?q=${encodeURIComponent(term)}`, {
        headers: { ...API_CLIENT, 'x-forwarded-for': `10.255.0.${i}` },
      });
      await response.arrayBuffer();
    }
  }
  log(`search (${queries} queries): ${readers} concurrent reader(s) for 10 s…`);
  await Promise.all(
    Array.from({ length: readers }, async () => {
      while (Date.now() < end) {
        const i = n++;
        const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
        const t = performance.now();
        const response = await fetch(`${origin}/api/posts/search?q=${encodeURIComponent(termOf(i))}`, {
          headers: { ...API_CLIENT, 'x-forwarded-for': address },
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - t);
        if (response.status !== 200) errors += 1;
      }
    }),
  );
  if (queries === 'new') newQueriesAsked = n;
  if (queries === 'new' && n > terms.length ** 2)
    log(`search: only ${terms.length ** 2} pairs of words, some were asked again`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    name: `search /api/posts/search, ${queries === 'new' ? 'each query new' : `${terms.length} queries repeated`} (${readers === 1 ? 'one reader at a time' : `${readers} concurrent`}, 10 s)`,
    requests: latencies.length,
    rps: latencies.length / 10,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors,
  };
}

/** POST /api/stats/view, the story page's beacon, from 50 connections for 10 s, each view a new reader's. */
async function beacon(origin: string, postIds: string[], log: (message: string) => void): Promise<Row> {
  let next = 0;
  log('page-view beacon POST /api/stats/view: 50 connections for 10 s…');
  const result = await autocannon({
    url: origin,
    connections: 50,
    duration: 10,
    requests: [
      {
        method: 'POST',
        path: '/api/stats/view',
        headers: { 'content-type': 'application/json', origin, 'user-agent': 'Mozilla/5.0 (bench reader)' },
        // Each from its own reader and address: the per-address limit and the once-a-day rule
        // would otherwise answer most of them without the work a real view costs.
        setupRequest: (request) => {
          const i = next++;
          return {
            ...request,
            headers: {
              ...request.headers,
              'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
            },
            body: JSON.stringify({ postId: postIds[i % postIds.length] }),
          };
        },
      },
    ],
  });
  return {
    name: 'page-view beacon POST /api/stats/view (50 conn, 10 s)',
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
