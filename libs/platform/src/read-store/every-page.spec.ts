import { everyItem, everyPage } from './every-page';
import { FindResult, Page } from './query';

/** A list of `n` numbers read in pages (the cursor is the last number of a page), recording each request. */
function list(n: number) {
  const asked: Page[] = [];
  const read = async (page: Page): Promise<FindResult<number>> => {
    asked.push(page);
    const start = page.after === undefined ? 0 : Number(page.after) + 1;
    const items = Array.from({ length: Math.max(0, Math.min(page.limit, n - start)) }, (_, i) => start + i);
    const last = items[items.length - 1];
    return { items, count: n, ...(last !== undefined && last < n - 1 ? { next: String(last) } : {}) };
  };
  return { read, asked };
}

describe('everyPage', () => {
  it('reads page after page until one has no next, each after the previous one', async () => {
    const { read, asked } = list(5);
    const pages: number[][] = [];
    for await (const items of everyPage(read, 2)) pages.push(items);
    expect(pages).toEqual([[0, 1], [2, 3], [4]]);
    expect(asked).toEqual([
      { after: undefined, limit: 2 },
      { after: '1', limit: 2 },
      { after: '3', limit: 2 },
    ]);
  });

  it('reads one empty page of an empty list', async () => {
    const { read, asked } = list(0);
    expect(await everyItem(read, 10)).toEqual([]);
    expect(asked).toHaveLength(1);
  });

  it('reads no further page once the caller stops', async () => {
    const { read, asked } = list(10);
    for await (const items of everyPage(read, 3)) if (items.includes(4)) break;
    expect(asked).toHaveLength(2);
  });
});

describe('everyItem', () => {
  it('gathers every item in order', async () => {
    expect(await everyItem(list(7).read, 3)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
