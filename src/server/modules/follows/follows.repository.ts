import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { tags } from '../posts/posts-tags.table';
import { publications } from '../publications/publications.table';
import { users } from '../users/users.table';
import { follows, type FollowKind, type FollowRow, type NewFollowRow } from './follows.table';

// The only place follows touch Drizzle. A follow names its target in the column of its kind
// (follows.table.ts); the partial unique indexes make (follower, target) one row.

const targetColumn = (kind: FollowKind) =>
  kind === 'user'
    ? follows.followedUserId
    : kind === 'publication'
      ? follows.followedPublicationId
      : follows.followedTagSlug;

const ofTarget = (kind: FollowKind, id: string): SQL => eq(targetColumn(kind), id);

/** The row naming this target in the column of its kind. */
export function followRowFor(followerId: string, kind: FollowKind, id: string): Omit<NewFollowRow, 'id'> {
  return {
    followerId,
    kind,
    followedUserId: kind === 'user' ? id : null,
    followedPublicationId: kind === 'publication' ? id : null,
    followedTagSlug: kind === 'tag' ? id : null,
  };
}

/** Inserts the follow; undefined when it exists already (two clicks racing: one row). */
export async function insertFollow(row: NewFollowRow): Promise<FollowRow | undefined> {
  const db = await getDb();
  const [inserted] = await db.insert(follows).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Removes the follow; false when there was none. */
export async function deleteFollow(followerId: string, kind: FollowKind, id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), ofTarget(kind, id)))
    .returning({ id: follows.id });
  return rows.length > 0;
}

/** How many active readers follow each of these targets (one query; missing targets count 0). */
export async function countFollowers(
  targets: readonly { kind: FollowKind; id: string }[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (targets.length === 0) return counts;
  const db = await getDb();
  const rows = await Promise.all(
    targets.map(async ({ kind, id }) => {
      const [row] = await db
        .select({ n: count() })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followerId))
        .where(and(ofTarget(kind, id), eq(users.status, 'active')));
      return [`${kind}:${id}`, Number(row?.n ?? 0)] as const;
    }),
  );
  for (const [key, n] of rows) counts.set(key, n);
  return counts;
}

/** Which of these targets the reader follows, as `kind:id` keys. */
export async function findFollowedAmong(
  followerId: string,
  targets: readonly { kind: FollowKind; id: string }[],
): Promise<Set<string>> {
  if (targets.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select({
      kind: follows.kind,
      user: follows.followedUserId,
      publication: follows.followedPublicationId,
      tag: follows.followedTagSlug,
    })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), or(...targets.map((t) => ofTarget(t.kind, t.id)))));
  return new Set(rows.map((row) => `${row.kind}:${row.user ?? row.publication ?? row.tag}`));
}

export type FollowListRow = {
  id: string;
  kind: FollowKind;
  targetId: string;
  name: string;
  image: string | null;
  subdomain: string | null;
  createdAt: Date;
};

/**
 * One keyset page of the reader's follows, newest first, with what the list shows of each target.
 * A followed writer who is banned is left out (DESIGN §5: they vanish from every list).
 */
export async function findFollowsPage(query: {
  followerId: string;
  kind?: FollowKind;
  cursor: Cursor | null;
  fetch: number;
}): Promise<FollowListRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: follows.id,
      kind: follows.kind,
      userId: follows.followedUserId,
      publicationId: follows.followedPublicationId,
      tagSlug: follows.followedTagSlug,
      userName: users.name,
      userImage: users.image,
      userSubdomain: users.subdomain,
      userStatus: users.status,
      publicationName: publications.name,
      publicationImage: publications.image,
      publicationSubdomain: publications.subdomain,
      tagName: tags.name,
      createdAt: follows.createdAt,
    })
    .from(follows)
    .leftJoin(users, eq(users.id, follows.followedUserId))
    .leftJoin(publications, eq(publications.id, follows.followedPublicationId))
    .leftJoin(tags, eq(tags.slug, follows.followedTagSlug))
    .where(
      and(
        eq(follows.followerId, query.followerId),
        query.kind ? eq(follows.kind, query.kind) : undefined,
        sql`(${follows.followedUserId} is null or ${users.status} = 'active')`,
        query.cursor
          ? sql`(${follows.createdAt}, ${follows.id}) < (${cursorTime(query.cursor).toISOString()}::timestamptz, ${query.cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(follows.id))
    .limit(query.fetch);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    targetId: (row.userId ?? row.publicationId ?? row.tagSlug)!,
    name: row.userName ?? row.publicationName ?? row.tagName ?? '',
    image: row.kind === 'user' ? row.userImage : row.kind === 'publication' ? row.publicationImage : null,
    subdomain:
      row.kind === 'user' ? row.userSubdomain : row.kind === 'publication' ? row.publicationSubdomain : null,
    createdAt: row.createdAt,
  }));
}
