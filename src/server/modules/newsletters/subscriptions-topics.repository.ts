import { eq, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { newUuid } from '../../lib/ids';
import { subscriptions, topics, type TopicRow } from './newsletters.table';

// Site topics made for another module's audience (a reading plan's readers: docs/decisions/050):
// made, renamed and removed by that module through subscriptions-topics.service.ts.

/** The site topic of `slug`, made with `name` when there is none (renamed to it when there is). */
export async function upsertSiteTopic(slug: string, name: string): Promise<TopicRow> {
  const db = await getDb();
  const [row] = await db
    .insert(topics)
    .values({ id: newUuid(), slug, name })
    .onConflictDoUpdate({ target: topics.slug, set: { name } })
    .returning();
  return row!;
}

export async function renameTopicById(id: string, name: string): Promise<void> {
  const db = await getDb();
  await db.update(topics).set({ name }).where(eq(topics.id, id));
}

/** Removes the topic and (cascading) its subscriptions. */
export async function deleteTopicById(id: string): Promise<void> {
  const db = await getDb();
  await db.delete(topics).where(eq(topics.id, id));
}

/**
 * Makes the subscription active at once (the address is the signed-in reader's own, which their
 * account already proved): no confirmation mail. Answers whether it changed.
 */
export async function activateSubscriptionNow(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(subscriptions)
    .set({ status: 'active', confirmedAt: sql`now()`, bouncedAt: null, unsubscribedAt: null })
    .where(
      sql`${subscriptions.id} = ${id} and (${subscriptions.status} <> 'active' or ${subscriptions.bouncedAt} is not null)`,
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}
