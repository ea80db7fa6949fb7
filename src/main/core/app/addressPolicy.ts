// Where the person-picture fetcher may connect: servers on the internet only. A picture's address
// comes from a network's API (so from whoever wrote the profile), and a fetch from main runs on the
// freelancer's machine, inside their network: an address pointing at this computer (127.0.0.1, an
// admin page with a token in its query), the office's private network, the router, or a cloud
// server's metadata service must never be reached from here. Browsers' private-network rules refuse
// the same targets.
//
// The check is made on the address actually connected to (after name resolution, on every hop; see
// guardedDispatcher.ts), not on the name: a name can resolve to anything, and the same address has
// many spellings (127.1, 0x7f000001, 2130706433, ::ffff:127.0.0.1), which the URL parser and the
// resolver turn into the canonical forms classified here.
import { isIPv4, isIPv6 } from 'node:net';

/** What an address is, as far as the fetcher is concerned. Everything but `public` is refused. */
export type AddressKind =
  'public' | 'loopback' | 'private' | 'shared' | 'link-local' | 'unique-local' | 'unspecified' | 'multicast' | 'reserved' | 'metadata' | 'not-an-address';

export type RefusedKind = Exclude<AddressKind, 'public'>;

/**
 * Decides what an address (IPv4 or IPv6, as a resolver or a socket gives it) counts as. The default
 * is `classifyAddress`; a test gives another (a loopback server standing in for the internet).
 */
export type AddressPolicy = (address: string) => AddressKind;

/** Names of cloud metadata services, refused before any lookup (their addresses are refused too). */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** Metadata services' fixed addresses (AWS, GCP, Azure, Oracle …; AWS's IPv6 one). */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '169.254.169.253', 'fd00:ec2::254']);

/** Why a kind of address is refused, in the person's words (the picture simply does not show). */
export const REFUSED_WORDS: Record<RefusedKind, string> = {
  loopback: 'The picture’s address leads to this computer, not to the internet',
  private: 'The picture’s address is on a private network, not on the internet',
  shared: 'The picture’s address is inside an internet provider’s own network, not on the internet',
  'link-local': 'The picture’s address is on the local network link, not on the internet',
  'unique-local': 'The picture’s address is on a private network, not on the internet',
  unspecified: 'The picture’s address is not a server’s address',
  multicast: 'The picture’s address is a group address, not a server’s',
  reserved: 'The picture’s address is in a reserved range, not on the internet',
  metadata: 'The picture’s address is a cloud server’s internal settings service',
  'not-an-address': 'The picture’s address could not be read as a server’s address',
};

/** A host name of a cloud metadata service (case and a final dot ignored), refused before it is looked up. */
export function isMetadataName(hostname: string): boolean {
  return METADATA_NAMES.has(hostname.toLowerCase().replace(/\.$/, ''));
}

/** The address without IPv6 brackets or a zone ("fe80::1%eth0"). */
function bare(address: string): string {
  const unbracketed = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const zone = unbracketed.indexOf('%');
  return zone >= 0 ? unbracketed.slice(0, zone) : unbracketed;
}

/** The default policy: what this IPv4 or IPv6 address is. A name or anything else is `not-an-address`. */
export function classifyAddress(address: string): AddressKind {
  const plain = bare(address).toLowerCase();
  if (isIPv4(plain)) return classifyIPv4(ipv4Number(plain));
  if (isIPv6(plain)) return classifyIPv6(plain);
  return 'not-an-address';
}

/**
 * What a URL's host is: its address kind for an IP literal in any spelling the URL parser accepts
 * (127.1, 0x7f.1, 2130706433, 0177.0.0.1, [::ffff:7f00:1]), `metadata` for a metadata service's
 * name, or null for a name (decided after resolution).
 */
export function classifyHost(host: string): AddressKind | null {
  if (isMetadataName(host)) return 'metadata';
  let hostname: string;
  try {
    hostname = new URL(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/`).hostname;
  } catch {
    return 'not-an-address';
  }
  const kind = classifyAddress(hostname);
  return kind === 'not-an-address' ? null : kind;
}

function ipv4Number(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

/** Whether `value` (a 32-bit address) is in `prefix`/`bits`. */
function inV4(value: number, prefix: string, bits: number): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(value / size) === Math.floor(ipv4Number(prefix) / size);
}

function classifyIPv4(value: number): AddressKind {
  const dotted = [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
  if (METADATA_ADDRESSES.has(dotted)) return 'metadata';
  if (inV4(value, '0.0.0.0', 8)) return 'unspecified';
  if (inV4(value, '127.0.0.0', 8)) return 'loopback';
  if (inV4(value, '10.0.0.0', 8) || inV4(value, '172.16.0.0', 12) || inV4(value, '192.168.0.0', 16)) return 'private';
  if (inV4(value, '100.64.0.0', 10)) return 'shared';
  if (inV4(value, '169.254.0.0', 16)) return 'link-local';
  if (inV4(value, '224.0.0.0', 4)) return 'multicast';
  const reserved: [string, number][] = [
    ['192.0.0.0', 24], // IETF protocol assignments
    ['192.0.2.0', 24], // documentation
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['192.88.99.0', 24], // 6to4 relays
    ['198.18.0.0', 15], // benchmarking
    ['240.0.0.0', 4], // reserved, and the broadcast address
  ];
  if (reserved.some(([prefix, bits]) => inV4(value, prefix, bits))) return 'reserved';
  return 'public';
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = ipv4Number(dotted[1] ?? '');
    text = `${text.slice(0, dotted.index)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function classifyIPv6(address: string): AddressKind {
  if (METADATA_ADDRESSES.has(address)) return 'metadata';
  const g = ipv6Groups(address);
  const [g0 = 0, g1 = 0, g2 = 0, , , g5 = 0, g6 = 0, g7 = 0] = g;
  const embeddedV4 = (high: number, low: number) => classifyIPv4(high * 65536 + low);
  const zeroUpTo = (n: number) => g.slice(0, n).every((group) => group === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g7 === 1) return 'loopback';
  if (zeroUpTo(5) && g5 === 0xffff) return embeddedV4(g6, g7); // IPv4-mapped ::ffff:a.b.c.d
  if (zeroUpTo(6)) return 'reserved'; // IPv4-compatible ::a.b.c.d (deprecated)
  if (g0 === 0x64 && g1 === 0xff9b && g.slice(2, 6).every((group) => group === 0)) return embeddedV4(g6, g7); // NAT64
  if (g0 === 0x2002) return embeddedV4(g1, g2); // 6to4 carries an IPv4 address
  if (g0 >= 0xff00) return 'multicast';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated)
  if (g0 === 0x2001 && (g1 === 0x0db8 || g1 === 0)) return 'reserved'; // documentation; Teredo
  if ((g0 & 0xe000) !== 0x2000) return 'reserved'; // outside global unicast 2000::/3 (NAT64 local use, discard …)
  return 'public';
}
