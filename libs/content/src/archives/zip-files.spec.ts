import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { ARCHIVE_LIMITS } from './archive-limits';
import { readZip, writeZip } from './zip-files';
import { withCpuTime } from '@docs/kernel/testing';

const files = new Map([
  ['README.md', strToU8('# Hello\n')],
  ['.gitbook/assets/a (1).png', new Uint8Array(50_000).fill(7)],
]);
const limits = { ...ARCHIVE_LIMITS, entries: 5, entryBytes: 1024 * 1024, totalBytes: 2 * 1024 * 1024 };

describe('writeZip / readZip', () => {
  it('write the same archive for the same files, and read them back', () => {
    const zip = writeZip(files);
    expect(Buffer.from(writeZip(files)).equals(Buffer.from(zip))).toBe(true);
    expect(readZip(zip)).toEqual(files);
  });

  it('read archives other tools write (stored and deflated entries, folders left out)', () => {
    const zip = zipSync({ 'docs/': new Uint8Array(0), 'docs/a.md': [strToU8('a'), { level: 0 }], 'docs/b.md': strToU8('b'.repeat(1000)) });
    expect([...readZip(zip).keys()]).toEqual(['docs/a.md', 'docs/b.md']);
  });

  it('stop a zip bomb at the cap, by the bytes it inflates, quickly', () => {
    const bomb = zipSync({ x: new Uint8Array(8 * 1024 * 1024) });
    const { cpuMs } = withCpuTime(() => expect(() => readZip(bomb, limits)).toThrow('archive: entry "x" inflates past 1 MiB'));
    expect(cpuMs).toBeLessThan(5_000);
    const many = zipSync(Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`f${i}`, new Uint8Array(900 * 1024)])));
    expect(() => readZip(many, limits)).toThrow('archive: its entries inflate past 2 MiB together');
    const crowded = zipSync(Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}`, new Uint8Array(1)])));
    expect(() => readZip(crowded, limits)).toThrow('archive: more than 5 entries');
  });

  it('refuse paths that climb out, and what is not a zip archive', () => {
    expect(() => readZip(zipSync({ '../evil.md': strToU8('x') }))).toThrow('climbs out of the archive');
    expect(() => readZip(zipSync({ 'a/../../evil.md': strToU8('x') }))).toThrow('climbs out of the archive');
    expect(() => readZip(zipSync({ '/etc/passwd': strToU8('x') }))).toThrow('absolute or unsafe path');
    expect(() => readZip(strToU8('hello'))).toThrow('archive: not a zip archive');
    const whole = zipSync({ 'a.md': strToU8('a'), 'b.md': strToU8('b') });
    expect(() => readZip(whole.slice(0, 40))).toThrow('archive: not a readable zip archive (it is cut short');
    expect(() => readZip(whole.slice(0, whole.length - 1))).toThrow('it is cut short');
    expect(() => readZip(new Uint8Array(ARCHIVE_LIMITS.archiveBytes + 1).fill(0x50))).toThrow('an archive holds at most 50 MiB');
  });

  it('never fail other than with a 400 on any bytes (truncated and corrupted archives)', () => {
    const zip = writeZip(files);
    fc.assert(
      fc.property(fc.nat(zip.length - 1), fc.nat(255), fc.boolean(), (at, byte, truncate) => {
        const broken = truncate ? zip.slice(0, at) : Uint8Array.from(zip, (b, i) => (i === at ? byte : b));
        try {
          readZip(broken, limits);
        } catch (error) {
          expect((error as { kind?: string }).kind).toBe('invalid');
        }
      }),
      { numRuns: 200 },
    );
  });
});
