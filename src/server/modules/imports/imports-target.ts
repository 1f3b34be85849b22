import type { Actor } from '../../auth/actor';
import { assertCan, can } from '../../auth/policy';
import { AppError, notFound, unauthorized } from '../../lib/errors';
import { publicationRoleOf } from '../publications/publications-access.service';
import {
  findTargetPublication,
  findTargetUser,
  type ImportKey,
  type ImportTargetPublication,
} from './imports.repository';
import type { ImportRow, ImportTargetKind } from './imports.table';

// Where an import goes, and whether the actor may put it there (the policy's import.* actions): a
// writer into their own account, a publication's owner into it, a site admin anywhere.

export type ImportTarget = {
  kind: ImportTargetKind;
  id: string;
  name: string;
  homePath: string;
  publication: ImportTargetPublication | null;
};

/** A writer's home is /@{subdomain}; one without a subdomain has only their studio (SPEC §2). */
const userHome = (user: { id: string; subdomain: string | null }) =>
  user.subdomain ? `/@${user.subdomain}` : '/me';

const userTarget = (user: { id: string; name: string; subdomain: string | null }): ImportTarget => ({
  kind: 'user',
  id: user.id,
  name: user.name,
  homePath: userHome(user),
  publication: null,
});

const publicationTarget = (publication: ImportTargetPublication): ImportTarget => ({
  kind: 'publication',
  id: publication.id,
  name: publication.name,
  homePath: `/publications/${publication.id}`,
  publication,
});

export async function resolveImportTarget(
  actor: Actor,
  wanted: { targetUserId?: string; targetPublicationId?: string },
): Promise<ImportTarget> {
  if (!actor) throw unauthorized();
  if (wanted.targetPublicationId) {
    const publication = await findTargetPublication(wanted.targetPublicationId);
    if (!publication) throw notFound('Publication');
    const role = await publicationRoleOf(actor, publication.id);
    assertCan(actor, 'import.intoPublication', { id: publication.id }, { publicationRole: role });
    return publicationTarget(publication);
  }
  const userId = wanted.targetUserId ?? actor.id;
  const user = await findTargetUser(userId);
  if (!user) throw notFound('User');
  assertCan(actor, 'import.intoAccount', { id: user.id });
  if (user.status !== 'active') {
    throw new AppError('unprocessable', 'This account is banned: stories cannot be imported into it');
  }
  return userTarget(user);
}

/** The target of a stored import, as it is now (404 when it was deleted since). */
export async function storedImportTarget(row: ImportRow): Promise<ImportTarget> {
  if (row.targetKind === 'publication') {
    const publication = await findTargetPublication(row.targetPublicationId!);
    if (!publication) throw notFound('Publication');
    return publicationTarget(publication);
  }
  const user = await findTargetUser(row.targetUserId!);
  if (!user) throw notFound('User');
  return userTarget(user);
}

/** Who may see and confirm an import: whoever started it, or anyone who may import into its target now. */
export async function assertMayUseImport(actor: Actor, row: ImportRow): Promise<ImportTarget> {
  if (!actor) throw unauthorized();
  if (row.createdBy !== actor.id) {
    // Someone else's import is not theirs to see: the same answer as no import at all.
    try {
      return await resolveImportTarget(actor, {
        ...(row.targetKind === 'publication'
          ? { targetPublicationId: row.targetPublicationId! }
          : { targetUserId: row.targetUserId! }),
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'forbidden') throw notFound('Import');
      throw error;
    }
  }
  return storedImportTarget(row);
}

export const importKeyOf = (row: ImportRow): ImportKey => ({
  targetKind: row.targetKind,
  targetId: (row.targetKind === 'publication' ? row.targetPublicationId : row.targetUserId)!,
  source: row.source,
});

/** Whether the actor may import into the publication (the admin page shows the section then). */
export async function mayImportIntoPublication(actor: Actor, publicationId: string): Promise<boolean> {
  if (!actor) return false;
  const publication = await findTargetPublication(publicationId);
  if (!publication) return false;
  const role = await publicationRoleOf(actor, publicationId);
  return can(actor, 'import.intoPublication', { id: publicationId }, { publicationRole: role });
}

/**
 * Whether the actor may import into accounts other than their own (the import page then offers a
 * target): asked of the policy for an account that is nobody's, so only a site-wide right answers yes.
 */
export function mayImportForOthers(actor: Actor): boolean {
  return actor !== null && can(actor, 'import.intoAccount', { id: NOBODY });
}
const NOBODY = '00000000-0000-0000-0000-000000000000';
