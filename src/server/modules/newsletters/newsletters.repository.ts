import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import {
  failedDeliveryColumns,
  openSentMarker as openLaneMarker,
  releasedDeliveryColumns,
  type DeliveryRetry,
  type SentMarker as LaneMarker,
} from '../../db/delivery-lease';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { posts } from '../posts/posts.table';
import {
  newsletterDeliveries,
  newsletterEntries,
  type NewNewsletterEntryRow,
  type NewsletterEntryRow,
  type NewsletterStatus,
} from './newsletters.table';

// Newsletter entries and their deliveries: every query of the sending side (DESIGN §6,
// docs/decisions/024-newsletters.md). The sender's exactly-once rests on three statements here:
// materialise (one delivery row per recipient, ON CONFLICT DO NOTHING), claim (a lease, FOR UPDATE
// SKIP LOCKED) and markDeliverySent (only under the caller's own lease).

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type EntryWithPost = NewsletterEntryRow & {
  post: { publishedAt: Date | null; scheduledTime: Date | null; createdAt: Date; slug: string } | null;
};

const entryColumns = {
  entry: newsletterEntries,
  post: {
    id: posts.id,
    publishedAt: posts.publishedAt,
    scheduledTime: posts.scheduledTime,
    createdAt: posts.createdAt,
    slug: posts.slug,
  },
};

type JoinedEntry = {
  entry: NewsletterEntryRow;
  post: {
    id: string;
    publishedAt: Date | null;
    scheduledTime: Date | null;
    createdAt: Date;
    slug: string;
  } | null;
};

// A left join answers a post of nulls for a deleted story: that is "no post".
const withPost = ({ entry, post }: JoinedEntry): EntryWithPost => ({
  ...entry,
  post: post?.id
    ? {
        publishedAt: post.publishedAt,
        scheduledTime: post.scheduledTime,
        createdAt: post.createdAt,
        slug: post.slug,
      }
    : null,
});

export async function findEntry(newsletterId: string): Promise<EntryWithPost | undefined> {
  const db = await getDb();
  const [row] = await db
    .select(entryColumns)
    .from(newsletterEntries)
    .leftJoin(posts, eq(posts.id, newsletterEntries.postId))
    .where(eq(newsletterEntries.newsletterId, newsletterId));
  return row && withPost(row);
}

/** Newest first, keyset on (created_at, newsletter_id); the site topics' editions left out. */
export async function findEntriesOfPublication(
  publicationId: string,
  cursor: Cursor | null,
  limit: number,
  since?: Date | null,
): Promise<EntryWithPost[]> {
  const db = await getDb();
  const rows = await db
    .select(entryColumns)
    .from(newsletterEntries)
    .leftJoin(posts, eq(posts.id, newsletterEntries.postId))
    .where(
      and(
        eq(newsletterEntries.publicationId, publicationId),
        cursor
          ? sql`(${newsletterEntries.createdAt}, ${newsletterEntries.newsletterId}) < (${cursorTime(cursor)}, ${cursor.id})`
          : undefined,
        since ? sql`${newsletterEntries.createdAt} >= ${since}` : undefined,
        // A site topic's edition of the publication's story is the site's mail, not this newsletter's
        // (docs/decisions/051-daily-devotional-mail.md).
        sql`not exists (select 1 from newsletter_topic_editions te where te.entry_id = ${newsletterEntries.newsletterId})`,
      ),
    )
    .orderBy(desc(newsletterEntries.createdAt), desc(newsletterEntries.newsletterId))
    .limit(limit);
  return rows.map(withPost);
}

/** Inserts the entry; 'taken' when the story is already in this publication's newsletter or the id is used. */
export async function insertEntry(
  row: NewNewsletterEntryRow & { newsletterId: string },
): Promise<'ok' | 'taken'> {
  const db = await getDb();
  const rows = await db.insert(newsletterEntries).values(row).onConflictDoNothing().returning({
    id: newsletterEntries.newsletterId,
  });
  return rows.length > 0 ? 'ok' : 'taken';
}

export type EntryChanges = Partial<
  Pick<NewsletterEntryRow, 'status' | 'scheduledTime' | 'timezone' | 'inSubscriberTimezone'>
>;

/** Changes an entry only while it is in one of `from` (a conditional UPDATE: a race is a 409, not a lost write). */
export async function updateEntry(
  newsletterId: string,
  from: readonly NewsletterStatus[],
  changes: EntryChanges,
): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(newsletterEntries)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(
      and(eq(newsletterEntries.newsletterId, newsletterId), inArray(newsletterEntries.status, [...from])),
    )
    .returning({ id: newsletterEntries.newsletterId });
  return rows.length > 0;
}

export async function deleteEntry(newsletterId: string, from: readonly NewsletterStatus[]): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(newsletterEntries)
    .where(
      and(eq(newsletterEntries.newsletterId, newsletterId), inArray(newsletterEntries.status, [...from])),
    )
    .returning({ id: newsletterEntries.newsletterId });
  return rows.length > 0;
}

/** Whether the time zone is one PostgreSQL knows (the sender computes local times in SQL). */
export { isKnownTimeZone } from '../../db/local-time';

// ---------------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------------

/** How early an entry sent "in each subscriber's time zone" starts: the widest gap between two zones. */
const LOCAL_TIME_LEAD = sql`interval '26 hours'`;

/**
 * Moves due scheduled entries (or just `newsletterId`) to 'sending' and, in the same transaction,
 * writes one queued delivery per active subscriber of the publication's topic, due at the entry's
 * time or at that wall-clock time in the subscriber's own zone. A crash leaves either nothing or both.
 * Answers the entries started.
 */
export async function startDueEntries(newsletterId?: string): Promise<string[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const started = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update ${newsletterEntries} e set status = 'sending', updated_at = now(),
          post_title = coalesce((select title from ${posts} p where p.id = e.post_id), e.post_title)
        where e.status = 'scheduled'
          and (case when e.in_subscriber_timezone then e.scheduled_time - ${LOCAL_TIME_LEAD} else e.scheduled_time end) <= now()
          ${newsletterId ? sql`and e.newsletter_id = ${newsletterId}` : sql``}
        returning e.newsletter_id as id`),
    );
    for (const { id } of started) {
      await tx.execute(sql`
        insert into newsletter_deliveries (entry_id, subscription_id, due_at)
        select e.newsletter_id, s.id,
          case when e.in_subscriber_timezone and z.name is not null
            then (e.scheduled_time at time zone e.timezone) at time zone s.timezone
            else e.scheduled_time end
        from newsletter_entries e
        -- A site topic's edition goes to that topic (decision 051), any other entry to its publication's.
        join topics t on t.id = coalesce(
          (select te.topic_id from newsletter_topic_editions te where te.entry_id = e.newsletter_id),
          (select pt.id from topics pt where pt.publication_id = e.publication_id))
        join subscriptions s on s.topic_id = t.id and s.status = 'active' and s.bounced_at is null
        left join pg_timezone_names z on z.name = s.timezone
        where e.newsletter_id = ${id}
        on conflict do nothing`);
    }
    return started.map((row) => row.id);
  });
}

/** Entries being sent that have deliveries some worker may take now. */
export async function findEntriesWithDueDeliveries(): Promise<string[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    select e.newsletter_id as id from newsletter_entries e
    where e.status = 'sending' and exists (
      select 1 from newsletter_deliveries d
      where d.entry_id = e.newsletter_id and d.status = 'queued' and d.due_at <= now()
        and (d.next_attempt_at is null or d.next_attempt_at <= now())
        and (d.claimed_until is null or d.claimed_until < now()))`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

export type ClaimedDelivery = {
  subscriptionId: string;
  email: string;
  subscriptionStatus: string;
  bounced: boolean;
  attempts: number;
};

/**
 * Leases up to `limit` due, queued deliveries of a 'sending' entry to `claimId` for `leaseSeconds`.
 * SKIP LOCKED: two workers never take the same row; an expired lease (its worker died) is taken over.
 */
export async function claimDeliveries(
  entryId: string,
  claimId: string,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDelivery[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    with picked as (
      select d.entry_id, d.subscription_id from newsletter_deliveries d
      join newsletter_entries e on e.newsletter_id = d.entry_id and e.status = 'sending'
      where d.entry_id = ${entryId} and d.status = 'queued' and d.due_at <= now()
        and (d.next_attempt_at is null or d.next_attempt_at <= now())
        and (d.claimed_until is null or d.claimed_until < now())
      order by d.subscription_id
      limit ${limit}
      for update of d skip locked)
    update newsletter_deliveries d
    set claim_id = ${claimId}, claimed_until = now() + make_interval(secs => ${leaseSeconds}),
      attempts = d.attempts + 1
    from picked, subscriptions s
    where d.entry_id = picked.entry_id and d.subscription_id = picked.subscription_id
      and s.id = d.subscription_id
    returning d.subscription_id as "subscriptionId", s.email, s.status as "subscriptionStatus",
      (s.bounced_at is not null) as bounced, d.attempts`);
  return rowsOf<ClaimedDelivery>(result);
}

// A row this worker leased: still queued, or marked sent by its own commit step and then refused by
// the server (the closing "." answered with an error), which takes it back.
const mine = (entryId: string, subscriptionId: string, claimId: string) =>
  and(
    eq(newsletterDeliveries.entryId, entryId),
    eq(newsletterDeliveries.subscriptionId, subscriptionId),
    eq(newsletterDeliveries.claimId, claimId),
    inArray(newsletterDeliveries.status, ['queued', 'sent']),
  );

/** Marks the delivery sent — only while `claimId` still holds it (else another worker has it: false). */
export async function markDeliverySent(
  entryId: string,
  subscriptionId: string,
  claimId: string,
): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(newsletterDeliveries)
    .set({ status: 'sent', sentAt: sql`now()`, claimedUntil: null, lastError: null })
    .where(and(mine(entryId, subscriptionId, claimId), eq(newsletterDeliveries.status, 'queued')))
    .returning({ id: newsletterDeliveries.subscriptionId });
  return rows.length > 0;
}

/** One sender lane's marker (db/delivery-lease.ts): marks a delivery sent as its mail becomes final. */
export type SentMarker = LaneMarker<[entryId: string, subscriptionId: string, claimId: string]>;

const MARK_SENT = `update newsletter_deliveries
  set status = 'sent', sent_at = now(), claimed_until = null, last_error = null
  where entry_id = $1 and subscription_id = $2 and claim_id = $3 and status = 'queued'`;

export function openSentMarker(): Promise<SentMarker> {
  return openLaneMarker(MARK_SENT, markDeliverySent);
}

/** A transient failure: back to the queue after `retryInSeconds`, or failed once `giveUp`. */
export async function releaseDelivery(
  entryId: string,
  subscriptionId: string,
  claimId: string,
  error: string,
  retry: DeliveryRetry,
): Promise<void> {
  const db = await getDb();
  await db
    .update(newsletterDeliveries)
    .set(releasedDeliveryColumns(error, retry))
    .where(mine(entryId, subscriptionId, claimId));
}

/** A permanent failure (5xx, or the subscriber left meanwhile): recorded, never retried. */
export async function failDelivery(
  entryId: string,
  subscriptionId: string,
  claimId: string,
  error: string,
): Promise<void> {
  const db = await getDb();
  await db
    .update(newsletterDeliveries)
    .set(failedDeliveryColumns(error))
    .where(mine(entryId, subscriptionId, claimId));
}

/** 'sending' → 'sent' once no delivery is left queued. */
export async function finishEntryIfDone(entryId: string): Promise<boolean> {
  const db = await getDb();
  const result = await db.execute(sql`
    update newsletter_entries e set status = 'sent', sent_at = now(), updated_at = now()
    where e.newsletter_id = ${entryId} and e.status = 'sending'
      and not exists (select 1 from newsletter_deliveries d where d.entry_id = e.newsletter_id and d.status = 'queued')
    returning e.newsletter_id`);
  return rowsOf(result).length > 0;
}

export async function recordOpen(entryId: string, subscriptionId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(newsletterDeliveries)
    .set({ openedAt: sql`coalesce(${newsletterDeliveries.openedAt}, now())` })
    .where(
      and(eq(newsletterDeliveries.entryId, entryId), eq(newsletterDeliveries.subscriptionId, subscriptionId)),
    );
}

/** A click is an open as well (many readers block the pixel). */
export async function recordClick(entryId: string, subscriptionId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(newsletterDeliveries)
    .set({
      clickedAt: sql`coalesce(${newsletterDeliveries.clickedAt}, now())`,
      openedAt: sql`coalesce(${newsletterDeliveries.openedAt}, now())`,
    })
    .where(
      and(eq(newsletterDeliveries.entryId, entryId), eq(newsletterDeliveries.subscriptionId, subscriptionId)),
    );
}

export type DeliveryCounts = {
  entryId: string;
  recipients: number;
  delivered: number;
  failed: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
};

export async function countDeliveries(entryIds: readonly string[]): Promise<Map<string, DeliveryCounts>> {
  if (entryIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({
      entryId: newsletterDeliveries.entryId,
      recipients: sql<number>`count(*)::int`,
      delivered: sql<number>`(count(*) filter (where ${newsletterDeliveries.status} = 'sent'))::int`,
      failed: sql<number>`(count(*) filter (where ${newsletterDeliveries.status} = 'failed'))::int`,
      opened: sql<number>`count(${newsletterDeliveries.openedAt})::int`,
      clicked: sql<number>`count(${newsletterDeliveries.clickedAt})::int`,
      unsubscribed: sql<number>`count(${newsletterDeliveries.unsubscribedAt})::int`,
    })
    .from(newsletterDeliveries)
    .where(inArray(newsletterDeliveries.entryId, [...entryIds]))
    .groupBy(newsletterDeliveries.entryId);
  return new Map(rows.map((row) => [row.entryId, row]));
}
