import type { PageNode } from './page-tree.domain';

/** Siblings' order: by rank (fractional keys), then by id where two ranks are equal (a merge can make them so). */
export const byRankThenId = (a: PageNode, b: PageNode) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id < b.id ? -1 : 1);
