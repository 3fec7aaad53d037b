import { FindResult, Page } from './query';

/**
 * Every page of a list, from the first to the last, `limit` items at most each: `read` is asked
 * for one page after the other, each after the previous one's `next`, when the caller has taken
 * the previous one (so a projection may delete what a page holds before the next is read). For the
 * code that must see a whole list (a purge, a cascade, a check), bounded by its page size.
 */
export async function* everyPage<T>(read: (page: Page) => Promise<FindResult<T>>, limit: number): AsyncGenerator<T[]> {
  let after: string | undefined;
  do {
    const page = await read({ after, limit });
    yield page.items;
    after = page.next;
  } while (after);
}

/** Every item of a list, read page by page (see everyPage). */
export async function everyItem<T>(read: (page: Page) => Promise<FindResult<T>>, limit: number): Promise<T[]> {
  const all: T[] = [];
  for await (const items of everyPage(read, limit)) all.push(...items);
  return all;
}
