import { z } from 'zod';
import { defineQueue } from '../../jobs/registry';
import { enqueueFollowUp } from '../../jobs/runner';

// The queue of the reading plans' sender (its handler and sweep are in plans.jobs.ts). The services
// enqueue through this file, which imports no service back, so there is no loop through the handlers.

export const sendDuePlanDaysQueue = defineQueue({
  name: 'plans.send-due',
  payload: z.object({ readerId: z.string().uuid() }),
});

/**
 * A reader's first day, sent at its time (after the transaction that started them, never inside
 * one). The sweep sends every day anyway: this only spares a new reader the sweep's interval.
 */
export async function enqueuePlanSend(readerId: string, at: Date): Promise<void> {
  await enqueueFollowUp(
    sendDuePlanDaysQueue,
    { readerId },
    { startAfter: at, singletonKey: readerId },
    'the sweep will send it',
  );
}
