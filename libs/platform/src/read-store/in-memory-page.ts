import { decodeCursor, encodeCursor } from './cursor';
import { Doc, FindResult, Page, Scalar, Sort } from './query';

function compare(a: Scalar, b: Scalar): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/**
 * One page of documents already in memory, with the same order, keyset cursors and count as a
 * store query sorted by `sort` (the id breaking ties): for the few lists gathered from several
 * index ranges, whose size is bounded by what one caller holds (a guest's granted spaces).
 * Documents lacking the sort field are left out, as a sorted store query leaves them out.
 */
export function pageInMemory<T extends Doc>(docs: readonly T[], sort: Sort, page: Page): FindResult<T> {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const sortValue = (doc: Doc) => doc[sort.field] as Scalar;
  const order = (a: { value: Scalar; id: string }, b: { value: Scalar; id: string }) =>
    sign * (compare(a.value, b.value) || compare(a.id, b.id));
  const sorted = docs
    .filter((doc) => sortValue(doc) !== undefined && sortValue(doc) !== null)
    .map((doc) => ({ doc, value: sortValue(doc), id: doc.id }))
    .sort(order);
  let start = 0;
  if (page.after !== undefined) {
    const position = decodeCursor(page.after);
    start = sorted.findIndex((item) => order(item, position) > 0);
    if (start < 0) start = sorted.length;
  }
  const items = sorted.slice(start, start + page.limit);
  const last = items[items.length - 1];
  const more = start + page.limit < sorted.length;
  return {
    items: items.map((item) => item.doc),
    ...(more && last ? { next: encodeCursor({ value: last.value, id: last.id }) } : {}),
    count: sorted.length,
  };
}

/**
 * A page of entries (index documents, list rows) as the documents they name: `load` reads the
 * documents of the page's keys at once, `idOf` says which key a document answers to (its id by
 * default). An entry whose document is missing is left out of the page; `next` and `count` stay the
 * entries'.
 */
export async function resolvePage<E, T>(
  entries: FindResult<E>,
  keyOf: (entry: E) => string,
  load: (keys: string[]) => Promise<readonly T[]>,
  idOf: (doc: T) => string = (doc) => (doc as { id: string }).id,
): Promise<FindResult<T>> {
  const byKey = new Map((await load(entries.items.map(keyOf))).map((doc) => [idOf(doc), doc]));
  return { ...entries, items: entries.items.flatMap((entry) => byKey.get(keyOf(entry)) ?? []) };
}

/**
 * One page of the union of disjoint index ranges (a filter on one of a few values, each value its
 * own range): each range's page after the same cursor, `find` with the same sort and page, merged
 * in that order. The cost is the ranges' pages, not their sizes; `count` is the sum of theirs.
 */
export function mergePages<T extends Doc>(pages: readonly FindResult<T>[], sort: Sort, limit: number): FindResult<T> {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const merged = pages
    .flatMap((p) => p.items)
    .sort((a, b) => sign * (compare(a[sort.field] as Scalar, b[sort.field] as Scalar) || compare(a.id, b.id)));
  const items = merged.slice(0, limit);
  const last = items[items.length - 1];
  const more = merged.length > limit || pages.some((p) => p.next !== undefined);
  return {
    items,
    ...(more && last ? { next: encodeCursor({ value: last[sort.field] as Scalar, id: last.id }) } : {}),
    count: pages.reduce((sum, p) => sum + p.count, 0),
  };
}
