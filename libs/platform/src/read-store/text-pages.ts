import { Doc, Scalar } from './query';
import { decodeTextCursor, DEFAULT_PER_GROUP, encodeTextCursor, TextSearchQuery, TextSearchResult } from './text-search';

/** A group of a ranking before its documents are read: its key, its best hit's score, its hits best first. */
export interface RankedGroup {
  key: Scalar;
  score: number;
  hits: { id: string; score: number }[];
}

/** What both adapters read from a text search query: the page's offset (its cursor) and the hits kept per group. */
export function textPaging(query: TextSearchQuery): { offset: number; perGroup: number } {
  return { offset: decodeTextCursor(query.after), perGroup: Math.max(1, query.perGroup ?? DEFAULT_PER_GROUP) };
}

/** The ids of the hits of `groups`, to read their documents. */
export const hitIds = (groups: readonly RankedGroup[]): string[] => groups.flatMap((g) => g.hits.map((h) => h.id));

/**
 * The page of a ranking of `count` groups showing `groups`, `offset` groups into it, with their
 * documents (a hit whose document is gone is left out); `more`: groups follow the page.
 */
export function textPage<T extends Doc>(
  groups: readonly RankedGroup[],
  docs: ReadonlyMap<string, T>,
  { offset, limit, count, more }: { offset: number; limit: number; count: number; more: boolean },
): TextSearchResult<T> {
  const items = groups.map(({ key, score, hits }, i) => ({
    key,
    rank: offset + i + 1,
    score,
    hits: hits.flatMap((h) => (docs.has(h.id) ? [{ doc: docs.get(h.id)!, score: h.score }] : [])),
  }));
  const next = more ? encodeTextCursor(offset + limit) : undefined;
  return { items, count, ...(next ? { next } : {}) };
}
