import { decodeHref, encodeSegment } from './git-paths.domain';

/** One entry of SUMMARY.md: a link to a page's file (from the space's folder, decoded), with the entries under it. */
export interface SummaryEntry {
  title: string;
  path: string;
  children: SummaryEntry[];
}

/**
 * A title as link text: `\`, `[`, `]` and `&` backslash-escaped (markdown shows them as written),
 * line breaks as `&#10;` / `&#13;`, so any title fits on its line and reads back exactly.
 */
export const escapeTitle = (title: string): string =>
  title
    .replace(/[\\[\]&]/g, (c) => `\\${c}`)
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');

export function unescapeTitle(text: string): string {
  return text.replace(/\\([\\[\]&*_`<>#!()-])|&#10;|&#13;/g, (whole, escaped: string | undefined) =>
    escaped !== undefined ? escaped : whole === '&#10;' ? '\n' : '\r',
  );
}

const encodePath = (path: string) => path.split('/').map(encodeSegment).join('/');

/** SUMMARY.md as GitBook writes it: `# Table of contents`, then nested `* [Title](path.md)` lists, two spaces a level. */
export function writeSummary(entries: readonly SummaryEntry[]): string {
  const lines = ['# Table of contents', ''];
  const stack = [...entries].reverse().map((entry) => ({ entry, depth: 0 }));
  while (stack.length > 0) {
    const { entry, depth } = stack.pop()!;
    lines.push(`${'  '.repeat(depth)}* [${escapeTitle(entry.title)}](${encodePath(entry.path)})`);
    for (let i = entry.children.length - 1; i >= 0; i--) stack.push({ entry: entry.children[i]!, depth: depth + 1 });
  }
  return `${lines.join('\n')}\n`;
}

/** `* [text](href)` or `- [text](<href>)`, its indentation, text and href. */
const ENTRY = /^([ \t]*)[*+-][ \t]+\[((?:\\.|[^\\\]])*)\]\((<[^>]*>|[^\s)]*)(?:[ \t]+"[^"]*")?\)[ \t]*$/;
const GROUP = /^#{2,6}[ \t]+(.*?)[ \t#]*$/;

const indentOf = (spaces: string) => spaces.replace(/\t/g, '    ').length;

/**
 * The entries SUMMARY.md lists, nested by indentation. A `## Group` heading, as GitBook writes a
 * group of pages, becomes an entry with no file of its own (`path` ''), holding the entries after it
 * (this server's page tree has no groups: the importer makes it a page). Other lines are ignored.
 * Linear in the lines; nesting follows indentation with a stack, not recursion.
 */
export function readSummary(text: string): SummaryEntry[] {
  const roots: SummaryEntry[] = [];
  let group: SummaryEntry | null = null;
  const open: { indent: number; entry: SummaryEntry }[] = [];
  for (const line of text.split(/\r?\n/)) {
    const heading = GROUP.exec(line);
    if (heading) {
      group = { title: unescapeTitle(heading[1]!), path: '', children: [] };
      roots.push(group);
      open.length = 0;
      continue;
    }
    const match = ENTRY.exec(line);
    if (!match) continue;
    const rawHref = match[3]!.startsWith('<') ? match[3]!.slice(1, -1) : match[3]!;
    const hash = rawHref.indexOf('#');
    const entry: SummaryEntry = {
      title: unescapeTitle(match[2]!),
      path: decodeHref(hash < 0 ? rawHref : rawHref.slice(0, hash)).replace(/^\.\//, ''),
      children: [],
    };
    const indent = indentOf(match[1]!);
    while (open.length > 0 && open[open.length - 1]!.indent >= indent) open.pop();
    const parent = open[open.length - 1]?.entry;
    (parent ? parent.children : group ? group.children : roots).push(entry);
    open.push({ indent, entry });
  }
  return roots;
}
