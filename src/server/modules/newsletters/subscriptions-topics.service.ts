import { enqueueConfirmationMail } from './newsletters.queue';
import { isKnownTimeZone } from './newsletters.repository';
import { CONFIRMATION_INTERVAL_SECONDS } from './subscriptions.service';
import {
  activateSubscriptionNow,
  deleteTopicById,
  renameTopicById,
  upsertSiteTopic,
} from './subscriptions-topics.repository';
import {
  findOrCreateSubscription,
  findSubscription,
  markAddressBounced,
  requestConfirmation,
} from './subscriptions.repository';

// The newsletter machinery for a module above that mails an audience of its own (a reading plan's
// readers: docs/decisions/050-reading-plans.md): a site topic per audience, subscriptions with the
// same double opt-in (the confirmation job, its sweep, its rate of one mail an hour), the same
// unsubscribe links and bounce handling. Who may subscribe whom is the caller's question.

/** The site topic `slug` (made on first use; its name kept current). */
export async function ensureSiteTopic(slug: string, name: string): Promise<{ id: string }> {
  const row = await upsertSiteTopic(slug, name);
  return { id: row.id };
}

export const renameSiteTopic = (id: string, name: string): Promise<void> => renameTopicById(id, name);

/** Deletes the topic and every subscription to it. */
export const deleteSiteTopic = (id: string): Promise<void> => deleteTopicById(id);

/** Whether PostgreSQL knows the time zone (the senders compute local times in SQL). */
export const isTimeZoneKnown = (name: string): Promise<boolean> => isKnownTimeZone(name);

/** A permanent (5xx) refusal: no more mail to the address in any topic until it confirms again. */
export const markSubscriptionsBounced = (ids: readonly string[]): Promise<void> => markAddressBounced(ids);

export type AddressSubscription = { subscriptionId: string; status: 'active' | 'pending' | 'unsubscribed' };

/**
 * Subscribes `email` to the topic. `confirmed`: the address is proven already (a signed-in reader's
 * own), so the subscription is active at once. Otherwise it stays (or becomes) pending and the
 * confirmation mail is asked for (at most one an hour per subscription, as the subscribe form).
 */
export async function subscribeAddress(input: {
  topicId: string;
  email: string;
  timezone: string;
  confirmed: boolean;
}): Promise<AddressSubscription> {
  const subscription = await findOrCreateSubscription(input.email, input.topicId, input.timezone);
  if (input.confirmed) {
    await activateSubscriptionNow(subscription.id);
    return { subscriptionId: subscription.id, status: 'active' };
  }
  if (subscription.status !== 'active' || subscription.bouncedAt) {
    if (await requestConfirmation(subscription.id, input.timezone, CONFIRMATION_INTERVAL_SECONDS)) {
      await enqueueConfirmationMail(subscription.id);
    }
  }
  const now = await findSubscription(subscription.id);
  return { subscriptionId: subscription.id, status: now?.status ?? 'pending' };
}
