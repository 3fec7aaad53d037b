import MarkdownIt from 'markdown-it';

/**
 * The plain text of markdown's inline markup, in one pass with no backtracking, for the search
 * index (search.sections.ts): emphasis and strikethrough markers, link and image syntax (their
 * text and alt text are kept, destinations dropped), code span fences, backslash escapes,
 * autolinks' angle brackets and common entities. Raw HTML stays literal text, as the renderer
 * shows it. Close enough to CommonMark for search, and linear in the text whatever it holds:
 * every forward search is cached, so a line of 100,000 `[` or backticks costs one scan.
 */

const SPECIAL = /[\\`*_~[\]!<&]/g;
const ASCII_PUNCTUATION = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');
const AUTOLINK = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+)>/y;
const ENTITY = /&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/y;
/** markdown-it's own decoding of one entity (HTML5's named ones included); an unknown one stays as written. */
const { unescapeAll } = new MarkdownIt().utils;
const decodedEntities = new Map<string, string>();
function decodeEntity(entity: string): string {
  let decoded = decodedEntities.get(entity);
  if (decoded === undefined) {
    decoded = unescapeAll(entity);
    if (decodedEntities.size < 4096) decodedEntities.set(entity, decoded);
  }
  return decoded;
}
const WORD = /[\p{L}\p{N}]/u;

/** The first index of `char` at or after `from`, remembering the last answer so repeated searches never rescan. */
class NextIndex {
  private at = -2;
  constructor(
    private readonly text: string,
    private readonly char: string,
  ) {}

  from(from: number): number {
    if (this.at === -1 || this.at >= from) return this.at;
    this.at = this.text.indexOf(this.char, from);
    return this.at;
  }
}

/** Where each run of backticks starts, by run length: a code span closes at the next run of its opener's length. */
class BacktickRuns {
  private readonly starts = new Map<number, number[]>();
  private readonly next = new Map<number, number>();

  constructor(text: string) {
    for (let i = text.indexOf('`'); i >= 0; ) {
      let end = i;
      while (text[end] === '`') end++;
      const list = this.starts.get(end - i);
      if (list) list.push(i);
      else this.starts.set(end - i, [i]);
      i = text.indexOf('`', end);
    }
  }

  /** The start of the first run of `length` backticks at or after `from` (calls come with growing `from`). */
  closing(length: number, from: number): number {
    const list = this.starts.get(length);
    if (!list) return -1;
    let k = this.next.get(length) ?? 0;
    while (k < list.length && list[k]! < from) k++;
    this.next.set(length, k);
    return k < list.length ? list[k]! : -1;
  }
}

function runLength(text: string, i: number): number {
  let end = i;
  while (text[end] === text[i]) end++;
  return end - i;
}

/** A code span's text: line ends as spaces, one space stripped from each side when both have one (CommonMark). */
function codeSpanText(inner: string): string {
  const text = inner.replace(/\r?\n/g, ' ');
  return text.length >= 2 && text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '' ? text.slice(1, -1) : text;
}

/** A reference label as CommonMark matches them: case and inner spacing do not count. */
export const referenceLabel = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

/** The character codes plainText looks at; every other character is copied as it is. */
const MARKUP = new Uint8Array(128);
for (const char of '\\`*_~[]!<&') MARKUP[char.charCodeAt(0)] = 1;

const isWordCode = (code: number) =>
  (code >= 48 && code <= 57) ||
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  (code >= 128 && WORD.test(String.fromCharCode(code)));

/** `labels`: the page's link reference definitions (`[label]: url`), by referenceLabel; `[text][]` refers to its text. */
export function plainText(text: string, labels: ReadonlySet<string> = new Set()): string {
  SPECIAL.lastIndex = 0;
  if (!SPECIAL.test(text)) return text;
  const closeParen = new NextIndex(text, ')');
  const closeBracket = new NextIndex(text, ']');
  const lineEnd = new NextIndex(text, '\n');
  let backticks: BacktickRuns | undefined;
  // Text is copied in slices: `out` holds what precedes `from`, markup between is dropped or replaced.
  let out = '';
  let from = 0;
  const replace = (at: number, next: number, by = '') => {
    out += text.slice(from, at) + by;
    from = next;
  };
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code >= 128 || MARKUP[code] === 0) {
      i++;
      continue;
    }
    switch (code) {
      case 92: {
        // `\`: an escaped punctuation character is itself; before a line end, a hard break.
        const next = text[i + 1];
        if (next !== undefined && (ASCII_PUNCTUATION.has(next) || next === '\n')) replace(i, i + 1);
        i += 2;
        break;
      }
      case 96: {
        // `` ` ``: a code span runs to the next run of as many backticks; without one the run is text.
        const length = runLength(text, i);
        backticks ??= new BacktickRuns(text);
        const close = backticks.closing(length, i + length);
        if (close < 0) {
          i += length;
        } else {
          replace(i, close + length, codeSpanText(text.slice(i + length, close)));
          i = close + length;
        }
        break;
      }
      case 33:
        // `![`: an image; its alt text stays.
        if (text.charCodeAt(i + 1) === 91) replace(i, i + 1);
        i++;
        break;
      case 93: {
        // `](destination "title")` and `][label]` (a label the page defines) on one line: the target is not text.
        const opens = text.charCodeAt(i + 1);
        let close = opens === 40 ? closeParen.from(i + 2) : opens === 91 ? closeBracket.from(i + 2) : -1;
        if (opens === 91 && close >= 0 && !labels.has(referenceLabel(text.slice(i + 2, close)))) close = -1;
        const end = close < 0 ? -1 : lineEnd.from(i + 2);
        const next = close < 0 || (end >= 0 && end < close) ? i + 1 : close + 1;
        replace(i, next);
        i = next;
        break;
      }
      case 91:
        replace(i, i + 1);
        i++;
        break;
      case 60: {
        // `<https://…>`, `<a@b.c>`: the address stays; any other `<` is text (raw HTML is shown, not run).
        AUTOLINK.lastIndex = i;
        const link = AUTOLINK.exec(text);
        if (link) replace(i, i + link[0].length, link[1]);
        i += link ? link[0].length : 1;
        break;
      }
      case 38: {
        ENTITY.lastIndex = i;
        const entity = ENTITY.exec(text);
        if (entity) replace(i, i + entity[0].length, decodeEntity(entity[0]));
        i += entity ? entity[0].length : 1;
        break;
      }
      case 42: {
        const length = runLength(text, i);
        replace(i, i + length);
        i += length;
        break;
      }
      case 126: {
        // `~~strike~~`; a single `~` is text.
        const length = runLength(text, i);
        if (length > 1) replace(i, i + length);
        i += length;
        break;
      }
      case 95: {
        // `_`: inside a word (snake_case) it is text; at a word's edge, emphasis.
        const length = runLength(text, i);
        const inWord = i > 0 && isWordCode(text.charCodeAt(i - 1)) && i + length < text.length && isWordCode(text.charCodeAt(i + length));
        if (!inWord) replace(i, i + length);
        i += length;
        break;
      }
    }
  }
  return out + text.slice(from);
}
