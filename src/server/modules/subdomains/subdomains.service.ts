import type { Db } from '../../db';
import { RESERVED_SUBDOMAINS } from './reserved-subdomains';
import {
  deleteUserClaim,
  insertPublicationClaim,
  insertUserClaim,
  isSubdomainClaimed,
} from './subdomains.repository';

/** DESIGN §2: a reserved word counts as taken, like a subdomain someone holds. */
export async function isSubdomainTaken(subdomain: string): Promise<boolean> {
  const normalised = subdomain.trim().toLowerCase();
  return RESERVED_SUBDOMAINS.has(normalised) || (await isSubdomainClaimed(normalised));
}

/**
 * Moves a user's claim in the shared namespace from `from` to `to` (either may be null: no claim),
 * on the transaction that changes their profile, so the two stay in step. false when `to` is held
 * by someone else; nothing is changed then.
 */
export async function moveUserSubdomain(
  tx: Db,
  userId: string,
  from: string | null,
  to: string | null,
): Promise<boolean> {
  if (to !== null && !(await insertUserClaim(tx, to, userId))) return false;
  if (from !== null) await deleteUserClaim(tx, from, userId);
  return true;
}

/**
 * Claims `subdomain` (lower-case) for a new publication on the transaction that creates it (the
 * publication row must already be written on it). false when a user or another publication holds
 * it, or it is a reserved word: the caller then rolls the whole creation back.
 */
export async function claimPublicationSubdomain(
  tx: Db,
  subdomain: string,
  publicationId: string,
): Promise<boolean> {
  if (RESERVED_SUBDOMAINS.has(subdomain)) return false;
  return insertPublicationClaim(tx, subdomain, publicationId);
}
