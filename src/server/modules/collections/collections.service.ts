import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/policy';
import { notFound } from '../../lib/errors';
import {
  addCollection,
  changeCollection,
  findCollection,
  removeCollection,
} from '../publications/publication-collections.service';
import type {
  Collection,
  CreateCollectionInput,
  UpdateCollectionInput,
} from '../publications/publications.schema';
import { toCollectionSummary } from '../publications/publications.service';
import type { CollectionRow } from '../publications/publications.table';
import { countPublishedByCollection, listPublicationPosts } from '../reading/publication-stories.service';
import type { CollectionPage } from './collections.schema';

// /api/collections: a publication's collections as readers and editors see them — with their
// published story count and a page of their stories. The rows and who may change them are the
// publications module's (publication-collections.service.ts).

async function toCollection(row: CollectionRow): Promise<Collection> {
  const counts = await countPublishedByCollection([row.id]);
  return {
    ...toCollectionSummary(row),
    publicationId: row.publicationId,
    storyCount: counts.get(row.id) ?? 0,
  };
}

/** POST /collections/create {publicationId, name, description}. */
export async function createCollection(actor: Actor, input: CreateCollectionInput): Promise<Collection> {
  const row = await addCollection(actor, input);
  return { ...toCollectionSummary(row), publicationId: row.publicationId, storyCount: 0 };
}

/** PATCH /collections/{id} {name?, description?}. */
export async function updateCollection(
  actor: Actor,
  id: string,
  input: UpdateCollectionInput,
): Promise<Collection> {
  return toCollection(await changeCollection(actor, id, input));
}

/** DELETE /collections/{id}: its stories stay in the publication, in no collection. */
export const deleteCollection = (actor: Actor, id: string): Promise<void> => removeCollection(actor, id);

/** GET /collections/{id}?lastKey&limit: the collection and a page of its published stories. */
export async function getCollectionPage(
  actor: Actor,
  id: string,
  options: { lastKey?: string; limit: number },
): Promise<CollectionPage> {
  const row = await findCollection(id);
  if (!row) throw notFound('Collection');
  assertCan(actor, 'publication.read', { id: row.publicationId });
  const [collection, page] = await Promise.all([
    toCollection(row),
    listPublicationPosts(actor, row.publicationId, { collectionId: id, ...options }),
  ]);
  return { collection, ...page };
}
