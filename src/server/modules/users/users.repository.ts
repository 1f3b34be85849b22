import { and, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db';
import { preparedQuery } from '../../db/prepared';
import { nextDigestDueAt } from './users-digest.selection';
import { oauthAccounts, users, type NewUserRow, type UserRow } from './users.table';

export async function findUserById(id: string): Promise<UserRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

// Who is acting, read on every signed-in request (a ban applies at once): a prepared statement.
const actorQuery = preparedQuery<Pick<UserRow, 'id' | 'roles' | 'status'>>(
  'lamplight_actor_by_id',
  'select id, roles, status from users where id = $1::uuid',
  1,
  { keptUntilChange: true },
);

/** The id, site roles and status of a user; undefined when there is none (`id` must be a UUID). */
export async function findActorRowById(
  id: string,
): Promise<Pick<UserRow, 'id' | 'roles' | 'status'> | undefined> {
  const [row] = await actorQuery(id);
  return row;
}

export async function findUserByEmail(email: string): Promise<UserRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Inserts a user; returns undefined when the e-mail is already registered. */
export async function insertUser(row: NewUserRow): Promise<UserRow | undefined> {
  const db = await getDb();
  const [created] = await db
    .insert(users)
    .values(row)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return created;
}

export type ProfileChanges = Partial<
  Pick<
    UserRow,
    | 'name'
    | 'image'
    | 'description'
    | 'showOnboarding'
    | 'preferLanguageCode'
    | 'notifyFollower'
    | 'notifyResponse'
    | 'notifyReply'
    | 'notifyStoryApproved'
    | 'notifyStoryRejected'
    | 'notifyMention'
    | 'notificationDigest'
    | 'digestHour'
    | 'digestTimeZone'
  >
> & { subdomain?: string | null };

/**
 * Moves the user's claim in the shared namespace (the subdomains module's table) on the given
 * transaction; false when `to` is held by someone else.
 */
export type MoveSubdomain = (
  tx: Db,
  userId: string,
  from: string | null,
  to: string | null,
) => Promise<boolean>;

/**
 * Applies profile changes in one transaction. A new subdomain is claimed in the shared namespace
 * first (through `moveSubdomain`); returns 'subdomain_taken' when someone else holds it (nothing is
 * changed then).
 */
export async function updateUserProfileRow(
  id: string,
  changes: ProfileChanges,
  moveSubdomain: MoveSubdomain,
): Promise<UserRow | 'subdomain_taken' | undefined> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) return undefined;
    if (changes.subdomain !== undefined && changes.subdomain !== current.subdomain) {
      if (!(await moveSubdomain(tx, id, current.subdomain, changes.subdomain))) return 'subdomain_taken';
    }
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    if (!updated || !digestScheduleChanged(current, updated)) return updated;
    const [rescheduled] = await tx
      .update(users)
      .set({ digestDueAt: DIGEST_DUE_FROM_NOW })
      .where(eq(users.id, id))
      .returning();
    return rescheduled;
  });
}

/**
 * When the digest falls due, from now on (on the row as changed): the reader's hour on the first local
 * date it is still ahead — a reader who turns the digest on after today's hour gets tomorrow's, not one
 * at once; null with the digest off.
 */
const DIGEST_DUE_FROM_NOW = sql`case when ${users.notificationDigest} then ${nextDigestDueAt()} end`;

/** Whether a change moves the reader's digest: turned on or off, another hour, another time zone. */
const digestScheduleChanged = (before: UserRow, after: UserRow): boolean =>
  before.notificationDigest !== after.notificationDigest ||
  before.digestHour !== after.digestHour ||
  before.digestTimeZone !== after.digestTimeZone;

export async function findUserBySubdomain(subdomain: string): Promise<UserRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.subdomain, subdomain)).limit(1);
  return row;
}

/** Links an OAuth identity to a user (first sign-in through Google or Facebook). */
export async function findUserIdByOauth(provider: string, providerAccountId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerAccountId, providerAccountId)))
    .limit(1);
  return row?.userId;
}

export async function linkOauthAccount(provider: string, providerAccountId: string, userId: string) {
  const db = await getDb();
  await db.insert(oauthAccounts).values({ provider, providerAccountId, userId }).onConflictDoNothing();
}

/** Turns the user's daily notification digest on or off; false when there is no such user. */
export async function setNotificationDigestRow(id: string, on: boolean): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(users)
    .set({
      notificationDigest: on,
      // Its due time from now as DIGEST_DUE_FROM_NOW, with the new value (the SET sees the old row).
      digestDueAt: on
        ? sql`case when ${users.notificationDigest} then ${users.digestDueAt} else ${nextDigestDueAt()} end`
        : null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Whether PostgreSQL knows the time zone (the digest's local times are computed there). */
export { isKnownTimeZone } from '../../db/local-time';
