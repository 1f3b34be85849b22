import { defineJob, defineSweep } from '../../jobs/registry';
import { deliverDueWebhooks, deliverWebhook } from './webhooks-delivery.service';
import { deliverWebhookQueue } from './webhooks.queue';

// Webhook deliveries (docs/decisions/040-webhooks.md). An event enqueues `webhooks.deliver` for each
// delivery row, a failed attempt enqueues it again for its retry time (webhooks.queue.ts); the sweep
// attempts whatever is due and was not (a lost job, a worker that died mid-attempt). The retries are
// the delivery rows' own schedule, not pg-boss's: the job itself is not retried.

export const deliverWebhookJob = defineJob({
  ...deliverWebhookQueue,
  handler: async ({ deliveryId }) => {
    await deliverWebhook(deliveryId);
  },
  retryLimit: 0,
  expireInSeconds: 60,
  concurrency: 4,
});

export const deliverDueWebhooksSweep = defineSweep({
  name: 'webhooks.deliver-due',
  everySeconds: 15,
  run: async () => deliverDueWebhooks(),
});
