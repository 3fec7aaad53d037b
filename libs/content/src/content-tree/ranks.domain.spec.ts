import { rankAfter, rankBetween } from './ranks.domain';

describe('space ranks', () => {
  it('places keys after the last, and strictly between neighbours', () => {
    const first = rankAfter(null);
    const second = rankAfter(first);
    expect(first < second).toBe(true);
    const middle = rankBetween(first, second);
    expect(first < middle && middle < second).toBe(true);
    expect(rankBetween(null, first) < first).toBe(true);
  });

  it('goes above both neighbours when they share a key', () => {
    expect(rankBetween('a1', 'a1') > 'a1').toBe(true);
  });
});
