import { z } from 'zod';
import { defineQueue } from '../../jobs/registry';
import { enqueueFollowUp } from '../../jobs/runner';

// The queue of webhook deliveries (its handler and sweep are in webhooks.jobs.ts). The services
// enqueue through this file, which imports no service back.

export const deliverWebhookQueue = defineQueue({
  name: 'webhooks.deliver',
  payload: z.object({ deliveryId: z.uuid() }),
});

/** After the delivery row is written (never inside a transaction); the sweep covers a lost job. */
export async function enqueueWebhookDelivery(deliveryId: string, at?: Date): Promise<void> {
  await enqueueFollowUp(
    deliverWebhookQueue,
    { deliveryId },
    { ...(at && { startAfter: at }), singletonKey: deliveryId },
    'the sweep will deliver it',
  );
}
