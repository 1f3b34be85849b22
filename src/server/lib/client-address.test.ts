import { describe, expect, it } from 'vitest';
import { clientAddress, clientBucket, SOCKET_ADDRESS_HEADER, UNKNOWN_CLIENT } from './client-address';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

const trust = (value: string | undefined) => parseTrustProxy(value) as TrustProxy;
const headers = (socket: string | undefined, forwardedFor?: string) =>
  new Headers({
    ...(socket !== undefined && { [SOCKET_ADDRESS_HEADER]: socket }),
    ...(forwardedFor !== undefined && { 'x-forwarded-for': forwardedFor }),
  });

describe('clientAddress', () => {
  it('is the socket address without TRUST_PROXY, whatever the client forwards', () => {
    expect(clientAddress(headers('203.0.113.7', '192.0.2.1'), trust(undefined))).toBe('203.0.113.7');
    expect(clientAddress(headers('::ffff:203.0.113.7'), trust('0'))).toBe('203.0.113.7');
  });

  it('is one shared unknown bucket when no front server reported the socket', () => {
    expect(clientAddress(headers(undefined, '192.0.2.1'), trust('1'))).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(headers('not-an-address'), trust(undefined))).toBe(UNKNOWN_CLIENT);
  });

  it('with a hop count, takes the hop that many steps in from the socket', () => {
    const request = headers('10.0.0.2', 'spoofed, 192.0.2.1, 10.0.0.1');
    expect(clientAddress(request, trust('1'))).toBe('10.0.0.1');
    expect(clientAddress(request, trust('2'))).toBe('192.0.2.1');
    // More hops trusted than there are: the left-most readable one, never a made-up value.
    expect(clientAddress(headers('10.0.0.2', '192.0.2.1'), trust('5'))).toBe('192.0.2.1');
    expect(clientAddress(request, trust('9'))).toBe('192.0.2.1');
  });

  it('with an address list, takes the right-most hop that is not a trusted proxy', () => {
    const proxies = trust('10.0.0.0/8, 2001:db8::1');
    expect(clientAddress(headers('10.1.2.3', '198.51.100.9, 192.0.2.1, 10.0.0.1'), proxies)).toBe(
      '192.0.2.1',
    );
    expect(clientAddress(headers('2001:db8::1', '[2001:db8:5::7]:443'), proxies)).toBe('2001:db8:5::7');
    expect(clientAddress(headers('192.0.2.1', '10.0.0.1'), proxies)).toBe('192.0.2.1'); // not a proxy
    expect(clientAddress(headers('10.1.2.3', '192.0.2.4:51234'), proxies)).toBe('192.0.2.4');
  });
});

describe('TRUST_PROXY', () => {
  it('refuses what is neither a hop count nor addresses and ranges', () => {
    expect(parseTrustProxy('true')).toMatch(/not an address/);
    expect(parseTrustProxy('10.0.0.0/33')).toMatch(/prefix/);
    expect(parseTrustProxy('10.0.0.0/8,')).toMatch(/not an address/);
  });
});

describe('clientBucket', () => {
  it('counts IPv4 addresses one by one and IPv6 addresses per /64', () => {
    expect(clientBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientBucket('::1')).toBe('0:0:0:0::/64');
    expect(clientBucket(UNKNOWN_CLIENT)).toBe(UNKNOWN_CLIENT);
  });
});
