/** Characters of a word handed to pdfkit in one piece at most (see `breakLongWords`). */
export const WORD_PIECE = 200;

/**
 * Break opportunities that draw nothing: fontkit lays them out with no advance (default ignorables),
 * and pdfkit may break a line after them. A zero-width space is drawn as a box by a face that has no
 * glyph for it (DejaVu Sans Mono: fontkit then keeps the .notdef glyph), so such a face gets a soft
 * hyphen, which pdfkit draws as a hyphen when a line happens to end right after it.
 */
export const ZERO_WIDTH_SPACE = '\u200b';
export const SOFT_HYPHEN = '\u00ad';
const MARK = /\p{M}/u;
/** Where pdfkit's text has spaces (printable turns tabs and no-break spaces into spaces). */
const isSpace = (unit: number) => unit === 0x20 || unit === 0x0a || unit === 0x0d || unit === 0x09 || unit === 0x0c || unit === 0x0b;

/**
 * `text` with a break opportunity (`mark`) every `WORD_PIECE` characters of a word longer than that.
 *
 * pdfkit's line wrapping is quadratic in the length of a word wider than a line: for every line it
 * fills, it measures the whole rest of the word again (`wordWidth(word.slice(l))`, a fontkit layout
 * of the rest), and keeps every such rest in its layout cache, so a 20,000-character word took 25 s
 * and 950 MB and a 1 MiB word ran out of heap. Cut into pieces, a word costs each piece's layouts,
 * which are bounded: linear in the word. Pieces are wider than a line unless the characters are
 * very narrow, and pdfkit fills the rest of a line with a piece wider than a line before going to
 * the next, so lines still end at the margin. A piece never ends inside a surrogate pair or before a
 * combining mark (`printable` keeps at most a few in a row). One pass, no regular expression (whose
 * backtracking stack a word of a few MiB overflows).
 */
export function breakLongWords(text: string, mark: string = ZERO_WIDTH_SPACE): string {
  if (text.length <= WORD_PIECE) return text;
  const parts: string[] = [];
  let from = 0; // the start of the text not yet in parts
  let word = 0; // the start of the current word
  for (let at = 0; at < text.length; at++) {
    if (isSpace(text.charCodeAt(at))) word = at + 1;
    else if (at - word >= WORD_PIECE && !joinsPrevious(text, at)) {
      parts.push(text.slice(from, at), mark);
      from = word = at;
    }
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

function joinsPrevious(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  if (unit >= 0xdc00 && unit <= 0xdfff) return true; // the second half of a surrogate pair
  return unit >= 0x300 && MARK.test(String.fromCodePoint(text.codePointAt(at)!));
}
