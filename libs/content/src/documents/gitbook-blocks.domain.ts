import MarkdownIt from 'markdown-it';

/**
 * GitBook's markdown blocks (its Git Sync format), as a markdown-it plugin any renderer can use:
 *
 * ```
 * {% hint style="info" %}            {% tabs %}                       {% code title="a.js" overflow="wrap" lineNumbers="true" %}
 * Text, lists, ...                   {% tab title="First" %}          ```js
 * {% endhint %}                      ...                              ...
 *                                    {% endtab %}                     ```
 * {% embed url="https://..." %}      {% endtabs %}                    {% endcode %}
 * {% embed url="..." %}Caption{% endembed %} (on three lines)
 * {% file src="/files/<id>" %}       {% content-ref url="page.md" %}[page.md](page.md){% endcontent-ref %} (on three lines)
 * ```
 *
 * A tag stands alone on its line. Each becomes a pair of tokens, `gitbook_<name>_open` and
 * `gitbook_<name>_close` (`content-ref` as `gitbook_content_ref_*`), with the tag's attributes in
 * `meta` (read them with `tagAttribute`) and the blocks between them as ordinary tokens; `embed`,
 * `file` and `content-ref` may also stand alone (nothing between the pair). Anything else, an
 * unknown tag, a tag whose end never comes, an end with no start, stays text.
 *
 * Bounded work: finding a tag's end scans forward and stops at the next start of the same tag
 * (indented alike, at most four ways), so every line is read a few times per tag name and nesting
 * level (10,000 unclosed hints cost 10,000 short scans, not 50 million line reads).
 */

export const GITBOOK_TAGS = ['hint', 'tabs', 'tab', 'code', 'embed', 'file', 'content-ref'] as const;
export type GitbookTagName = (typeof GITBOOK_TAGS)[number];

/** `required`: the tag holds blocks up to its end tag, which must come; `optional`: without an end tag, it stands alone. */
const BODY: Record<GitbookTagName, 'required' | 'optional'> = {
  hint: 'required',
  tabs: 'required',
  tab: 'required',
  code: 'required',
  embed: 'optional',
  file: 'optional',
  'content-ref': 'optional',
};

export interface GitbookTagMeta {
  name: GitbookTagName;
  attributes: ReadonlyMap<string, string>;
  /** The tag stood alone (no end tag, nothing inside). */
  alone: boolean;
}

/** The token type of a tag's opening (`gitbook_hint_open`) or closing token. */
export function gitbookTokenType(name: GitbookTagName, side: 'open' | 'close'): string {
  return `gitbook_${name.replace('-', '_')}_${side}`;
}

const OPEN_TYPES = new Map<string, GitbookTagName>(GITBOOK_TAGS.map((name) => [gitbookTokenType(name, 'open'), name]));
const CLOSE_TYPES = new Map<string, GitbookTagName>(GITBOOK_TAGS.map((name) => [gitbookTokenType(name, 'close'), name]));

/** The tag a token opens, if it opens one. */
export const openedTag = (token: MarkdownIt.Token): GitbookTagName | undefined => OPEN_TYPES.get(token.type);
/** The tag a token closes, if it closes one. */
export const closedTag = (token: MarkdownIt.Token): GitbookTagName | undefined => CLOSE_TYPES.get(token.type);

/** An attribute of a tag's opening or closing token, as written (entities and backslash escapes decoded). */
export function tagAttribute(token: MarkdownIt.Token, name: string): string | undefined {
  return (token.meta as GitbookTagMeta | null)?.attributes.get(name);
}

export const isTagAlone = (token: MarkdownIt.Token): boolean => (token.meta as GitbookTagMeta | null)?.alone === true;

interface ParsedTag {
  /** `hint`, or `endhint` for an end tag. */
  name: string;
  attributes: Map<string, string>;
}

const isBlank = (code: number) => code === 0x20 || code === 0x09;
const isNameChar = (code: number) =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x5f;

/**
 * The tag `src[from, to)` holds alone (blanks around it allowed), or null. A scanner rather than a
 * regular expression: one pass, whatever the line holds.
 */
export function parseTagLine(src: string, from: number, to: number, decode: (value: string) => string): ParsedTag | null {
  let i = from;
  const skipBlanks = () => {
    while (i < to && isBlank(src.charCodeAt(i))) i++;
  };
  const readName = () => {
    const start = i;
    while (i < to && isNameChar(src.charCodeAt(i))) i++;
    return src.slice(start, i);
  };
  skipBlanks();
  if (!src.startsWith('{%', i)) return null;
  i += 2;
  skipBlanks();
  const name = readName();
  if (name === '') return null;
  const attributes = new Map<string, string>();
  for (;;) {
    const before = i;
    skipBlanks();
    if (src.startsWith('%}', i)) {
      i += 2;
      skipBlanks();
      return i === to ? { name, attributes } : null;
    }
    if (i === before) return null; // attributes are separated by blanks
    const key = readName();
    if (key === '') return null;
    skipBlanks();
    if (src.charCodeAt(i) !== 0x3d /* = */) return null;
    i++;
    skipBlanks();
    const quote = src[i];
    if (quote !== '"' && quote !== "'") return null;
    const end = src.indexOf(quote, i + 1);
    if (end < 0 || end >= to) return null;
    if (!attributes.has(key)) attributes.set(key, decode(src.slice(i + 1, end)));
    i = end + 1;
  }
}

const isTagName = (name: string): name is GitbookTagName => (GITBOOK_TAGS as readonly string[]).includes(name);

function tagOnLine(state: MarkdownIt.StateBlock, line: number): ParsedTag | null {
  if (state.sCount[line]! - state.blkIndent >= 4) return null;
  const from = state.bMarks[line]! + state.tShift[line]!;
  const to = state.eMarks[line]!;
  if (state.src.charCodeAt(from) !== 0x7b /* { */) return null;
  return parseTagLine(state.src, from, to, state.md.utils.unescapeAll);
}

/** Quote markers, list markers and indentation a line starts with (`> `, `- `, `1. `), which may stand before a fence. */
const CONTAINER_MARKERS = /^(?:[ \t]|>|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$))+/;

/**
 * A fence's opening on a line (its marker and length), for skipping code while looking for an end
 * tag; a fence in a list item or a quote counts too (`- ````, however deep it is indented), so that its lines are skipped.
 */
function fenceOnLine(state: MarkdownIt.StateBlock, line: number): { marker: number; length: number; rest: string } | null {
  const content = state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!);
  const text = content.replace(CONTAINER_MARKERS, '');
  const marker = text.charCodeAt(0);
  if (marker !== 0x60 /* ` */ && marker !== 0x7e /* ~ */) return null;
  let length = 0;
  while (text.charCodeAt(length) === marker) length++;
  return length >= 3 ? { marker, length, rest: text.slice(length) } : null;
}

/**
 * The line of the end tag of `name` opened at `startLine` (indented as it is), or -1: the scan
 * stops at the next start of the same tag (indented alike), at a line less indented than the
 * block, or at `endLine`. Fenced code is skipped.
 */
function endTagLine(state: MarkdownIt.StateBlock, startLine: number, endLine: number, name: GitbookTagName): number {
  let fence: { marker: number; length: number } | null = null;
  for (let line = startLine + 1; line < endLine; line++) {
    if (state.isEmpty(line)) continue;
    if (state.sCount[line]! < state.blkIndent) return -1;
    const opened = fenceOnLine(state, line);
    if (fence) {
      if (opened && opened.marker === fence.marker && opened.length >= fence.length && opened.rest.trim() === '') fence = null;
      continue;
    }
    if (opened) {
      fence = opened;
      continue;
    }
    // Tags indented otherwise belong to blocks inside (a hint in a list item in a hint).
    if (state.sCount[line] !== state.sCount[startLine]) continue;
    const tag = tagOnLine(state, line);
    if (tag?.name === `end${name}`) return line;
    if (tag?.name === name) return -1;
  }
  return -1;
}

const gitbookTagRule: MarkdownIt.ParserBlock.RuleBlock = (state, startLine, endLine, silent) => {
  const tag = tagOnLine(state, startLine);
  if (!tag || !isTagName(tag.name)) return false;
  // As a terminator (may this line end a paragraph, a quote, a list?), a start tag is enough.
  if (silent) return true;
  const name = tag.name;
  const end = endTagLine(state, startLine, endLine, name);
  if (end < 0 && BODY[name] === 'required') return false;
  const meta: GitbookTagMeta = { name, attributes: tag.attributes, alone: end < 0 };
  const open = state.push(gitbookTokenType(name, 'open'), 'div', 1);
  open.block = true;
  open.meta = meta;
  open.map = [startLine, end < 0 ? startLine + 1 : end + 1];
  if (end >= 0) {
    const parentType = state.parentType;
    const lineMax = state.lineMax;
    state.lineMax = end;
    state.md.block.tokenize(state, startLine + 1, end);
    state.parentType = parentType;
    state.lineMax = lineMax;
  }
  const close = state.push(gitbookTokenType(name, 'close'), 'div', -1);
  close.block = true;
  close.meta = meta;
  state.line = end < 0 ? startLine + 1 : end + 1;
  return true;
};

/** HTML for the tags, for renderers that write HTML: plain, classed elements, no script. */
function htmlRules(md: MarkdownIt): void {
  const html = md.utils.escapeHtml;
  const link = (url: string | undefined) => {
    if (!url) return '';
    const href = md.normalizeLink(url);
    return md.validateLink(href) ? `<a href="${html(href)}">${html(url)}</a>` : html(url);
  };
  const rules: Record<GitbookTagName, [open: (token: MarkdownIt.Token) => string, close: (token: MarkdownIt.Token) => string]> = {
    hint: [(t) => `<div class="hint hint-${html(tagAttribute(t, 'style') ?? 'info')}">\n`, () => '</div>\n'],
    tabs: [() => '<div class="tabs">\n', () => '</div>\n'],
    tab: [(t) => `<section class="tab">\n<p class="tab-title">${html(tagAttribute(t, 'title') ?? '')}</p>\n`, () => '</section>\n'],
    code: [
      (t) => {
        const title = tagAttribute(t, 'title');
        return `<figure class="code-block">\n${title ? `<figcaption>${html(title)}</figcaption>\n` : ''}`;
      },
      () => '</figure>\n',
    ],
    embed: [(t) => `<figure class="embed">\n${link(tagAttribute(t, 'url'))}\n`, () => '</figure>\n'],
    file: [(t) => `<figure class="file">\n${link(tagAttribute(t, 'src'))}\n`, () => '</figure>\n'],
    'content-ref': [(t) => `<div class="content-ref">\n${isTagAlone(t) ? `${link(tagAttribute(t, 'url'))}\n` : ''}`, () => '</div>\n'],
  };
  for (const name of GITBOOK_TAGS) {
    const [open, close] = rules[name];
    md.renderer.rules[gitbookTokenType(name, 'open')] = (tokens, idx) => open(tokens[idx]!);
    md.renderer.rules[gitbookTokenType(name, 'close')] = (tokens, idx) => close(tokens[idx]!);
  }
}

/** The plugin: `new MarkdownIt(...).use(gitbookBlocks)`. */
export function gitbookBlocks(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'gitbook_tag', gitbookTagRule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  htmlRules(md);
}

/** `{% name key="value" ... %}`, as `parseTagLine` reads it back (`"`, `&`, `\` and line breaks escaped; empty values left out). */
export function writeTag(name: string, attributes: ReadonlyArray<readonly [string, string | undefined]> = []): string {
  const escapeValue = (value: string) =>
    value.replace(/[\\&"\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '&' ? '&amp;' : c === '"' ? '&quot;' : `&#${c.charCodeAt(0)};`));
  const written = attributes
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => ` ${key}="${escapeValue(value!)}"`);
  return `{% ${name}${written.join('')} %}`;
}
