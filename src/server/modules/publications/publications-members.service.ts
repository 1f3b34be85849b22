import type { Actor } from '../../auth/actor';
import { assertCan, readScopeOf } from '../../auth/policy';
import { groupByStoredRole, type PublicationRole } from '../../auth/roles';
import { AppError, conflict, notFound } from '../../lib/errors';
import { getUserProfileOrThrow } from '../users/users.service';
import {
  deleteNonOwnerMember,
  findMember,
  findMembers,
  insertMember,
  updateNonOwnerMemberRole,
  type MemberRow,
} from './publications.repository';
import type { AssignableRole } from './publications.limits';
import type { AddContributorInput, PublicationMember } from './publications.schema';
import { loadPublication } from './publications-access.service';
import type { PublicationRow, PublicationRole as StoredPublicationRole } from './publications.table';

// A publication's people (SPEC §7 Publications, §5 "add author or editor", DESIGN §4): the owner
// brings in authors and editors by user id, changes their role and takes them out; everyone may see
// who they are. The owner's own membership never changes here.

const ALREADY_MEMBER = 'Already a member of this publication';

const toMember = (row: MemberRow): PublicationMember => ({
  userId: row.userId,
  name: row.name,
  image: row.image,
  subdomain: row.subdomain,
  userRole: row.role,
  joinedAt: row.joinedAt.getTime(),
});

export type PublicationMembers = {
  owners: PublicationMember[];
  editors: PublicationMember[];
  authors: PublicationMember[];
};

/**
 * Who is in the publication, by role, oldest member first (the page shows them; anyone may see
 * them). Banned users are left out except for site admins (DESIGN §5, readScopeOf).
 */
export async function membersOfPublication(
  actor: Actor,
  publication: Pick<PublicationRow, 'id' | 'ownerId' | 'createdAt'>,
): Promise<PublicationMembers> {
  assertCan(actor, 'publication.read', { id: publication.id });
  const includeBanned = readScopeOf(actor)?.seesBannedWriters ?? false;
  const members = (await findMembers(publication, includeBanned)).map(toMember);
  return groupByStoredRole(members, (member) => member.userRole);
}

/** GET /publications/{id}/owners | editors | authors: one role's members. */
export async function listPublicationMembers(
  actor: Actor,
  publicationId: string,
  role: PublicationRole,
): Promise<PublicationMember[]> {
  const { row } = await loadPublication(actor, publicationId);
  const members = await membersOfPublication(actor, row);
  return members[`${role}s`];
}

/**
 * GET /publications/getRoleByUserId?userId&publicationId: the user's stored role there, or null.
 * Membership is public like the members lists; an unknown (or banned, to all but site admins) user
 * is 404 rather than "not a member".
 */
export async function roleInPublication(
  actor: Actor,
  query: { userId: string; publicationId: string },
): Promise<{ role: StoredPublicationRole | null }> {
  const { row } = await loadPublication(actor, query.publicationId);
  assertCan(actor, 'publication.read', { id: row.id });
  await getUserProfileOrThrow(actor, query.userId);
  if (query.userId === row.ownerId) return { role: 'publication_owner' };
  const member = await findMember(row.id, query.userId);
  return { role: member?.role ?? null };
}

/**
 * POST /publications/addContributorByUserId (owner): an active user joins as author or editor.
 * 404 'User not found' for no such (or a banned) user, 409 when they are a member already.
 */
export async function addContributor(
  actor: Actor,
  input: AddContributorInput,
): Promise<{ member: PublicationMember }> {
  const { row, role } = await loadPublication(actor, input.publicationId);
  assertCan(actor, 'publication.manageContributors', { id: row.id }, { publicationRole: role });
  // Asked as a stranger would: a banned account is no one to add.
  await getUserProfileOrThrow(null, input.userId);
  if (input.userId === row.ownerId) throw conflict(ALREADY_MEMBER, 'userId: the owner');
  if (!(await insertMember({ publicationId: row.id, userId: input.userId, role: input.userRole }))) {
    throw conflict(ALREADY_MEMBER, `userId: ${input.userId}`);
  }
  const member = await findMember(row.id, input.userId);
  if (!member) throw notFound('Member');
  return { member: toMember(member) };
}

const notMember = (userId: string) =>
  new AppError('not_found', 'Not a member of this publication', `userId: ${userId}`);

/**
 * 409 for the owner, whose place never changes here (the creator is publications.owner_id; the
 * repository's writes also leave any owner row alone), 404 for someone who is not a member.
 */
async function assertChangeableMember(publication: { id: string; ownerId: string }, userId: string) {
  if (userId === publication.ownerId) {
    throw conflict("The publication's owner cannot be removed or given another role", `userId: ${userId}`);
  }
  if (!(await findMember(publication.id, userId))) throw notMember(userId);
}

/** DELETE /publications/removeContributor?id {authorId} (owner): the author or editor leaves. */
export async function removeContributor(actor: Actor, publicationId: string, userId: string): Promise<void> {
  const { row, role } = await loadPublication(actor, publicationId);
  assertCan(actor, 'publication.manageContributors', { id: row.id }, { publicationRole: role });
  await assertChangeableMember(row, userId);
  if (!(await deleteNonOwnerMember(row.id, userId))) throw notMember(userId);
}

/** PATCH /publications/updateContributor?id {userId, userRole} (owner): author ↔ editor. */
export async function updateContributor(
  actor: Actor,
  publicationId: string,
  input: { userId: string; userRole: AssignableRole },
): Promise<{ member: PublicationMember }> {
  const { row, role } = await loadPublication(actor, publicationId);
  assertCan(actor, 'publication.changeRole', { id: row.id }, { publicationRole: role });
  await assertChangeableMember(row, input.userId);
  // The same role again is a harmless write (the dialog only sends a change anyway, SPEC §2).
  if (!(await updateNonOwnerMemberRole(row.id, input.userId, input.userRole))) throw notMember(input.userId);
  const member = await findMember(row.id, input.userId);
  if (!member) throw notMember(input.userId);
  return { member: toMember(member) };
}
