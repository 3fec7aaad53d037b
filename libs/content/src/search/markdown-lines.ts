/**
 * Line-level markdown syntax for the search sections (search.sections.ts): each check looks at one
 * line, anchored at its start, with no pattern that can retry over a run of spaces or marks, so a
 * page is read in one linear pass whatever its lines hold.
 */

/** Any indentation: in list items fences are indented, and an indented code block rarely holds a fence. */
export const FENCE = /^[ \t]*(`{3,}|~{3,})/;
export const ATX_HEADING = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
export const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
export const BLOCK_QUOTE = /^ {0,3}> ?/;
export const LIST_MARKER = /^ {0,3}(?:[-+*]|(\d{1,9})[.)])(?:[ \t]+|$)/;
/** `[label]: destination "title"` on one line (a line that goes on otherwise is text, as `[^note]: Some text`). */
export const REFERENCE_DEFINITION = /^ {0,3}\[([^\]]*)\]:[ \t]*\S+(?:[ \t]+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*$/;

/** The characters a line's first visible character must be for the line to be more than paragraph text. */
const BLOCK_START = new Uint8Array(128);
for (const char of '>-+*0123456789#=_[|`~') BLOCK_START[char.charCodeAt(0)] = 1;

/** Where a line's text starts (past spaces and tabs); the line's length when it is blank. */
export function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  return i;
}

/** Whether the line may open or close a block (a heading, list item, quote, fence, table, break): else it is paragraph text. */
export function mayStartBlock(line: string, indent: number): boolean {
  const code = line.charCodeAt(indent);
  return code < 128 && BLOCK_START[code] === 1;
}

/** Whether the line may start with a quote's `>` or a list item's marker. */
export function mayOpenContainer(line: string): boolean {
  const code = line.charCodeAt(indentOf(line));
  return code === 62 || code === 45 || code === 43 || code === 42 || (code >= 48 && code <= 57);
}

/** `***`, `- - -`, `___`: a line of three or more of one of these, spaces aside. */
export function isThematicBreak(line: string): boolean {
  let indent = 0;
  while (line[indent] === ' ') indent++;
  const mark = line[indent];
  if (indent > 3 || (mark !== '*' && mark !== '-' && mark !== '_')) return false;
  let marks = 0;
  for (let i = indent; i < line.length; i++) {
    if (line[i] === mark) marks++;
    else if (line[i] !== ' ' && line[i] !== '\t') return false;
  }
  return marks >= 3;
}

/** An ATX heading's text: the line after its `#`s, without a closing run of `#`s (cut by hand: a pattern would retry from every space). */
export function atxText(rest: string): string {
  let end = rest.length;
  while (end > 0 && (rest[end - 1] === ' ' || rest[end - 1] === '\t')) end--;
  let hashes = end;
  while (hashes > 0 && rest[hashes - 1] === '#') hashes--;
  if (hashes < end && (hashes === 0 || rest[hashes - 1] === ' ' || rest[hashes - 1] === '\t')) end = hashes;
  return rest.slice(0, end);
}

/** A table row's cells, outer pipes dropped (an escaped `\|` stays in its cell). */
export function cells(row: string): string[] {
  const out = row.trim().split(/(?<!\\)\|/);
  if (out[0]?.trim() === '') out.shift();
  if (out[out.length - 1]?.trim() === '') out.pop();
  return out;
}

/** `| --- | :-: |`: the row under a table's header (checked cell by cell: one pattern for the row would retry its spaces). */
export function isTableDelimiter(line: string): boolean {
  if (!line.includes('|') || !line.includes('-')) return false;
  return cells(line).every((cell) => /^:?-+:?$/.test(cell.trim()));
}

/** What String.prototype.trim trims. */
const isSpace = (code: number) =>
  code === 32 || (code >= 9 && code <= 13) || code === 160 || (code > 255 && /\s/.test(String.fromCharCode(code)));

/** The text's lines trimmed, blank ones dropped, in one pass. */
export function tidyLines(text: string): string {
  let out = '';
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let from = start;
    let to = end;
    while (from < to && isSpace(text.charCodeAt(from))) from++;
    while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
    if (to > from) out += out === '' ? text.slice(from, to) : `\n${text.slice(from, to)}`;
    start = end + 1;
  }
  return out;
}
