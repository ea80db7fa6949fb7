// The person-picture fetcher's address classifier over a table of spellings: every way of writing
// loopback, private, shared, link-local, unique-local, unspecified, multicast, reserved and metadata
// addresses is refused, in IPv4 shorthand, hex, decimal and octal, as IPv4-mapped (and NAT64, 6to4)
// IPv6, with brackets or a zone; public addresses of both families pass. `classifyHost` takes what a
// URL holds (through the URL parser, as the fetcher's requests do), `classifyAddress` what a
// resolver or a socket gives.
import { describe, expect, it } from 'vitest';
import { type AddressKind, classifyAddress, classifyHost, isMetadataName } from '../../../src/main/core/app/addressPolicy.ts';

// [a URL's host, its kind]
const HOSTS: [string, AddressKind][] = [
  ['127.0.0.1', 'loopback'],
  ['127.0.0.2', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['127.1', 'loopback'],
  ['127.0.1', 'loopback'],
  ['0x7f.1', 'loopback'],
  ['0x7f000001', 'loopback'],
  ['2130706433', 'loopback'],
  ['0177.0.0.1', 'loopback'],
  ['017700000001', 'loopback'],
  ['[::1]', 'loopback'],
  ['[0:0:0:0:0:0:0:1]', 'loopback'],
  ['[::ffff:127.0.0.1]', 'loopback'],
  ['[::ffff:7f00:1]', 'loopback'],
  ['[0:0:0:0:0:ffff:7f00:0001]', 'loopback'],
  ['[64:ff9b::127.0.0.1]', 'loopback'],
  ['[2002:7f00:1::]', 'loopback'],
  ['10.0.0.5', 'private'],
  ['10.255.255.255', 'private'],
  ['012.0.0.1', 'private'],
  ['167772161', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['192.168.1.1', 'private'],
  ['0xc0.0xa8.1.1', 'private'],
  ['[::ffff:10.0.0.1]', 'private'],
  ['[::ffff:c0a8:101]', 'private'],
  ['[fec0::1]', 'private'],
  ['100.64.0.1', 'shared'],
  ['100.127.255.254', 'shared'],
  ['100.100.100.200', 'shared'],
  ['169.254.1.1', 'link-local'],
  ['[fe80::1]', 'link-local'],
  ['[febf::1]', 'link-local'],
  ['[::ffff:169.254.1.1]', 'link-local'],
  ['[fc00::1]', 'unique-local'],
  ['[fd12:3456::1]', 'unique-local'],
  ['0.0.0.0', 'unspecified'],
  ['0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['[::]', 'unspecified'],
  ['[::ffff:0.0.0.0]', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['[ff02::1]', 'multicast'],
  ['[::ffff:224.0.0.1]', 'multicast'],
  ['255.255.255.255', 'reserved'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['[2001:db8::1]', 'reserved'],
  ['[::127.0.0.1]', 'reserved'],
  ['[100::1]', 'reserved'],
  ['169.254.169.254', 'metadata'],
  ['0xa9fea9fe', 'metadata'],
  ['2852039166', 'metadata'],
  ['[::ffff:169.254.169.254]', 'metadata'],
  ['[fd00:ec2::254]', 'metadata'],
  ['metadata.google.internal', 'metadata'],
  ['METADATA.GOOGLE.INTERNAL.', 'metadata'],
  ['metadata', 'metadata'],
  ['93.184.215.14', 'public'],
  ['8.8.8.8', 'public'],
  ['100.63.255.255', 'public'],
  ['100.128.0.0', 'public'],
  ['172.15.255.255', 'public'],
  ['172.32.0.1', 'public'],
  ['[2606:4700::6810:85e5]', 'public'],
  ['[::ffff:93.184.215.14]', 'public'],
  ['[64:ff9b::8.8.8.8]', 'public'],
];

describe('the picture fetcher’s address classifier', () => {
  it.each(HOSTS)('a URL host %s is %s', (host, kind) => {
    expect(classifyHost(host)).toBe(kind);
  });

  it('a name is left to its resolution', () => {
    expect(classifyHost('localhost')).toBeNull();
    expect(classifyHost('cdn.example.com')).toBeNull();
    expect(isMetadataName('cdn.example.com')).toBe(false);
  });

  it('classifies what a resolver or a socket gives: plain, bracketed, with a zone, IPv4-mapped', () => {
    expect(classifyAddress('127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::1')).toBe('loopback');
    expect(classifyAddress('[::1]')).toBe('loopback');
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::FFFF:7F00:1')).toBe('loopback');
    expect(classifyAddress('fe80::1%eth0')).toBe('link-local');
    expect(classifyAddress('::ffff:192.168.0.10')).toBe('private');
    expect(classifyAddress('203.0.114.9')).toBe('public');
    // Only canonical addresses here: the shorthand spellings are the URL parser's business.
    expect(classifyAddress('127.1')).toBe('not-an-address');
    expect(classifyAddress('localhost')).toBe('not-an-address');
    expect(classifyAddress('')).toBe('not-an-address');
  });
});
