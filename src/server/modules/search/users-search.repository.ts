import { and, desc, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { posts } from '../posts/posts.table';
import { users } from '../users/users.table';

/** An ILIKE pattern for "holds this text": %, _ and \ typed by a reader match themselves. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Writers a reader can visit: active users with a home (/@subdomain) and at least one published
 * story, whose name or subdomain holds `text` (every writer when it is empty), most stories first.
 */
export async function findAuthorsMatching(text: string, limit: number) {
  const stories = sql<number>`count(*)::int`;
  const pattern = containing(text);
  return (await getDb())
    .select({
      id: users.id,
      name: users.name,
      image: users.image,
      description: users.description,
      subdomain: sql<string>`${users.subdomain}`,
      stories,
    })
    .from(users)
    .innerJoin(posts, and(eq(posts.authorId, users.id), eq(posts.status, 'published')))
    .where(
      and(
        eq(users.status, 'active'),
        isNotNull(users.subdomain),
        text ? or(ilike(users.name, pattern), ilike(users.subdomain, pattern)) : undefined,
      ),
    )
    .groupBy(users.id)
    .orderBy(desc(stories), users.name, users.id)
    .limit(limit);
}
