import { z } from 'zod';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_URL_MAX,
} from './webhooks.limits';

// Inputs and answers of the webhook calls (docs/decisions/040-webhooks.md); the admin pages' forms
// use the same words (webhooks.limits.ts).

export * from './webhooks.limits';

export const webhookIdSchema = z.uuid('Not a webhook id');
export const deliveryIdSchema = z.uuid('Not a delivery id');

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

/**
 * An http(s) address on one line: one pattern (the document states a field's first pattern only),
 * so that no line break or control character can ride in an address the fetcher will send.
 */
const URL_RE = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+$/;

const urlInput = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX, `An address can have at most ${WEBHOOK_URL_MAX} characters`)
  .regex(URL_RE, 'An https:// address, on one line and without spaces')
  .meta({
    description:
      'The endpoint: https:// (plain http:// only where OUTBOUND_ALLOW_PRIVATE is set, for local tests). ' +
      'Refused (422) when its host resolves to a private, loopback or link-local address.',
  });

const eventsInput = z
  .array(webhookEventSchema)
  .min(1, 'Please choose at least one event')
  .max(WEBHOOK_EVENTS.length)
  .describe('The events the endpoint hears (duplicates are ignored)');

// POST /api/webhooks
export const createWebhookSchema = z.object({
  publicationId: z
    .uuid('Not a publication id')
    .optional()
    .describe('The publication whose events it hears; absent: a site-wide hook (site admins only)'),
  url: urlInput,
  events: eventsInput,
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

// PATCH /api/webhooks/{id}
export const updateWebhookSchema = z.object({
  url: urlInput.optional(),
  events: eventsInput.optional(),
  active: z
    .boolean()
    .optional()
    .describe('false switches it off; true switches it on again and forgets its failures'),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;

// GET /api/webhooks?publicationId | ?scope=site
export const listWebhooksQuerySchema = z.object({
  publicationId: z.uuid('Not a publication id').optional().describe("Only this publication's hooks"),
  scope: z.enum(['site']).optional().describe("'site': only the site-wide hooks (site admins)"),
});
export type ListWebhooksQuery = z.infer<typeof listWebhooksQuerySchema>;

export const webhookSchema = z
  .object({
    id: z.string(),
    publicationId: z.string().nullable().describe('null: a site-wide hook'),
    url: z.string(),
    events: z.array(webhookEventSchema),
    secret: z
      .string()
      .describe(
        `The key of the ${WEBHOOK_SIGNATURE_HEADER} header: HMAC-SHA256 of "<t>.<body>", hex (see the decision 040)`,
      ),
    active: z.boolean(),
    consecutiveFailures: z.number().int(),
    disabledAt: z.string().nullable().describe('When the deliverer switched it off after repeated failure'),
    disabledReason: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhookSchema>;

export const webhooksAnswerSchema = z.object({ webhooks: z.array(webhookSchema) });
export type WebhooksAnswer = z.infer<typeof webhooksAnswerSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    webhookId: z.string(),
    event: webhookEventSchema,
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable().describe("The last attempt's HTTP status, if an answer came"),
    durationMs: z.number().int().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable().describe('When the next retry is due (pending deliveries)'),
    payload: z.record(z.string(), z.unknown()).describe('The JSON body sent'),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesAnswerSchema = z.object({
  deliveries: z.array(webhookDeliverySchema).describe('The last 50, newest first'),
});
export type WebhookDeliveriesAnswer = z.infer<typeof webhookDeliveriesAnswerSchema>;
