// The calls behind the Webhooks section (docs/decisions/040-webhooks.md). Every call throws ApiError,
// whose message already reads 'ERROR: …' (SPEC §8).
import { abortable, api, call } from '@/lib/api-client';
import type {
  CreateWebhookInput,
  UpdateWebhookInput,
  Webhook,
  WebhookDelivery,
} from '@/server/modules/webhooks/webhooks.schema';

export type { Webhook, WebhookDelivery };

/** GET /api/webhooks?publicationId, or ?scope=site without one. */
export const fetchWebhooks = (publicationId: string | undefined, signal?: AbortSignal) =>
  call(
    api.webhooks.$get({ query: publicationId ? { publicationId } : { scope: 'site' } }, abortable(signal)),
  );

/** POST /api/webhooks {publicationId?, url, events}: the new hook with its secret. */
export const createWebhook = (input: CreateWebhookInput) => call(api.webhooks.$post({ json: input }));

/** PATCH /api/webhooks/{id}. */
export const updateWebhook = (id: string, changes: UpdateWebhookInput) =>
  call(api.webhooks[':id'].$patch({ param: { id }, json: changes }));

/** DELETE /api/webhooks/{id}. */
export const deleteWebhook = (id: string) => call(api.webhooks[':id'].$delete({ param: { id } }));

/** GET /api/webhooks/{id}/deliveries: the last 50, newest first. */
export const fetchDeliveries = (id: string, signal?: AbortSignal) =>
  call(api.webhooks[':id'].deliveries.$get({ param: { id } }, abortable(signal)));

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend: the delivery after one more attempt. */
export const resendDelivery = (id: string, deliveryId: string) =>
  call(api.webhooks[':id'].deliveries[':deliveryId'].resend.$post({ param: { id, deliveryId } }));
