import { clientBucket } from '../../lib/client-address';
import { consumeRateLimit, RATE_LIMITS } from '../rate-limits/rate-limits.service';
import { findAuthorsMatching } from './users-search.repository';
import { AUTHORS_PAGE_SIZE, type Author } from './users-search.schema';

/** Writers whose name or handle holds `text` (cleaned by searchTextSchema); a leading @ is the handle's. */
export async function searchAuthors(text: string, limit = AUTHORS_PAGE_SIZE): Promise<Author[]> {
  return findAuthorsMatching(text.replace(/^@/, ''), limit);
}

/** The writers search counts against the same per-address search ceiling as story search. */
export function countAuthorSearch(address: string): Promise<void> {
  return consumeRateLimit(RATE_LIMITS.searchPerIp, clientBucket(address));
}
