import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db';
import { defineJob, defineSweep } from '../../jobs/registry';
import { enqueueFollowUp } from '../../jobs/runner';
import { posts } from './posts.table';

// The story scheduler (DESIGN §3 "scheduler at t"; docs/decisions/003-jobs.md). Scheduling a story
// enqueues `posts.publish-due` for its time, one waiting job per story (a reschedule moves it);
// the job and the 15-second sweep apply the same idempotent effect, so a story goes out within
// seconds of its time exactly once — also when a job was lost or the process was down at that time.

/**
 * The scheduler's one effect (docs/decisions/003-jobs.md): every due scheduled story — or just
 * `postId`, if due — becomes published at its scheduled time. Idempotent: run again, it matches
 * nothing. Returns the ids it published. Without `db`, the process's database.
 */
export async function publishDueStories(db?: Db, postId?: string): Promise<string[]> {
  // Imported lazily: the worker loads this file before it opens (and reports on) the database.
  const database = db ?? (await (await import('../../db')).getDb());
  const rows = await database
    .update(posts)
    .set({
      status: 'published',
      publishedAt: sql`${posts.scheduledTime}`,
      scheduledTime: null,
      version: sql`${posts.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        postId === undefined ? undefined : eq(posts.id, postId),
        eq(posts.status, 'scheduled'),
        sql`${posts.scheduledTime} <= now()`,
      ),
    )
    .returning({ id: posts.id });
  return rows.map((row) => row.id);
}

export const publishDueJob = defineJob({
  name: 'posts.publish-due',
  payload: z.object({ postId: z.string().min(1).max(64) }),
  handler: async ({ postId }, ctx) => {
    await publishDueStories(ctx.db, postId);
  },
  // A run is one UPDATE: if a worker dies mid-run, take the job back soon (PGlite: one process).
  expireInSeconds: 30,
  retryLimit: 5,
});

export const publishDueSweep = defineSweep({
  name: 'posts.publish-due',
  everySeconds: 15,
  run: async (db) => (await publishDueStories(db)).length,
});

/**
 * Enqueues the publish job for `at` — after the transaction that scheduled the story committed
 * (never inside one). A process that runs no jobs (tests, scripts) skips it: the sweep covers it.
 */
export async function enqueuePublishDue(postId: string, at: Date): Promise<void> {
  await enqueueFollowUp(
    publishDueJob,
    { postId },
    { startAfter: at, singletonKey: postId },
    'the sweep will publish it',
  );
}
