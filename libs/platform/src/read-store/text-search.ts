import { Filter, InvalidCursorError, Scalar } from './query';

/**
 * Ranked full-text search over a collection that declares text fields (`CollectionSpec.text`,
 * docs/read-models.md, "Full-text search"). Adapters: SQLite FTS5 (BM25 with the declared column
 * weights) and a MongoDB text index (index weights, `textScore`).
 *
 * - The text is words, never query syntax: it is cut into terms (letters, digits and marks; every
 *   other character separates), each matched as a word (stemmed by the engine), any term matching.
 *   Documents matching more terms, rarer terms, and terms in heavier fields rank first.
 * - Hits are grouped by `groupBy` (default: each document is its own group); a group ranks by its
 *   best hit and carries its best `perGroup` hits, best first.
 * - Only the best `TEXT_SEARCH_DEPTH` hits are ranked and grouped: a ranking has no keyset to resume
 *   from (a score is not stable across writes), so pages are offsets into the grouped ranking, and
 *   the depth bounds what a deep page costs. `count` is the number of groups within that depth.
 */
export interface TextSearchQuery {
  /** Filters on the collection's declared fields (equality and `in` are the ones meant here). */
  where?: Filter[];
  /** What the user typed. */
  text: string;
  /** A field every hit is grouped by (hits lacking it are left out); default `id`. */
  groupBy?: string;
  /** Best hits kept per group (default 10). */
  perGroup?: number;
  /** Opaque cursor: `next` of the previous page. */
  after?: string;
  /** Groups per page. */
  limit: number;
}

export interface TextHit<T> {
  doc: T;
  /** Relevance, higher is better, at least 0 (scales differ between adapters). */
  score: number;
}

export interface TextGroup<T> {
  /** The group's `groupBy` value. */
  key: Scalar;
  /** One-based position of the group in the whole ranking (kept across pages). */
  rank: number;
  /** Its best hit's score. */
  score: number;
  hits: TextHit<T>[];
}

export interface TextSearchResult<T> {
  items: TextGroup<T>[];
  next?: string;
  /** Groups in the ranking (within TEXT_SEARCH_DEPTH hits). */
  count: number;
}

/** How many hits a search ranks at most. */
export const TEXT_SEARCH_DEPTH = 1000;
/** Terms of a query beyond this many are ignored. */
export const MAX_TEXT_TERMS = 32;
export const DEFAULT_PER_GROUP = 10;

/**
 * The terms of a user's text: runs of letters, digits and combining marks (what the engines'
 * tokenizers keep as words), deduplicated case-insensitively, at most MAX_TEXT_TERMS. Quotes,
 * operators (`-`, `*`, `NEAR(`, parentheses), NUL and other punctuation only separate terms, so
 * no input is ever read as query syntax. `AND`, `OR`, `NEAR` are ordinary words once quoted.
 */
export function textTerms(text: string): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  for (const match of text.normalize('NFC').matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const term = match[0];
    const key = term.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
    if (terms.length === MAX_TEXT_TERMS) break;
  }
  return terms;
}

/** The cursor of the page starting at `offset` groups into the ranking. */
export function encodeTextCursor(offset: number): string {
  return Buffer.from(JSON.stringify(['text', offset]), 'utf8').toString('base64url');
}

export function decodeTextCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      parsed[0] === 'text' &&
      Number.isSafeInteger(parsed[1]) &&
      (parsed[1] as number) >= 0
    ) {
      return parsed[1] as number;
    }
  } catch {
    // fall through
  }
  throw new InvalidCursorError();
}

export function checkTextWeights(weights: Record<string, number>): void {
  for (const [field, weight] of Object.entries(weights)) {
    if (!(typeof weight === 'number' && Number.isFinite(weight) && weight > 0))
      throw new Error(`text field ${field}: weight must be a positive number`);
  }
}
