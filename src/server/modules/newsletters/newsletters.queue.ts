import { z } from 'zod';
import { defineQueue } from '../../jobs/registry';
import { enqueueFollowUp } from '../../jobs/runner';

// The queues of the newsletter sender and the confirmation mailer (their handlers and sweeps are in
// newsletters.jobs.ts). The services enqueue through this file, which imports no service back, so
// there is no loop through the handlers.

export const sendDueNewslettersQueue = defineQueue({
  name: 'newsletters.send-due',
  payload: z.object({ newsletterId: z.string().uuid() }),
});

export const sendConfirmationQueue = defineQueue({
  name: 'newsletters.send-confirmation',
  payload: z.object({ subscriptionId: z.string().uuid() }),
});

/** After the transaction that scheduled the entry (never inside one); the sweep covers a lost job. */
export async function enqueueNewsletterSend(newsletterId: string, at: Date): Promise<void> {
  await enqueueFollowUp(
    sendDueNewslettersQueue,
    { newsletterId },
    { startAfter: at, singletonKey: newsletterId },
    'the sweep will send it',
  );
}

export async function enqueueConfirmationMail(subscriptionId: string): Promise<void> {
  await enqueueFollowUp(
    sendConfirmationQueue,
    { subscriptionId },
    {},
    'the sweep will send the confirmation',
  );
}
