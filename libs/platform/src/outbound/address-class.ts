import { isIPv4, isIPv6 } from 'node:net';

/**
 * What an IP address is, for the outbound fetch guard: only `public` addresses are fetched (unless
 * OUTBOUND_ALLOW_HOSTS names the host or the address).
 */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'metadata'
  | 'reserved';

/**
 * Cloud metadata endpoints (AWS, GCP, Azure, OpenStack, Oracle: 169.254.169.254; ECS: 169.254.170.2; Alibaba: 100.100.100.200; AWS IPv6:
 * fd00:ec2::254).
 */
export const METADATA_ADDRESSES: readonly string[] = [
  '169.254.169.254',
  '169.254.169.253',
  '169.254.170.2',
  '169.254.170.23',
  '100.100.100.200',
  'fd00:ec2::254',
  'fd00:ec2::23',
];

/** IPv4 ranges, first match wins (so the metadata addresses come before their link-local and CGNAT ranges). */
export const IPV4_RANGES: readonly [cidr: string, kind: Exclude<AddressClass, 'public'>][] = [
  ['169.254.169.254/32', 'metadata'],
  ['169.254.169.253/32', 'metadata'],
  ['169.254.170.2/32', 'metadata'],
  ['169.254.170.23/32', 'metadata'],
  ['100.100.100.200/32', 'metadata'],
  ['0.0.0.0/8', 'unspecified'], // "this network"
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'reserved'], // documentation
  ['192.88.99.0/24', 'reserved'], // 6to4 relay anycast
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['198.51.100.0/24', 'reserved'], // documentation
  ['203.0.113.0/24', 'reserved'], // documentation
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
];

/** IPv6 ranges, first match wins; the ones that embed an IPv4 address are handled before these (see classifyAddress). */
export const IPV6_RANGES: readonly [cidr: string, kind: Exclude<AddressClass, 'public'>][] = [
  ['fd00:ec2::254/128', 'metadata'],
  ['fd00:ec2::23/128', 'metadata'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::/96', 'reserved'], // IPv4-compatible (deprecated)
  ['64:ff9b:1::/48', 'private'], // local-use NAT64
  ['100::/64', 'reserved'], // discard
  ['2001::/32', 'reserved'], // Teredo: the IPv4 server and client inside are obfuscated
  ['2001:db8::/32', 'reserved'], // documentation
  ['3fff::/20', 'reserved'], // documentation
  ['5f00::/16', 'reserved'], // segment routing
  ['fc00::/7', 'private'], // unique local
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private'], // site-local (deprecated)
  ['ff00::/8', 'multicast'],
];

function ipv4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** The 128 bits of an IPv6 address (without its zone), dotted IPv4 tails included. */
function ipv6ToBigInt(address: string): bigint {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4ToInt(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
}

interface Range {
  base: bigint;
  mask: bigint;
  kind: Exclude<AddressClass, 'public'>;
}

function compile(ranges: readonly [string, Exclude<AddressClass, 'public'>][], bits: number, parse: (a: string) => bigint): Range[] {
  const all = (1n << BigInt(bits)) - 1n;
  return ranges.map(([cidr, kind]) => {
    const [address, prefix] = cidr.split('/');
    const mask = (all << BigInt(bits - Number(prefix))) & all;
    return { base: parse(address!) & mask, mask, kind };
  });
}

const V4 = compile(IPV4_RANGES, 32, (a) => BigInt(ipv4ToInt(a)));
const V6 = compile(IPV6_RANGES, 128, ipv6ToBigInt);

const match = (ranges: readonly Range[], value: bigint): AddressClass => ranges.find((r) => (value & r.mask) === r.base)?.kind ?? 'public';

const classifyV4 = (value: number): AddressClass => match(V4, BigInt(value >>> 0));

/**
 * The class of an IP address (v4 or v6). IPv6 forms that carry an IPv4 address (IPv4-mapped
 * `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`)
 * take the class of the IPv4 address they carry, so `::ffff:127.0.0.1` is loopback. Anything
 * that is not an IP address throws.
 */
export function classifyAddress(address: string): AddressClass {
  if (isIPv4(address)) return classifyV4(ipv4ToInt(address));
  if (!isIPv6(address)) throw new Error(`not an IP address: ${address}`);
  const value = ipv6ToBigInt(address);
  const low32 = Number(value & 0xffffffffn);
  const top96 = value >> 32n;
  if (top96 === 0xffffn || top96 === 0xffff0000n) return classifyV4(low32); // ::ffff:0:0/96, ::ffff:0:0:0/96
  if (top96 === 0x64ff9b0000000000000000n) return classifyV4(low32); // 64:ff9b::/96
  if (value >> 112n === 0x2002n) return classifyV4(Number((value >> 80n) & 0xffffffffn)); // 2002:a.b.c.d::/48
  return match(V6, value);
}

/** The canonical text of an IP address, for comparing with OUTBOUND_ALLOW_HOSTS (IPv6 lower-cased and fully expanded). */
export function canonicalAddress(address: string): string {
  if (isIPv4(address)) return address.split('.').map(Number).join('.');
  if (!isIPv6(address)) return address.toLowerCase();
  const value = ipv6ToBigInt(address);
  return Array.from({ length: 8 }, (_, i) => ((value >> BigInt((7 - i) * 16)) & 0xffffn).toString(16)).join(':');
}

/** The words an error message uses for a class. */
export const CLASS_WORDS: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  'link-local': 'a link-local address',
  cgnat: 'a carrier-grade NAT address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  metadata: 'a cloud metadata address',
  reserved: 'a reserved address',
};
