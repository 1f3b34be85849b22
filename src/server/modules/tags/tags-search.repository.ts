import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { posts } from '../posts/posts.table';
import { users } from '../users/users.table';
import { postTags, tags } from '../posts/posts-tags.table';

/** An ILIKE pattern for "holds this text": %, _ and \ typed by a reader match themselves. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Tags whose name or slug holds `text`, with their number of published stories, most used first. */
export async function findTagsMatching(text: string, limit: number) {
  const pattern = containing(text);
  const stories = sql<number>`count(*)::int`;
  return (await getDb())
    .select({ name: tags.name, slug: tags.slug, stories })
    .from(tags)
    .innerJoin(postTags, eq(postTags.tagSlug, tags.slug))
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        or(ilike(tags.name, pattern), ilike(tags.slug, pattern)),
        eq(posts.status, 'published'),
        eq(users.status, 'active'),
      ),
    )
    .groupBy(tags.slug, tags.name)
    .orderBy(desc(stories), tags.slug)
    .limit(limit);
}
