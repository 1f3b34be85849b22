import type { Actor } from '../../auth/actor';
import { assertCan, can } from '../../auth/policy';
import { AppError, conflict, notFound } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import { assertOutboundUrl, OutboundRefused } from '../../lib/outbound/safe-fetch';
import { loadPublication, publicationRoleOf } from '../publications/publications-access.service';
import { resendDelivery } from './webhooks-delivery.service';
import {
  countWebhooks,
  deleteWebhookRow,
  findOwnedPublicationIds,
  findWebhook,
  findWebhooks,
  insertWebhook,
  updateWebhookRow,
} from './webhooks.repository';
import { findDeliveries, findDelivery } from './webhooks-deliveries.repository';
import {
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOKS_PER_OWNER,
  type CreateWebhookInput,
  type ListWebhooksQuery,
  type UpdateWebhookInput,
  type Webhook,
  type WebhookDeliveriesAnswer,
  type WebhookDelivery,
  type WebhooksAnswer,
} from './webhooks.schema';
import { newWebhookSecret } from './webhooks-signature';
import type { WebhookDeliveryRow, WebhookRow } from './webhooks.table';

// Managing webhooks (docs/decisions/040-webhooks.md): a publication's owners manage its hooks, site
// admins the site-wide ones and any publication's (the policy's webhook.* actions).

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    publicationId: row.publicationId,
    url: row.url,
    events: row.events,
    secret: row.secret,
    active: row.active,
    consecutiveFailures: row.consecutiveFailures,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    // Null once it succeeded or failed for good (the repository clears it then).
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    payload: row.payload,
  };
}

/** Refuses a caller who may not manage the hooks of `publicationId` (null: the site-wide ones). */
async function assertManages(actor: Actor, publicationId: string | null): Promise<void> {
  if (publicationId === null) {
    assertCan(actor, 'webhook.manageSite', undefined);
    return;
  }
  const { role } = await loadPublication(actor, publicationId);
  assertCan(actor, 'webhook.managePublication', { id: publicationId }, { publicationRole: role });
}

/** The hook, if the caller may manage it (404 when there is none, 403 when it is not theirs). */
async function loadManagedHook(actor: Actor, id: string): Promise<WebhookRow> {
  const hook = await findWebhook(id);
  if (!hook) throw notFound('Webhook');
  await assertManages(actor, hook.publicationId);
  return hook;
}

/**
 * The endpoint as it will be stored (normalised), once the outbound rules accept it: https only
 * (http where OUTBOUND_ALLOW_PRIVATE allows it), and no private, loopback or link-local address.
 */
async function checkedEndpoint(url: string): Promise<string> {
  try {
    return (await assertOutboundUrl(url, { httpsOnly: true })).toString();
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    throw new AppError(
      'unprocessable',
      `This endpoint cannot be used: ${error.message}`,
      `url: ${error.reason}`,
    );
  }
}

const uniqueEvents = <T>(events: readonly T[]): T[] => [...new Set(events)];

/** GET /api/webhooks: the hooks the caller manages (one publication's, the site-wide ones, or all). */
export async function listWebhooks(actor: Actor, query: ListWebhooksQuery): Promise<WebhooksAnswer> {
  if (query.publicationId) {
    await assertManages(actor, query.publicationId);
    const rows = await findWebhooks({ site: false, publicationIds: [query.publicationId] });
    return { webhooks: rows.map(toWebhook) };
  }
  if (query.scope === 'site') {
    await assertManages(actor, null);
    return { webhooks: (await findWebhooks({ site: true, publicationIds: [] })).map(toWebhook) };
  }
  if (can(actor, 'webhook.manageSite', undefined)) {
    const rows = await findWebhooks({ site: true, publicationIds: [], allPublications: true });
    return { webhooks: rows.map(toWebhook) };
  }
  // Anyone else: the hooks of the publications they own (a banned user owns nothing they may manage).
  const owned = actor ? await findOwnedPublicationIds(actor.id) : [];
  const manageable: string[] = [];
  for (const id of owned) {
    const role = await publicationRoleOf(actor, id);
    if (can(actor, 'webhook.managePublication', { id }, { publicationRole: role })) manageable.push(id);
  }
  return { webhooks: (await findWebhooks({ site: false, publicationIds: manageable })).map(toWebhook) };
}

/** POST /api/webhooks: a new hook, switched on, with a new secret. */
export async function createWebhook(actor: Actor, input: CreateWebhookInput): Promise<Webhook> {
  const publicationId = input.publicationId ?? null;
  await assertManages(actor, publicationId);
  if ((await countWebhooks(publicationId)) >= WEBHOOKS_PER_OWNER) {
    throw conflict(
      publicationId
        ? `A publication can have at most ${WEBHOOKS_PER_OWNER} webhooks`
        : `The site can have at most ${WEBHOOKS_PER_OWNER} site-wide webhooks`,
    );
  }
  const url = await checkedEndpoint(input.url);
  const row = await insertWebhook({
    id: newUuid(),
    publicationId,
    url,
    secret: newWebhookSecret(),
    events: uniqueEvents(input.events),
    createdBy: actor!.id,
  });
  return toWebhook(row);
}

/** PATCH /api/webhooks/{id}: its address, its events, or switched off or on (on again forgets its failures). */
export async function updateWebhook(actor: Actor, id: string, input: UpdateWebhookInput): Promise<Webhook> {
  const hook = await loadManagedHook(actor, id);
  const changes: Parameters<typeof updateWebhookRow>[1] = {};
  if (input.url !== undefined) changes.url = await checkedEndpoint(input.url);
  if (input.events !== undefined) changes.events = uniqueEvents(input.events);
  if (input.active === true) {
    Object.assign(changes, { active: true, consecutiveFailures: 0, disabledAt: null, disabledReason: null });
  } else if (input.active === false) {
    changes.active = false;
  }
  if (Object.keys(changes).length === 0) return toWebhook(hook);
  const row = await updateWebhookRow(id, changes);
  if (!row) throw notFound('Webhook');
  return toWebhook(row);
}

/** DELETE /api/webhooks/{id}: the hook and its deliveries. */
export async function deleteWebhook(actor: Actor, id: string): Promise<void> {
  await loadManagedHook(actor, id);
  if (!(await deleteWebhookRow(id))) throw notFound('Webhook');
}

/** GET /api/webhooks/{id}/deliveries: the last ones, newest first. */
export async function listWebhookDeliveries(actor: Actor, id: string): Promise<WebhookDeliveriesAnswer> {
  await loadManagedHook(actor, id);
  const rows = await findDeliveries(id, WEBHOOK_DELIVERIES_KEPT);
  return { deliveries: rows.map(toDelivery) };
}

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend: one more attempt now; answers its outcome. */
export async function resendWebhookDelivery(
  actor: Actor,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await loadManagedHook(actor, id);
  if (!(await findDelivery(id, deliveryId))) throw notFound('Delivery');
  const row = await resendDelivery(deliveryId);
  if (!row) throw notFound('Delivery');
  return toDelivery(row);
}
