import { BlockList, isIP } from 'node:net';

// A comma-separated list of addresses and CIDR ranges from the configuration (TRUST_PROXY's
// proxies, METRICS_ALLOW's scrapers), parsed once in env.ts and asked with a socket's address.

export type AddressList = { list: BlockList; text: string };

/** `::ffff:10.0.0.1` → `10.0.0.1`: Node reports IPv4 clients of a dual-stack socket in this form. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped ? mapped[1]! : address).toLowerCase();
}

const family = (address: string) => (isIP(address) === 4 ? 'ipv4' : 'ipv6');

/**
 * The list (empty for an empty text), or a sentence saying what is wrong with it; `example` ends
 * the sentence about an entry that is no address (env.ts reports it at start-up).
 */
export function parseAddressList(value: string, example = 'e.g. 10.0.0.0/8,::1'): AddressList | string {
  const text = value.trim();
  const list = new BlockList();
  if (text === '') return { list, text };
  for (const entry of text.split(',').map((part) => part.trim())) {
    const [rawAddress, prefix, extra] = entry.split('/');
    const address = normalizeAddress(rawAddress ?? '');
    if (extra !== undefined || !isIP(address)) {
      return `"${entry}" is not an address or CIDR range (${example})`;
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
  return { list, text };
}

/** Whether a socket's address (as Node reports it) is on the list. */
export function listHasAddress(list: AddressList, address: string | undefined): boolean {
  const normalized = normalizeAddress(address ?? '');
  return isIP(normalized) !== 0 && list.list.check(normalized, family(normalized));
}
