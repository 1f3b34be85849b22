// The staff area's calls (issue 13; SPEC §7 Curated sets, Subtopics, PATCH /users/ban_user/{id}):
// through the one typed client. Every call throws ApiError, whose message reads 'ERROR: …' (SPEC §8).
import { api, abortable, call } from '@/lib/api-client';
import type { StoryLanguage } from '@/lib/detect-language';
import type { Cursor } from '@/server/lib/cursor';
import type { CuratedSetKind } from '@/server/modules/curation/curation.table';
import type { StaffSearchQuery } from '@/server/modules/search/posts-search.schema';
import type { StoryPage, StorySummary } from '@/server/modules/posts/posts.schema';
import type { ModerationEntry, SiteStaffMember } from '@/server/modules/users/moderation.schema';

export type { ModerationEntry, SiteStaffMember, StorySummary, CuratedSetKind };

/** PATCH /api/users/ban_user/{id} — ban an active user, unban a banned one. */
export const toggleBan = (id: string, reason: string) =>
  call(api.users.ban_user[':id'].$patch({ param: { id }, json: reason ? { reason } : {} }));

/** GET /api/users/moderation_log?lastKey */
export const listModerationLog = (lastKey: Cursor | null, signal?: AbortSignal) =>
  call(
    api.users.moderation_log.$get(
      { query: lastKey ? { lastKey: JSON.stringify(lastKey) } : {} },
      abortable(signal),
    ),
  );

export const grantRole = (email: string, role: 'admin' | 'editor') =>
  call(api.users.site_roles.grant.$post({ json: { email, role } }));
export const revokeRole = (userId: string, role: 'admin' | 'editor') =>
  call(api.users.site_roles.revoke.$post({ json: { userId, role } }));

/** The staff search's filters, as the form holds them (blank: any). */
export type StaffSearchFilters = Partial<
  Pick<StaffSearchQuery, 'q' | 'status' | 'languageCode' | 'authorId'>
>;

/** GET /api/posts/search_all — every story matching the filters, newest created first. */
export function searchAllStories(
  filters: StaffSearchFilters,
  lastKey: Cursor | null,
  signal?: AbortSignal,
): Promise<StoryPage> {
  const query = Object.fromEntries(
    Object.entries({ ...filters, ...(lastKey && { lastKey: JSON.stringify(lastKey) }) }).filter(
      ([, value]) => value !== undefined && value !== '',
    ),
  );
  return call(api.posts.search_all.$get({ query }, abortable(signal)));
}

/** GET /api/posts/search?q — published stories (what a curated story set or subtopic may show). */
export async function findPublishedStories(q: string, signal?: AbortSignal): Promise<StorySummary[]> {
  const page = await call(api.posts.search.$get({ query: { q, offset: '0' } }, abortable(signal)));
  return page.posts;
}

/** The curated-set PUTs, by kind (SPEC §7). */
export function putCuratedSet(
  kind: CuratedSetKind,
  languageCode: StoryLanguage,
  countryCode: string,
  ids: string[],
) {
  const param = { languageCode, countryCode };
  const json = { ids };
  switch (kind) {
    case 'editor_pick':
      return call(api.posts.editor_pick[':languageCode'][':countryCode'].$put({ param, json }));
    case 'popular_stories':
      return call(api.posts.popular_stories[':languageCode'][':countryCode'].$put({ param, json }));
    case 'top_publications':
      return call(api.publications.top_publications[':languageCode'][':countryCode'].$put({ param, json }));
    case 'top_tags':
      return call(api.tags.top_tags[':languageCode'][':countryCode'].$put({ param, json }));
    case 'top_authors':
      return call(api.users.top_authors[':languageCode'][':countryCode'].$put({ param, json }));
    case 'authors':
      return call(api.users.authors[':languageCode'][':countryCode'].$put({ param, json }));
  }
}

/** PUT /api/publications/publication_devotion|publication_trending/{id} */
export function putPublicationStories(kind: 'devotion' | 'trending', id: string, postIds: string[]) {
  const request = { param: { id }, json: { postIds } };
  return kind === 'devotion'
    ? call(api.publications.publication_devotion[':id'].$put(request))
    : call(api.publications.publication_trending[':id'].$put(request));
}

/** GET /api/posts/publications/{id} — a publication's published stories (devotion and trending candidates). */
export async function listPublicationStories(id: string, signal?: AbortSignal): Promise<StorySummary[]> {
  const page = await call(
    api.posts.publications[':id'].$get({ param: { id }, query: { limit: '50' } }, abortable(signal)),
  );
  return page.posts;
}

export const createSubtopic = (subtopicName: string, description: string) =>
  call(api.subtopics.create.$post({ json: { subtopicName, description } }));
export const updateSubtopic = (id: string, subtopicName: string, description: string) =>
  call(api.subtopics[':id'].$patch({ param: { id }, json: { subtopicId: id, subtopicName, description } }));
export const deleteSubtopic = (id: string) => call(api.subtopics[':id'].$delete({ param: { id } }));
export const assignSubtopicStories = (subtopicId: string, posts: string[]) =>
  call(api.subtopics.posts.$post({ query: { subtopicId }, json: { posts } }));

/** GET /api/users/all_authors?q — writers by name (top authors, the authors set). */
export async function findWriters(q: string, signal?: AbortSignal) {
  return call(api.users.all_authors.$get({ query: { q } }, abortable(signal)));
}
