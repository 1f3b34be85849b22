import { z } from 'zod';
import { defineQueue } from '../../jobs/registry';
import { enqueueFollowUp } from '../../jobs/runner';

// The story scheduler's queue (its handler and sweep are in posts.jobs.ts). The services enqueue
// through this file, which imports no service back, so there is no loop through the handler.

export const publishDueQueue = defineQueue({
  name: 'posts.publish-due',
  payload: z.object({ postId: z.string().min(1).max(64) }),
});

/**
 * Enqueues the publish job for `at` — after the transaction that scheduled the story committed
 * (never inside one). A process that runs no jobs (tests, scripts) skips it: the sweep covers it.
 */
export async function enqueuePublishDue(postId: string, at: Date): Promise<void> {
  await enqueueFollowUp(
    publishDueQueue,
    { postId },
    { startAfter: at, singletonKey: postId },
    'the sweep will publish it',
  );
}
