import { defineJob, defineSweep } from '../../jobs/registry';
import { siteDayOf } from '../scripture/daily-verses.choice';
import { digestDueAt, sendDueDigests } from './notifications-digest.service';
import { sendDigestsQueue } from './notifications.queue';

// The daily e-mail digest (docs/decisions/055-notifications.md), on the newsletters' pattern
// (docs/decisions/003-jobs.md, 024): once a site day's DIGEST_HOUR_UTC has come, the sweep enqueues
// the day's `notifications.send-digests` job (one per day: singletonKey); the job writes the day's
// digest rows and sends them. The sweep also applies the same idempotent effect itself every minute,
// in every worker process at once, each leasing its own rows — so a lost job, a retry's backoff or a
// crashed worker's lease is caught up, and no digest goes out twice.

export const sendDigestsJob = defineJob({
  ...sendDigestsQueue,
  handler: async (_payload, { signal }) => {
    await sendDueDigests(new Date(), signal);
  },
  expireInSeconds: 1800,
  retryLimit: 5,
});

/** The last day this process enqueued the job of. */
let enqueuedDay: string | null = null;

export const sendDigestsSweep = defineSweep({
  name: 'notifications.send-digests',
  everySeconds: 60,
  run: async (_db, ctx) => {
    const now = new Date();
    const day = siteDayOf(now).date;
    if (enqueuedDay !== day && now.getTime() >= digestDueAt(now).getTime()) {
      await ctx.enqueue(sendDigestsQueue, { day }, { singletonKey: `digest-${day}` });
      enqueuedDay = day;
    }
    return sendDueDigests(now);
  },
});
