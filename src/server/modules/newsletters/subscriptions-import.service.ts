import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { NO_NEWSLETTER_YET } from './newsletters.limits';
import { enqueueConfirmationMail } from './newsletters.queue';
import { insertImportedSubscription } from './subscriptions-import.repository';
import { findTopic } from './subscriptions.repository';

// A member list from another platform into a publication's newsletter (issue 23). Who may do it is
// the caller's question (the imports module asks the policy). An address whose consent the source
// recorded becomes active; any other gets the double opt-in mail — the subscribe form's own
// confirmation path (the job and its sweep) — and never a newsletter until it is confirmed. An
// address already on the list is left exactly as it is.

export type ImportedAddress = { email: string; consented: boolean; createdAt: Date | null };
export type AddressOutcome = 'added' | 'confirmationSent' | 'alreadySubscribed' | 'invalid';

const emailSchema = z.email().max(254);

/** The publication's newsletter topic id; 422 when its newsletter is not on. */
export async function publicationTopicIdForImport(publicationId: string): Promise<string> {
  const topic = await findTopic({ publicationId });
  if (!topic?.publication?.hasNewsletters) {
    throw new AppError('unprocessable', NO_NEWSLETTER_YET, 'publicationId: turn its newsletter on first');
  }
  return topic.id;
}

export async function importSubscriberAddress(
  topicId: string,
  address: ImportedAddress,
  source: string,
): Promise<AddressOutcome> {
  const email = address.email.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) return 'invalid';
  const id = await insertImportedSubscription({
    email,
    topicId,
    source,
    active: address.consented,
    since: address.createdAt,
  });
  if (!id) return 'alreadySubscribed';
  if (address.consented) return 'added';
  await enqueueConfirmationMail(id);
  return 'confirmationSent';
}
