import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { pendingSignups, type PendingSignupRow } from './signups.table';

/**
 * Stores a sign-up waiting for its mail: one row per address, so a second sign-up replaces the first
 * (its details, its expiry) and asks for a new mail; the earlier link stops working.
 */
export async function upsertPendingSignup(row: {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  expiresAt: Date;
}): Promise<string> {
  const db = await getDb();
  const [saved] = await db
    .insert(pendingSignups)
    .values(row)
    .onConflictDoUpdate({
      target: pendingSignups.email,
      set: {
        name: row.name,
        passwordHash: row.passwordHash,
        expiresAt: row.expiresAt,
        tokenHash: null,
        mailClaimedAt: null,
        mailSentAt: null,
        createdAt: sql`now()`,
      },
    })
    .returning({ id: pendingSignups.id });
  return saved!.id;
}

/**
 * Takes one sign-up whose mail is not sent (nor being sent by a live sender: a claim older than
 * `leaseSeconds` is taken again), or just `id`'s, and stamps it with the hash of the token the mail
 * will carry: that hash is the claim, so a sign-up replaced meanwhile (upsert) is no longer this one's.
 */
export async function claimPendingSignupMail(
  tokenHash: string,
  leaseSeconds: number,
  id?: string,
): Promise<PendingSignupRow | undefined> {
  const db = await getDb();
  const due = and(
    isNull(pendingSignups.mailSentAt),
    gt(pendingSignups.expiresAt, sql`now()`),
    or(
      isNull(pendingSignups.mailClaimedAt),
      lt(pendingSignups.mailClaimedAt, sql`now() - make_interval(secs => ${leaseSeconds})`),
    ),
    id ? eq(pendingSignups.id, id) : undefined,
  );
  const next = db
    .select({ id: pendingSignups.id })
    .from(pendingSignups)
    .where(due)
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(pendingSignups)
    .set({ tokenHash, mailClaimedAt: sql`now()` })
    .where(and(sql`${pendingSignups.id} = (${next})`, due))
    .returning();
  return claimed;
}

/** The claimed mail went out. False when the sign-up was replaced meanwhile. */
export async function markPendingSignupMailSent(id: string, tokenHash: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(pendingSignups)
    .set({ mailSentAt: sql`now()` })
    .where(and(eq(pendingSignups.id, id), eq(pendingSignups.tokenHash, tokenHash)))
    .returning({ id: pendingSignups.id });
  return rows.length > 0;
}

/** The mail failed: free the claim for the next sender. */
export async function releasePendingSignupMail(id: string, tokenHash: string): Promise<void> {
  const db = await getDb();
  await db
    .update(pendingSignups)
    .set({ mailClaimedAt: null, tokenHash: null })
    .where(and(eq(pendingSignups.id, id), eq(pendingSignups.tokenHash, tokenHash)));
}

/** Drops a claimed sign-up (its address was registered already and got the warning mail). */
export async function deletePendingSignup(id: string, tokenHash: string): Promise<void> {
  const db = await getDb();
  await db
    .delete(pendingSignups)
    .where(and(eq(pendingSignups.id, id), eq(pendingSignups.tokenHash, tokenHash)));
}

/** Takes the sign-up a link's token stands for, once: a second use, or an expired link, finds none. */
export async function consumePendingSignup(tokenHash: string): Promise<PendingSignupRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .delete(pendingSignups)
    .where(and(eq(pendingSignups.tokenHash, tokenHash), gt(pendingSignups.expiresAt, sql`now()`)))
    .returning();
  return row;
}

/** Sign-ups whose links have expired: their rows (and the password hashes in them) go. */
export async function deleteExpiredPendingSignups(): Promise<number> {
  const db = await getDb();
  const rows = await db
    .delete(pendingSignups)
    .where(lt(pendingSignups.expiresAt, sql`now()`))
    .returning({ id: pendingSignups.id });
  return rows.length;
}
