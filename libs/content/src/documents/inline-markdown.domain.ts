import { DocumentContext, hrefOfRef } from './document-links.domain';
import { documentMarkdown } from './document-markdown.domain';
import { DocumentInlineImage, ImageRef, InlineContent, MarkType } from './document-nodes.domain';

/**
 * Inline content (text with marks, links, images) written as markdown that reads back as the same
 * text and marks (markdown-to-document.domain.ts):
 *
 * - every character markdown could take for syntax is escaped, and whitespace markdown would trim
 *   (at the start or end of a line, of a heading, of a table cell) is written as a character reference;
 * - a line break is `\` at the end of the line (GitBook's hard break);
 * - bold is `**`, italic `_` (or `*` inside a word), strike-through `~~`, code a code span;
 *   whitespace at the edge of a mark is moved out of it (markdown cannot open a mark on a space);
 *   a mark whose delimiters markdown would not read as such where they stand (`a**(b)**`) is left
 *   out: its text stays, its formatting goes.
 *
 * `heading` and `cell` content is one line: its line breaks are written as spaces.
 */
export type InlineMode = 'paragraph' | 'heading' | 'cell';

type DelimiterMark = Exclude<MarkType, 'code'>;
const DELIMITER_MARKS: readonly DelimiterMark[] = ['bold', 'italic', 'strikethrough'];

/** Text of one set of marks; `starItalic`: its italic is written `*` (inside a word, where `_` does not work). */
interface Run {
  kind: 'run';
  text: string;
  marks: DelimiterMark[];
  code: boolean;
  starItalic?: boolean;
}

type Item = Run | { kind: 'break' } | { kind: 'raw'; markdown: string } | { kind: 'link'; href: string; items: Item[] };

type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'raw'; markdown: string }
  | { kind: 'break' }
  | { kind: 'delimiter'; pair: Pair; side: 'open' | 'close' };

/** A mark's span over runs, between its two delimiters. */
interface Pair {
  mark: DelimiterMark;
  marker: string;
  runs: Run[];
  /** Whether a bold span encloses or crosses it (then italic cannot be `*`). */
  nearBold: boolean;
}

const MARKERS: Record<DelimiterMark, string> = { bold: '**', italic: '_', strikethrough: '~~' };

export function writeInlines(nodes: readonly InlineContent[], mode: InlineMode, context: DocumentContext): string {
  const runs = normalizeRuns(items(nodes, mode, context));
  const markdown = settle(runs, mode);
  if (mode !== 'paragraph' || !startsLikeReference(markdown)) return markdown;
  // `[`code]:`...](...)` at the start of a paragraph reads as a link reference definition: the
  // opening link's code becomes text, whose `]` is escaped.
  const [link, ...rest] = runs;
  return settle(
    [{ ...(link as Extract<Item, { kind: 'link' }>), items: asText((link as Extract<Item, { kind: 'link' }>).items) }, ...rest],
    mode,
  );
}

/** Whether markdown-it's reference rule would take the paragraph for a definition: `[` up to the first bare `]`, then `:`. */
function startsLikeReference(markdown: string): boolean {
  if (!markdown.startsWith('[')) return false;
  for (let i = 1; i < markdown.length; i++) {
    const c = markdown[i];
    if (c === '\\') i++;
    else if (c === '[') return false;
    else if (c === ']') return markdown[i + 1] === ':';
  }
  return false;
}

const asText = (input: readonly Item[]): Item[] =>
  normalizeRuns(
    input.map((item) =>
      item.kind === 'run' ? { ...item, code: false } : item.kind === 'link' ? { ...item, items: asText(item.items) } : item,
    ),
  );

/** `![alt](target "caption")`. */
export function imageMarkdown(ref: ImageRef, alt: string | undefined, caption: string | undefined, context: DocumentContext): string {
  const label = escapeText((alt ?? '').replace(/[\r\n]/g, ' '), { lineStart: false, lineEnd: false, mode: 'paragraph' });
  const title = caption
    ? ` "${caption.replace(/[\\"&\r\n]/g, (c) => (c === '&' ? '\\&' : c === '\r' ? '&#13;' : c === '\n' ? '&#10;' : `\\${c}`))}"`
    : '';
  return `![${label}](${destination(hrefOfRef(ref, context))}${title})`;
}

function items(nodes: readonly InlineContent[], mode: InlineMode, context: DocumentContext): Item[] {
  const out: Item[] = [];
  for (const node of nodes) {
    if (node.object === 'text') {
      for (const { text, marks } of node.leaves) {
        const types = new Set(marks.map((m) => m.type));
        const delimiters = DELIMITER_MARKS.filter((m) => types.has(m));
        text.split('\n').forEach((part, i) => {
          if (i > 0)
            out.push(mode === 'paragraph' ? { kind: 'break' } : { kind: 'run', text: ' ', marks: delimiters, code: types.has('code') });
          if (part !== '') out.push({ kind: 'run', text: part, marks: delimiters, code: types.has('code') });
        });
      }
    } else if (node.type === 'inline-image') {
      out.push({ kind: 'raw', markdown: imageOf(node, context) });
    } else {
      const href = hrefOfRef(node.data.ref, context);
      const inner = items(node.nodes, mode, context);
      if (documentMarkdown.validateLink(href)) out.push({ kind: 'link', href, items: inner });
      else out.push(...inner);
    }
  }
  return out;
}

const imageOf = (image: DocumentInlineImage, context: DocumentContext) =>
  imageMarkdown(image.data.ref, image.data.alt, image.data.caption, context);

const isSpaceChar = (char: string) => documentMarkdown.utils.isWhiteSpace(char.codePointAt(0)!);

/** Whitespace moved out of delimiter marks, adjacent runs with the same marks joined. */
function normalizeRuns(input: readonly Item[]): Item[] {
  const split: Item[] = [];
  for (const item of input) {
    if (item.kind === 'link') split.push({ ...item, items: normalizeRuns(item.items) });
    else if (item.kind !== 'run' || item.code || item.marks.length === 0) split.push(item);
    else {
      const chars = [...item.text];
      let start = 0;
      let end = chars.length;
      while (start < end && isSpaceChar(chars[start]!)) start++;
      while (end > start && isSpaceChar(chars[end - 1]!)) end--;
      if (start > 0) split.push({ kind: 'run', text: chars.slice(0, start).join(''), marks: [], code: false });
      if (end > start) split.push({ ...item, text: chars.slice(start, end).join('') });
      if (end < chars.length) split.push({ kind: 'run', text: chars.slice(end).join(''), marks: [], code: false });
    }
  }
  const out: Item[] = [];
  for (const item of split) {
    const last = out[out.length - 1];
    if (item.kind === 'run' && last?.kind === 'run' && last.code === item.code && sameMarks(last, item)) {
      out[out.length - 1] = { ...last, text: last.text + item.text };
    } else out.push(item);
  }
  return out;
}

const sameMarks = (a: Run, b: Run) =>
  a.marks.length === b.marks.length &&
  a.marks.every((m) => b.marks.includes(m)) &&
  (!a.marks.includes('italic') || (a.starItalic ?? false) === (b.starItalic ?? false));

/** The pieces of a sequence of items: marks opened and closed around runs, each link with marks of its own. */
function piecesOf(input: readonly Item[], mode: InlineMode): Piece[] {
  const out: Piece[] = [];
  const open: Pair[] = [];
  const closeFrom = (depth: number) => {
    while (open.length > depth) out.push({ kind: 'delimiter', pair: open.pop()!, side: 'close' });
  };
  // How many runs from each item on (to the next link) keep each mark, to open the longest-lasting marks outermost.
  const extents = new Map(DELIMITER_MARKS.map((mark) => [mark, new Array<number>(input.length + 1).fill(0)]));
  for (let i = input.length - 1; i >= 0; i--) {
    const item = input[i]!;
    for (const [mark, extent] of extents) {
      extent[i] = item.kind === 'link' ? 0 : item.kind !== 'run' ? extent[i + 1]! : item.marks.includes(mark) ? extent[i + 1]! + 1 : 0;
    }
  }
  const extent = (from: number, mark: DelimiterMark) => extents.get(mark)![from]!;
  input.forEach((item, index) => {
    if (item.kind === 'link') {
      closeFrom(0);
      out.push({ kind: 'raw', markdown: '[' }, ...piecesOf(item.items, mode), { kind: 'raw', markdown: `](${destination(item.href)})` });
      return;
    }
    if (item.kind !== 'run') {
      out.push(item.kind === 'break' ? item : { kind: 'raw', markdown: item.markdown });
      return;
    }
    const keep = open.findIndex((pair) => !item.marks.includes(pair.mark));
    if (keep >= 0) closeFrom(keep);
    const opening = item.marks.filter((mark) => !open.some((pair) => pair.mark === mark));
    opening.sort((a, b) => extent(index, b) - extent(index, a));
    for (const mark of opening) {
      const pair: Pair = { mark, marker: mark === 'italic' && item.starItalic ? '*' : MARKERS[mark], runs: [], nearBold: false };
      const boldOpen = open.some((p) => p.mark === 'bold');
      if (mark === 'italic' && boldOpen) pair.nearBold = true;
      if (mark === 'bold') for (const p of open) if (p.mark === 'italic') p.nearBold = true;
      open.push(pair);
      out.push({ kind: 'delimiter', pair, side: 'open' });
    }
    for (const pair of open) pair.runs.push(item);
    out.push(item.code ? { kind: 'raw', markdown: codeSpan(item.text) } : { kind: 'text', text: item.text });
  });
  closeFrom(0);
  return out;
}

/**
 * The markdown of the runs, after leaving out the marks markdown would not read: a delimiter must
 * be able to open (close) where it stands, as markdown-it decides it (`scanDelims`). A mark that
 * cannot is taken off its runs (or, for italic, written `*`), and the runs written again: that can
 * change what other delimiters stand next to, so this settles in a few rounds, and writes no
 * delimiter marks at all when it has not.
 */
function settle(runs: Item[], mode: InlineMode): string {
  for (let round = 0; round < 4; round++) {
    const { markdown, delimiters } = assemble(piecesOf(runs, mode), mode);
    const failed = new Set(delimiters.filter((d) => !standsRight(d.pair.marker, d.side, markdown, d.start, d.end)).map((d) => d.pair));
    if (failed.size === 0) return markdown;
    for (const pair of failed) {
      for (const run of pair.runs) {
        if (pair.mark === 'italic' && pair.marker === '_' && !pair.nearBold) run.starItalic = true;
        else run.marks = run.marks.filter((mark) => mark !== pair.mark);
      }
    }
    runs = normalizeRuns(runs);
  }
  return assemble(piecesOf(normalizeRuns(withoutMarks(runs)), mode), mode).markdown;
}

function withoutMarks(input: readonly Item[]): Item[] {
  return input.map((item) =>
    item.kind === 'run' ? { ...item, marks: [] } : item.kind === 'link' ? { ...item, items: withoutMarks(item.items) } : item,
  );
}

function assemble(pieces: readonly Piece[], mode: InlineMode) {
  // Parts joined once at the end: appending to a string while reading it back makes V8 flatten it each time.
  const parts: string[] = [];
  let length = 0;
  let lineStart = true;
  const append = (part: string) => {
    parts.push(part);
    length += part.length;
    lineStart = part.endsWith('\n');
  };
  const delimiters: Array<{ pair: Pair; side: 'open' | 'close'; start: number; end: number }> = [];
  pieces.forEach((piece, i) => {
    switch (piece.kind) {
      case 'delimiter':
        delimiters.push({ pair: piece.pair, side: piece.side, start: length, end: length + piece.pair.marker.length });
        append(piece.pair.marker);
        break;
      case 'break':
        append('\\\n');
        break;
      case 'raw':
        // In a table row, `|` ends the cell wherever it stands (in code, in a link's target); `\|` is a pipe there.
        append(mode === 'cell' ? piece.markdown.replace(/\|/g, '\\|') : piece.markdown);
        break;
      case 'text': {
        let next = i + 1;
        while (pieces[next]?.kind === 'delimiter') next++;
        const lineEnd = next >= pieces.length || pieces[next]!.kind === 'break';
        const escaped = escapeText(piece.text, { lineStart, lineEnd, mode });
        // `!` before a link would make it an image.
        const beforeLink = pieces[i + 1]?.kind === 'raw' && (pieces[i + 1] as { markdown: string }).markdown.startsWith('[');
        append(beforeLink && escaped.endsWith('!') ? `${escaped.slice(0, -1)}\\!` : escaped);
        break;
      }
    }
  });
  // A break at the very end is no break in markdown: a character reference keeps the line feed.
  if (pieces[pieces.length - 1]?.kind === 'break') parts[parts.length - 1] = '&#10;';
  return { markdown: parts.join(''), delimiters };
}

/** Markdown-it's flanking rules (`StateInline.scanDelims`): may `marker` at [start, end) open (close)? */
function standsRight(marker: string, side: 'open' | 'close', markdown: string, start: number, end: number): boolean {
  const { isWhiteSpace, isMdAsciiPunct, isPunctChar } = documentMarkdown.utils;
  const before = start === 0 ? 0x20 : codePointBefore(markdown, start);
  const after = end >= markdown.length ? 0x20 : markdown.codePointAt(end)!;
  if ((before === 0x2a || after === 0x2a) && marker === '*') return false; // would join a neighbouring `**`
  const punct = (code: number) => isMdAsciiPunct(code) || isPunctChar(String.fromCodePoint(code));
  const lastPunct = punct(before);
  const nextPunct = punct(after);
  const lastSpace = isWhiteSpace(before);
  const nextSpace = isWhiteSpace(after);
  const leftFlanking = !nextSpace && (!nextPunct || lastSpace || lastPunct);
  const rightFlanking = !lastSpace && (!lastPunct || nextSpace || nextPunct);
  const splitsWords = marker !== '_';
  if (side === 'open') return leftFlanking && (splitsWords || !rightFlanking || lastPunct);
  return rightFlanking && (splitsWords || !leftFlanking || nextPunct);
}

function codePointBefore(text: string, index: number): number {
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00);
  }
  return low;
}

/** A code span holding `content` as it is (markdown-it strips one space at each end of `  x  `; backticks need a longer fence). */
function codeSpan(content: string): string {
  const runs = new Set((content.match(/`+/g) ?? []).map((run) => run.length));
  let ticks = 1;
  while (runs.has(ticks)) ticks++;
  const fence = '`'.repeat(ticks);
  const pad = content.startsWith('`') || content.endsWith('`') || (content.length >= 3 && content.startsWith(' ') && content.endsWith(' '));
  return pad ? `${fence} ${content} ${fence}` : `${fence}${content}${fence}`;
}

/** A link's or image's target: `<...>` when it holds spaces or control characters, else as written; escapes either way. */
function destination(href: string): string {
  const escaped = href.replace(/[\\<>]|&(?=#?[A-Za-z0-9]+;)/g, (c) => `\\${c}`).replace(/[\r\n]/g, (c) => encodeURIComponent(c));
  if (href === '' || /\s/.test(href) || [...href].some((c) => c.charCodeAt(0) < 0x20 || c === '\x7f')) return `<${escaped}>`;
  return escaped.replace(/[()]/g, (c) => `\\${c}`);
}

/** Always escaped: markdown's inline syntax, the table separator, and `{%` (a GitBook tag). */
const ALWAYS = /[\\`*_~[\]<|]|&(?=#?[A-Za-z0-9]+;)|\{(?=%)/g;
/** Escaped at the start of a line: what would start a block. */
const LINE_START = /^(?:[#>+=:-]|(\d{1,9})([.)]))/;
const SPACE = /\s/u;
const reference = (char: string) => `&#${char.codePointAt(0)};`;

/** Text as markdown reads it back, where it stands (at the start or end of a line). */
function escapeText(text: string, where: { lineStart: boolean; lineEnd: boolean; mode: InlineMode }): string {
  const chars = [...text];
  let start = 0;
  let end = chars.length;
  let lead = '';
  let trail = '';
  if (where.lineStart) while (start < end && SPACE.test(chars[start]!)) lead += reference(chars[start++]!);
  if (where.lineEnd) while (end > start && SPACE.test(chars[end - 1]!)) trail = reference(chars[--end]!) + trail;
  let body = chars
    .slice(start, end)
    .join('')
    .replace(ALWAYS, (c) => `\\${c}`);
  body = body.replace(/\r/g, '&#13;');
  if (where.mode === 'heading') body = body.replace(/#/g, '\\#');
  else if (where.lineStart && lead === '')
    body = body.replace(LINE_START, (all, digits) => (digits ? `${digits}\\${all.slice(-1)}` : `\\${all}`));
  return lead + body + trail;
}
