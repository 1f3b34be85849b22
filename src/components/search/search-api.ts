// The calls behind search (SPEC §7): more stories for a query, and writers by name or handle. Every
// call throws ApiError ('ERROR: …', SPEC §8).
import { abortable, api, call } from '@/lib/api-client';
import type { SearchPage } from '@/server/modules/search/posts-search.schema';
import type { Author } from '@/server/modules/search/users-search.schema';

/** GET /api/posts/search?q&offset: the page of matching stories starting at `offset`. */
export const fetchSearchPage = (q: string, offset: number, signal?: AbortSignal): Promise<SearchPage> =>
  call(api.posts.search.$get({ query: { q, offset: String(offset) } }, abortable(signal)));

/** GET /api/users/all_authors?q: writers whose name or handle holds q (the most prolific when empty). */
export const fetchAuthors = (q: string, signal?: AbortSignal): Promise<Author[]> =>
  call(api.users.all_authors.$get({ query: { q } }, abortable(signal))).then((answer) => answer.authors);
