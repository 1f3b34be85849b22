import { and, eq } from 'drizzle-orm';
import { getDb, type Db } from '../../db';
import { subdomains } from './subdomains.table';

// The shared namespace (DESIGN §2): every claim, by a user or a publication, is one row here.

export async function isSubdomainClaimed(subdomain: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ subdomain: subdomains.subdomain })
    .from(subdomains)
    .where(eq(subdomains.subdomain, subdomain))
    .limit(1);
  return row !== undefined;
}

/** Claims the subdomain for a user on the caller's transaction; false when someone holds it already. */
export async function insertUserClaim(tx: Db, subdomain: string, userId: string): Promise<boolean> {
  const claimed = await tx
    .insert(subdomains)
    .values({ subdomain, userId })
    .onConflictDoNothing()
    .returning({ subdomain: subdomains.subdomain });
  return claimed.length > 0;
}

/** Gives up a user's claim on the caller's transaction (nothing happens if it is not theirs). */
export async function deleteUserClaim(tx: Db, subdomain: string, userId: string): Promise<void> {
  await tx.delete(subdomains).where(and(eq(subdomains.subdomain, subdomain), eq(subdomains.userId, userId)));
}

/** Claims the subdomain for a publication on the caller's transaction; false when someone holds it already. */
export async function insertPublicationClaim(
  tx: Db,
  subdomain: string,
  publicationId: string,
): Promise<boolean> {
  const claimed = await tx
    .insert(subdomains)
    .values({ subdomain, publicationId })
    .onConflictDoNothing()
    .returning({ subdomain: subdomains.subdomain });
  return claimed.length > 0;
}
