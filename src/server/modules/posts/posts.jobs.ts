import { z } from 'zod';
import { defineJob, defineSweep } from '../../jobs/registry';
import { enqueueFollowUp } from '../../jobs/runner';

// The story scheduler (DESIGN §3 "scheduler at t"; docs/decisions/003-jobs.md). Scheduling a story
// enqueues `posts.publish-due` for its time, one waiting job per story (a reschedule moves it);
// the job and the 15-second sweep apply the same idempotent effect (publishDueStories), so a story
// goes out within seconds of its time exactly once — also when a job was lost or the process was
// down at that time.

// Imported when run: the lifecycle service imports this file to enqueue.
const lifecycle = () => import('./posts-lifecycle.service');

export const publishDueJob = defineJob({
  name: 'posts.publish-due',
  payload: z.object({ postId: z.string().min(1).max(64) }),
  handler: async ({ postId }) => {
    await (await lifecycle()).publishDueStories(postId);
  },
  // A run is one UPDATE: if a worker dies mid-run, take the job back soon (PGlite: one process).
  expireInSeconds: 30,
  retryLimit: 5,
});

export const publishDueSweep = defineSweep({
  name: 'posts.publish-due',
  everySeconds: 15,
  run: async () => (await (await lifecycle()).publishDueStories()).length,
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
