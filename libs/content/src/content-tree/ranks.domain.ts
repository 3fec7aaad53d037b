import { generateKeyBetween } from 'fractional-indexing';

/**
 * Order keys of spaces among their siblings (fractional indexing, compared as plain strings):
 * a key strictly between two neighbours (null: no neighbour on that side), so placing an item
 * writes its own key and never renumbers the others.
 */
export function rankBetween(lower: string | null, upper: string | null): string {
  // Siblings given the same key by concurrent writes have nothing between them: go just above both.
  if (lower !== null && upper !== null && lower >= upper) return generateKeyBetween(lower, null);
  return generateKeyBetween(lower, upper);
}

/** The key of an item placed after `last` (the end of its siblings), or the first key. */
export const rankAfter = (last: string | null): string => rankBetween(last, null);
