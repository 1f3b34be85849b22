import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { WEBHOOK_DELIVERIES_KEPT, type WebhookBody, type WebhookEvent } from './webhooks.limits';
import { webhookDeliveries, webhooks, type WebhookDeliveryRow, type WebhookRow } from './webhooks.table';

// The webhooks' delivery log: queued, claimed, attempted, resent and pruned (docs/decisions/040-webhooks.md).
// The hooks themselves and what the events read of other modules are webhooks.repository.ts.

export type NewDelivery = { id: string; webhookId: string; event: WebhookEvent; payload: WebhookBody };

/** New pending deliveries, due now; each hook then keeps its last WEBHOOK_DELIVERIES_KEPT. */
export async function insertDeliveries(rows: readonly NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  const db = await getDb();
  await db
    .insert(webhookDeliveries)
    .values(rows.map((row) => ({ ...row, status: 'pending' as const, nextAttemptAt: sql`now()` })));
  for (const webhookId of new Set(rows.map((row) => row.webhookId))) await pruneDeliveries(webhookId);
}

async function pruneDeliveries(webhookId: string): Promise<void> {
  const db = await getDb();
  await db.execute(sql`
    delete from ${webhookDeliveries} where ${webhookDeliveries.webhookId} = ${webhookId} and ${webhookDeliveries.id} in (
      select id from ${webhookDeliveries} where webhook_id = ${webhookId}
      order by created_at desc, id desc offset ${WEBHOOK_DELIVERIES_KEPT})`);
}

export type ClaimedDelivery = WebhookDeliveryRow & {
  hook: Pick<WebhookRow, 'id' | 'url' | 'secret' | 'active' | 'publicationId'>;
};

/**
 * Claims due pending deliveries (or just `id`, when due): each gets one more attempt counted and a
 * lease (its next attempt pushed `leaseSeconds` away), so another worker's claim skips it; a worker
 * that dies mid-attempt leaves it to be claimed again when the lease ends.
 */
export async function claimDueDeliveries(
  limit: number,
  leaseSeconds: number,
  id?: string,
): Promise<ClaimedDelivery[]> {
  const db = await getDb();
  const claimed = await db.execute(sql`
    update ${webhookDeliveries} d
    set attempts = d.attempts + 1, last_attempt_at = now(),
        next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    where d.id in (
      select id from ${webhookDeliveries}
      where status = 'pending' and next_attempt_at <= now() ${id ? sql`and id = ${id}` : sql``}
      order by next_attempt_at
      limit ${limit}
      for update skip locked)
    returning d.id`);
  const ids = (claimed as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  return ids.length === 0 ? [] : findDeliveriesWithHook(ids);
}

/** Deliveries with their hook (a resend, or what was just claimed). */
export async function findDeliveriesWithHook(ids: readonly string[]): Promise<ClaimedDelivery[]> {
  const db = await getDb();
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      hook: {
        id: webhooks.id,
        url: webhooks.url,
        secret: webhooks.secret,
        active: webhooks.active,
        publicationId: webhooks.publicationId,
      },
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(inArray(webhookDeliveries.id, [...ids]));
  return rows.map((row) => ({ ...row.delivery, hook: row.hook }));
}

export type AttemptOutcome = { responseStatus: number | null; durationMs: number; error: string | null };

/**
 * Writes an attempt's outcome: 'succeeded', 'failed' (for good), or still 'pending' with the next
 * attempt `retryInSeconds` away.
 */
export async function recordAttempt(
  id: string,
  outcome: AttemptOutcome,
  next: { status: 'succeeded' | 'failed' } | { status: 'pending'; retryInSeconds: number },
): Promise<WebhookDeliveryRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: next.status,
      responseStatus: outcome.responseStatus,
      durationMs: outcome.durationMs,
      error: outcome.error,
      nextAttemptAt:
        next.status === 'pending' ? sql`now() + make_interval(secs => ${next.retryInSeconds})` : null,
    })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row;
}

/** A resend's outcome: counted as an attempt; only a success changes the delivery's status. */
export async function recordResend(
  id: string,
  outcome: AttemptOutcome,
  succeeded: boolean,
): Promise<WebhookDeliveryRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: sql`now()`,
      responseStatus: outcome.responseStatus,
      durationMs: outcome.durationMs,
      error: outcome.error,
      ...(succeeded && { status: 'succeeded' as const, nextAttemptAt: null }),
    })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row;
}

/** The hook's pending deliveries, given up when it is switched off or deleted from under them. */
export async function failPendingDeliveries(webhookId: string, error: string): Promise<void> {
  const db = await getDb();
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, error })
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'pending')));
}

/** A hook's last deliveries, newest first. */
export async function findDeliveries(webhookId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDelivery(webhookId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhookId, webhookId)));
  return row;
}

/**
 * The publication a story was last reported in (a story.* delivery's data), for a story that has
 * since left it: unpublishing takes a story out of its publication before the event is told.
 */
export async function findLastReportedPublication(postId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      publicationId: sql<string | null>`${webhookDeliveries.payload} #>> '{data,story,publication,id}'`,
    })
    .from(webhookDeliveries)
    .where(
      and(
        sql`${webhookDeliveries.payload} #>> '{data,story,id}' = ${postId}`,
        sql`${webhookDeliveries.payload} #>> '{data,story,publication,id}' is not null`,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(1);
  return row?.publicationId ?? null;
}
