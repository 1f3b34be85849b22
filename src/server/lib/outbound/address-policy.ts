import ipaddr from 'ipaddr.js';

// Which addresses the site's outbound requests (webhooks, imported images) may reach: public unicast
// only. ipaddr.js names the special ranges (loopback, private, linkLocal, carrierGradeNat, multicast,
// unspecified, broadcast, uniqueLocal, reserved, …); everything it does not name is 'unicast'.
// Addresses that carry an IPv4 address inside an IPv6 one (::ffff:a.b.c.d, NAT64 64:ff9b::/96,
// 6to4 2002::/16) are judged by the IPv4 address they lead to. Decision 040.

/** IPv6 ranges whose last or embedded 32 bits are an IPv4 address the packet ends up at. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  if (range === 'ipv4Mapped') return address.toIPv4Address();
  const bytes = address.toByteArray();
  if (range === 'rfc6052' || range === 'rfc6145') return new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/**
 * The special range an address is in ('loopback', 'private', …), or null when it is a public unicast
 * address the site may connect to. A string that is no IP address counts as 'invalid'.
 */
export function forbiddenRange(address: string): string | null {
  const text = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text)) return 'invalid';
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // A zone index (fe80::1%eth0) only ever names a link-local address.
    if (v6.zoneId) return 'linkLocal';
    const inner = embeddedIpv4(v6);
    if (inner) {
      const innerRange = inner.range();
      return innerRange === 'unicast' ? null : innerRange;
    }
  }
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** `[::1]` → `::1`; any other host as it is. */
export function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '');
}

/** Whether a URL's host is an IP address written out (no DNS lookup happens for it). */
export function isIpLiteral(hostname: string): boolean {
  return ipaddr.isValid(bareHost(hostname));
}
