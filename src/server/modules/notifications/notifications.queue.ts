import { z } from 'zod';
import { defineQueue } from '../../jobs/registry';

// The queue of the daily digest's sender (its handler and sweep are in notifications.jobs.ts).

export const sendDigestsQueue = defineQueue({
  name: 'notifications.send-digests',
  // The UTC date the sweep found readers due on, for the logs: the handler sends whatever is due.
  payload: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
});
