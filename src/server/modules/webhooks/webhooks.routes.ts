import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { errors, json, jsonBody, signedIn } from '../../api/openapi';
import {
  createWebhookSchema,
  deliveryIdSchema,
  listWebhooksQuerySchema,
  updateWebhookSchema,
  webhookDeliveriesAnswerSchema,
  webhookDeliverySchema,
  webhookIdSchema,
  webhookSchema,
  webhooksAnswerSchema,
} from './webhooks.schema';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
  updateWebhook,
} from './webhooks.service';

// Webhooks (issue 23 item 3; docs/decisions/040-webhooks.md): a publication's owners, and site
// admins for the whole site, register endpoints that hear stories' and subscribers' events. Each
// delivery is a JSON POST signed in the Lamplight-Signature header: t=<unix seconds>,v1=<hex
// HMAC-SHA256 of "<t>.<body>" with the hook's secret>.

const tags = ['webhooks'];
const params = z.object({ id: webhookIdSchema });
const deliveryParams = z.object({ id: webhookIdSchema, deliveryId: deliveryIdSchema });
const hook = { 200: json(webhookSchema) };

export const webhooksRoutes = createRouter()
  // GET /api/webhooks?publicationId|scope=site — the hooks the caller manages
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      security: signedIn,
      tags,
      summary: 'Your webhooks',
      description:
        "A publication's hooks (its owners and site admins), the site-wide ones (`scope=site`, site admins), " +
        'or, with neither, every hook the caller manages.',
      request: { query: listWebhooksQuerySchema },
      responses: { 200: json(webhooksAnswerSchema) },
    }),
    async (c) => c.json(await listWebhooks(c.get('actor'), c.req.valid('query')), 200),
  )
  // POST /api/webhooks {publicationId?, url, events} — a new hook, with its secret
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      security: signedIn,
      tags,
      summary: 'Register a webhook',
      description:
        'Without publicationId, a site-wide hook (site admins only). The endpoint must be https:// and must not ' +
        'resolve to a private, loopback or link-local address (422); at most 20 hooks per publication (409).',
      request: jsonBody(createWebhookSchema),
      responses: { 201: json(webhookSchema, 'Created'), ...errors(409, 422) },
    }),
    async (c) => c.json(await createWebhook(c.get('actor'), c.req.valid('json')), 201),
  )
  // PATCH /api/webhooks/{id} {url?, events?, active?} — change it, switch it off or on again
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: 'Change a webhook',
      description: 'Switching it on again (active: true) forgets its failures in a row.',
      request: { params, ...jsonBody(updateWebhookSchema) },
      responses: { ...hook, ...errors(422) },
    }),
    async (c) =>
      c.json(await updateWebhook(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  // DELETE /api/webhooks/{id} — the hook and its deliveries
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: 'Delete a webhook',
      request: { params },
      responses: { 204: { description: 'Deleted' } },
    }),
    async (c) => {
      await deleteWebhook(c.get('actor'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  // GET /api/webhooks/{id}/deliveries — its last 50 deliveries, newest first
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/deliveries',
      security: signedIn,
      tags,
      summary: "A webhook's last deliveries",
      request: { params },
      responses: { 200: json(webhookDeliveriesAnswerSchema) },
    }),
    async (c) => c.json(await listWebhookDeliveries(c.get('actor'), c.req.valid('param').id), 200),
  )
  // POST /api/webhooks/{id}/deliveries/{deliveryId}/resend — one more attempt now
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/deliveries/{deliveryId}/resend',
      security: signedIn,
      tags,
      summary: 'Resend a delivery',
      description:
        'Sends the same body (same delivery id) again now, signed anew, and answers the delivery with this ' +
        "attempt's outcome; a success marks it succeeded.",
      request: { params: deliveryParams },
      responses: { 200: json(webhookDeliverySchema) },
    }),
    async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      return c.json(await resendWebhookDelivery(c.get('actor'), id, deliveryId), 200);
    },
  );
