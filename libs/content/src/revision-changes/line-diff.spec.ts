import { lineDiff } from './line-diff';

describe('lineDiff', () => {
  const budget = { maxEditLines: 1000, timeoutMs: 1000 };

  it('answers the hunks of a unified diff and counts the lines added and removed', () => {
    const diff = lineDiff('# Title\n\nOne\nTwo\nThree\n', '# Title\n\nOne\n2\nThree\nFour\n', 1, budget);
    expect(diff).toEqual({
      hunks: [{ oldStart: 3, oldLines: 3, newStart: 3, newLines: 4, lines: [' One', '-Two', '+2', ' Three', '+Four'] }],
      added: 2,
      removed: 1,
    });
  });

  it('has no hunk for equal texts, and diffs from and to an empty body', () => {
    expect(lineDiff('same\n', 'same\n', 3, budget)).toEqual({ hunks: [], added: 0, removed: 0 });
    expect(lineDiff('', 'a\nb\n', 3, budget)).toMatchObject({ added: 2, removed: 0 });
    expect(lineDiff('a\nb\n', '', 3, budget)).toMatchObject({ added: 0, removed: 2 });
  });

  it('gives up (null) past its budget of changed lines', () => {
    const lines = (prefix: string) => Array.from({ length: 3000 }, (_, i) => `${prefix} ${i}`).join('\n');
    expect(lineDiff(lines('old'), lines('new'), 3, { maxEditLines: 100, timeoutMs: 10_000 })).toBeNull();
  });
});
