import fc from 'fast-check';
import { BlockList } from 'node:net';
import { canonicalAddress, classifyAddress, IPV4_RANGES, IPV6_RANGES } from './address-class';

const v4 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
const v4Int = (a: string) => a.split('.').reduce((n, p) => n * 256 + Number(p), 0);
const hex = (n: number) => n.toString(16);
/** ::ffff:a.b.c.d written in hex groups. */
const mappedHex = (n: number) => `::ffff:${hex(n >>> 16)}:${hex(n & 0xffff)}`;

/** An independent oracle: node's BlockList over the same ranges (refused = in some range). */
function blockList(): BlockList {
  const list = new BlockList();
  for (const [cidr] of IPV4_RANGES) {
    const [address, prefix] = cidr.split('/');
    list.addSubnet(address!, Number(prefix), 'ipv4');
  }
  for (const [cidr] of IPV6_RANGES) {
    const [address, prefix] = cidr.split('/');
    list.addSubnet(address!, Number(prefix), 'ipv6');
  }
  return list;
}

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['93.184.216.34', 'public'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['fd00:ec2::254', 'metadata'],
    ['2001:db8::1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    // IPv6 forms that carry an IPv4 address take its class.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a00:1::1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['2001::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('throws on what is not an IP address', () => {
    expect(() => classifyAddress('example.com')).toThrow(/not an IP address/);
  });

  it('property: a random IPv4 address is refused exactly when a range of the list holds it (node BlockList as oracle)', () => {
    const oracle = blockList();
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(classifyAddress(address) !== 'public').toBe(oracle.check(address, 'ipv4'));
      }),
      { numRuns: 5000 },
    );
  });

  it('property: a random IPv6 address outside the IPv4-carrying prefixes is refused exactly when a range holds it', () => {
    const oracle = blockList();
    const carriesV4 = (a: string) =>
      /^(::ffff:|64:ff9b::|2002:)/i.test(
        canonicalAddress(a)
          .replace(/^0:0:0:0:0:ffff:/, '::ffff:')
          .replace(/^64:ff9b:0:0:0:0:/, '64:ff9b::'),
      );
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        fc.pre(!carriesV4(address));
        expect(classifyAddress(address) !== 'public').toBe(oracle.check(address, 'ipv6'));
      }),
      { numRuns: 5000 },
    );
  });

  it('property: every IPv4 address classifies the same in its IPv4-mapped, NAT64 and 6to4 forms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (n) => {
        const kind = classifyAddress(v4(n));
        expect(classifyAddress(`::ffff:${v4(n)}`)).toBe(kind);
        expect(classifyAddress(mappedHex(n))).toBe(kind);
        expect(classifyAddress(`64:ff9b::${v4(n)}`)).toBe(kind);
        expect(classifyAddress(`2002:${hex(n >>> 16)}:${hex(n & 0xffff)}::1`)).toBe(kind);
      }),
      { numRuns: 3000 },
    );
  });

  it("property: any address inside a listed range gets that range's class (first match)", () => {
    const ranges = IPV4_RANGES.map(([cidr, kind]) => {
      const [base, prefix] = cidr.split('/');
      return { base: v4Int(base!), prefix: Number(prefix), kind };
    });
    fc.assert(
      fc.property(fc.constantFrom(...ranges), fc.integer({ min: 0, max: 0xffffffff }), ({ base, prefix }, noise) => {
        const hostBits = 32 - prefix;
        const inside =
          hostBits === 32
            ? noise
            : ((base & (prefix === 0 ? 0 : (0xffffffff << hostBits) >>> 0)) | (hostBits === 0 ? 0 : noise & (2 ** hostBits - 1))) >>> 0;
        const first = ranges.find((r) => {
          const mask = r.prefix === 0 ? 0 : (0xffffffff << (32 - r.prefix)) >>> 0;
          return (inside & mask) >>> 0 === (r.base & mask) >>> 0;
        });
        expect(classifyAddress(v4(inside))).toBe(first!.kind);
        expect(first!.kind).not.toBe('public');
      }),
      { numRuns: 3000 },
    );
  });
});

describe('canonicalAddress', () => {
  it('expands IPv6 and keeps IPv4', () => {
    expect(canonicalAddress('::1')).toBe('0:0:0:0:0:0:0:1');
    expect(canonicalAddress('FE80::A')).toBe('fe80:0:0:0:0:0:0:a');
    expect(canonicalAddress('::ffff:127.0.0.1')).toBe('0:0:0:0:0:ffff:7f00:1');
    expect(canonicalAddress('127.0.0.1')).toBe('127.0.0.1');
  });
});
