import TurndownService from 'turndown';

/** What these rules read of turndown's DOM nodes (the project compiles without the DOM library). */
interface Element {
  nodeName: string;
  textContent: string | null;
  parentElement: Element | null;
  children: ArrayLike<Element>;
  getAttribute(name: string): string | null;
  querySelector(selector: string): Element | null;
  closest(selector: string): Element | null;
}

const element = (node: unknown): Element => node as Element;

/**
 * HTML to markdown for imports (turndown), with two rules of our own:
 * - code blocks keep their language, whichever way the page spells it (`class="language-js"` or
 *   `lang-js` on `<code>` or `<pre>`, `data-lang`/`data-language`, a `highlight-js` or
 *   `language-js` wrapper, as highlight.js, Prism, Pygments and Sphinx write them), in a fence
 *   longer than any run of backticks inside;
 * - tables become markdown (GFM) tables: the first row is the header, every row has the header's
 *   number of cells (missing ones empty, extra ones dropped), a cell is one line (`|` escaped,
 *   line breaks as spaces).
 */
export function htmlToMarkdown(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  service.remove(['script', 'style', 'noscript', 'template', 'iframe']);
  service.addRule('codeWithLanguage', {
    filter: (node) => node.nodeName === 'PRE',
    replacement: (_content, node) => {
      const pre = element(node);
      const code = (pre.textContent ?? '').replace(/\n$/, '');
      const language = languageOf(pre);
      const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run: string) => run.length));
      const fence = '`'.repeat(longest + 1);
      return `\n\n${fence}${language}\n${code}\n${fence}\n\n`;
    },
  });
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content) => ` ${cellText(content)} |`,
  });
  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => {
      const row = element(node);
      const table = row.closest('table');
      const width = table ? headerWidth(table) : cellsOf(row).length;
      const cells = cellsOf(row).length;
      let line = `|${content}`;
      if (cells > width)
        line = `|${content
          .split(/(?<!\\)\|/)
          .slice(0, width)
          .join('|')}|`;
      line += ' |'.repeat(Math.max(0, width - cells));
      const header = table !== null && firstRowOf(table) === row;
      return header ? `\n${line}\n|${' --- |'.repeat(width)}` : `\n${line}`;
    },
  });
  service.addRule('table', {
    filter: 'table',
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
  service.addRule('tableSection', {
    filter: ['thead', 'tbody', 'tfoot', 'caption', 'colgroup'],
    replacement: (content, node) => (node.nodeName === 'CAPTION' || node.nodeName === 'COLGROUP' ? '' : content),
  });
  return service;
}

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang|highlight|hljs-lang)-([A-Za-z0-9_+#.-]{1,40})(?:\s|$)/;

function languageOf(pre: Element): string {
  const code = pre.querySelector('code');
  for (const element of [code, pre, pre.parentElement, pre.parentElement?.parentElement ?? null]) {
    if (!element) continue;
    const named = element.getAttribute('data-lang') ?? element.getAttribute('data-language');
    if (named && /^[A-Za-z0-9_+#.-]{1,40}$/.test(named)) return named.toLowerCase();
    const match = LANGUAGE_CLASS.exec(element.getAttribute('class') ?? '');
    if (match) return match[1]!.toLowerCase();
  }
  return '';
}

function cellText(content: string): string {
  return content
    .replace(/\n+/g, ' ')
    .replace(/(?<!\\)\|/g, '\\|')
    .trim();
}

function cellsOf(row: Element): Element[] {
  return Array.from(row.children).filter((child) => child.nodeName === 'TD' || child.nodeName === 'TH');
}

function firstRowOf(table: Element): Element | null {
  return table.querySelector('tr');
}

function headerWidth(table: Element): number {
  const first = firstRowOf(table);
  return Math.max(1, first ? cellsOf(first).length : 1);
}
