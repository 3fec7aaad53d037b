import MarkdownIt from 'markdown-it';

/**
 * A page's markdown cut into the sections search indexes (docs/content-design.md, "Search, as
 * built"): a section is a heading and the plain text under it, up to the next heading of any level;
 * the text before the first heading is the first section, titled with the page's title. Markup is
 * stripped: text, inline code, code blocks, image alt texts and link texts are kept, raw HTML is
 * not (markdown-it runs with html off: it stays literal text, as the renderer shows it). Tables, lists and quotes give their text.
 */
export interface Section {
  /** `""` for the first section; else the heading's anchor, unique in the page (`setup`, `setup-2`). */
  anchor: string;
  title: string;
  body: string;
}

/** One parser for the process: markdown-it keeps no state between `parse` calls. */
const parser = new MarkdownIt({ html: false });

/** Plain text of an inline token's children. */
function inlineText(children: readonly { type: string; content: string; children?: unknown }[] | null): string {
  let out = '';
  for (const child of children ?? []) {
    switch (child.type) {
      case 'text':
      case 'code_inline':
      case 'html_inline':
        out += child.content;
        break;
      case 'image':
        out += inlineText(child.children as typeof children);
        break;
      case 'softbreak':
      case 'hardbreak':
        out += '\n';
        break;
    }
  }
  return out;
}

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

export function sectionsOf(pageTitle: string, markdown: string): Section[] {
  const sections: Section[] = [{ anchor: '', title: pageTitle, body: '' }];
  const parts: string[][] = [[]];
  const anchors = new UniqueAnchors();
  const tokens = parser.parse(markdown, {});
  let inHeading = false;
  for (const token of tokens) {
    if (token.type === 'heading_open') {
      inHeading = true;
      continue;
    }
    if (token.type === 'heading_close') {
      inHeading = false;
      continue;
    }
    if (token.type === 'inline') {
      const text = inlineText(token.children).trim();
      if (inHeading) {
        sections.push({ anchor: anchors.take(anchorOf(text)), title: text, body: '' });
        parts.push([]);
      } else if (text) {
        parts[parts.length - 1]!.push(text);
      }
      continue;
    }
    if ((token.type === 'fence' || token.type === 'code_block' || token.type === 'html_block') && token.content.trim()) {
      parts[parts.length - 1]!.push(token.content.trimEnd());
    }
  }
  return sections.map((section, i) => ({ ...section, body: parts[i]!.join('\n') }));
}
