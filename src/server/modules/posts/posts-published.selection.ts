import { sql, type SQL } from 'drizzle-orm';
import { posts } from './posts.table';

/**
 * A published story, as the newest-first walks over `(…, published_at, id)` indexes ask for it. The
 * status alone says it (check posts_published_has_time), but a backward walk of such an index starts
 * among the drafts' NULL publication times (NULLS FIRST): `published_at is not null` is an index
 * condition that skips them. Without it, page 1 of a list on the bench's 100,000 stories read the
 * 7,900 drafts' entries before its first story. Written without bound values, so prepared
 * statements (publication-stories.repository.ts) keep their own parameters.
 */
export const publishedStory: SQL = sql`(${posts.status} = 'published' and ${posts.publishedAt} is not null)`;
