import { defineJob, defineSweep } from '../../jobs/registry';
import { sendDuePlanDays } from './plans-sender.service';
import { sendDuePlanDaysQueue } from './plans.queue';

// The reading plans' sender (docs/decisions/050-reading-plans.md), beside the newsletters' own and on
// their pattern (docs/decisions/003-jobs.md, 024): a reader's start enqueues `plans.send-due` for
// their first day; the sweep applies the same idempotent effect every few seconds — it starts readers
// whose address was just confirmed, writes each due day's delivery row, and sends what is due — in
// every worker process at once, each leasing its own batches.

export const sendDuePlanDaysJob = defineJob({
  ...sendDuePlanDaysQueue,
  handler: async (_payload, { signal }) => {
    await sendDuePlanDays(signal);
  },
  expireInSeconds: 1800,
  retryLimit: 5,
});

export const sendDuePlanDaysSweep = defineSweep({
  name: 'plans.send-due',
  everySeconds: 10,
  run: async () => sendDuePlanDays(),
});
