import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { publications } from '../publications/publications.table';
import { users } from '../users/users.table';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookBody, type WebhookEvent } from './webhooks.limits';

// Webhooks (issue 23 item 3, docs/decisions/040-webhooks.md): endpoints a publication's owner (or a
// site admin, for the whole site) registered, and the deliveries made to them.

export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey(),
    /** The publication whose events it hears; null: a site-wide hook (every publication, and none). */
    publicationId: uuid('publication_id').references(() => publications.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The HMAC key of the signatures, shown to the hook's managers (it must be stored to sign). */
    secret: text('secret').notNull(),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    /** Switched off by its managers, or by the deliverer after repeated failure (disabledAt set). */
    active: boolean('active').notNull().default(true),
    /** Deliveries in a row that failed for good; a success resets it. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledAt: timestamp('disabled_at', { precision: 3, withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhooks_publication_idx').on(t.publicationId),
    check('webhooks_events_not_empty', sql`cardinality(${t.events}) > 0`),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookEvent>().notNull(),
    /** The JSON body sent, as it was made when the event happened: {id, event, createdAt, data}. */
    payload: jsonb('payload').$type<WebhookBody>().notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The HTTP status of the last attempt's answer; null when none came (refused, timeout). */
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    /** Why the last attempt failed, in a few words; null after a success. */
    error: text('error'),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { precision: 3, withTimezone: true }),
    /** When the next attempt is due (a lease while one runs); null once it succeeded or failed for good. */
    nextAttemptAt: timestamp('next_attempt_at', { precision: 3, withTimezone: true }),
  },
  (t) => [
    // A hook's last deliveries, newest first (scanned backward), and the pruning past the 50th.
    index('webhook_deliveries_webhook_created_at_id_idx').on(t.webhookId, t.createdAt, t.id),
    // What is due: the sweep's claim.
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

export type WebhookRow = typeof webhooks.$inferSelect;
export type NewWebhookRow = typeof webhooks.$inferInsert;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
