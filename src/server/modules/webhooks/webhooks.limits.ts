// Webhooks' words and numbers, shared by the server and the admin pages' forms (no Node imports).
// docs/decisions/040-webhooks.md.

export const WEBHOOK_EVENTS = [
  'story.published',
  'story.unpublished',
  'story.updated',
  'story.deleted',
  'subscriber.confirmed',
  'subscriber.unsubscribed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** What every delivery POSTs, as JSON. */
export type WebhookBody = {
  /** The delivery's id (also in Lamplight-Delivery): the same on every retry and resend. */
  id: string;
  event: WebhookEvent;
  /** When the event happened (ISO 8601). */
  createdAt: string;
  data: Record<string, unknown>;
};

/**
 * The waits between a delivery's attempts: after the first failure 30 s, then 2 min, 10 min, 1 h and
 * 6 h — six attempts over about 7 h 42 min, then the delivery has failed for good.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;

/** Deliveries in a row that fail for good (each after all its attempts) before the hook is switched off. */
export const WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES = 5;

/** Deliveries kept per hook (older ones are deleted). */
export const WEBHOOK_DELIVERIES_KEPT = 50;

/** One attempt's limit, from connecting to the answer's last byte. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Hooks per publication (and site-wide): a guard against a runaway script, not a plan limit. */
export const WEBHOOKS_PER_OWNER = 20;

export const WEBHOOK_URL_MAX = 2000;

export const WEBHOOK_SIGNATURE_HEADER = 'Lamplight-Signature';
export const WEBHOOK_EVENT_HEADER = 'Lamplight-Event';
export const WEBHOOK_DELIVERY_HEADER = 'Lamplight-Delivery';
