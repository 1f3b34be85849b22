import { isIP } from 'node:net';
import { env } from './env';
import { isTrustedHop, normalizeAddress, type TrustProxy } from './trust-proxy';

// Who is calling, for per-client rate limits (DESIGN §9). Neither Next's route handlers nor the
// Hono app can see the socket, so the front server (scripts/server.mjs) writes the socket's remote
// address into this header on every request, after deleting any value a client sent under the
// same name. X-Forwarded-For is believed only hop by hop from the socket inwards, and only as far
// as TRUST_PROXY says (src/server/lib/trust-proxy.ts): the client is the right-most untrusted hop.

export const SOCKET_ADDRESS_HEADER = 'x-lamplight-socket-address';

/**
 * The one bucket of requests that did not come through the front server (`next dev`, in-process
 * tests): their socket is unknown, and a client-sent header must not choose the bucket.
 */
export const UNKNOWN_CLIENT = 'unknown';

/** One hop as proxies write it — "203.0.113.7", "203.0.113.7:51234", "[2001:db8::1]:443" — or null. */
function parseHop(entry: string): string | null {
  let value = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  value = normalizeAddress(value);
  return isIP(value) ? value : null;
}

/** The client's address, or UNKNOWN_CLIENT when the request did not pass the front server. */
export function clientAddress(headers: Headers, trust: TrustProxy = env.TRUST_PROXY): string {
  const peer = parseHop(headers.get(SOCKET_ADDRESS_HEADER) ?? '');
  if (!peer) return UNKNOWN_CLIENT;
  // Each proxy appends the address it was called from: read from the right, nearest hop first.
  const forwarded = (headers.get('x-forwarded-for') ?? '').split(',').reverse();
  let client = peer;
  for (let distance = 0; distance < forwarded.length && isTrustedHop(trust, client, distance); distance++) {
    const next = parseHop(forwarded[distance]!);
    if (!next) break; // a trusted proxy never writes this: keep the nearest hop we could read
    client = next;
  }
  return client;
}

/**
 * The rate-limit bucket of an address: an IPv6 client usually holds a whole /64 and can pick any
 * address in it, so IPv6 addresses count per /64; IPv4 addresses count one by one.
 */
export function clientBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined) {
    const tailGroups = tail ? tail.split(':') : [];
    const dotted = tailGroups.at(-1)?.includes('.') ? 1 : 0; // an IPv4 tail fills two groups
    groups.push(...Array<string>(8 - groups.length - tailGroups.length - dotted).fill('0'), ...tailGroups);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
