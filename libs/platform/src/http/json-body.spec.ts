import fc from 'fast-check';
import { nestingDepth } from './json-body';

/** The scan as it was written first, a character at a time: the reference the fast one must agree with. */
function referenceDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

describe('nestingDepth', () => {
  it('counts brackets outside strings only', () => {
    expect(nestingDepth('{"a":[1,{"b":"[[[{{{"}]}')).toBe(3);
    expect(nestingDepth('{"a\\"[[":"\\\\"}')).toBe(1);
    expect(nestingDepth('"unclosed [[[')).toBe(0);
    expect(nestingDepth('')).toBe(0);
  });

  it('agrees with a scan a character at a time, on any text of JSON-ish characters', () => {
    const jsonish = fc.string({ unit: fc.constantFrom('"', '\\', '[', ']', '{', '}', 'a', ',', ':', ' ') });
    fc.assert(
      fc.property(jsonish, (text) => nestingDepth(text) === referenceDepth(text)),
      { numRuns: 2000 },
    );
  });

  it('agrees with it on real JSON, strings and escapes included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        return nestingDepth(text) === referenceDepth(text);
      }),
    );
  });

  it('skips a 24 MiB string in linear time, and long runs of backslashes too', () => {
    const cpu = process.cpuUsage();
    expect(nestingDepth(JSON.stringify({ markdown: 'lorem [ipsum] {dolor}\n'.repeat(1_100_000) }))).toBe(1);
    expect(nestingDepth(`["${'\\\\'.repeat(1_000_000)}\\"${'\\\\'.repeat(1_000_000)}"]`)).toBe(1);
    const { user, system } = process.cpuUsage(cpu);
    // Linear: some 10 ms on a quiet machine; quadratic work would take minutes.
    expect((user + system) / 1000).toBeLessThan(2_000);
  });
});
