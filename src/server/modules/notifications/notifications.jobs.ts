import { defineJob, defineSweep } from '../../jobs/registry';
import { scheduleDueDigests, sendDueDigests } from './notifications-digest.service';
import { sendDigestsQueue } from './notifications.queue';

// The daily e-mail digest (docs/decisions/055-notifications.md), on the newsletters' pattern
// (docs/decisions/003-jobs.md, 024). Every 10 seconds, as the reading plans' sweep, in every worker
// process at once, the sweep takes a cheap look (an index probe on users' due times); when some
// readers' hour has come it writes their digest rows in one statement, enqueues
// `notifications.send-digests` (so another worker may join the sending at once: one job a minute at
// most, by singletonKey) and sends what it can itself. The job's handler applies the same idempotent
// effect; each process leases its own rows — so a lost job, a retry's backoff or a crashed worker's
// lease is caught up, and no digest goes out twice.

export const sendDigestsJob = defineJob({
  ...sendDigestsQueue,
  handler: async (_payload, { signal }) => {
    await sendDueDigests(new Date(), signal);
  },
  expireInSeconds: 1800,
  retryLimit: 5,
});

export const sendDigestsSweep = defineSweep({
  name: 'notifications.send-digests',
  everySeconds: 10,
  run: async (_db, ctx) => {
    const now = new Date();
    if ((await scheduleDueDigests(now)) > 0) {
      const minute = now.toISOString().slice(0, 16);
      await ctx.enqueue(sendDigestsQueue, { day: minute.slice(0, 10) }, { singletonKey: `digest-${minute}` });
    }
    return sendDueDigests(now);
  },
});
