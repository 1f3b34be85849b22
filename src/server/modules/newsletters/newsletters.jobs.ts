import { defineJob, defineSweep } from '../../jobs/registry';
import { sendDueNewsletters } from './newsletters-sender.service';
import { sendConfirmationQueue, sendDueNewslettersQueue } from './newsletters.queue';
import { sendConfirmationMails } from './subscriptions.service';

// The newsletter sender and the confirmation mailer (DESIGN §6; docs/decisions/003-jobs.md, 024).
// Scheduling an entry enqueues `newsletters.send-due` for its time (one waiting job per entry, a
// reschedule moves it); subscribing enqueues `newsletters.send-confirmation` (both through
// newsletters.queue.ts). The sweeps apply the same idempotent effects every few seconds: they catch
// a lost job, and they let every worker process join a long send (each leases its own batches of
// recipients).

export const sendDueNewslettersJob = defineJob({
  ...sendDueNewslettersQueue,
  handler: async ({ newsletterId }, { signal }) => {
    await sendDueNewsletters(newsletterId, signal);
  },
  // A send to many thousands takes minutes; a dead worker's leases expire on their own (MAIL_LEASE_SECONDS).
  expireInSeconds: 1800,
  retryLimit: 5,
});

export const sendConfirmationJob = defineJob({
  ...sendConfirmationQueue,
  handler: async ({ subscriptionId }) => {
    await sendConfirmationMails(subscriptionId);
  },
  expireInSeconds: 60,
  retryLimit: 5,
});

export const sendDueNewslettersSweep = defineSweep({
  name: 'newsletters.send-due',
  everySeconds: 10,
  run: async () => sendDueNewsletters(),
});

export const sendConfirmationsSweep = defineSweep({
  name: 'newsletters.send-confirmations',
  everySeconds: 15,
  run: async () => sendConfirmationMails(),
});
