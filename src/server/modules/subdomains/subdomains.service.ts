import { isSubdomainClaimed } from '../users/users.repository';
import { RESERVED_SUBDOMAINS } from './reserved-subdomains';

/** DESIGN §2: a reserved word counts as taken, like a subdomain someone holds. */
export async function isSubdomainTaken(subdomain: string): Promise<boolean> {
  const normalised = subdomain.trim().toLowerCase();
  return RESERVED_SUBDOMAINS.has(normalised) || (await isSubdomainClaimed(normalised));
}
