import { MailError, mailTransport } from '../../lib/mail';
import { newUuid } from '../../lib/ids';
import { OutboundRefused, safeFetch } from '../../lib/outbound/safe-fetch';
import { log } from '../../observability/logger';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  type WebhookBody,
  type WebhookEvent,
} from './webhooks.limits';
import { webhookDisabledMail } from './webhooks-mail';
import { enqueueWebhookDelivery } from './webhooks.queue';
import {
  countHookFailure,
  disableHook,
  findHooksForEvent,
  findNoticeRecipients,
  findPublicationBrief,
  resetHookFailures,
} from './webhooks.repository';
import {
  claimDueDeliveries,
  failPendingDeliveries,
  findDeliveriesWithHook,
  insertDeliveries,
  recordAttempt,
  recordResend,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './webhooks-deliveries.repository';
import { signatureHeader } from './webhooks-signature';
import type { WebhookDeliveryRow } from './webhooks.table';

// Sending events to the hooks that hear them (docs/decisions/040-webhooks.md). An event writes one
// pending delivery row per hook and enqueues a job for each; the job (and a sweep that catches lost
// jobs) claims the row, POSTs it through the safe fetcher, and writes what came back. A failure is
// tried again after each wait of WEBHOOK_RETRY_DELAYS_MS; a delivery whose attempts are all spent
// has failed for good, and WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES of those in a row switch the hook
// off and mail its owner. Delivery is at least once: a receiver deduplicates by the delivery id.

/** How long a claimed attempt keeps others off its delivery: well past one attempt's timeout. */
const LEASE_SECONDS = 60;
/** Deliveries attempted at once by one sweep round. */
const BATCH = 10;
/** Answer bytes read (and dropped): a receiver has nothing to tell but its status. */
const MAX_ANSWER_BYTES = 64 * 1024;
const USER_AGENT = 'Lamplight-Webhooks/1.0 (+https://github.com/lamplight)';

export type DeliveryOptions = {
  /**
   * The waits between attempts (default WEBHOOK_RETRY_DELAYS_MS); its length + 1 is the number of
   * attempts. Tests pass short ones; production code never passes any.
   */
  retryDelaysMs?: readonly number[];
};

// ---------------------------------------------------------------------------------------------------
// An event happened
// ---------------------------------------------------------------------------------------------------

/**
 * Writes a delivery of `event` to every switched-on hook that hears it from `publicationId` (its
 * own and the site-wide ones), and enqueues them. Answers the delivery ids.
 */
export async function queueWebhookEvent(
  event: WebhookEvent,
  publicationId: string | null,
  data: Record<string, unknown>,
): Promise<string[]> {
  const hooks = await findHooksForEvent(event, publicationId);
  if (hooks.length === 0) return [];
  const createdAt = new Date().toISOString();
  const rows = hooks.map((hook) => {
    const id = newUuid();
    const payload: WebhookBody = { id, event, createdAt, data };
    return { id, webhookId: hook.id, event, payload };
  });
  await insertDeliveries(rows);
  for (const row of rows) await enqueueWebhookDelivery(row.id);
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------------
// Attempts
// ---------------------------------------------------------------------------------------------------

/** The job's effect: attempts the delivery if it is due (otherwise nothing: idempotent). */
export async function deliverWebhook(deliveryId: string, options: DeliveryOptions = {}): Promise<void> {
  const claimed = await claimDueDeliveries(1, LEASE_SECONDS, deliveryId);
  for (const delivery of claimed) await attemptClaimed(delivery, options);
}

/** The sweep's effect: every due delivery, a batch at a time. Answers how many were attempted. */
export async function deliverDueWebhooks(options: DeliveryOptions = {}): Promise<number> {
  let attempted = 0;
  for (;;) {
    const claimed = await claimDueDeliveries(BATCH, LEASE_SECONDS);
    if (claimed.length === 0) return attempted;
    await Promise.all(claimed.map((delivery) => attemptClaimed(delivery, options)));
    attempted += claimed.length;
  }
}

/**
 * The resend button: one attempt now, whatever the delivery's state, with the same body (and id)
 * signed anew. A success marks it succeeded; a failure changes nothing else (a pending delivery keeps
 * its schedule, a failed one stays failed and counts no second time against the hook). Answers the row.
 */
export async function resendDelivery(deliveryId: string): Promise<WebhookDeliveryRow | undefined> {
  const [delivery] = await findDeliveriesWithHook([deliveryId]);
  if (!delivery) return undefined;
  const outcome = await post(delivery);
  const ok = isSuccess(outcome);
  const row = await recordResend(deliveryId, outcome, ok);
  if (ok) await resetHookFailures(delivery.hook.id);
  return row;
}

const isSuccess = (outcome: AttemptOutcome) =>
  outcome.responseStatus !== null && outcome.responseStatus >= 200 && outcome.responseStatus < 300;

async function attemptClaimed(delivery: ClaimedDelivery, options: DeliveryOptions): Promise<void> {
  if (!delivery.hook.active) {
    await recordAttempt(
      delivery.id,
      { responseStatus: null, durationMs: 0, error: 'Not sent: the webhook is switched off' },
      { status: 'failed' },
    );
    return;
  }
  const outcome = await post(delivery);
  if (isSuccess(outcome)) {
    await recordAttempt(delivery.id, outcome, { status: 'succeeded' });
    await resetHookFailures(delivery.hook.id);
    return;
  }
  const delays = options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const delayMs = delays[delivery.attempts - 1];
  if (delayMs !== undefined) {
    await recordAttempt(delivery.id, outcome, { status: 'pending', retryInSeconds: delayMs / 1000 });
    await enqueueWebhookDelivery(delivery.id, new Date(Date.now() + delayMs));
    return;
  }
  await recordAttempt(delivery.id, outcome, { status: 'failed' });
  const failures = await countHookFailure(delivery.hook.id);
  if (failures >= WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES) {
    const last = outcome.responseStatus ? `HTTP ${outcome.responseStatus}` : (outcome.error ?? 'no answer');
    await switchOff(delivery.hook.id, `${failures} deliveries in a row failed (the last: ${last})`);
  }
}

/** POSTs the delivery's body, signed now; never throws (a refusal or failure is an outcome). */
async function post(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await safeFetch(delivery.hook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': USER_AGENT,
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(delivery.hook.secret, body, timestamp),
        [WEBHOOK_EVENT_HEADER]: delivery.event,
        [WEBHOOK_DELIVERY_HEADER]: delivery.id,
      },
      body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
      maxRedirects: 0,
      httpsOnly: true,
    });
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      responseStatus: answer.status,
      durationMs: elapsed(),
      error: ok ? null : `The endpoint answered HTTP ${answer.status}`,
    };
  } catch (error) {
    const message =
      error instanceof OutboundRefused
        ? error.reason === 'redirects'
          ? 'The endpoint answered with a redirect, which is not followed'
          : error.message
        : 'The request failed';
    if (!(error instanceof OutboundRefused)) {
      log('webhooks').warn({ err: error, deliveryId: delivery.id }, 'webhook attempt failed unexpectedly');
    }
    return { responseStatus: null, durationMs: elapsed(), error: message };
  }
}

// ---------------------------------------------------------------------------------------------------
// Switching off after repeated failure
// ---------------------------------------------------------------------------------------------------

async function switchOff(hookId: string, reason: string): Promise<void> {
  const hook = await disableHook(hookId, reason);
  if (!hook) return; // already off: whoever switched it off told the owner
  await failPendingDeliveries(hookId, 'Not sent: the webhook was switched off');
  log('webhooks').warn({ webhookId: hookId, reason }, 'webhook switched off');
  const publication = hook.publicationId ? await findPublicationBrief(hook.publicationId) : undefined;
  const recipients = await findNoticeRecipients(hook);
  for (const recipient of recipients) {
    try {
      await mailTransport().send(
        webhookDisabledMail({
          to: recipient.email,
          name: recipient.name,
          hookId: hook.id,
          url: hook.url,
          reason,
          publication: publication ? { id: publication.id, name: publication.name } : null,
        }),
      );
    } catch (error) {
      // The hook stays off and says why on the admin page; a lost notice is logged, not retried.
      log('webhooks').warn(
        { err: error, webhookId: hook.id, permanent: error instanceof MailError && error.permanent },
        'the notice of a switched-off webhook was not sent',
      );
    }
  }
}
