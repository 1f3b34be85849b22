// `npm run cluster:check` (3 minutes, in .ci/run) and `npm run soak` (30 minutes): issue 22's proof
// that the site runs as several processes. On a scratch PostgreSQL database, nginx in front of two
// web processes and two job workers (scripts/cluster/cluster.mjs), under mixed load through nginx —
// anonymous reads of every page kind, real sign-ins, stories created, edited and scheduled, and a
// newsletter to 2,000 subscribers through an SMTP sink — while one web process is killed (SIGKILL)
// and started again, the other restarted gracefully (SIGTERM), and one worker killed mid-newsletter.
// Beside the load, changes made through one web process are read through the other at once (story
// edit, publish, unpublish, ban, curated set, publication rename, subscription), and a sign-in limit
// is spent alternating between them. It prints the figures and exits 1 if any of these fails:
//  - no 5xx from nginx but for requests in flight on the process killed with SIGKILL (counted);
//  - no lost write: every write answered 2xx is read back afterwards;
//  - every scheduled story published, once; every subscriber mailed exactly once;
//  - every cross-process change seen at the next request; the sign-in limit not doubled;
//  - a backup taken under load restores into a fresh database with every table's rows as backed up.
// Memory (RSS) of each process is printed at start and end.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { openDatabase, type Database } from '../../src/server/db/client';
import { subscriptions } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { createScratchDatabase } from '../../tests/helpers/scratch-database';
import { startSmtpSink, type SmtpSink } from '../../tests/helpers/smtp-sink';
import { backupDuringLoad, restoreAndCheck } from './backup-under-load';
import { startCluster, type ClusterProcess, type WebProcess } from './cluster.mjs';

const SOAK = process.argv.includes('--soak');
const DURATION_S = Number(process.env.CLUSTER_CHECK_SECONDS ?? (SOAK ? 30 * 60 : 180));
const PORT = Number(process.env.CLUSTER_CHECK_PORT ?? 3100);
const SUBSCRIBERS = 2000;
const SECRET = 'cluster-check-secret-0123456789-0123456789';
const PASSWORD = 'Lamplight-cluster-2026';
/** Requests answered 5xx within this long after the SIGKILL were in flight on the killed process. */
const IN_FLIGHT_WINDOW_MS = 1_500;
/** The backup taken under load and its restore's data folder (removed at the end). */
const SCRATCH_DIR = path.resolve('data/cluster/backup-check');

/** The PostgreSQL server the scratch database is made on. */
const SERVER_URL =
  process.env.CLUSTER_CHECK_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.log(`[cluster-check] ${message}`);
const failures: string[] = [];
const fail = (message: string) => {
  failures.push(message);
  console.error(`[cluster-check] FAIL ${message}`);
};

type Rows = <T>(query: ReturnType<typeof sql>) => Promise<T[]>;

function rssMiB(proc: ClusterProcess): number | null {
  const pid = proc.child?.pid;
  if (!pid || proc.exitCode !== undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kib / 1024);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP: every request through nginx names a client address one proxy further out (TRUST_PROXY=2),
// so each virtual reader has its own rate limits, as real readers behind nginx do.

let publicOrigin = '';

type Outcome = { at: number; status: number; what: string };
const outcomes: Outcome[] = [];

async function request(
  origin: string,
  path: string,
  init: RequestInit & { client?: string; what?: string; cookie?: string } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', init.client ?? '198.51.100.1');
  if (init.cookie) headers.set('cookie', init.cookie);
  // The site's public address, whichever process is asked (the same-origin check compares it).
  if (init.method && init.method !== 'GET') headers.set('origin', publicOrigin);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const started = Date.now();
  let response: Response;
  try {
    response = await fetch(`${origin}${path}`, { ...init, headers, redirect: init.redirect ?? 'manual' });
  } catch (error) {
    // nginx itself never refuses; a refused web process is only asked directly (coherence checks).
    outcomes.push({ at: started, status: 0, what: `${init.what ?? path}: ${(error as Error).message}` });
    throw error;
  }
  outcomes.push({ at: started, status: response.status, what: init.what ?? path });
  return response;
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${response.status} ${text.slice(0, 200)}`);
  }
}

const sessionCookie = async (userId: string) =>
  `next-auth.session-token=${await encode({ token: { uid: userId, sub: userId }, secret: SECRET })}`;

/** A real sign-in through next-auth's credentials callback: the session cookie, or null. */
async function signIn(
  origin: string,
  email: string,
  password: string,
  client: string,
): Promise<string | null> {
  const csrf = await request(origin, '/api/auth/csrf', { client, what: 'sign-in' });
  const { csrfToken } = await json<{ csrfToken: string }>(csrf);
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const form = new URLSearchParams({ email, password, csrfToken, json: 'true', callbackUrl: `${origin}/` });
  const answer = await request(origin, '/api/auth/callback/credentials', {
    method: 'POST',
    body: form,
    client,
    cookie: csrfCookie,
    what: 'sign-in',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  await answer.arrayBuffer();
  // A 5xx is a failed request, counted with the others (allowed only in flight on a SIGKILLed
  // process), not a refusal of a correct password.
  if (answer.status >= 500) throw new Error(`sign-in ${answer.status}`);
  const session = answer.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('next-auth.session-token='));
  return session ? session.split(';')[0] : null;
}

// ---------------------------------------------------------------------------------------------

type Story = { id: string; path: string; title: string; version: number; maybeTitle?: string };

const storyPath = (story: { id: string; slug: string | null }) =>
  story.slug ? `/stories/${story.slug}-${story.id}` : `/stories/${story.id}`;
type World = {
  rows: Rows;
  sink: SmtpSink;
  collectionId: string;
  database: Database;
  ownerId: string;
  ownerCookie: string;
  adminCookie: string;
  publicationId: string;
  subdomain: string;
  topic: string;
  ownerEmail: string;
  readPaths: string[];
};

async function prepareWorld(databaseUrl: string, origin: string, sink: SmtpSink): Promise<World> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, max: 2, changeNotices: false });
  const rows: Rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const [owner] = await rows<{ id: string; email: string; subdomain: string }>(
    sql`select id, email, subdomain from users where email = 'grace@lamplight.local'`,
  );
  const [admin] = await rows<{ id: string }>(sql`select id from users where email = 'admin@lamplight.local'`);
  const [publication] = await rows<{ id: string; subdomain: string }>(
    sql`select id, subdomain from publications where subdomain = 'daily-bread'`,
  );
  const [collection] = await rows<{ id: string }>(
    sql`select id from collections where publication_id = ${publication?.id ?? null} order by created_at limit 1`,
  );
  if (!owner || !admin || !publication || !collection) throw new Error('the demo content is not there');
  const ownerCookie = await sessionCookie(owner.id);
  const topicAnswer = await request(origin, `/api/publications/${publication.id}/newsletters/topic`);
  const { topic } = await json<{ topic: string }>(topicAnswer);
  const [tag] = await rows<{ slug: string }>(sql`select slug from tags order by slug limit 1`);
  const [story] = await rows<{ id: string; slug: string | null }>(
    sql`select id, slug from posts where status = 'published' order by published_at desc limit 1`,
  );
  return {
    rows,
    sink,
    collectionId: collection.id,
    database,
    ownerId: owner.id,
    ownerEmail: owner.email,
    ownerCookie,
    adminCookie: await sessionCookie(admin.id),
    publicationId: publication.id,
    subdomain: publication.subdomain,
    topic,
    readPaths: [
      '/',
      `/tags/${tag?.slug ?? 'faith'}`,
      `/@${owner.subdomain}`,
      `/${publication.subdomain}`,
      '/publications',
      '/search?q=grace',
      story ? storyPath(story) : '/',
      '/feed',
    ],
  };
}

let failedWrites = 0;

/** Creates and publishes (or schedules) a story as the publication's owner: the story, or null on a non-2xx. */
async function createStory(
  origin: string,
  world: World,
  title: string,
  options: { scheduledTime?: number; client?: string } = {},
): Promise<Story | null> {
  const response = await request(
    origin,
    options.scheduledTime ? '/api/posts/new/schedule' : '/api/posts/new/publish',
    {
      method: 'POST',
      cookie: world.ownerCookie,
      client: options.client,
      what: options.scheduledTime ? 'schedule' : 'publish',
      body: JSON.stringify({
        title,
        excerpt: `An excerpt of ${title}`,
        bodyJson: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: `The words of ${title}.` }] }],
        },
        tags: [{ name: 'Cluster' }],
        ...(world.publicationId
          ? { publicationId: world.publicationId, collectionId: world.collectionId }
          : {}),
        ...(options.scheduledTime ? { scheduledTime: options.scheduledTime } : {}),
      }),
    },
  );
  if (!response.ok) {
    const text = await response.text();
    if (failedWrites++ < 5) log(`a write was refused: ${response.status} ${text.slice(0, 300)}`);
    return null;
  }
  const story = await json<{ id: string; slug: string | null; title: string; version: number }>(response);
  return { id: story.id, path: storyPath(story), title: story.title, version: story.version };
}

async function editStory(origin: string, world: World, story: Story, title: string): Promise<boolean> {
  // Until its answer is read whole, an edit may or may not have been written: a process killed while
  // answering gives nginx's 502, or a 200 cut off after its headers (its body never arrives, and
  // reading it throws). Either title is then right; a refusal or a whole answer settles it.
  story.maybeTitle = title;
  const response = await request(origin, `/api/posts/${story.id}`, {
    method: 'PATCH',
    cookie: world.ownerCookie,
    what: 'edit',
    body: JSON.stringify({ title, version: story.version }),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    if (failedWrites++ < 5) log(`an edit was refused: ${response.status} ${text.slice(0, 300)}`);
    if (response.status < 500) story.maybeTitle = undefined;
    return false;
  }
  story.version = (await json<{ version: number }>(response)).version;
  story.maybeTitle = undefined;
  return true;
}

// ---------------------------------------------------------------------------------------------
// The load

type Load = {
  stop: boolean;
  /** When the load is to stop (ms): stories are scheduled only for minutes before it. */
  endsAt: number;
  reads: number;
  written: Map<string, Story>;
  scheduled: Map<string, { story: Story; at: number }>;
  signIns: { ok: number; refused: number };
};

async function readerLoop(origin: string, world: World, load: Load, reader: number) {
  for (let i = 0; !load.stop; i++) {
    const extra = [...load.written.values()];
    const paths = extra.length ? [...world.readPaths, extra[i % extra.length].path] : world.readPaths;
    const path = paths[(i + reader) % paths.length];
    try {
      const response = await request(origin, path, {
        client: `198.51.100.${10 + reader}`,
        what: `read ${path}`,
      });
      await response.arrayBuffer();
      load.reads += 1;
    } catch {
      await sleep(50);
    }
  }
}

async function writerLoop(origin: string, world: World, load: Load) {
  for (let i = 0; !load.stop; i++) {
    try {
      // Due at the start of a minute at least a minute away (the schedule is to the minute), and
      // before the load ends: the check after it then waits seconds for the last one, not minutes.
      const at = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
      if (i % 6 === 5 && at <= load.endsAt) {
        const story = await createStory(origin, world, `Scheduled in the cluster ${i}`, {
          scheduledTime: at,
        });
        if (story) load.scheduled.set(story.id, { story, at });
      } else {
        const story = await createStory(origin, world, `Written in the cluster ${i}`);
        if (story) {
          load.written.set(story.id, story);
          if (i % 3 === 0) {
            const title = `${story.title} (edited)`;
            if (await editStory(origin, world, story, title)) story.title = title;
          }
        }
      }
    } catch {
      await sleep(50);
    }
    await sleep(100);
  }
}

async function signInLoop(origin: string, world: World, load: Load) {
  for (let i = 0; !load.stop; i++) {
    try {
      const cookie = await signIn(origin, world.ownerEmail, PASSWORD, `203.0.113.${(i % 200) + 1}`);
      if (cookie) load.signIns.ok += 1;
      else load.signIns.refused += 1;
    } catch {
      // counted in outcomes
    }
    await sleep(500);
  }
}

// ---------------------------------------------------------------------------------------------
// Changes through one web process, read at once through the other

type Check = { name: string; run: (writeTo: WebProcess, readFrom: WebProcess) => Promise<string | null> };

function coherenceChecks(world: World): Check[] {
  const page = async (web: WebProcess, path: string) => {
    const response = await request(web.origin, path, { what: `coherence read ${path}`, redirect: 'follow' });
    return { status: response.status, html: await response.text() };
  };
  const escapeHtml = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  let n = 0;
  return [
    {
      name: 'publish',
      run: async (a, b) => {
        const story = await createStory(a.origin, world, `Cross-process publish ${++n}`);
        if (!story) return 'publish refused';
        const seen = await page(b, story.path);
        return seen.status === 200 && seen.html.includes(escapeHtml(story.title))
          ? null
          : `story page ${seen.status}`;
      },
    },
    {
      name: 'story edit',
      run: async (a, b) => {
        const story = await createStory(a.origin, world, `Cross-process edit ${++n}`);
        if (!story) return 'publish refused';
        await page(b, story.path); // cached on b
        const title = `Cross-process edited ${n}`;
        if (!(await editStory(a.origin, world, story, title))) return 'edit refused';
        const seen = await page(b, story.path);
        return seen.html.includes(escapeHtml(title)) ? null : `old title on the story page (${seen.status})`;
      },
    },
    {
      name: 'unpublish',
      run: async (a, b) => {
        const story = await createStory(a.origin, world, `Cross-process unpublish ${++n}`);
        if (!story) return 'publish refused';
        await page(b, story.path);
        const response = await request(a.origin, `/api/posts/manage_posts/unpublish_post/${story.id}`, {
          method: 'PATCH',
          cookie: world.ownerCookie,
          what: 'unpublish',
        });
        await response.arrayBuffer();
        if (!response.ok) return `unpublish ${response.status}`;
        const seen = await page(b, story.path);
        return seen.status === 404 ? null : `story page ${seen.status} after unpublish`;
      },
    },
    {
      name: 'ban',
      run: async (a, b) => {
        const [writer] = await world.rows<{ id: string }>(sql`
          insert into users (id, email, name, show_onboarding)
          values (gen_random_uuid(), ${`banned-${newUuid()}@cluster.test`}, 'Cluster Writer', false)
          returning id`);
        const writerWorld = {
          ...world,
          ownerCookie: await sessionCookie(writer.id),
          publicationId: undefined,
        };
        const story = await createStory(
          a.origin,
          writerWorld as unknown as World,
          `Cross-process ban ${++n}`,
        );
        if (!story) return 'publish refused';
        await page(b, story.path);
        const response = await request(a.origin, `/api/users/ban_user/${writer.id}`, {
          method: 'PATCH',
          cookie: world.adminCookie,
          what: 'ban',
          body: JSON.stringify({ reason: 'cluster check' }),
        });
        await response.arrayBuffer();
        if (!response.ok) return `ban ${response.status}`;
        const seen = await page(b, story.path);
        return seen.status === 404 ? null : `banned writer's story page ${seen.status}`;
      },
    },
    {
      name: 'curated set',
      run: async (a, b) => {
        const story = await createStory(a.origin, world, `Cross-process pick ${++n}`);
        if (!story) return 'publish refused';
        const path = '/api/posts/editor_pick/en/US';
        await (await request(b.origin, path, { what: 'coherence read curated' })).arrayBuffer();
        const response = await request(a.origin, path, {
          method: 'PUT',
          cookie: world.adminCookie,
          what: 'curate',
          body: JSON.stringify({ ids: [story.id] }),
        });
        await response.arrayBuffer();
        if (!response.ok) return `curate ${response.status}`;
        const seen = await json<{ posts: { id: string }[] }>(
          await request(b.origin, path, { what: 'coherence read curated' }),
        );
        return seen.posts.some((post) => post.id === story.id) ? null : 'the old editor picks';
      },
    },
    {
      name: 'publication rename',
      run: async (a, b) => {
        await page(b, `/${world.subdomain}`);
        const name = `Daily Bread ${++n}`;
        const response = await request(a.origin, `/api/publications/${world.publicationId}`, {
          method: 'PATCH',
          cookie: world.ownerCookie,
          what: 'rename',
          body: JSON.stringify({ name }),
        });
        await response.arrayBuffer();
        if (!response.ok) return `rename ${response.status}`;
        const seen = await page(b, `/${world.subdomain}`);
        return seen.html.includes(name) ? null : `the old name on the publication page (${seen.status})`;
      },
    },
    {
      name: 'subscription',
      run: async (a, b) => {
        const email = `reader-${++n}-${Date.now()}@cluster.test`;
        const response = await request(a.origin, '/api/subscribe', {
          method: 'PUT',
          what: 'subscribe',
          client: `192.0.2.${(n % 200) + 1}`,
          body: JSON.stringify({ email, topic: world.topic, timezone: 'UTC' }),
        });
        await response.arrayBuffer();
        if (!response.ok) return `subscribe ${response.status}`;
        // The confirmation mail, sent by a worker: its link's token.
        const [mail] = await world.sink.waitFor((sent) => sent.to.includes(email), { timeoutMs: 30_000 });
        const link = /[?&]token=([^"'&\s<]+)/.exec(mail.text || mail.html)?.[1];
        if (!link) return 'no confirmation link in the mail';
        const token = decodeURIComponent(link.replace(/&amp;/g, '&'));
        const confirm = await request(b.origin, '/api/subscriptions/confirm', {
          method: 'POST',
          what: 'confirm',
          body: JSON.stringify({ token }),
        });
        const answer = await confirm.text();
        return confirm.ok ? null : `confirm ${confirm.status} ${answer.slice(0, 120)}`;
      },
    },
  ];
}

async function coherenceLoop(
  webs: WebProcess[],
  world: World,
  results: Map<string, { ok: number; failed: number }>,
  load: Load,
) {
  const checks = coherenceChecks(world);
  for (let i = 0; !load.stop; i++) {
    const up = webs.filter((web) => web.ready);
    if (up.length < 2) {
      await sleep(200);
      continue;
    }
    const [a, b] = i % 2 ? [up[0], up[1]] : [up[1], up[0]];
    const check = checks[i % checks.length];
    const tally = results.get(check.name) ?? { ok: 0, failed: 0 };
    results.set(check.name, tally);
    try {
      const problem = await check.run(a, b);
      if (problem === null) tally.ok += 1;
      else {
        tally.failed += 1;
        fail(`cross-process ${check.name} (${a.name} → ${b.name}): ${problem}`);
      }
    } catch (error) {
      // A process stopped in the middle: not a coherence failure, try again.
      if (webs.every((web) => web.ready)) {
        tally.failed += 1;
        fail(`cross-process ${check.name}: ${(error as Error).message}`);
      }
    }
    await sleep(300);
  }
}

/** Ten wrong passwords for one account from one address, alternating processes: the eleventh is refused. */
async function signInLimitHolds(webs: WebProcess[], world: World): Promise<void> {
  const client = '192.0.2.250';
  for (let i = 0; i < 10; i++) await signIn(webs[i % 2].origin, world.ownerEmail, 'wrong password', client);
  const cookie = await signIn(webs[0].origin, world.ownerEmail, PASSWORD, client);
  if (cookie)
    fail('the sign-in limit was doubled: ten failures over two processes did not refuse the eleventh');
  else log('sign-in limit holds across processes: 10 failures over two processes refused the eleventh');
}

// ---------------------------------------------------------------------------------------------

async function main() {
  // A database of its own for the run, dropped at its end.
  const scratch = await createScratchDatabase(SERVER_URL, 'lamplight_cluster');
  const mails = new Map<string, number>();
  let newsletterSubject = '';
  let onNewsletterMail: (count: number) => void = () => undefined;
  const sink = await startSmtpSink({
    delayMs: 5,
    onMessage: (mail) => {
      if (!newsletterSubject || mail.subject !== newsletterSubject) return;
      for (const to of mail.to) mails.set(to, (mails.get(to) ?? 0) + 1);
      onNewsletterMail(mails.size);
    },
  });
  log(
    `scratch database ${new URL(scratch.url).pathname.slice(1)}; SMTP sink on ${sink.port}; starting the cluster…`,
  );
  const cluster = await startCluster({
    databaseUrl: scratch.url,
    port: PORT,
    build: !process.argv.includes('--no-build'),
    env: {
      SMTP_URL: sink.url,
      NEXTAUTH_SECRET: SECRET,
      SEED_ADMIN_PASSWORD: PASSWORD,
      // The load's clients stand behind one more proxy: each names its own address.
      TRUST_PROXY: '2',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  });
  publicOrigin = cluster.origin;
  const all = [...cluster.webs, ...cluster.workers, cluster.nginx];
  const startRss = new Map(all.map((proc) => [proc.name, rssMiB(proc)]));
  let world: World | undefined;
  try {
    log(
      `cluster up on ${cluster.origin}: ${cluster.webs.map((web) => web.name).join(', ')}, ${cluster.workers.length} workers`,
    );
    world = await prepareWorld(scratch.url, cluster.origin, sink);
    const ready = world;

    await signInLimitHolds(cluster.webs, ready);

    // 2,000 confirmed subscribers of the demo publication's newsletter.
    const [topic] = await ready.rows<{ id: string }>(sql`select id from topics where slug = ${ready.topic}`);
    await ready.database.db.insert(subscriptions).values(
      Array.from({ length: SUBSCRIBERS }, (_, i) => ({
        id: newUuid(),
        email: `subscriber-${i}@cluster.test`,
        topicId: topic.id,
        status: 'active' as const,
        confirmToken: newUuid(),
        unsubscribeToken: newUuid(),
        confirmedAt: new Date(),
      })),
    );

    const started = Date.now();
    const load: Load = {
      stop: false,
      endsAt: started + DURATION_S * 1000,
      reads: 0,
      written: new Map(),
      scheduled: new Map(),
      signIns: { ok: 0, refused: 0 },
    };
    const coherence = new Map<string, { ok: number; failed: number }>();
    const loops = [
      ...Array.from({ length: 4 }, (_, i) => readerLoop(cluster.origin, ready, load, i)),
      writerLoop(cluster.origin, ready, load),
      signInLoop(cluster.origin, ready, load),
      coherenceLoop(cluster.webs, ready, coherence, load),
    ];
    const at = (fraction: number) => sleep(Math.max(0, started + fraction * DURATION_S * 1000 - Date.now()));

    // The newsletter: a story of the publication, scheduled for the next minute (the schedule is to
    // the minute); the first worker is killed once 400 mails are out, and started again.
    await at(0.1);
    const letterStory = await createStory(cluster.origin, ready, 'The cluster newsletter');
    if (!letterStory) throw new Error('could not publish the newsletter story');
    newsletterSubject = letterStory.title;
    const created = await json<{ newsletterId: string }>(
      await request(cluster.origin, `/api/publications/${ready.publicationId}/newsletters/create`, {
        method: 'POST',
        cookie: ready.ownerCookie,
        body: JSON.stringify({ publicationId: ready.publicationId, postId: letterStory.id }),
      }),
    );
    const sendAt = Math.ceil((Date.now() + 5_000) / 60_000) * 60_000;
    const scheduled = await request(
      cluster.origin,
      `/api/publications/${ready.publicationId}/newsletters/${created.newsletterId}`,
      {
        method: 'PATCH',
        cookie: ready.ownerCookie,
        body: JSON.stringify({ scheduledTime: sendAt, timezone: 'UTC' }),
      },
    );
    if (!scheduled.ok) throw new Error(`could not schedule the newsletter: ${await scheduled.text()}`);
    log(`newsletter to ${SUBSCRIBERS} subscribers scheduled for ${new Date(sendAt).toISOString()}`);
    let workerKilledAt = -1;
    const workerKill = new Promise<void>((resolve) => {
      onNewsletterMail = (count) => {
        if (workerKilledAt >= 0 || count < 400) return;
        workerKilledAt = count;
        void cluster.workers[0].stop('SIGKILL').then(async () => {
          log(
            `${cluster.workers[0].name} killed (SIGKILL) after ${count} newsletter mails; starting it again`,
          );
          await cluster.workers[0].start();
          resolve();
        });
      };
    });

    await at(0.35);
    const killedAt = Date.now();
    await cluster.webs[0].stop('SIGKILL');
    log(`${cluster.webs[0].name} killed (SIGKILL); starting it again`);
    await cluster.webs[0].start();
    log(`${cluster.webs[0].name} ready again after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);

    await at(0.6);
    const termAt = Date.now();
    const code = await cluster.webs[1].stop('SIGTERM');
    log(
      `${cluster.webs[1].name} stopped on SIGTERM (exit ${code}) in ${((Date.now() - termAt) / 1000).toFixed(1)} s; starting it again`,
    );
    if (code !== 0) fail(`${cluster.webs[1].name} exited ${code} on SIGTERM`);
    await cluster.webs[1].start();

    // A backup while the load goes on (restored and checked once the load is over).
    await at(0.8);
    const backup = await backupDuringLoad({
      databaseUrl: scratch.url,
      dataDir: process.env.DATA_DIR ?? 'data',
      dir: path.join(SCRATCH_DIR, 'backups'),
      storiesBefore: load.written.keys(),
    });
    log(`backup written during the load in ${(backup.ms / 1000).toFixed(1)} s: ${backup.archive}`);

    await at(1);
    load.stop = true;
    await Promise.all(loops);
    log(`load stopped after ${((Date.now() - started) / 1000).toFixed(0)} s; checking what was written`);

    // The newsletter: every subscriber exactly once.
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      const [entry] = await ready.rows<{ status: string }>(
        sql`select status from newsletter_entries where newsletter_id = ${created.newsletterId}`,
      );
      if (entry?.status === 'sent' || entry?.status === 'failed') break;
      await sleep(1_000);
    }
    await Promise.race([workerKill, sleep(1_000)]);
    const twice = [...mails.values()].filter((n) => n > 1).length;
    const missing =
      SUBSCRIBERS -
      [...mails.keys()].filter((to) => to.endsWith('@cluster.test') && to.startsWith('subscriber-')).length;
    log(
      `newsletter: ${mails.size} recipients mailed, ${twice} twice, ${missing} missing; worker killed after ${workerKilledAt} mails`,
    );
    if (workerKilledAt < 0) fail('the worker was not killed mid-newsletter (the send did not start?)');
    if (twice || missing) fail(`newsletter: ${twice} subscribers mailed twice, ${missing} never`);

    // Scheduled stories: each published, once.
    const lastDue = Math.max(0, ...[...load.scheduled.values()].map((entry) => entry.at));
    while (Date.now() < lastDue + 30_000) await sleep(1_000);
    const ids = [...load.scheduled.keys()];
    // Published once: at its scheduled time, and one version past the one the schedule answered
    // (the publish bumps it; a second would find the story no longer scheduled and change nothing).
    const published = ids.length
      ? await ready.rows<{ id: string; status: string; version: number; at: string }>(
          sql`select id, status, version, (extract(epoch from published_at) * 1000)::bigint::text as at
                from posts where id = any(${`{${ids.join(',')}}`}::text[])`,
        )
      : [];
    const once = published.filter((row) => {
      const expected = load.scheduled.get(row.id)!;
      return (
        row.status === 'published' &&
        Number(row.at) === expected.at &&
        row.version === expected.story.version + 1
      );
    }).length;
    log(`scheduled stories: ${ids.length} scheduled, ${once} published once at their time`);
    if (once !== ids.length)
      fail(`${ids.length - once} scheduled stories were not published once at their time`);

    // Every write answered 2xx, read back.
    let lost = 0;
    for (const story of load.written.values()) {
      const response = await request(cluster.origin, `/api/posts/${story.id}`, {
        cookie: ready.ownerCookie,
        what: 'read back',
      });
      const row = response.ok ? await json<{ title: string }>(response) : null;
      if (!row || (row.title !== story.title && row.title !== story.maybeTitle)) lost += 1;
    }
    const unsettled = [...load.written.values()].filter((story) => story.maybeTitle !== undefined).length;
    log(
      `writes: ${load.written.size} stories answered 2xx (some edited), ${lost} lost; ` +
        `${unsettled} edits answered by a killed process, read back either way`,
    );
    if (lost) fail(`${lost} writes answered 2xx were not read back`);

    // The backup taken under load: restored into a fresh database, identical to its instant (the
    // restore compares every table's rows and checksums), with every story created before it.
    const restored = await restoreAndCheck(backup, SERVER_URL, SCRATCH_DIR);
    log(
      `restore of that backup in ${(restored.ms / 1000).toFixed(1)} s, rows and checksums as backed up (${restored.summary}); ` +
        `${backup.storiesBefore.size - restored.missingStories} of ${backup.storiesBefore.size} stories created before it present`,
    );
    if (restored.missingStories)
      fail(`${restored.missingStories} stories created before the backup are not in it`);

    // 5xx through nginx.
    const viaNginx = outcomes.filter((outcome) => !outcome.what.startsWith('coherence'));
    const errors = viaNginx.filter((outcome) => outcome.status >= 500);
    const inFlight = errors.filter(
      (outcome) =>
        outcome.at <= killedAt + IN_FLIGHT_WINDOW_MS &&
        outcome.at >= killedAt - 60_000 &&
        outcome.status === 502,
    );
    const otherErrors = errors.filter((outcome) => !inFlight.includes(outcome));
    log(
      `requests: ${outcomes.length} (${load.reads} reads, sign-ins ${load.signIns.ok} ok / ${load.signIns.refused} refused); 5xx: ${inFlight.length} in flight on the SIGKILLed process, ${otherErrors.length} other`,
    );
    for (const outcome of otherErrors.slice(0, 10))
      fail(`5xx: ${outcome.status} ${outcome.what} at +${((outcome.at - started) / 1000).toFixed(1)} s`);
    if (load.signIns.refused) fail(`${load.signIns.refused} correct sign-ins refused`);

    for (const [name, tally] of coherence)
      log(`cross-process ${name}: ${tally.ok} seen at the next request, ${tally.failed} not`);
    if (coherence.size < coherenceChecks(ready).length) fail('not every cross-process check ran');

    for (const proc of all)
      log(
        `memory ${proc.name}: ${startRss.get(proc.name) ?? '?'} MiB at start, ${rssMiB(proc) ?? '?'} MiB at the end`,
      );
  } finally {
    await cluster.stop();
    await world?.database.close();
    await sink.close();
    await scratch.drop();
    rmSync(SCRATCH_DIR, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`[cluster-check] ${failures.length} failures`);
    process.exit(1);
  }
  log('passed');
  process.exit(0);
}

main().catch((error) => {
  console.error('[cluster-check] could not run:', error);
  process.exit(1);
});
