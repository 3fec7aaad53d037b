import fc from 'fast-check';
import { extractLinks } from './links.domain';

// The bounds tier (npm run test:bounds): hostile input costs bounded work. npm test runs it; test:unit does not.
describe('extractLinks on hostile bodies', () => {
  /**
   * Bodies made of hostile units repeated: markdown-it is linear on them, if slow on some (`![` runs).
   * Not on all: reference definitions in a quote followed by lazy lines (`> [a]: x\nx\n`, repeated)
   * take quadratic time (64 KiB: 6 s), which is why large bodies are read in work threads with a
   * budget (revision-links.spec.ts); here definitions are followed by a blank line.
   */
  const HOSTILE = [
    '[l](/pages/p) ',
    '[',
    '](',
    '![',
    '*a ',
    '`a ',
    '<',
    '<http://a',
    '# h\n',
    '- [x](y)\n',
    '> ',
    '|[a](b)|\n',
    'http://a.b ',
    '[a]: /b\n\n[a]\n',
    '\\[',
  ];

  it('reads hostile bodies in linear time', () => {
    const cpuMs = (markdown: string) => {
      const cpu = process.cpuUsage();
      extractLinks(markdown);
      const { user, system } = process.cpuUsage(cpu);
      return (user + system) / 1000;
    };
    fc.assert(
      fc.property(fc.constantFrom(...HOSTILE), fc.constantFrom(...HOSTILE), (unit, other) => {
        const body = (unit.repeat(7) + other).repeat(Math.ceil((64 * 1024) / (unit.length * 7 + other.length)));
        // 64 KiB: at most some 5 µs a character (0.3 s) on a quiet machine; quadratic work would take minutes.
        expect(cpuMs(body)).toBeLessThan(5_000);
      }),
      { numRuns: 15 },
    );
  });
});
