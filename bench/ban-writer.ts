// Issue 13's measure (npm run bench): "ban a writer with 10,000 stories" — how long the ban takes,
// and whether every public surface reflects it on its very first request afterwards (the story page
// and its cache, the story API, the writer's home, feed and stories, the home feed, a tag page,
// search, the sitemap); then the same for unban. Nothing is rewritten per story: every read asks the
// author's status, so one UPDATE of one row is the whole ban (DESIGN §5).
//
// prepareBanWriter runs on the fresh copy of the bench database before the server starts: it makes
// a writer and a site admin, and gives the writer 10,000 of the published stories.
import { sql, type SQL } from 'drizzle-orm';

export const BAN_WRITER_STORIES = 10_000;
/** Story pages and APIs sampled per check (spread over the writer's stories). */
const SAMPLE = 25;

type Rows = <T>(query: SQL) => Promise<T[]>;

export type BanWriterData = {
  writerId: string;
  adminId: string;
  subdomain: string;
  stories: number;
  /** Sampled stories: page path, id, title, a tag slug, language and publication time (epoch ms). */
  sample: {
    id: string;
    path: string;
    title: string;
    tag: string | null;
    language: string;
    publishedAt: number;
  }[];
};

const WRITER_ID = '0b5c7d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
const ADMIN_ID = '1c6d8e9f-2a3b-4c4d-9e5f-6a7b8c9d0e1f';
const SUBDOMAIN = 'bench-banned-writer';
/** A word only one of the writer's stories has (its title), for the search check. */
const SEARCH_WORD = 'lanternfall';

export async function prepareBanWriter(rows: Rows, sparedSubdomain: string): Promise<BanWriterData> {
  await rows(sql`
    insert into users (id, email, name, subdomain, show_onboarding)
    values (${WRITER_ID}, 'bench-banned@lamplight.local', 'Bench Banned Writer', ${SUBDOMAIN}, false)
    on conflict do nothing`);
  await rows(
    sql`insert into subdomains (subdomain, user_id) values (${SUBDOMAIN}, ${WRITER_ID}) on conflict do nothing`,
  );
  await rows(sql`
    insert into users (id, email, name, roles, show_onboarding)
    values (${ADMIN_ID}, 'bench-admin@lamplight.local', 'Bench Admin', '{admin}', false)
    on conflict do nothing`);
  await rows(sql`
    update posts set author_id = ${WRITER_ID}
     where id in (select p.id from posts p join users u on u.id = p.author_id
                   where p.status = 'published' and p.author_id <> ${WRITER_ID}
                     and u.subdomain is distinct from ${sparedSubdomain}
                   order by md5(p.id || 'ban') limit ${BAN_WRITER_STORIES} - (
                     select count(*) from posts where author_id = ${WRITER_ID}))`);
  const [{ n }] = await rows<{ n: number }>(
    sql`select count(*)::int as n from posts where author_id = ${WRITER_ID} and status = 'published'`,
  );
  const sample = await rows<{
    id: string;
    slug: string;
    title: string;
    tag: string | null;
    language: string;
    publishedAt: number;
  }>(sql`
    select p.id, p.slug, p.title, p.language_code as language,
           (extract(epoch from p.published_at) * 1000)::bigint::float8 as "publishedAt",
           (select pt.tag_slug from post_tags pt where pt.post_id = p.id order by pt.tag_slug limit 1) as tag
      from posts p where p.author_id = ${WRITER_ID} and p.status = 'published'
     order by md5(p.id) limit ${SAMPLE}`);
  // Generated titles repeat across thousands of stories, so a title cannot pick one story out of a
  // search's first page; one of theirs gets a word no other story has, and search looks for that.
  await rows(sql`update posts set title = title || ${` ${SEARCH_WORD}`} where id = ${sample[0]!.id}`);
  return {
    writerId: WRITER_ID,
    adminId: ADMIN_ID,
    subdomain: SUBDOMAIN,
    stories: n,
    sample: sample.map((s) => ({
      id: s.id,
      path: s.slug ? `/stories/${s.slug}-${s.id}` : `/stories/${s.id}`,
      title: s.title,
      tag: s.tag,
      language: s.language,
      publishedAt: Number(s.publishedAt),
    })),
  };
}

type Check = { surface: string; shows: () => Promise<boolean> };

const BROWSER = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

/** Every public surface, each answering whether it shows the writer now. */
function surfaces(origin: string, data: BanWriterData): Check[] {
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${origin}${path}`, { headers });
  const json = async (path: string) =>
    (await get(path)).json() as Promise<{ posts?: { author: { id: string } }[] }>;
  const byWriter = (answer: { posts?: { author: { id: string } }[] }) =>
    (answer.posts ?? []).some((post) => post.author.id === data.writerId);
  const tagged = data.sample.find((s) => s.tag);
  const first = data.sample[0];
  // The keyset page that starts at a story (the cursor just after it): whatever was published since,
  // the story is on it while it is visible.
  const pageAt = (story: { publishedAt: number }) =>
    encodeURIComponent(JSON.stringify({ t: story.publishedAt + 1, id: '0' }));
  const checks: Check[] = [
    {
      surface: `story pages (${data.sample.length}, page cache warm)`,
      shows: async () =>
        (await Promise.all(data.sample.map(async (s) => (await get(s.path, BROWSER)).status === 200))).some(
          Boolean,
        ),
    },
    {
      surface: `story API (${data.sample.length})`,
      shows: async () =>
        (
          await Promise.all(data.sample.map(async (s) => (await get(`/api/posts/${s.id}`)).status === 200))
        ).some(Boolean),
    },
    {
      surface: 'writer home /@…',
      shows: async () => (await get(`/@${data.subdomain}`, BROWSER)).status === 200,
    },
    {
      surface: 'writer feed',
      shows: async () => (await get(`/feed/writers/${data.subdomain}`)).status === 200,
    },
    {
      surface: "writer's stories API",
      shows: async () => (await get(`/api/posts/user_posts/latest_posts/${data.writerId}`)).status === 200,
    },
    {
      surface: `home feed (${first.language}, the page where a story of theirs is)`,
      shows: async () =>
        byWriter(
          await json(
            `/api/posts/latest_posts/for_home_page/${first.language}?limit=5&lastKeys=${pageAt(first)}`,
          ),
        ),
    },
    {
      surface: 'search by a word of their story',
      shows: async () => byWriter(await json(`/api/posts/search?q=${SEARCH_WORD}`)),
    },
    {
      surface: 'sitemap',
      shows: async () => {
        const text = await (await get('/sitemap/stories-1.xml')).text();
        return data.sample.some((s) => text.includes(s.id));
      },
    },
  ];
  if (tagged) {
    checks.splice(6, 0, {
      surface: `tag page API (${tagged.tag}, the page where a story of theirs is)`,
      shows: async () =>
        byWriter(
          await json(`/api/posts/tag_posts/pagination/${tagged.tag}?limit=5&lastKey=${pageAt(tagged)}`),
        ),
    });
  }
  return checks;
}

export type BanMeasure = { action: 'ban' | 'unban'; callMs: number; checkMs: number; stale: string[] };

/**
 * Bans the writer (then unbans) through PATCH /api/users/ban_user/{id} as the site admin, then asks
 * every surface once: `stale` lists those whose first answer still showed the old state.
 */
export async function measureBanWriter(options: {
  origin: string;
  data: BanWriterData;
  adminCookie: string;
  log: (message: string) => void;
}): Promise<BanMeasure[]> {
  const { origin, data, adminCookie, log } = options;
  const checks = surfaces(origin, data);
  // Warm every surface (and the story page cache) while the writer is visible.
  for (const check of checks) {
    if (!(await check.shows())) throw new Error(`before the ban, ${check.surface} does not show the writer`);
  }
  const results: BanMeasure[] = [];
  for (const action of ['ban', 'unban'] as const) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/users/ban_user/${data.writerId}`, {
      method: 'PATCH',
      headers: { cookie: adminCookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'bench' }),
    });
    const callMs = performance.now() - started;
    if (response.status !== 200) throw new Error(`${action}: ${response.status} ${await response.text()}`);
    const checked = performance.now();
    const wanted = action === 'unban';
    const stale: string[] = [];
    for (const check of checks) if ((await check.shows()) !== wanted) stale.push(check.surface);
    results.push({ action, callMs, checkMs: performance.now() - checked, stale });
    log(`${action}: ${callMs.toFixed(1)} ms; ${checks.length} surfaces checked, ${stale.length} stale`);
  }
  return results;
}

export function printBanWriter(data: BanWriterData, results: BanMeasure[]): void {
  console.log('');
  console.log(
    `ban a writer with ${data.stories.toLocaleString('en')} published stories (PATCH /api/users/ban_user/{id}):`,
  );
  for (const r of results) {
    console.log(
      `  ${r.action.padEnd(5)} call ${r.callMs.toFixed(1)} ms; every surface's first request after it: ` +
        `${r.stale.length === 0 ? 'all reflect it' : `STALE: ${r.stale.join(', ')}`} (checked in ${r.checkMs.toFixed(0)} ms)`,
    );
  }
  console.log('  target: the ban and the unban take effect on every public surface within one request');
}
