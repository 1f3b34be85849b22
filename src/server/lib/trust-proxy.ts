import { BlockList, isIP } from 'node:net';

// TRUST_PROXY (DESIGN §10): which hops in front of the site may tell us who the client is. Unset
// (or 0) trusts none: the client is the socket's peer and any X-Forwarded-For is ignored. A number
// trusts that many hops counted from the socket; a comma-separated list of addresses and CIDR
// ranges trusts exactly those hops. Parsed once, in env.ts; used by client-address.ts.

export type TrustProxy =
  { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; list: BlockList; text: string };

/** `::ffff:10.0.0.1` → `10.0.0.1`: Node reports IPv4 clients of a dual-stack socket in this form. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped ? mapped[1]! : address).toLowerCase();
}

const family = (address: string) => (isIP(address) === 4 ? 'ipv4' : 'ipv6');

/** The parsed setting, or a sentence saying what is wrong with it (env.ts reports it at start-up). */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return { kind: 'none' };
  if (/^\d+$/.test(text)) return { kind: 'hops', hops: Number(text) };
  const list = new BlockList();
  for (const entry of text.split(',').map((part) => part.trim())) {
    const [rawAddress, prefix, extra] = entry.split('/');
    const address = normalizeAddress(rawAddress ?? '');
    if (extra !== undefined || !isIP(address)) {
      return `"${entry}" is not an address or CIDR range (use a hop count or e.g. 10.0.0.0/8,::1)`;
    }
    if (prefix === undefined) {
      list.addAddress(address, family(address));
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (isIP(address) === 4 ? 32 : 128)) {
      return `"${entry}" has an invalid prefix length`;
    }
    list.addSubnet(address, bits, family(address));
  }
  return { kind: 'list', list, text };
}

/** Whether this hop (a normalized, valid address) is one of the trusted proxies. */
export function isTrustedHop(trust: TrustProxy, address: string, distance: number): boolean {
  if (trust.kind === 'none') return false;
  if (trust.kind === 'hops') return distance < trust.hops;
  return trust.list.check(address, family(address));
}
