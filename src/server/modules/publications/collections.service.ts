import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/policy';
import { notFound } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import { listPublicationPosts } from '../posts/posts-read.service';
import { countPublishedByCollection } from '../posts/posts.service';
import type { CollectionPage } from './collections.schema';
import {
  deleteCollectionRow,
  findCollectionById,
  insertCollection,
  updateCollectionRow,
} from './publications.repository';
import type { Collection, CreateCollectionInput, UpdateCollectionInput } from './publications.schema';
import { loadPublication, publicationRoleOf, toCollectionSummary } from './publications.service';
import type { CollectionRow } from './publications.table';

// A publication's collections (SPEC §3 Collection; DESIGN: its owner and editors manage them,
// publication.manageCollections). Deleting one keeps its stories in the publication with no
// collection (docs/decisions/020-publication-delete-and-collections.md).

async function toCollection(row: CollectionRow): Promise<Collection> {
  const counts = await countPublishedByCollection([row.id]);
  return {
    ...toCollectionSummary(row),
    publicationId: row.publicationId,
    storyCount: counts.get(row.id) ?? 0,
  };
}

/** The collection and the actor's role in its publication; 404 when there is no such collection. */
async function loadCollection(actor: Actor, id: string) {
  const row = await findCollectionById(id);
  if (!row) throw notFound('Collection');
  return { row, role: await publicationRoleOf(actor, row.publicationId) };
}

/** POST /collections/create {publicationId, name, description}. */
export async function createCollection(actor: Actor, input: CreateCollectionInput): Promise<Collection> {
  const { role } = await loadPublication(actor, input.publicationId);
  assertCan(actor, 'publication.manageCollections', { id: input.publicationId }, { publicationRole: role });
  const row = await insertCollection({
    id: newUuid(),
    publicationId: input.publicationId,
    name: input.name,
    description: input.description ?? '',
  });
  if (!row) throw notFound('Publication');
  return { ...toCollectionSummary(row), publicationId: row.publicationId, storyCount: 0 };
}

/** PATCH /collections/{id} {name?, description?}. */
export async function updateCollection(
  actor: Actor,
  id: string,
  input: UpdateCollectionInput,
): Promise<Collection> {
  const { row, role } = await loadCollection(actor, id);
  assertCan(actor, 'publication.manageCollections', { id: row.publicationId }, { publicationRole: role });
  const changes: Partial<Pick<CollectionRow, 'name' | 'description'>> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  const updated = await updateCollectionRow(id, changes);
  if (!updated) throw notFound('Collection');
  return toCollection(updated);
}

/** DELETE /collections/{id}: its stories stay in the publication, in no collection. */
export async function deleteCollection(actor: Actor, id: string): Promise<void> {
  const { row, role } = await loadCollection(actor, id);
  assertCan(actor, 'publication.manageCollections', { id: row.publicationId }, { publicationRole: role });
  if (!(await deleteCollectionRow(id))) throw notFound('Collection');
}

/** GET /collections/{id}?lastKey&limit: the collection and a page of its published stories. */
export async function getCollectionPage(
  actor: Actor,
  id: string,
  options: { lastKey?: string; limit: number },
): Promise<CollectionPage> {
  const row = await findCollectionById(id);
  if (!row) throw notFound('Collection');
  assertCan(actor, 'publication.read', { id: row.publicationId });
  const [collection, page] = await Promise.all([
    toCollection(row),
    listPublicationPosts(actor, row.publicationId, { collectionId: id, ...options }),
  ]);
  return { collection, ...page };
}
