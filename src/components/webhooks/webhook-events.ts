// What each webhook event is called on the admin pages.
import type { WebhookEvent } from '@/server/modules/webhooks/webhooks.limits';

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'story.published': 'A story is published',
  'story.updated': 'A published story is edited',
  'story.unpublished': 'A story is unpublished',
  'story.deleted': 'A story is deleted',
  'subscriber.confirmed': 'A reader confirms a newsletter subscription',
  'subscriber.unsubscribed': 'A reader unsubscribes',
};

/** The events a new hook starts with ticked: every story event. */
export const DEFAULT_EVENTS: WebhookEvent[] = [
  'story.published',
  'story.updated',
  'story.unpublished',
  'story.deleted',
];
