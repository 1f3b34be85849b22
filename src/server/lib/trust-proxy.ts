import { isIP } from 'node:net';
import { parseAddressList, type AddressList } from './address-list';

// TRUST_PROXY (DESIGN §10): which hops in front of the site may tell us who the client is. Unset
// (or 0) trusts none: the client is the socket's peer and any X-Forwarded-For is ignored. A number
// trusts that many hops counted from the socket; a comma-separated list of addresses and CIDR
// ranges trusts exactly those hops. Parsed once, in env.ts; used by client-address.ts.

export { normalizeAddress } from './address-list';

export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | ({ kind: 'list' } & AddressList);

const family = (address: string) => (isIP(address) === 4 ? 'ipv4' : 'ipv6');

/** The parsed setting, or a sentence saying what is wrong with it (env.ts reports it at start-up). */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return { kind: 'none' };
  if (/^\d+$/.test(text)) return { kind: 'hops', hops: Number(text) };
  const parsed = parseAddressList(text, 'use a hop count or e.g. 10.0.0.0/8,::1');
  return typeof parsed === 'string' ? parsed : { kind: 'list', ...parsed };
}

/** Whether this hop (a normalized, valid address) is one of the trusted proxies. */
export function isTrustedHop(trust: TrustProxy, address: string, distance: number): boolean {
  if (trust.kind === 'none') return false;
  if (trust.kind === 'hops') return distance < trust.hops;
  return trust.list.check(address, family(address));
}
