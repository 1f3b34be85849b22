import { z } from 'zod';
import { defineJob, defineSweep } from '../../jobs/registry';
import { enqueueFollowUp } from '../../jobs/runner';

// The newsletter sender and the confirmation mailer (DESIGN §6; docs/decisions/003-jobs.md, 024).
// Scheduling an entry enqueues `newsletters.send-due` for its time (one waiting job per entry, a
// reschedule moves it); subscribing enqueues `newsletters.send-confirmation`. The sweeps apply the
// same idempotent effects every few seconds: they catch a lost job, and they let every worker process
// join a long send (each leases its own batches of recipients).

// Imported when run: the services import this file to enqueue.
const sender = () => import('./newsletters-sender.service');
const subscriptions = () => import('./subscriptions.service');

export const sendDueNewslettersJob = defineJob({
  name: 'newsletters.send-due',
  payload: z.object({ newsletterId: z.string().uuid() }),
  handler: async ({ newsletterId }, { signal }) => {
    await (await sender()).sendDueNewsletters(newsletterId, signal);
  },
  // A send to many thousands takes minutes; a dead worker's leases expire on their own (30 s).
  expireInSeconds: 1800,
  retryLimit: 5,
});

export const sendConfirmationJob = defineJob({
  name: 'newsletters.send-confirmation',
  payload: z.object({ subscriptionId: z.string().uuid() }),
  handler: async ({ subscriptionId }) => {
    await (await subscriptions()).sendConfirmationMails(subscriptionId);
  },
  expireInSeconds: 60,
  retryLimit: 5,
});

export const sendDueNewslettersSweep = defineSweep({
  name: 'newsletters.send-due',
  everySeconds: 10,
  run: async () => (await sender()).sendDueNewsletters(),
});

export const sendConfirmationsSweep = defineSweep({
  name: 'newsletters.send-confirmations',
  everySeconds: 15,
  run: async () => (await subscriptions()).sendConfirmationMails(),
});

/** After the transaction that scheduled the entry (never inside one); the sweep covers a lost job. */
export async function enqueueNewsletterSend(newsletterId: string, at: Date): Promise<void> {
  await enqueueFollowUp(
    sendDueNewslettersJob,
    { newsletterId },
    { startAfter: at, singletonKey: newsletterId },
    'the sweep will send it',
  );
}

export async function enqueueConfirmationMail(subscriptionId: string): Promise<void> {
  await enqueueFollowUp(sendConfirmationJob, { subscriptionId }, {}, 'the sweep will send the confirmation');
}
