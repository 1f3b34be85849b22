import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  collections,
  posts,
  publicationMembers,
  publications,
  subdomains,
  type CollectionRow,
  type NewPublicationRow,
  type PublicationMemberRow,
  type PublicationRole,
  type PublicationRow,
  type UserRow,
} from '@/server/db/schema';
import { newUuid } from '@/server/lib/ids';
import { createUser, uniqueSuffix } from './users';

type Ref = { id: string };

export type CreatePublicationInput = Partial<Omit<NewPublicationRow, 'ownerId'>> & {
  /** Made with createUser when absent. */
  owner?: UserRow;
  /** Name of the one collection made with it. */
  collectionName?: string;
};

/** Inserts a publication, its owner's member row and one collection. */
export async function createPublication(
  db: Db,
  input: CreatePublicationInput = {},
): Promise<PublicationRow & { owner: UserRow; collection: CollectionRow }> {
  const { owner: givenOwner, collectionName = 'General', ...overrides } = input;
  const owner = givenOwner ?? (await createUser(db));
  const suffix = uniqueSuffix();
  const [publication] = await db
    .insert(publications)
    .values({
      id: newUuid(),
      name: `Publication ${suffix.slice(0, 4)}`,
      description: 'Stories of faith, hope and love.',
      subdomain: `pub-${suffix}`,
      hasNewsletters: true,
      newsletterDescription:
        "Sign up to receive inspiration and meditation of God's Word, delivered to your inbox.",
      ...overrides,
      ownerId: owner.id,
    })
    .returning();
  await db.insert(subdomains).values({ subdomain: publication.subdomain, publicationId: publication.id });
  await addPublicationMember(db, { publication, user: owner, role: 'publication_owner' });
  const collection = await createCollection(db, { publication, name: collectionName });
  return { ...publication, owner, collection };
}

export async function createCollection(
  db: Db,
  input: { publication: Ref; name?: string; description?: string; createdAt?: Date },
): Promise<CollectionRow> {
  const [row] = await db
    .insert(collections)
    .values({
      id: newUuid(),
      publicationId: input.publication.id,
      name: input.name ?? `Collection ${uniqueSuffix().slice(0, 4)}`,
      description: input.description ?? '',
      createdAt: input.createdAt,
    })
    .returning();
  return row;
}

export async function addPublicationMember(
  db: Db,
  input: { publication: Ref; user: Ref; role?: PublicationRole },
): Promise<PublicationMemberRow> {
  const [row] = await db
    .insert(publicationMembers)
    .values({
      publicationId: input.publication.id,
      userId: input.user.id,
      role: input.role ?? 'publication_author',
    })
    .returning();
  return row;
}

/**
 * Everything a publication call may change, read straight from the tables: after a refused call the
 * snapshot must be equal to the one taken before (nothing changed). Subdomain claims are those of
 * the publication and of the `subdomains` words given.
 */
export async function publicationSnapshot(db: Db, publicationId: string, subdomainWords: string[] = []) {
  const claimsWhere =
    subdomainWords.length > 0
      ? or(eq(subdomains.publicationId, publicationId), inArray(subdomains.subdomain, subdomainWords))
      : eq(subdomains.publicationId, publicationId);
  return {
    publication: await db.select().from(publications).where(eq(publications.id, publicationId)),
    members: await db
      .select()
      .from(publicationMembers)
      .where(eq(publicationMembers.publicationId, publicationId))
      .orderBy(asc(publicationMembers.userId)),
    collections: await db
      .select()
      .from(collections)
      .where(eq(collections.publicationId, publicationId))
      .orderBy(asc(collections.id)),
    posts: await db
      .select({
        id: posts.id,
        status: posts.status,
        collectionId: posts.collectionId,
        version: posts.version,
      })
      .from(posts)
      .where(eq(posts.publicationId, publicationId))
      .orderBy(asc(posts.id)),
    claims: await db
      .select({
        subdomain: subdomains.subdomain,
        userId: subdomains.userId,
        publicationId: subdomains.publicationId,
      })
      .from(subdomains)
      .where(claimsWhere)
      .orderBy(asc(subdomains.subdomain)),
  };
}
