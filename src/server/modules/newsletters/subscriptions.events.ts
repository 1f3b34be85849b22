import { defineEvent } from '../../lib/events';

// What the newsletters module tells the modules built on it (src/server/lib/events.ts): webhooks
// tell a team's tools (docs/decisions/040-webhooks.md). Emitted after the write committed, only when
// the subscription's status really changed (a second click on a link emits nothing).

export type SubscriberEventPayload = {
  subscriptionId: string;
  email: string;
  /** The topic's slug and name. */
  topic: string;
  topicName: string;
  /** The topic's publication; null for a site-wide topic. */
  publicationId: string | null;
};

/** A subscription became active: its confirmation link's button was pressed. */
export const subscriberConfirmed = defineEvent<SubscriberEventPayload>('subscriber.confirmed');

/** A subscription became unsubscribed: an unsubscribe link, or the subscriber's own page. */
export const subscriberUnsubscribed = defineEvent<SubscriberEventPayload>('subscriber.unsubscribed');
