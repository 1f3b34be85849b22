import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { getDb } from '../../db';
import {
  collections,
  publicationMembers,
  publications,
  type CollectionRow,
  type PublicationMemberRow,
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

/** One publication with its collections (oldest first), or undefined. */
export async function findPublicationById(
  id: string,
): Promise<(PublicationRow & { collections: CollectionRow[] }) | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(publications).where(eq(publications.id, id)).limit(1);
  if (!row) return undefined;
  const rows = await db
    .select()
    .from(collections)
    .where(eq(collections.publicationId, id))
    .orderBy(asc(collections.createdAt), asc(collections.id));
  return { ...row, collections: rows };
}

/** The user's membership role in the publication, or undefined when they are not a member. */
export async function findMemberRole(
  publicationId: string,
  userId: string,
): Promise<PublicationMemberRow['role'] | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ role: publicationMembers.role })
    .from(publicationMembers)
    .where(and(eq(publicationMembers.publicationId, publicationId), eq(publicationMembers.userId, userId)))
    .limit(1);
  return row?.role;
}

/** The publication holding this subdomain (already lower-cased), or undefined. */
export async function findPublicationBySubdomain(subdomain: string): Promise<PublicationRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(publications).where(eq(publications.subdomain, subdomain)).limit(1);
  return row;
}
