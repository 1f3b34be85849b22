import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/policy';
import { notFound } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import {
  deleteCollectionRow,
  findCollectionById,
  insertCollection,
  updateCollectionRow,
} from './publications.repository';
import type { CreateCollectionInput, UpdateCollectionInput } from './publications.schema';
import { loadPublication, publicationRoleOf } from './publications-access.service';
import type { CollectionRow } from './publications.table';

// A publication's collections as rows (SPEC §3 Collection; DESIGN: its owner and editors manage
// them, publication.manageCollections). The answers, with their story counts and stories, are the
// collections module's (src/server/modules/collections), which builds on stories. Deleting one
// keeps its stories in the publication with no collection (docs/decisions/020).

/** The collection's row, or undefined. */
export const findCollection = (id: string): Promise<CollectionRow | undefined> => findCollectionById(id);

/** The collection and the actor's role in its publication; 404 when there is no such collection. */
async function loadCollection(actor: Actor, id: string) {
  const row = await findCollectionById(id);
  if (!row) throw notFound('Collection');
  return { row, role: await publicationRoleOf(actor, row.publicationId) };
}

/** A new collection of the publication (its owner and editors). */
export async function addCollection(actor: Actor, input: CreateCollectionInput): Promise<CollectionRow> {
  const { role } = await loadPublication(actor, input.publicationId);
  assertCan(actor, 'publication.manageCollections', { id: input.publicationId }, { publicationRole: role });
  const row = await insertCollection({
    id: newUuid(),
    publicationId: input.publicationId,
    name: input.name,
    description: input.description ?? '',
  });
  if (!row) throw notFound('Publication');
  return row;
}

/** Renames or redescribes the collection. */
export async function changeCollection(
  actor: Actor,
  id: string,
  input: UpdateCollectionInput,
): Promise<CollectionRow> {
  const { row, role } = await loadCollection(actor, id);
  assertCan(actor, 'publication.manageCollections', { id: row.publicationId }, { publicationRole: role });
  const changes: Partial<Pick<CollectionRow, 'name' | 'description'>> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  const updated = await updateCollectionRow(id, changes);
  if (!updated) throw notFound('Collection');
  return updated;
}

/** Deletes the collection; its stories stay in the publication, in no collection. */
export async function removeCollection(actor: Actor, id: string): Promise<void> {
  const { row, role } = await loadCollection(actor, id);
  assertCan(actor, 'publication.manageCollections', { id: row.publicationId }, { publicationRole: role });
  if (!(await deleteCollectionRow(id))) throw notFound('Collection');
}
