import { MAX_INDEXED_CHARS_PER_PAGE, MAX_SECTIONS_PER_PAGE } from '../page-tree/page-limits.domain';
import {
  ATX_HEADING,
  atxText,
  BLOCK_QUOTE,
  cells,
  FENCE,
  indentOf,
  isTableDelimiter,
  isThematicBreak,
  LIST_MARKER,
  mayOpenContainer,
  mayStartBlock,
  REFERENCE_DEFINITION,
  SETEXT_UNDERLINE,
  tidyLines,
} from './markdown-lines';
import { plainText, referenceLabel } from './plain-text';

export interface Section {
  /** `""` for the first section; else the heading's anchor, unique in the page (`setup`, `setup-2`). */
  anchor: string;
  title: string;
  body: string;
}

/** Quote and list markers read at the start of one line at most; deeper ones are text. */
const MAX_CONTAINERS = 32;

/** GitBook-like anchors: lower case, letters and digits kept, anything else one dash. */
export function anchorOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/**
 * Makes heading anchors unique in a page, as GitBook does: the first `setup`, then `setup-2`,
 * `setup-3`, skipping any a heading already took (a heading literally titled `Setup 2`). Linear:
 * each base anchor remembers its next suffix, so N identical headings cost N steps, not N²/2.
 */
export class UniqueAnchors {
  private readonly taken = new Set<string>(['']);
  private readonly nextSuffix = new Map<string, number>();

  take(base: string): string {
    let n = this.nextSuffix.get(base) ?? 1;
    let anchor = n === 1 ? base : `${base}-${n}`;
    while (this.taken.has(anchor)) anchor = `${base}-${++n}`;
    this.nextSuffix.set(base, n + 1);
    this.taken.add(anchor);
    return anchor;
  }
}

/** The labels of a page's link reference definitions (`[text][label]` is a link only when its label is defined, anywhere in the page). */
export function referenceLabels(markdown: string): Set<string> {
  const labels = new Set<string>(['']);
  for (let at = markdown.indexOf(']:'); at >= 0; ) {
    const start = markdown.lastIndexOf('\n', at) + 1;
    let end = markdown.indexOf('\n', at);
    if (end < 0) end = markdown.length;
    const definition = REFERENCE_DEFINITION.exec(
      markdown
        .slice(start, end)
        .replace(/^(?: {0,3}> ?){1,32}/, '')
        .replace(/\r$/, ''),
    );
    if (definition) labels.add(referenceLabel(definition[1]!));
    at = markdown.indexOf(']:', end);
  }
  return labels;
}

/**
 * Reads a page line by line (CommonMark's blocks, close enough for search): fenced code, ATX and
 * setext headings, quotes and list items (their markers dropped), tables (a cell a line), thematic
 * breaks and reference definitions (dropped), paragraphs (their inline markup dropped by
 * plainText). Each line is looked at once, with checks anchored at its start.
 */
export class SectionScanner {
  private readonly sections: Section[];
  private readonly parts: string[][] = [[]];
  private readonly anchors = new UniqueAnchors();
  /** Body text kept so far (MAX_INDEXED_CHARS_PER_PAGE). */
  private indexed = 0;
  private paragraph: string[] = [];
  private paragraphInListItem = false;
  private fence: { mark: string; length: number; lines: string[] } | null = null;
  private inTable = false;

  constructor(
    pageTitle: string,
    private readonly labels: ReadonlySet<string>,
  ) {
    this.sections = [{ anchor: '', title: pageTitle, body: '' }];
  }

  /** One line (without its line end); `continued`: the rest of a line cut for length, paragraph text. */
  line(raw: string, continued = false): void {
    let line = raw;
    if (this.fence && continued) return void this.fence.lines.push(line);
    let indent = indentOf(line);
    if (!this.fence && indent === line.length) {
      this.flush();
      this.inTable = false;
      return;
    }
    // Most lines are paragraph text: nothing else to look at.
    if (continued || (!this.fence && !mayStartBlock(line, indent))) {
      this.text(line, indent, false);
      return;
    }

    // Containers (quotes, list items) only wrap blocks: strip their markers, remember a list item's start.
    let listItem = false;
    for (let depth = 0; depth < MAX_CONTAINERS && mayOpenContainer(line); depth++) {
      const quote = BLOCK_QUOTE.exec(line);
      if (quote) {
        line = line.slice(quote[0].length);
        continue;
      }
      const item = this.fence || isThematicBreak(line) ? null : LIST_MARKER.exec(line);
      // Outside a list, only a list starting at 1 interrupts a paragraph: `2020. was a year` there is text.
      if (!item || (item[1] !== undefined && item[1] !== '1' && this.paragraph.length > 0 && !this.paragraphInListItem && !listItem)) break;
      line = line.slice(item[0].length);
      listItem = true;
    }
    indent = indentOf(line);

    if (this.fence) {
      this.code(line);
      return;
    }
    if (indent === line.length) {
      this.flush();
      this.inTable = false;
      return;
    }
    const open = FENCE.exec(line);
    if (open && !(open[1]![0] === '`' && line.includes('`', open[0].length))) {
      this.flush();
      this.fence = { mark: open[1]![0]!, length: open[1]!.length, lines: [] };
      return;
    }
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      this.flush();
      this.heading(plainText(atxText(line.slice(atx[0].length)), this.labels).trim());
      return;
    }
    if (this.paragraph.length > 0 && !this.paragraphInListItem && !listItem && SETEXT_UNDERLINE.test(line)) {
      const title = this.textOf(this.paragraph);
      this.paragraph = [];
      this.heading(title);
      return;
    }
    if (isThematicBreak(line)) {
      this.flush();
      return;
    }
    if (this.paragraph.length === 0 && line.includes(']:') && REFERENCE_DEFINITION.test(line)) return;
    if (this.paragraph.length === 1 && this.paragraph[0]!.includes('|') && isTableDelimiter(line)) {
      this.row(this.paragraph.pop()!);
      this.inTable = true;
      return;
    }
    this.text(line, indent, listItem);
  }

  /** Ends a paragraph: its text is read (called between steps too, so no paragraph is read whole past a step). */
  flush(): void {
    if (this.paragraph.length > 0) this.push(this.textOf(this.paragraph));
    this.paragraph = [];
  }

  /** The sections read so far, the open paragraph and code block included. */
  end(): Section[] {
    this.flush();
    if (this.fence) this.closeFence();
    return this.sections.map((section, i) => ({ ...section, body: this.parts[i]!.join('\n') }));
  }

  private text(line: string, indent: number, listItem: boolean): void {
    if (this.inTable && !listItem && line.includes('|')) {
      this.row(line);
      return;
    }
    this.inTable = false;
    if (listItem) {
      this.flush();
      this.paragraphInListItem = true;
    } else if (this.paragraph.length === 0) {
      this.paragraphInListItem = false;
    }
    this.paragraph.push(line.slice(indent).trimEnd());
  }

  private code(line: string): void {
    const fence = this.fence!;
    const close = FENCE.exec(line);
    if (
      close &&
      close[1]![0] === fence.mark &&
      close[1]!.length >= fence.length &&
      indentOf(line.slice(close[0].length)) === line.length - close[0].length
    ) {
      this.closeFence();
    } else {
      fence.lines.push(line);
    }
  }

  private closeFence(): void {
    const code = this.fence!.lines.join('\n').trimEnd();
    if (code.trim() !== '') this.push(code);
    this.fence = null;
  }

  private row(line: string): void {
    for (const cell of cells(line)) this.push(this.textOf([cell.trim()]));
  }

  private heading(title: string): void {
    // Past the cap a heading is text of the last section: its words stay searchable.
    if (this.sections.length >= MAX_SECTIONS_PER_PAGE) {
      this.push(title);
      return;
    }
    this.sections.push({ anchor: this.anchors.take(anchorOf(title)), title, body: '' });
    this.parts.push([]);
  }

  private push(text: string): void {
    if (text === '' || this.indexed >= MAX_INDEXED_CHARS_PER_PAGE) return;
    const room = MAX_INDEXED_CHARS_PER_PAGE - this.indexed;
    let kept = text;
    if (text.length > room) {
      // The last text that fits, cut at a space when there is one, and a visible mark.
      const space = text.lastIndexOf(' ', room);
      kept = `${text.slice(0, space > room / 2 ? space : room)} …`;
    }
    this.indexed += text.length > room ? MAX_INDEXED_CHARS_PER_PAGE : text.length;
    this.parts[this.parts.length - 1]!.push(kept);
  }

  /** The lines (each trimmed) as plain text. */
  private textOf(lines: readonly string[]): string {
    const joined = lines.length === 1 ? lines[0]! : lines.join('\n');
    const plain = plainText(joined, this.labels);
    // Without markup the lines are as they came: trimmed, none blank.
    return plain === joined ? plain : tidyLines(plain);
  }
}
