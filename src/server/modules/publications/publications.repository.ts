import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db';
import type { Cursor } from '../../lib/cursor';
import { users } from '../users/users.table';
import {
  collections,
  publicationMembers,
  publications,
  type CollectionRow,
  type NewCollectionRow,
  type NewPublicationRow,
  type PublicationMemberRow,
  type PublicationRole,
  type PublicationRow,
} from './publications.table';

/** Publications the user belongs to (any role), newest first, each with its collections. */
export async function findPublicationsOfUser(
  userId: string,
): Promise<(PublicationRow & { collections: CollectionRow[] })[]> {
  const db = await getDb();
  const rows = await db
    .select({ publication: publications })
    .from(publicationMembers)
    .innerJoin(publications, eq(publications.id, publicationMembers.publicationId))
    .where(eq(publicationMembers.userId, userId))
    .orderBy(desc(publications.createdAt), desc(publications.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.publication.id);
  const allCollections = await db
    .select()
    .from(collections)
    .where(inArray(collections.publicationId, ids))
    .orderBy(asc(collections.createdAt), asc(collections.id));
  return rows.map(({ publication }) => ({
    ...publication,
    collections: allCollections.filter((collection) => collection.publicationId === publication.id),
  }));
}

/** One publication (by id, or by its lower-case subdomain) with its collections (oldest first), or undefined. */
export async function findPublication(
  where: { id: string } | { subdomain: string },
): Promise<(PublicationRow & { collections: CollectionRow[] }) | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(publications)
    .where('id' in where ? eq(publications.id, where.id) : eq(publications.subdomain, where.subdomain))
    .limit(1);
  if (!row) return undefined;
  const rows = await db
    .select()
    .from(collections)
    .where(eq(collections.publicationId, row.id))
    .orderBy(asc(collections.createdAt), asc(collections.id));
  return { ...row, collections: rows };
}

/** The publication holding this subdomain (already lower-cased), or undefined. */
export async function findPublicationBySubdomain(subdomain: string): Promise<PublicationRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(publications).where(eq(publications.subdomain, subdomain)).limit(1);
  return row;
}

/**
 * How a user stands to a publication: undefined when the publication does not exist; role null
 * when they are not a member. The creator counts as owner even without a member row.
 */
export async function findPublicationMembership(
  publicationId: string,
  userId: string,
): Promise<{ role: PublicationRole | null } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ ownerId: publications.ownerId, role: publicationMembers.role })
    .from(publications)
    .leftJoin(
      publicationMembers,
      and(eq(publicationMembers.publicationId, publications.id), eq(publicationMembers.userId, userId)),
    )
    .where(eq(publications.id, publicationId))
    .limit(1);
  if (!row) return undefined;
  return { role: row.ownerId === userId ? 'publication_owner' : row.role };
}

/** The publication a collection belongs to, or undefined when there is no such collection. */
export async function findCollectionPublicationId(collectionId: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ publicationId: collections.publicationId })
    .from(collections)
    .where(eq(collections.id, collectionId))
    .limit(1);
  return row?.publicationId;
}

/** Claims the publication's subdomain in the shared namespace on the creating transaction (false: taken). */
export type ClaimSubdomain = (tx: Db, subdomain: string, publicationId: string) => Promise<boolean>;

/** Thrown inside the creating transaction to roll it back when the subdomain is taken. */
class SubdomainTaken extends Error {}

/**
 * Creates a publication with its owner's member row, claiming its subdomain (through `claim`) on the
 * same transaction. 'subdomain_taken' when another publication or a user holds the subdomain:
 * nothing is written then.
 */
export async function insertPublicationWithOwner(
  row: NewPublicationRow & { id: string; ownerId: string },
  claim: ClaimSubdomain,
): Promise<PublicationRow | 'subdomain_taken'> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(publications)
        .values(row)
        .onConflictDoNothing({ target: publications.subdomain })
        .returning();
      if (!created || !(await claim(tx, created.subdomain, created.id))) throw new SubdomainTaken();
      await tx
        .insert(publicationMembers)
        .values({ publicationId: created.id, userId: created.ownerId, role: 'publication_owner' });
      return created;
    });
  } catch (error) {
    if (error instanceof SubdomainTaken) return 'subdomain_taken';
    throw error;
  }
}

export type PublicationChanges = Partial<
  Pick<
    PublicationRow,
    | 'name'
    | 'image'
    | 'description'
    | 'languageCode'
    | 'backgroundImage'
    | 'hasNewsletters'
    | 'newsletterDescription'
  >
>;

/** Applies profile changes; false when the publication is gone. */
export async function updatePublicationRow(id: string, changes: PublicationChanges): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(publications)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(publications.id, id))
    .returning({ id: publications.id });
  return rows.length > 0;
}

/**
 * Deletes a publication in one statement, so in one transaction: its collections, memberships,
 * subdomain claim, newsletter topic and entries, story sets and its stories go with it by the
 * foreign keys' ON DELETE CASCADE, and with each story its tags, list entries, pins and counters.
 * false when there was no such publication.
 */
export async function deletePublicationRow(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(publications)
    .where(eq(publications.id, id))
    .returning({ id: publications.id });
  return rows.length > 0;
}

/** A page of the publication listing, newest first by (created_at, id), one row more than `limit`. */
export async function findPublicationListRows(options: {
  languageCode?: string;
  after: Cursor | null;
  limit: number;
}): Promise<PublicationRow[]> {
  const db = await getDb();
  const { languageCode, after, limit } = options;
  return db
    .select()
    .from(publications)
    .where(
      and(
        languageCode === undefined ? undefined : eq(publications.languageCode, languageCode),
        after === null
          ? undefined
          : sql`(${publications.createdAt}, ${publications.id}) < (${new Date(after.t).toISOString()}::timestamptz, ${after.id}::uuid)`,
      ),
    )
    .orderBy(desc(publications.createdAt), desc(publications.id))
    .limit(limit + 1);
}

/** A member as the owners/editors/authors lists show them. */
export type MemberRow = {
  userId: string;
  name: string;
  image: string | null;
  subdomain: string | null;
  status: 'active' | 'banned';
  role: PublicationRole;
  joinedAt: Date;
};

const memberColumns = {
  userId: users.id,
  name: users.name,
  image: users.image,
  subdomain: users.subdomain,
  status: users.status,
  role: publicationMembers.role,
  joinedAt: publicationMembers.createdAt,
};

/**
 * Every member of the publication with their card, oldest first; banned users only with
 * `includeBanned`. The owner (publications.owner_id) is listed first and as owner, whatever their
 * member row says, and even without one (the creator is the owner, DESIGN §4).
 */
export async function findMembers(
  publication: Pick<PublicationRow, 'id' | 'ownerId' | 'createdAt'>,
  includeBanned: boolean,
): Promise<MemberRow[]> {
  const db = await getDb();
  const active = includeBanned ? undefined : eq(users.status, 'active');
  const [rows, [owner]] = await Promise.all([
    db
      .select(memberColumns)
      .from(publicationMembers)
      .innerJoin(users, eq(users.id, publicationMembers.userId))
      .where(
        and(
          eq(publicationMembers.publicationId, publication.id),
          ne(publicationMembers.userId, publication.ownerId),
          active,
        ),
      )
      .orderBy(asc(publicationMembers.createdAt), asc(publicationMembers.userId)),
    db
      .select({ ...memberColumns, role: sql<PublicationRole>`'publication_owner'` })
      .from(users)
      .leftJoin(
        publicationMembers,
        and(eq(publicationMembers.publicationId, publication.id), eq(publicationMembers.userId, users.id)),
      )
      .where(and(eq(users.id, publication.ownerId), active))
      .limit(1),
  ]);
  return owner ? [{ ...owner, joinedAt: owner.joinedAt ?? publication.createdAt }, ...rows] : rows;
}

/** One member row with the user's card, or undefined when they are not a member. */
export async function findMember(publicationId: string, userId: string): Promise<MemberRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select(memberColumns)
    .from(publicationMembers)
    .innerJoin(users, eq(users.id, publicationMembers.userId))
    .where(and(eq(publicationMembers.publicationId, publicationId), eq(publicationMembers.userId, userId)))
    .limit(1);
  return row;
}

/** Adds a member; false when they already are one (nothing changed). */
export async function insertMember(
  row: Pick<PublicationMemberRow, 'publicationId' | 'userId' | 'role'>,
): Promise<boolean> {
  const db = await getDb();
  const inserted = await db
    .insert(publicationMembers)
    .values(row)
    .onConflictDoNothing()
    .returning({ userId: publicationMembers.userId });
  return inserted.length > 0;
}

/** Removes a member who is not the owner; false when there was no such (non-owner) member. */
export async function deleteNonOwnerMember(publicationId: string, userId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(publicationMembers)
    .where(
      and(
        eq(publicationMembers.publicationId, publicationId),
        eq(publicationMembers.userId, userId),
        ne(publicationMembers.role, 'publication_owner'),
      ),
    )
    .returning({ userId: publicationMembers.userId });
  return rows.length > 0;
}

/** Changes a non-owner member's role; false when there was no such (non-owner) member. */
export async function updateNonOwnerMemberRole(
  publicationId: string,
  userId: string,
  role: PublicationRole,
): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(publicationMembers)
    .set({ role })
    .where(
      and(
        eq(publicationMembers.publicationId, publicationId),
        eq(publicationMembers.userId, userId),
        ne(publicationMembers.role, 'publication_owner'),
      ),
    )
    .returning({ userId: publicationMembers.userId });
  return rows.length > 0;
}

// Collections.

export async function findCollectionById(id: string): Promise<CollectionRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(collections).where(eq(collections.id, id)).limit(1);
  return row;
}

/** Inserts a collection; undefined when its publication is gone. */
export async function insertCollection(
  row: NewCollectionRow & { id: string },
): Promise<CollectionRow | undefined> {
  const db = await getDb();
  const [created] = await db
    .insert(collections)
    .select(
      db
        .select({
          id: sql<string>`${row.id}::uuid`.as('id'),
          publicationId: publications.id,
          name: sql<string>`${row.name}`.as('name'),
          description: sql<string>`${row.description ?? ''}`.as('description'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(publications)
        .where(eq(publications.id, row.publicationId)),
    )
    .returning();
  return created;
}

export async function updateCollectionRow(
  id: string,
  changes: Partial<Pick<CollectionRow, 'name' | 'description'>>,
): Promise<CollectionRow | undefined> {
  const db = await getDb();
  if (Object.keys(changes).length === 0) return findCollectionById(id);
  const [row] = await db.update(collections).set(changes).where(eq(collections.id, id)).returning();
  return row;
}

/**
 * Deletes a collection; its stories and newsletter entries stay in the publication with no
 * collection (ON DELETE SET NULL, docs/decisions/020). false when there was no such collection.
 */
export async function deleteCollectionRow(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(collections).where(eq(collections.id, id)).returning({ id: collections.id });
  return rows.length > 0;
}
