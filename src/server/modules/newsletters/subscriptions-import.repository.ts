import { randomBytes } from 'node:crypto';
import { getDb } from '../../db';
import { newUuid } from '../../lib/ids';
import { subscriptions } from './newsletters.table';

// Subscriptions brought in from another platform's member list (issue 23): written only where the
// address has none for the topic yet, marked with where they came from.

const nonce = (): string => randomBytes(24).toString('base64url');

export type ImportedSubscriptionRow = {
  email: string;
  topicId: string;
  source: string;
  /** Consent recorded at the source: active at once; otherwise pending until the link is clicked. */
  active: boolean;
  since: Date | null;
};

/** The new subscription's id, or null when the address already had one for the topic (untouched). */
export async function insertImportedSubscription(row: ImportedSubscriptionRow): Promise<string | null> {
  const db = await getDb();
  const now = new Date();
  const [created] = await db
    .insert(subscriptions)
    .values({
      id: newUuid(),
      email: row.email,
      topicId: row.topicId,
      status: row.active ? 'active' : 'pending',
      confirmToken: nonce(),
      unsubscribeToken: nonce(),
      source: row.source,
      ...(row.active
        ? { confirmedAt: row.since ?? now, ...(row.since && { createdAt: row.since }) }
        : { confirmRequestedAt: now }),
    })
    .onConflictDoNothing({ target: [subscriptions.email, subscriptions.topicId] })
    .returning({ id: subscriptions.id });
  return created?.id ?? null;
}
