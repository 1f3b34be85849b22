import { actorOf, type Actor } from '../../auth/actor';
import { assertCan, can } from '../../auth/policy';
import { AppError, notFound } from '../../lib/errors';
import { UUID_RE } from '../../lib/ids';
import { assertIssuedImageUrl } from '../images/images.service';
import { moveUserSubdomain } from '../subdomains/subdomains.service';
import type {
  NotificationSettings,
  NotificationSettingsChanges,
  UpdateUserInput,
  UserProfile,
} from './users.schema';
import {
  findActorRowById,
  findUserById,
  findUserBySubdomain,
  isKnownTimeZone,
  updateUserProfileRow,
  setNotificationDigestRow,
} from './users.repository';
import type { UserRow } from './users.table';

export function toUserProfile(row: UserRow): UserProfile {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    description: row.description,
    subdomain: row.subdomain,
    showOnboarding: row.showOnboarding,
    preferLanguageCode: row.preferLanguageCode,
    status: row.status,
  };
}

/** The user's notification settings (issue 25; docs/decisions/055-notifications.md). */
export function notificationSettingsOf(row: UserRow): NotificationSettings {
  return {
    follower: row.notifyFollower,
    response: row.notifyResponse,
    reply: row.notifyReply,
    storyApproved: row.notifyStoryApproved,
    storyRejected: row.notifyStoryRejected,
    mention: row.notifyMention,
    digest: row.notificationDigest,
    digestHour: row.digestHour,
    timeZone: row.digestTimeZone,
  };
}

/** A user's notification settings, or null when there is no such user (the notifications module asks). */
export async function findNotificationSettings(id: string): Promise<NotificationSettings | null> {
  const row = await findUserById(id);
  return row ? notificationSettingsOf(row) : null;
}

/** The columns a partial settings object changes (undefined fields are left out). */
function notificationColumns(settings: NotificationSettingsChanges | undefined) {
  if (!settings) return {};
  const columns = {
    notifyFollower: settings.follower,
    notifyResponse: settings.response,
    notifyReply: settings.reply,
    notifyStoryApproved: settings.storyApproved,
    notifyStoryRejected: settings.storyRejected,
    notifyMention: settings.mention,
    notificationDigest: settings.digest,
    digestHour: settings.digestHour,
    digestTimeZone: settings.timeZone,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** The actor behind a session: null when the user is gone or banned (their session stops working). */
export async function findActorById(id: string): Promise<Actor> {
  // Session ids are ours (a UUID in a signed token); anything else is no one — and must not reach
  // the actor query, whose ::uuid cast would throw on it.
  if (!UUID_RE.test(id)) return null;
  const row = await findActorRowById(id);
  if (!row) return null;
  const actor = actorOf(row);
  return can(actor, 'session.start') ? actor : null;
}

export async function getUserProfileOrThrow(actor: Actor, id: string): Promise<UserProfile> {
  const row = await findUserById(id);
  // A banned writer's profile is hidden from everyone but site admins (DESIGN §5): user.read.
  if (!row || !can(actor, 'user.read', row)) throw notFound('User');
  return toUserProfile(row);
}

/** The user whose home is /@{subdomain}, or null (unknown, or banned: hidden but from site admins). */
export async function findUserHome(actor: Actor, subdomain: string): Promise<UserProfile | null> {
  const row = await findUserBySubdomain(subdomain.trim().toLowerCase());
  if (!row || !can(actor, 'user.read', row)) return null;
  return toUserProfile(row);
}

/** What this actor may do on a user's home: change the profile and its pins (SPEC §7 pin_post). */
export const userHomeCapabilitiesOf = (actor: Actor, userId: string) => ({
  canEditProfile: can(actor, 'user.updateProfile', { id: userId }),
});

export async function updateUserProfile(
  actor: Actor,
  id: string,
  input: UpdateUserInput,
): Promise<UserProfile> {
  assertCan(actor, 'user.updateProfile', { id });
  if (input.id !== undefined && input.id !== id) {
    throw new AppError('validation_failed', 'Invalid input', 'id: does not match the address');
  }
  const { id: _ignored, notifications, ...profileChanges } = input;
  // The schema takes the names this Node knows; the digest's hour is computed by PostgreSQL, which
  // must know the name too (a rule in words: 422, as the reading plans answer).
  if (notifications?.timeZone !== undefined && !(await isKnownTimeZone(notifications.timeZone))) {
    throw new AppError(
      'unprocessable',
      'Not a time zone this server knows',
      `notifications.timeZone: ${notifications.timeZone}`,
    );
  }
  const changes = { ...profileChanges, ...notificationColumns(notifications) };
  const current = await findUserById(id);
  if (!current) throw notFound('User');
  // A photo is an upload this platform issued (and that is really there), or the one the user
  // already has (e.g. from Google at sign-up); never an arbitrary address on someone else's server.
  if (changes.image && changes.image !== current.image) await assertIssuedImageUrl(changes.image);
  const result = await updateUserProfileRow(id, changes, moveUserSubdomain);
  if (result === undefined) throw notFound('User');
  if (result === 'subdomain_taken') {
    throw new AppError('conflict', 'This subdomain is already taken.', `subdomain: ${changes.subdomain}`);
  }
  // One's own settings come back to oneself (the public profile never shows them).
  return { ...toUserProfile(result), notifications: notificationSettingsOf(result) };
}

/**
 * Turns a user's daily notification digest on or off, for the digest's one-click unsubscribe (the
 * signed token is the permission; notifications checks it). False when there is no such user.
 */
export function setNotificationDigest(id: string, on: boolean): Promise<boolean> {
  return setNotificationDigestRow(id, on);
}
