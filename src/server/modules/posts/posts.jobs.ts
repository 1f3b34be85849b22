import { defineJob, defineSweep } from '../../jobs/registry';
import { publishDueStories } from './posts-lifecycle.service';
import { publishDueQueue } from './posts.queue';

// The story scheduler (DESIGN §3 "scheduler at t"; docs/decisions/003-jobs.md). Scheduling a story
// enqueues `posts.publish-due` for its time (posts.queue.ts), one waiting job per story (a
// reschedule moves it); the job and the 15-second sweep apply the same idempotent effect
// (publishDueStories), so a story goes out within seconds of its time exactly once — also when a
// job was lost or the process was down at that time.

export const publishDueJob = defineJob({
  ...publishDueQueue,
  handler: async ({ postId }) => {
    await publishDueStories(postId);
  },
  // A run is one UPDATE: if a worker dies mid-run, take the job back soon (PGlite: one process).
  expireInSeconds: 30,
  retryLimit: 5,
});

export const publishDueSweep = defineSweep({
  name: 'posts.publish-due',
  everySeconds: 15,
  run: async () => (await publishDueStories()).length,
});
