import { and, count, eq } from 'drizzle-orm';
import { getDb } from '../../db';
import { posts } from '../posts/posts.table';
import { users } from '../users/users.table';
import { postTags, tags } from '../posts/posts-tags.table';
import type { Tag } from '../posts/posts-tags.schema';

/** The tag with this slug, or undefined. */
export async function findTagBySlug(slug: string): Promise<Tag | undefined> {
  const db = await getDb();
  const [row] = await db.select({ name: tags.name, slug: tags.slug }).from(tags).where(eq(tags.slug, slug));
  return row;
}

/** How many published stories carry the tag (by active writers unless `includeBannedWriters`). */
export async function countPublishedStoriesOfTag(
  slug: string,
  includeBannedWriters: boolean,
): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: count() })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        eq(postTags.tagSlug, slug),
        eq(posts.status, 'published'),
        includeBannedWriters ? undefined : eq(users.status, 'active'),
      ),
    );
  return Number(row?.count ?? 0);
}
