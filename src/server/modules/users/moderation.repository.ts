import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { storedSiteRoles, type StoredSiteRole } from '../../auth/roles';
import { isActiveAdminAfter, siteRolesAfterChange } from '../../auth/policy';
import { getDb } from '../../db';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { newUuid } from '../../lib/ids';
import { moderationLog, type ModerationAction } from './moderation.table';
import { users, type UserRow } from './users.table';

// Bans and site roles (issue 13): each change of a user's status or roles is written together with
// its moderation-log row, in one transaction, so the log never misses a change nor records one that
// did not happen.

type LogEntry = { actorId: string | null; reason?: string; role?: string };

/**
 * Sets the user's status (only if it is `from`: a second, concurrent toggle changes nothing) and logs
 * it. Returns the row after the change, or undefined when the user is not (or no longer) in `from`.
 */
export async function setUserStatusLogged(
  id: string,
  from: UserRow['status'],
  to: UserRow['status'],
  entry: LogEntry,
): Promise<UserRow | undefined> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), eq(users.status, from)))
      .returning();
    if (!row) return undefined;
    const action: ModerationAction = to === 'banned' ? 'ban' : 'unban';
    await tx.insert(moderationLog).values({
      id: newUuid(),
      action,
      targetUserId: id,
      actorId: entry.actorId,
      reason: entry.reason ?? '',
    });
    return row;
  });
}

/**
 * How many active site admins there would be after granting or revoking `role` for user `id` (the
 * policy's last-admin rule reads it; changeSiteRoleLogged enforces it again under lock).
 */
export async function countActiveAdminsAfterChange(
  id: string,
  role: StoredSiteRole,
  grant: boolean,
): Promise<number> {
  const db = await getDb();
  const [others] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(sql`'admin' = any(${users.roles})`, eq(users.status, 'active'), ne(users.id, id)));
  const [target] = await db
    .select({ roles: users.roles, status: users.status })
    .from(users)
    .where(eq(users.id, id));
  const targetAdminAfter = target ? isActiveAdminAfter(target, { role, grant }) : false;
  return Number(others?.n ?? 0) + (targetAdminAfter ? 1 : 0);
}

export type RoleChangeResult = 'changed' | 'unchanged' | 'last_admin' | 'no_user';

/**
 * Grants or revokes a site role and logs it. Revoking 'admin' locks every admin row first and
 * refuses ('last_admin') when no other active admin would remain: two admins revoking each other at
 * once cannot both succeed.
 */
export async function changeSiteRoleLogged(
  id: string,
  role: StoredSiteRole,
  grant: boolean,
  entry: LogEntry,
): Promise<RoleChangeResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!grant && role === 'admin') {
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`'admin' = any(${users.roles})`, eq(users.status, 'active')))
        .for('update');
      if (!admins.some((admin) => admin.id !== id)) {
        return admins.some((admin) => admin.id === id) ? 'last_admin' : 'unchanged';
      }
    }
    const [current] = await tx
      .select({ roles: users.roles })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!current) return 'no_user';
    const roles = siteRolesAfterChange(current.roles, { role, grant });
    if (!roles) return 'unchanged';
    await tx
      .update(users)
      .set({ roles, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await tx.insert(moderationLog).values({
      id: newUuid(),
      action: grant ? 'grant_role' : 'revoke_role',
      targetUserId: id,
      actorId: entry.actorId,
      role,
      reason: entry.reason ?? '',
    });
    return 'changed';
  });
}

export type StaffMemberRow = Pick<UserRow, 'id' | 'name' | 'email' | 'status'> & {
  siteRoles: StoredSiteRole[];
};

const staffColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  roles: users.roles,
  status: users.status,
};
const toStaffMember = (row: Pick<UserRow, 'id' | 'name' | 'email' | 'roles' | 'status'>): StaffMemberRow => ({
  id: row.id,
  name: row.name,
  email: row.email,
  status: row.status,
  siteRoles: storedSiteRoles(row.roles),
});

/** Every user holding a site role, admins first, then by name. */
export async function findSiteStaff(): Promise<StaffMemberRow[]> {
  const db = await getDb();
  const rows = await db
    .select(staffColumns)
    .from(users)
    .where(sql`cardinality(${users.roles}) > 0`)
    .orderBy(sql`('admin' = any(${users.roles})) desc`, users.name, users.id);
  return rows.map(toStaffMember);
}

/** One user with their site roles, or undefined. */
export async function findStaffMemberById(id: string): Promise<StaffMemberRow | undefined> {
  const db = await getDb();
  const [row] = await db.select(staffColumns).from(users).where(eq(users.id, id));
  return row && toStaffMember(row);
}

/**
 * Writes one row of the log for an action taken elsewhere (issue 25: a response removed or restored, a
 * report dismissed, a reported story unpublished); `subjectId` names what was acted on.
 */
export async function insertModerationLogEntry(entry: {
  action: ModerationAction;
  targetUserId: string;
  actorId: string | null;
  subjectId: string | null;
  reason?: string;
}): Promise<void> {
  const db = await getDb();
  await db.insert(moderationLog).values({
    id: newUuid(),
    action: entry.action,
    targetUserId: entry.targetUserId,
    actorId: entry.actorId,
    subjectId: entry.subjectId,
    reason: entry.reason ?? '',
  });
}

const actors = alias(users, 'moderation_actors');

/** A page of the log, newest first, after `cursor`; `limit + 1` rows tell whether more follow. */
export async function findModerationLogPage(cursor: Cursor | null, limit: number) {
  const db = await getDb();
  return db
    .select({
      id: moderationLog.id,
      action: moderationLog.action,
      role: moderationLog.role,
      subjectId: moderationLog.subjectId,
      reason: moderationLog.reason,
      createdAt: moderationLog.createdAt,
      target: { id: users.id, name: users.name, email: users.email, status: users.status },
      actorId: moderationLog.actorId,
      actorName: actors.name,
    })
    .from(moderationLog)
    .innerJoin(users, eq(users.id, moderationLog.targetUserId))
    .leftJoin(actors, eq(actors.id, moderationLog.actorId))
    .where(
      cursor
        ? sql`(${moderationLog.createdAt}, ${moderationLog.id}) < (${cursorTime(cursor).toISOString()}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
    .limit(limit + 1);
}
