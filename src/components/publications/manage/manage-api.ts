// The calls behind the publication's edit page and admin area (SPEC §7 Publications and Collections,
// DESIGN for collections). Every call throws ApiError, whose message already reads 'ERROR: …' (SPEC §8).
import { api, abortable, call } from '@/lib/api-client';
import type { AssignableRole } from '@/server/modules/publications/publications.limits';
import type {
  Collection,
  Publication,
  PublicationCapabilities,
  PublicationMember,
  UpdatePublicationInput,
} from '@/server/modules/publications/publications.schema';

export type { Collection, Publication, PublicationCapabilities, PublicationMember };

/** PATCH /api/publications/{id}: the profile fields that changed. */
export const updatePublication = (id: string, changes: UpdatePublicationInput) =>
  call(api.publications[':id'].$patch({ param: { id }, json: changes }));

/** PATCH /api/publications/updateBackgroundImage {id, backgroundImage} (SPEC §7). */
export const updateBackgroundImage = (id: string, backgroundImage: string | null) =>
  call(api.publications.updateBackgroundImage.$patch({ json: { id, backgroundImage } }));

/** DELETE /api/publications/{id}: the publication, its collections, members and articles. */
export const deletePublication = (id: string) => call(api.publications[':id'].$delete({ param: { id } }));

/** POST /api/collections/create {publicationId, name, description}. */
export const createCollection = (publicationId: string, name: string, description: string) =>
  call(api.collections.create.$post({ json: { publicationId, name, description } }));

/** PATCH /api/collections/{id} {name, description}. */
export const updateCollection = (id: string, changes: { name?: string; description?: string }) =>
  call(api.collections[':id'].$patch({ param: { id }, json: changes }));

/** DELETE /api/collections/{id}: its stories stay in the publication without a collection. */
export const deleteCollection = (id: string) => call(api.collections[':id'].$delete({ param: { id } }));

export type MemberLists = {
  owners: PublicationMember[];
  editors: PublicationMember[];
  authors: PublicationMember[];
};

/** GET /api/publications/{id}/owners, /editors and /authors, together. */
export async function fetchMembers(id: string, signal?: AbortSignal): Promise<MemberLists> {
  const param = { param: { id } };
  const [owners, editors, authors] = await Promise.all([
    call(api.publications[':id'].owners.$get(param, abortable(signal))),
    call(api.publications[':id'].editors.$get(param, abortable(signal))),
    call(api.publications[':id'].authors.$get(param, abortable(signal))),
  ]);
  return { owners: owners.owners, editors: editors.editors, authors: authors.authors };
}

/** POST /api/publications/addContributorByUserId {userId, publicationId, userRole}. */
export const addContributor = (publicationId: string, userId: string, userRole: AssignableRole) =>
  call(api.publications.addContributorByUserId.$post({ json: { userId, publicationId, userRole } }));

/** DELETE /api/publications/removeContributor?id={publicationId} with {authorId} (SPEC §7). */
export const removeContributor = (publicationId: string, authorId: string) =>
  call(api.publications.removeContributor.$delete({ query: { id: publicationId }, json: { authorId } }));

/** PATCH /api/publications/updateContributor?id={publicationId} with {userId, userRole} (SPEC §7). */
export const updateContributor = (publicationId: string, userId: string, userRole: AssignableRole) =>
  call(
    api.publications.updateContributor.$patch({ query: { id: publicationId }, json: { userId, userRole } }),
  );
