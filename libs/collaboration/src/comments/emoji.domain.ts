/**
 * Reactions are emoji (docs/collaboration-design.md, "Emoji"): exactly one RGI emoji (Unicode's
 * "recommended for general interchange" set: single emoji, keycaps, flags, modifier and ZWJ
 * sequences), matched with the `v` flag's `\p{RGI_Emoji}` property of strings. A pictograph sent in
 * its text form (U+2764 without the U+FE0F variation selector) is the same reaction as its emoji
 * form, so it is stored in that form. Built with the RegExp constructor: the `v` flag needs Node 20,
 * and the code is compiled for ES2022.
 */
// biome-ignore lint/complexity/useRegexLiterals: tsc (target ES2022) refuses a `v` flag literal; see above.
const RGI_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');

/** The longest reaction accepted, in UTF-16 units (the longest RGI sequences are well below it). */
export const MAX_EMOJI_LENGTH = 64;

/** The emoji as stored (its emoji presentation), or null when `text` is not exactly one emoji. */
export function normalizeEmoji(text: string): string | null {
  if (text.length === 0 || text.length > MAX_EMOJI_LENGTH) return null;
  if (RGI_EMOJI.test(text)) return text;
  const presented = `${text}\uFE0F`;
  return RGI_EMOJI.test(presented) ? presented : null;
}

export const isEmoji = (text: unknown): text is string => typeof text === 'string' && normalizeEmoji(text) !== null;
