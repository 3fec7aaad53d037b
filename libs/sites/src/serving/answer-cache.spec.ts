import fc from 'fast-check';
import { AnswerCache, KeptAnswer } from './answer-cache';

const answer = (bytes: number, fill = 'x'): KeptAnswer => ({
  type: 'text/html; charset=utf-8',
  body: Buffer.from(fill.repeat(bytes)),
  headers: { 'cache-control': 'public, max-age=0, must-revalidate' },
});

describe('served answers kept by ETag', () => {
  it('answers what was kept under the same ETag, and nothing under another', () => {
    const cache = new AnswerCache(1024 * 1024);
    const page = answer(100, 'a');
    cache.set('"one"', page);
    expect(cache.get('"one"')).toBe(page);
    expect(cache.get('"two"')).toBeUndefined();
    cache.set('"one"', answer(50, 'b'));
    expect(cache.get('"one"')?.body.toString()).toBe('b'.repeat(50));
    expect(cache.size).toBe(1);
  });

  it('stays within its bytes, dropping the least recently used answer first', () => {
    // Room for nine answers of 1,000 bytes (each counted with its key, type, headers and some 256 bytes more).
    const cache = new AnswerCache(12 * 1024);
    for (let i = 0; i < 9; i++) cache.set(`"${i}"`, answer(1000));
    expect(cache.size).toBe(9);
    cache.get('"0"');
    cache.set('"9"', answer(1000));
    expect(cache.size).toBe(9);
    expect(cache.get('"1"')).toBeUndefined();
    for (const kept of [0, 2, 3, 4, 5, 6, 7, 8, 9]) expect(cache.get(`"${kept}"`)).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(12 * 1024);
  });

  it('keeps no answer larger than an eighth of its bytes', () => {
    const cache = new AnswerCache(8 * 1024);
    cache.set('"big"', answer(2 * 1024));
    expect(cache.get('"big"')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('never counts more bytes than its budget, and counts exactly what it keeps (property)', () => {
    const op = fc.oneof(
      fc.record({ set: fc.integer({ min: 0, max: 9 }), bytes: fc.integer({ min: 0, max: 1500 }) }),
      fc.record({ drop: fc.integer({ min: 0, max: 9 }) }),
      fc.record({ get: fc.integer({ min: 0, max: 9 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const budget = 8 * 1024;
        const cache = new AnswerCache(budget);
        const kept = new Map<string, number>();
        for (const o of ops) {
          if ('set' in o) {
            cache.set(`"${o.set}"`, answer(o.bytes));
            kept.set(`"${o.set}"`, o.bytes);
          } else if ('drop' in o) cache.delete(`"${o.drop}"`);
          else {
            const found = cache.get(`"${o.get}"`);
            // What is found is what was last set under that ETag.
            if (found) expect(found.body.length).toBe(kept.get(`"${o.get}"`));
          }
          expect(cache.bytes).toBeLessThanOrEqual(budget);
        }
        let counted = 0;
        for (let i = 0; i < 10; i++) {
          const found = cache.get(`"${i}"`);
          if (found) counted += found.body.length;
        }
        expect(cache.bytes).toBeGreaterThanOrEqual(counted);
        expect(cache.bytes === 0).toBe(counted === 0 && cache.size === 0);
      }),
      { numRuns: 200 },
    );
  });
});
