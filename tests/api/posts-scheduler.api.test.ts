import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { posts } from '../../src/server/db/schema';
import { publishDueJob, publishDueSweep } from '../../src/server/modules/posts/posts.jobs';
import { enqueuePublishDue } from '../../src/server/modules/posts/posts.queue';
import { createPost, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';
import { collectingLogger, waitFor } from '../jobs/fixtures/helpers';

// The scheduler with a real pg-boss on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).

let database: Database;
const inMinutes = (n: number) => Math.ceil((Date.now() + n * 60_000) / 60_000) * 60_000;

const waitingJobs = async (postId: string) => {
  const result = await database.db.execute(
    sql`select start_after from pgboss.job where name = ${publishDueJob.name} and singleton_key = ${postId} and state = 'created'`,
  );
  return (result as unknown as { rows: { start_after: string | Date }[] }).rows.map((r) =>
    new Date(r.start_after).getTime(),
  );
};

describe('posts API: the scheduler with jobs running', () => {
  beforeAll(async () => {
    database = await useTestDatabase({
      jobs: {
        jobs: [publishDueJob],
        sweeps: [],
        work: true,
        pollingIntervalSeconds: 0.5,
        logger: collectingLogger(),
      },
    });
  });

  it('scheduling enqueues one job per story at its time; a reschedule moves it', async () => {
    const author = await createUser(database.db);
    const post = await createPost(database.db, { author, status: 'draft' });
    const t1 = inMinutes(10);
    await call('PATCH', `/api/posts/manage_posts/schedule_post/${post.id}`, {
      as: author.id,
      body: { scheduledTime: t1 },
    });
    expect(await waitingJobs(post.id)).toEqual([t1]);
    const t2 = inMinutes(30);
    await call('PATCH', `/api/posts/manage_posts/schedule_post/${post.id}`, {
      as: author.id,
      body: { scheduledTime: t2 },
    });
    expect(await waitingJobs(post.id)).toEqual([t2]);
  });

  it('the job publishes the story within seconds of its time, with publishedAt = scheduledTime', async () => {
    const author = await createUser(database.db);
    const post = await createPost(database.db, { author, status: 'scheduled' });
    const at = new Date(Date.now() + 1500);
    await database.db.update(posts).set({ scheduledTime: at }).where(eq(posts.id, post.id));
    await enqueuePublishDue(post.id, at);
    const story = await waitFor(
      'the scheduled story to be published',
      async () => {
        const res = await call('GET', `/api/posts/${post.id}`);
        return res.status === 200 && res.json;
      },
      { timeoutMs: 15_000, intervalMs: 200 },
    );
    expect(story).toMatchObject({ status: 'published', publishedAt: at.getTime(), scheduledTime: null });
    expect(Date.now() - at.getTime()).toBeLessThan(10_000);
  });

  it('the sweep catches a story whose job was lost', async () => {
    const author = await createUser(database.db);
    const post = await createPost(database.db, { author, status: 'scheduled' });
    await database.db
      .update(posts)
      .set({ scheduledTime: sql`now() - interval '1 minute'` })
      .where(eq(posts.id, post.id));
    expect(await publishDueSweep.run(database.db, {} as never)).toBeGreaterThanOrEqual(1);
    expect(await publishDueSweep.run(database.db, {} as never)).toBe(0);
    expect((await call('GET', `/api/posts/${post.id}`)).json.status).toBe('published');
  });
});
