import fc from 'fast-check';
import { breakLongWords, SOFT_HYPHEN, WORD_PIECE } from './long-words';
import { withCpuTime } from '@docs/kernel/testing';

const pieces = (text: string) => text.split(/[\s\u200b]+/);

describe('breakLongWords', () => {
  it('leaves words up to WORD_PIECE characters alone', () => {
    const text = `short words and ${'x'.repeat(WORD_PIECE)} one at the bound`;
    expect(breakLongWords(text)).toBe(text);
  });

  it('cuts a longer word into pieces with a zero-width break, losing nothing', () => {
    const word = 'ab'.repeat(5 * WORD_PIECE);
    const broken = breakLongWords(`before ${word} after`);
    expect(broken.replace(/\u200b/g, '')).toBe(`before ${word} after`);
    expect(pieces(broken).map((p) => p.length)).toEqual([6, ...Array(10).fill(WORD_PIECE), 5]);
  });

  it('breaks with the mark given (a soft hyphen for a face without a zero-width space)', () => {
    expect(breakLongWords('y'.repeat(WORD_PIECE + 1), SOFT_HYPHEN)).toBe(`${'y'.repeat(WORD_PIECE)}\u00ady`);
  });

  it('never cuts a surrogate pair or before a combining mark', () => {
    const astral = '😀'.repeat(WORD_PIECE); // two code units each
    for (const piece of pieces(breakLongWords(astral))) expect(piece).toMatch(/^(?:\ud83d\ude00)+$/);
    const accented = 'e\u0301'.repeat(WORD_PIECE);
    for (const piece of pieces(breakLongWords(accented))) expect(piece).toMatch(/^(?:e\u0301)+$/);
  });

  it('answers pieces of at most WORD_PIECE characters (plus marks), in linear time', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 2000 }), fc.integer({ min: 0, max: 3000 }), (text, long) => {
        const input = text + 'y'.repeat(long);
        const broken = breakLongWords(input);
        expect(broken.replace(/\u200b/g, '')).toBe(input);
        for (const piece of pieces(broken)) expect(piece.length).toBeLessThanOrEqual(WORD_PIECE);
      }),
    );
    const { result: broken, cpuMs } = withCpuTime(() => breakLongWords('z'.repeat(8 * 1024 * 1024)));
    expect(broken.length).toBeGreaterThan(8 * 1024 * 1024);
    expect(cpuMs).toBeLessThan(10_000); // about 0.1 s
  });
});
