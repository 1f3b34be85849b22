import type { Actor } from '../../auth/actor';
import { accountCapabilities, assertCan, staffCapabilities, statusAfterBanToggle } from '../../auth/policy';
import type { StoredSiteRole } from '../../auth/roles';
import { decodeCursor, toPage } from '../../lib/cursor';
import { AppError, conflict, notFound } from '../../lib/errors';
import { UUID_RE } from '../../lib/ids';
import type {
  BanResult,
  BanUserInput,
  GrantSiteRoleInput,
  ModerationLogPage,
  RevokeSiteRoleInput,
  SiteStaffMember,
} from './moderation.schema';
import {
  changeSiteRoleLogged,
  countActiveAdminsAfterChange,
  findModerationLogPage,
  findSiteStaff,
  findStaffMemberById,
  insertModerationLogEntry,
  setUserStatusLogged,
} from './moderation.repository';
import type { ModerationAction } from './moderation.table';
import { findUserByEmail, findUserById } from './users.repository';

// Staff's powers over accounts (issue 13; DESIGN §4, §5): ban and unban, site roles, and the
// moderation log that records each of them. Nothing a ban hides is deleted: every read leaves a
// banned writer's things out by their status (and the session check refuses their sessions), so
// unbanning brings all of it back at once.

/** PATCH /users/ban_user/{id}: bans an active user, unbans a banned one (SPEC §4 toggle). */
export async function toggleUserBan(actor: Actor, id: string, input: BanUserInput): Promise<BanResult> {
  assertCan(actor, 'user.ban', { id });
  const user = await findUserById(id);
  if (!user) throw notFound('User');
  const to = statusAfterBanToggle(user.status);
  const changed = await setUserStatusLogged(id, user.status, to, {
    actorId: actor!.id,
    reason: input.reason,
  });
  // Someone else toggled it between the read and the write: say so rather than toggle it back.
  if (!changed) throw conflict('This account was changed elsewhere: reload to see its status');
  return { id: changed.id, name: changed.name, status: changed.status };
}

/**
 * Bans an active user (never unbans: a report's Ban acts once however often it is clicked), logged
 * like toggleUserBan's. 409 when the user is banned already.
 */
export async function banUser(actor: Actor, id: string, input: BanUserInput): Promise<BanResult> {
  assertCan(actor, 'user.ban', { id });
  const user = await findUserById(id);
  if (!user) throw notFound('User');
  const changed = await setUserStatusLogged(id, 'active', 'banned', {
    actorId: actor!.id,
    reason: input.reason,
  });
  if (!changed) throw conflict('This account is banned already');
  return { id: changed.id, name: changed.name, status: changed.status };
}

/**
 * Records a moderation action taken by another module (issue 25: a response removed or restored, a
 * report dismissed, a reported story unpublished). The caller has asked the policy for the action.
 */
export async function recordModerationAction(
  actor: Actor,
  entry: { action: ModerationAction; targetUserId: string; subjectId: string; reason?: string },
): Promise<void> {
  await insertModerationLogEntry({ ...entry, actorId: actor?.id ?? null });
}

const LOG_PAGE_SIZE = 20;

/** GET /users/moderation_log?lastKey: bans, unbans and role changes, newest first (site staff). */
export async function listModerationLog(actor: Actor, lastKey?: string): Promise<ModerationLogPage> {
  assertCan(actor, 'staff.openArea');
  const cursor = decodeCursor(lastKey);
  if (cursor && !UUID_RE.test(cursor.id)) {
    throw new AppError('validation_failed', 'Invalid input', 'lastKey: id is not a log entry id');
  }
  const rows = await findModerationLogPage(cursor, LOG_PAGE_SIZE);
  const page = toPage(rows, LOG_PAGE_SIZE, (row) => ({ t: row.createdAt.getTime(), id: row.id }));
  return {
    entries: page.items.map((row) => ({
      id: row.id,
      action: row.action,
      role: row.role,
      subjectId: row.subjectId,
      reason: row.reason,
      createdAt: row.createdAt.getTime(),
      target: row.target,
      canUnban: row.action === 'ban' && accountCapabilities(actor, row.target).canUnbanAuthor,
      actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '' } : null,
    })),
    lastKey: page.lastKey,
  };
}

/** GET /users/site_roles: everyone holding a site role (site admins manage them). */
export async function listSiteStaff(actor: Actor): Promise<SiteStaffMember[]> {
  assertCan(actor, 'staff.openArea');
  return findSiteStaff();
}

/**
 * Grants or revokes a site role. 'command-line' is `npm run admin`, run by whoever operates the
 * machine: not a request, so the policy's who-may does not apply; the last-admin rule still does.
 */
async function changeSiteRole(
  actor: Actor | 'command-line',
  userId: string,
  role: StoredSiteRole,
  grant: boolean,
): Promise<void> {
  if (actor !== 'command-line') {
    const adminsAfter = await countActiveAdminsAfterChange(userId, role, grant);
    assertCan(actor, 'user.changeSiteRole', { id: userId, role, grant, adminsAfter });
  }
  // The repository checks the last-admin rule again under lock (two admins revoking each other).
  const result = await changeSiteRoleLogged(userId, role, grant, {
    actorId: actor === 'command-line' ? null : actor!.id,
  });
  if (result === 'no_user') throw notFound('User');
  if (result === 'last_admin') throw lastAdmin();
}

const lastAdmin = () => conflict('The last site admin cannot be removed');

/** POST /users/site_roles/grant {email, role} */
export async function grantSiteRole(
  actor: Actor | 'command-line',
  input: GrantSiteRoleInput,
): Promise<SiteStaffMember> {
  // Asked before the look-up, so no one else learns which e-mails have accounts (a grant never
  // leaves the site without an admin: adminsAfter does not matter here).
  if (actor !== 'command-line') {
    assertCan(actor, 'user.changeSiteRole', { id: '', role: input.role, grant: true, adminsAfter: 1 });
  }
  const user = await findUserByEmail(input.email);
  if (!user) throw new AppError('not_found', 'No account has this e-mail', `email: ${input.email}`);
  await changeSiteRole(actor, user.id, input.role, true);
  return staffMemberOf(user.id);
}

/** POST /users/site_roles/revoke {userId, role} */
export async function revokeSiteRole(actor: Actor, input: RevokeSiteRoleInput): Promise<SiteStaffMember> {
  await changeSiteRole(actor, input.userId, input.role, false);
  return staffMemberOf(input.userId);
}

async function staffMemberOf(id: string): Promise<SiteStaffMember> {
  const row = await findStaffMemberById(id);
  if (!row) throw notFound('User');
  return row;
}

/** `npm run admin -- revoke EMAIL`: the command line's revoke (by e-mail; never the last admin). */
export async function revokeSiteRoleByEmail(email: string, role: StoredSiteRole): Promise<SiteStaffMember> {
  const user = await findUserByEmail(email);
  if (!user) throw new AppError('not_found', 'No account has this e-mail', `email: ${email}`);
  await changeSiteRole('command-line', user.id, role, false);
  return staffMemberOf(user.id);
}

/** What the staff area offers this actor (its sections and actions); canOpen false: it is a 404. */
export const staffAreaCapabilitiesOf = (actor: Actor) => staffCapabilities(actor);
